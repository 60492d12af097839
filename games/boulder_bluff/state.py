"""The table, as frozen data: hands, claimed boulders, the piles, the row, the chalk bag, the climb.

The climb deck and the boulder deck keep their top card first. A climb under way keeps its climbers in
the order they joined (the active climber first, then clockwise), and the steps left to resolve it in
the kernel's queue (``games.core.steps``).
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field

from games.boulder_bluff.cards import CHALK_TOKENS, CLIMB_CARDS, Boulder, Card
from games.boulder_bluff.options import Options
from games.core.prompt import Prompt
from games.core.sealed import SealedRound
from games.core.steps import Steps
from games.core.turns import TakesTurns, Turn


@dataclass(frozen=True, slots=True)
class Claim:
    boulder: Boulder
    injury: str | None = None  # FINGER or SHOULDER


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    hand: tuple[Card, ...] = ()
    claims: tuple[Claim, ...] = ()
    turns: int = 0
    last_claim: int = 0  # the climb in which it last claimed a boulder (Ruling 9: ties at the end)


@dataclass(frozen=True, slots=True)
class Climber:
    seat: int
    face_up: tuple[Card, ...] = ()
    face_down: tuple[Card, ...] = ()
    chalk: tuple[int, ...] = ()
    revealed: bool = False
    added: tuple[Card, ...] = ()  # Tactical Trout's cards from the deck, face up

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*self.face_up, *self.face_down, *self.added)


@dataclass(frozen=True, slots=True)
class Strength:
    """A climber's tally; ``animals``: Angry Bears' -1s."""

    seat: int
    chalk: int
    raw: int
    technique: int
    fatigue: int
    animals: int
    total: int


class Stage(enum.StrEnum):
    """The steps of a climb, in the game's words (``ClimbStep``)."""

    PLAY = "PLAY"  # a climber plays cards and chalks up
    ASK = "ASK"  # ask a player whether they join
    SETTLE = "SETTLE"  # alone: claim; else on to the Snakes or the reveal
    SNAKE = "SNAKE"  # Sneaky Snake: stay or withdraw, sealed
    REVEAL = "REVEAL"
    BOAR = "BOAR"  # Boar Assault: its player cancels a card's value
    TROUT = "TROUT"  # Tactical Trout: cards from the deck
    TALLY = "TALLY"
    INJURY = "INJURY"  # a climber short of the boulder tosses an injury and places it
    CLEANUP = "CLEANUP"


@dataclass(frozen=True, slots=True)
class ClimbStep:
    stage: Stage
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Playing:
    """A climber playing cards until they chalk up (what a PLAY step waits on)."""

    seat: int
    key: str  # its deadline's id
    deadline: int | None

    @property
    def waiting_on(self) -> frozenset[int]:
        return frozenset((self.seat,))


@dataclass(frozen=True, slots=True)
class Climb:
    number: int
    seat: int  # the active climber
    boulder: Boulder
    final: bool  # Ruling 8: the first climb once the boulder deck is empty is the last
    climbers: tuple[Climber, ...] = ()
    cancelled: frozenset[int] = frozenset()  # Boar Assault: cards whose value no longer counts
    injury: str | None = None  # the injury tossed, while its player chooses where it goes

    def climber(self, seat: int) -> Climber | None:
        return next((climber for climber in self.climbers if climber.seat == seat), None)


@dataclass(frozen=True, slots=True)
class Table:
    """The parts of the table that change a few times a climb, apart from the hot ones: ``evolve``
    rebuilds the state for every event, and a small state is quick to rebuild."""

    boulders: tuple[Boulder, ...] = ()  # the boulder deck, top first
    row: tuple[Boulder, ...] = ()
    tally: tuple[Strength, ...] = ()  # the last contested climb's, for everyone to read
    known: frozenset[int] = frozenset()  # cards everyone saw go back into a hand (a withdrawal)
    climbs: int = 0
    started: bool = False
    over: bool = False
    reason: str | None = None
    out: tuple[int, ...] = ()  # Ruling 20: the seats that resigned, in order


# What the match waits on inside a climb: a climber playing, the join question, a Boar Assault pick,
# or Sneaky Snake's round. One at a time.
Waiting = Playing | Prompt[bool] | Prompt[int] | Prompt[int | None] | SealedRound[bool]


@dataclass(frozen=True, slots=True)
class State(TakesTurns):
    options: Options
    seats: int
    players: tuple[Player, ...]
    deck: tuple[Card, ...] = ()  # top first
    discards: tuple[Card, ...] = ()  # face down
    bag: tuple[int, ...] = CHALK_TOKENS
    turn: Turn | None = None
    climb: Climb | None = None
    steps: Steps[ClimbStep] = field(default_factory=Steps)
    waiting: Waiting | None = None
    table: Table = field(default_factory=Table)

    @property
    def playing(self) -> Playing | None:
        return self.waiting if isinstance(self.waiting, Playing) else None

    @property
    def question(self) -> Prompt[bool] | None:
        """Join the climb?"""
        waiting = self.waiting
        return waiting if isinstance(waiting, Prompt) and waiting.kind == JOIN else None  # type: ignore[return-value]

    @property
    def boar(self) -> Prompt[int | None] | None:
        """Boar Assault: which card's value to cancel (None: none, when silence would cancel none)."""
        waiting = self.waiting
        return waiting if isinstance(waiting, Prompt) and waiting.kind == BOAR else None  # type: ignore[return-value]

    @property
    def injury(self) -> Prompt[int] | None:
        """Which claimed boulder the tossed injury goes on (Ruling 7)."""
        waiting = self.waiting
        return waiting if isinstance(waiting, Prompt) and waiting.kind == INJURY else None  # type: ignore[return-value]

    @property
    def snake(self) -> SealedRound[bool] | None:
        """Sneaky Snake's round: stay (True) or withdraw."""
        return self.waiting if isinstance(self.waiting, SealedRound) else None

    @property
    def started(self) -> bool:
        return self.table.started

    @property
    def over(self) -> bool:
        return self.table.over

    @property
    def reason(self) -> str | None:
        return self.table.reason

    @property
    def row(self) -> tuple[Boulder, ...]:
        return self.table.row

    @property
    def boulders(self) -> tuple[Boulder, ...]:
        return self.table.boulders

    @property
    def tally(self) -> tuple[Strength, ...]:
        return self.table.tally

    @property
    def known(self) -> frozenset[int]:
        return self.table.known

    @property
    def climbs(self) -> int:
        return self.table.climbs

    @property
    def out(self) -> tuple[int, ...]:
        return self.table.out

    def in_play(self) -> tuple[int, ...]:
        """The seats still playing (Ruling 20: who resigned is out)."""
        return tuple(seat for seat in range(self.seats) if seat not in self.table.out)

    @property
    def running(self) -> bool:
        return self.table.started and not self.table.over


JOIN, BOAR, INJURY = "join", "boar", "injury"  # the kinds of prompt


def invariants(state: State) -> tuple[str, ...]:
    """What must hold at every version of a match; returns the violations found (none, normally)."""
    problems: list[str] = []
    if state.started:
        problems += _cards_conserved(state)
        chalk = [*state.bag, *(t for c in (state.climb.climbers if state.climb else ()) for t in c.chalk)]
        if sorted(chalk) != sorted(CHALK_TOKENS):
            problems.append(f"chalk tokens {sorted(chalk)}, not one of each")
        claimed = sum(len(player.claims) for player in state.players)
        if claimed + len(state.row) + len(state.boulders) != 15:
            problems.append("boulders are not conserved")
    if state.over and (state.steps.pending or state.climb is not None):
        problems.append("the match is over but a climb is still under way")
    return tuple(problems)


def _cards_conserved(state: State) -> list[str]:
    climbers = state.climb.climbers if state.climb else ()
    cards = [card for player in state.players for card in player.hand]
    cards += [*state.deck, *state.discards, *(card for climber in climbers for card in climber.cards)]
    counts = Counter(card.number for card in cards)
    if len(cards) != len(CLIMB_CARDS) or len(counts) != len(cards):
        return [f"{len(cards)} climb cards in play ({len(counts)} different), not 39"]
    return []
