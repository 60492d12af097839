"""The table, as frozen data: each racer's position, hand and queue, the piles, and the round's step.

A round is the kernel's steps in the rulebook's order: a tiebreak for 1st place when racers are tied
(``tiebreak``, sealed rock-paper-scissors), the Race phase (``race``, a quota round), Resolution (the
queue being revealed, ``turn``; a special lifted out of it, ``lifted``; the ANY question its revealer
is asked, ``question``), the last call for Last-Ditch Larry (``last_call``), then the tally. Piles and
hands keep their top (first drawn) card first; a queue reads left to right.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from games.cliffs_n_cactuses.cards import DECK, Card, Face, face
from games.cliffs_n_cactuses.moves import Throw
from games.cliffs_n_cactuses.options import Options
from games.core.prompt import Prompt
from games.core.quotas import QuotaRound
from games.core.sealed import SealedRound


class Phase(enum.StrEnum):
    DEALING = "DEALING"  # before Begin
    TIEBREAK = "TIEBREAK"  # rock-paper-scissors for 1st place, or for the win
    RACE = "RACE"
    RESOLUTION = "RESOLUTION"
    LAST_CALL = "LAST_CALL"  # everything revealed: Larry now or never this round
    OVER = "OVER"


@dataclass(frozen=True, slots=True)
class Placed:
    """A card in a queue: face down until revealed, upside down once flipped (Ruling 2). ``by`` is the
    racer who put it face down (the whole table watched), ``larry`` True when it came by their
    Last-Ditch Larry, whose card nobody saw; otherwise ``by`` saw its face (Ruling 14)."""

    card: Card
    flipped: bool = False
    revealed: bool = False
    by: int | None = None
    larry: bool = False

    def known_to(self, seat: int | None) -> bool:
        """Does ``seat`` know this card's face: revealed, or played face down by it (not by Larry)?"""
        return self.revealed or (seat is not None and self.by == seat and not self.larry)

    @property
    def face(self) -> Face:
        return face(self.card, self.flipped)


@dataclass(frozen=True, slots=True)
class Racer:
    seat: int
    position: int  # metres up the cliff
    hand: tuple[Card, ...] = ()
    queue: tuple[Placed, ...] = ()
    larry: bool = True  # Last-Ditch Larry still to play
    playing: bool = True  # False once the racer has resigned
    moved: int | None = None  # metres down at the last tally (negative: up)
    # (racer, card): cards of this hand another racer knows are here, because a Draw took them from
    # its hand; forgotten once this racer plays a card or is raided itself (Ruling 14)
    known_to: tuple[tuple[int, Card], ...] = ()

    def holds(self, card_id: int) -> Card | None:
        return next((card for card in self.hand if card.id == card_id), None)


@dataclass(frozen=True, slots=True)
class Spot:
    """A card of a queue, by the queue's seat and its index; ``index`` None is the empty queue's
    "empty card" (FOUND: it can be targeted)."""

    seat: int
    index: int | None


@dataclass(frozen=True, slots=True)
class Aim:
    """Where one trigger of a special acts: the card it acts on (in the revealer's queue, or any queue
    for an ANY Vaporize or Flip), the racer it names, and that racer's card."""

    card: Spot | None = None
    racer: int | None = None
    their: Spot | None = None


@dataclass(frozen=True, slots=True)
class Lifted:
    """A revealed special, lifted out of ``seat``'s queue at ``index`` (kept for relative targets,
    FOUND; it moves down when a card to its left leaves the queue, so the special keeps its place
    between its neighbours), acting ``triggers`` times (its factor when revealed, Ruling 5), ``done`` of
    them so far."""

    seat: int
    placed: Placed
    index: int
    triggers: int
    done: int = 0


@dataclass(frozen=True, slots=True)
class Question:
    """The revealer picks where the lifted special acts, among ``aims`` (by index)."""

    prompt: Prompt[int]
    aims: tuple[Aim, ...]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """Rock-paper-scissors among ``entrants``, for 1st place (``best_of`` 1) or for the win (3). Each
    point is thrown until one racer is left of ``contenders`` (Ruling 10). The opening is a bracket:
    ``pairs`` still to throw in this round of it (the first is ``contenders``), ``through`` those
    already through to the next (Ruling 10)."""

    purpose: str  # LEAD or FINISH
    entrants: tuple[int, ...]
    best_of: int = 1
    contenders: tuple[int, ...] = ()  # still in the point being thrown
    throws: SealedRound[Throw] | None = None
    wins: Mapping[int, int] = field(default_factory=dict)  # points won so far
    pairs: tuple[tuple[int, int], ...] = ()
    through: tuple[int, ...] = ()

    @property
    def needed(self) -> int:
        """Points that win the tiebreak."""
        return self.best_of // 2 + 1


LEAD, FINISH = "lead", "finish"


@dataclass(frozen=True, slots=True)
class LastCall:
    key: str  # also the deadline's id
    waiting: frozenset[int]  # racers holding Larry who have not answered
    deadline: int | None


@dataclass(frozen=True, slots=True)
class Pause:
    """Resolution waits after a reveal until ``deadline``, so a racer may play Larry (Ruling 11)."""

    key: str  # also the deadline's id
    deadline: int


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    seats: int
    racers: tuple[Racer, ...]
    deck: tuple[Card, ...] = ()  # top first
    discards: tuple[Card, ...] = ()
    phase: Phase = Phase.DEALING
    round: int = 0  # rounds started so far
    leader: int | None = None  # the 1st-place racer of this round: its queue resolves first
    order: tuple[int, ...] = ()  # this round's resolution order, from the leader clockwise
    tiebreak: Tiebreak | None = None
    tiebreaks: int = 0  # throws opened so far (their keys)
    race: QuotaRound | None = None
    turn: int = 0  # index into ``order`` of the queue being revealed
    lifted: Lifted | None = None
    question: Question | None = None
    questions: int = 0  # questions asked so far (their keys)
    last_call: LastCall | None = None
    last_calls: int = 0  # last calls opened so far (their keys)
    pause: Pause | None = None
    pauses: int = 0  # pauses between reveals so far (their keys)
    winners: tuple[int, ...] = ()
    reason: str | None = None

    @property
    def started(self) -> bool:
        return self.phase is not Phase.DEALING

    @property
    def running(self) -> bool:
        return self.started and self.phase is not Phase.OVER

    def playing(self) -> tuple[int, ...]:
        return tuple(racer.seat for racer in self.racers if racer.playing)

    def with_racer(self, racer: Racer) -> tuple[Racer, ...]:
        """The racers, with ``racer`` in its seat (by index: evolve does this for most events)."""
        racers = list(self.racers)
        racers[racer.seat] = racer
        return tuple(racers)


def invariants(state: State) -> tuple[str, ...]:
    """What must hold at every version of a match; returns the violations found (none, normally)."""
    problems: list[str] = []
    if state.started:
        cards = [*state.deck, *state.discards]
        for racer in state.racers:
            cards += [*racer.hand, *(placed.card for placed in racer.queue)]
        if state.lifted is not None:
            cards.append(state.lifted.placed.card)
        counted = Counter(card.id for card in cards)
        if len(cards) != len(DECK) or set(counted) != {card.id for card in DECK}:
            problems.append(f"{len(cards)} cards in play ({len(counted)} different), not the {len(DECK)}")
    for racer in state.racers:
        if not 0 <= racer.position <= 1200 or racer.position % 50:
            problems.append(f"seat {racer.seat} stands at {racer.position} m, off the cliff's grid")
    if state.question is not None and state.lifted is None:
        problems.append("a target is asked for with no special lifted out")
    return tuple(problems)
