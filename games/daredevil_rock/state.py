"""The table, as frozen data: the cliff of cards, the climbers and their cams, the draw deck and the turn.

Levels are numbered 1 (bottom row) to ``levels`` (top row); level 0 is the base. Columns are numbered
0 to ``columns - 1`` from the left. A climber at the base has no position.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.turns import TakesTurns, Turn
from games.daredevil_rock.cards import ACTIONS_PER_TURN, DECK, Card
from games.daredevil_rock.options import Options

Position = tuple[int, int]  # (level, column) of a card on the cliff


@dataclass(frozen=True, slots=True)
class Space:
    """One card of the cliff. Every space always holds a card: a taken card is replaced at once."""

    card: Card
    face_up: bool = False


@dataclass(frozen=True, slots=True)
class Climber:
    seat: int
    position: Position | None = None  # None: at the base of the cliff
    cams: tuple[Position, ...] = ()  # own cams on the cliff, in the order they were set
    reserve: int = 1  # cams not on the cliff
    actions: int = 0  # actions used in the whole match (the solitaire score)
    turns: int = 0  # turns started in the whole match
    eliminated: bool = False
    out_order: int | None = None  # 1 for the first climber out of the game, 2 for the next...

    @property
    def level(self) -> int:
        return 0 if self.position is None else self.position[0]


@dataclass(frozen=True, slots=True)
class State(TakesTurns):
    options: Options
    seats: int
    columns: int
    levels: int
    climbers: tuple[Climber, ...]
    spaces: tuple[Space, ...] = ()  # bottom row first, left to right; empty until the deal
    deck: tuple[Card, ...] = ()  # the draw deck, top card first
    discards: tuple[Card, ...] = ()  # the discard pile, face up, top card first
    started: bool = False
    turn: Turn | None = None  # whose turn it is, its number and its deadline
    actions_used: int = 0  # in the current turn
    free_climb: Position | None = None  # the card a climb bonus may still move to, this turn
    over: bool = False
    winner: int | None = None
    reason: str | None = None  # why the match ended, in the game's words
    eliminations: int = 0  # climbers out of the game so far

    @property
    def running(self) -> bool:
        return self.started and not self.over

    @property
    def solitaire(self) -> bool:
        return self.seats == 1

    @property
    def actions_left(self) -> int:
        return max(0, ACTIONS_PER_TURN - self.actions_used)

    @property
    def must_examine(self) -> bool:
        """The active climber hangs over a face-down card (after a fall or a repel) and must examine it."""
        return self.active is not None and hangs_over_face_down(self, self.climbers[self.active])

    def index(self, position: Position) -> int:
        level, column = position
        return (level - 1) * self.columns + column

    def space(self, position: Position) -> Space:
        return self.spaces[self.index(position)]

    def occupant(self, position: Position) -> int | None:
        """The seat whose climber is on ``position``; only one climber fits on a card."""
        for climber in self.climbers:
            if climber.position == position:
                return climber.seat
        return None

    def alive(self) -> tuple[int, ...]:
        """Seats whose climbers are still in the game."""
        return tuple(climber.seat for climber in self.climbers if not climber.eliminated)


def hangs_over_face_down(state: State, climber: Climber) -> bool:
    return climber.position is not None and not state.space(climber.position).face_up


def invariants(state: State) -> tuple[str, ...]:
    """What must hold at every version of a match; returns the violations found (none, normally)."""
    problems: list[str] = []
    if state.started:
        problems += _cards_conserved(state)
    seen: set[Position] = set()
    for climber in state.climbers:
        problems += _climber_problems(state, climber, seen)
    if state.actions_used > ACTIONS_PER_TURN:
        problems.append(f"{state.actions_used} actions used in one turn")
    if state.running and (state.active is None or state.climbers[state.active].eliminated):
        problems.append("the match is running but no climber in the game has the turn")
    return tuple(problems)


def _cards_conserved(state: State) -> list[str]:
    cards = [space.card for space in state.spaces] + list(state.deck) + list(state.discards)
    problems = []
    if len(state.spaces) != state.columns * state.levels:
        problems.append(f"the cliff has {len(state.spaces)} cards, not {state.columns * state.levels}")
    if len(cards) != len(DECK) or set(cards) != set(DECK):
        problems.append(f"{len(cards)} cards in play ({len(set(cards))} different), not the 54 of the deck")
    return problems


def _climber_problems(state: State, climber: Climber, seen: set[Position]) -> list[str]:
    problems = []
    here = climber.position
    if climber.eliminated and (here is not None or climber.cams):
        problems.append(f"seat {climber.seat} is out of the game but still on the cliff")
    if here is not None:
        if not (1 <= here[0] <= state.levels and 0 <= here[1] < state.columns):
            problems.append(f"seat {climber.seat} is off the cliff at {here}")
        if here in seen:
            problems.append(f"two climbers share the card at {here}")
        seen.add(here)
    if len(set(climber.cams)) != len(climber.cams):
        problems.append(f"seat {climber.seat} has two cams on one card")
    if not climber.eliminated and len(climber.cams) + climber.reserve != state.options.cams:
        problems.append(
            f"seat {climber.seat} has {len(climber.cams)} cams set and {climber.reserve} in reserve"
        )
    return problems
