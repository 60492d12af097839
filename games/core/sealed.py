"""Sealed simultaneous choices: everyone chooses in secret, then all choices are shown together.

While a round is open, a seat's choice is known to that seat only; everyone else learns just that the
seat is ready. Three steps, each an event, so a game can keep them apart:

- ``RoundOpened``: the seats it waits on and its deadline;
- ``RoundClosed``: no more choices (everyone waited on has chosen, or the deadline passed; ``silent``
  names who had not, and the game decides what silence means). The choices may stay face down:
  Cliffs n' Cactuses closes its race phase long before it turns a card over;
- ``ChoicesRevealed``: every choice, shown to all at once, whenever the game reveals them.

Readiness is hidden where silence means something (owner ruling on Boulder L1): a round opened as
``QuietRoundOpened`` (Sneaky Snake's stay) takes its choices as ``QuietChoice`` events, which nobody else
sees at all, not even that a seat chose; it closes only at its deadline, naming no silent seat, so
choosing early is no tell. Where silence means nothing (a face-down pick), readiness stays public.

Choices are typed. A game declares its own events as ``ChoiceSealed[PlayCard]`` and
``ChoicesRevealed[PlayCard]`` subclasses (``class CardPlayed(ChoiceSealed[PlayCard]): ...``): the
codec reads the type argument, so a choice comes back from the log as the dataclass it was, and a
replay equals live play. Unparametrized, a choice travels as plain JSON (ints, strings).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from games.core.deadlines import Deadline
from games.core.decisions import Codes, Rejected
from games.core.visibility import Audience, Event, only

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class RoundOpened(Event):
    round: str
    seats: frozenset[int]  # who the round waits on
    deadline: int | None


@dataclass(frozen=True, slots=True)
class QuietRoundOpened(RoundOpened):
    """A round whose silence counts as a choice: readiness hidden, it runs to its deadline."""


@dataclass(frozen=True, slots=True)
class ChoiceSealed(Event, Generic[C]):
    """A seat's secret choice. Only that seat sees it until the round is revealed."""

    round: str
    seat: int
    choice: C

    def audience(self) -> Audience:
        return only(self.seat)

    def public_form(self) -> Event | None:
        return SeatReady(self.round, self.seat)


@dataclass(frozen=True, slots=True)
class QuietChoice(ChoiceSealed[C]):
    """A seat's secret choice in a round whose silence counts: nobody else learns even that it chose."""

    def public_form(self) -> Event | None:
        return None


@dataclass(frozen=True, slots=True)
class SeatReady(Event):
    """Public shadow of ``ChoiceSealed``: the seat has chosen, nothing more."""

    round: str
    seat: int


@dataclass(frozen=True, slots=True)
class RoundClosed(Event):
    """No more choices in this round; ``silent``: the seats it waited on that did not choose (always
    empty where silence counts: who stayed silent is as secret as who chose; see ``SealedRound.silent``)."""

    round: str
    silent: frozenset[int]


@dataclass(frozen=True, slots=True)
class ChoicesRevealed(Event, Generic[C]):
    """Every choice of the round, shown to all at once. Silent seats are absent."""

    round: str
    choices: Mapping[int, C]


# The round's events with no choice in them; a game adds its own typed ChoiceSealed and ChoicesRevealed.
SEALED_EVENTS = (RoundOpened, SeatReady, RoundClosed)
QUIET_EVENTS = (QuietRoundOpened,)  # a game whose rounds may count silence adds these too


@dataclass(frozen=True, slots=True)
class SealedRound(Generic[C]):
    """A round of secret choices, keyed by ``key`` (also its deadline's id)."""

    key: str
    waiting_on: frozenset[int]
    deadline: int | None = None
    choices: Mapping[int, C] = field(default_factory=dict)
    closed: bool = False
    revealed: bool = False
    silence_counts: bool = False  # opened as ``QuietRoundOpened``

    @classmethod
    def opened(cls, event: RoundOpened) -> SealedRound[Any]:
        return cls(
            event.round, event.seats, event.deadline, silence_counts=isinstance(event, QuietRoundOpened)
        )

    def apply(self, event: Event) -> SealedRound[C]:
        """The round after one of its own events (built by position: a sealed choice is on every
        game's hot path, and ``dataclasses.replace`` looks each field up by name)."""
        match event:
            case ChoiceSealed(seat=seat, choice=choice):
                return self.with_choice(seat, choice)
            case RoundClosed():
                return SealedRound(
                    self.key,
                    self.waiting_on,
                    self.deadline,
                    self.choices,
                    True,
                    self.revealed,
                    self.silence_counts,
                )
            case ChoicesRevealed():
                return SealedRound(
                    self.key, self.waiting_on, self.deadline, self.choices, True, True, self.silence_counts
                )
        return self

    def has_chosen(self, seat: int) -> bool:
        return seat in self.choices

    @property
    def complete(self) -> bool:
        return self.waiting_on <= self.choices.keys()

    @property
    def still_to_choose(self) -> frozenset[int]:
        """The seats the open round still waits on (none once it is closed)."""
        return frozenset() if self.closed else self.waiting_on - self.choices.keys()

    @property
    def seen_waiting_on(self) -> frozenset[int]:
        """The seats the open round waits on as everyone else may know it: where silence counts,
        all of them until the deadline, whoever has chosen."""
        if self.silence_counts and not self.closed:
            return self.waiting_on
        return self.still_to_choose

    @property
    def silent(self) -> frozenset[int]:
        """The seats the round waited on that did not choose."""
        return self.waiting_on - self.choices.keys()

    def with_choice(self, seat: int, choice: C) -> SealedRound[C]:
        choices = {**self.choices, seat: choice}
        return SealedRound(
            self.key, self.waiting_on, self.deadline, choices, self.closed, self.revealed, self.silence_counts
        )

    def deadlines(self, kind: str = "round") -> tuple[Deadline, ...]:
        return () if self.closed or self.deadline is None else (Deadline(self.key, self.deadline, kind),)

    def check(self, seat: int | None) -> Rejected | None:
        """Why ``seat`` may not choose now, or ``None`` when it may."""
        if self.closed:
            return Rejected(Codes.ROUND_CLOSED, "This round is closed: no more choices.")
        if seat is None or seat not in self.waiting_on:
            return Rejected(Codes.NOT_WAITING_FOR_YOU, "This round is not waiting for your choice.")
        if seat in self.choices:
            return Rejected(Codes.ALREADY_CHOSEN, "You have already made your choice for this round.")
        return None


def seal(
    round_: SealedRound[C], seat: int | None, choice: C, sealed: type[ChoiceSealed[C]] = ChoiceSealed
) -> tuple[Event, ...] | Rejected:
    """``seat`` chooses ``choice`` in secret (as the game's own ``sealed`` event type); the last
    choice the round waits on closes it, unless silence counts (then a ``QuietChoice`` type, and only
    the deadline closes it). Revealing is the game's next step, when it wants."""
    problem = round_.check(seat)
    if problem is not None:
        return problem
    assert seat is not None  # check refuses the server itself
    assert issubclass(sealed, QuietChoice) == round_.silence_counts, "a quiet round takes quiet choices"
    chosen = sealed(round_.key, seat, choice)
    if not round_.silence_counts and round_.with_choice(seat, choice).complete:
        return chosen, RoundClosed(round_.key, frozenset())
    return (chosen,)


def time_out(round_: SealedRound[Any] | None, deadline_id: str) -> tuple[Event, ...]:
    """The round's deadline passed: it closes with whoever stayed silent (named only where silence
    means nothing). A stale id: nothing."""
    if round_ is None or round_.closed or round_.deadline is None or deadline_id != round_.key:
        return ()
    return (RoundClosed(round_.key, frozenset() if round_.silence_counts else round_.still_to_choose),)


def reveal(
    round_: SealedRound[C],
    revealed: type[ChoicesRevealed[C]] = ChoicesRevealed,
    silence: C | None = None,
) -> ChoicesRevealed[C]:
    """Every choice of a closed round, face up (as the game's own ``revealed`` event type). Where
    silence counts, ``silence`` is what it chose, and silent seats are shown choosing it."""
    assert round_.closed, "a round is revealed once closed"
    if silence is None:
        return revealed(round_.key, dict(round_.choices))
    return revealed(round_.key, {**dict.fromkeys(round_.silent, silence), **round_.choices})
