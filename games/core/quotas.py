"""Quota rounds: everyone acts at once, each up to a quota of plays, until they say they are done.

Cliffs n' Cactuses' Race phase is one: for 30 seconds every racer plays cards at the same time, up to
the stage's limit, then draws; drawing ends their playing for the round, and when the time is up
everybody stops. So a round opens to seats, each with a quota (``QuotaOpened``); a seat plays while it
has plays left and has not said it is done (``Played``); it says so on its own (``SeatDone``: in
Cliffs, starting to draw); the round closes once every seat is done, or at its deadline
(``QuotaClosed``). A play after the close is refused: ``TIME_UP`` when the deadline closed it, so a
client knows it was too slow rather than wrong.

Plays are typed, like sealed choices: a game declares ``class CardPlayed(Played[PlayCard])`` and the
codec reads the type argument back from the log. A play is public by default; a game whose plays are
secret (cards face down) gives its subclass an audience and a public form, as ``ChoiceSealed`` does.

The round's facts are events of its own; a game's ``evolve`` hands them to ``QuotaRound.opened`` and
``apply``, and its ``decide`` builds them with ``play``, ``finish`` and ``time_out``, which check the
rules first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from games.core.deadlines import Deadline
from games.core.decisions import Codes, Rejected
from games.core.visibility import Event

P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class QuotaOpened(Event):
    """Each seat of ``quotas`` may now play up to its quota, until ``deadline``."""

    round: str
    quotas: Mapping[int, int]
    deadline: int | None


@dataclass(frozen=True, slots=True)
class Played(Event, Generic[P]):
    """``seat`` made one play of its quota."""

    round: str
    seat: int
    play: P


@dataclass(frozen=True, slots=True)
class SeatDone(Event):
    """``seat`` plays no more this round."""

    round: str
    seat: int


@dataclass(frozen=True, slots=True)
class QuotaClosed(Event):
    """Nobody plays any more this round: every seat was done, or (``timed_out``) the time was up."""

    round: str
    timed_out: bool


# The round's events with no play in them; a game adds its own typed Played.
QUOTA_EVENTS = (QuotaOpened, SeatDone, QuotaClosed)


@dataclass(frozen=True, slots=True)
class QuotaRound:
    key: str  # unique in the match; also the deadline's id
    quotas: Mapping[int, int]  # seat -> the most plays it may make
    deadline: int | None = None
    spent: Mapping[int, int] = field(default_factory=dict)  # seat -> plays made
    done: frozenset[int] = frozenset()
    closed: bool = False
    timed_out: bool = False

    def __post_init__(self) -> None:
        if not self.quotas or min(self.quotas.values()) < 0:
            raise ValueError(f"quota round {self.key}: it needs seats, each with a quota of 0 or more")

    @classmethod
    def opened(cls, event: QuotaOpened) -> QuotaRound:
        return cls(event.round, dict(event.quotas), event.deadline)

    def apply(self, event: Event) -> QuotaRound:
        """The round after one of its own events (built by position: plays are on the hot path)."""
        match event:
            case Played(seat=seat):
                spent = {**self.spent, seat: self.spent.get(seat, 0) + 1}
                return QuotaRound(self.key, self.quotas, self.deadline, spent, self.done, self.closed)
            case SeatDone(seat=seat):
                done = self.done | {seat}
                return QuotaRound(self.key, self.quotas, self.deadline, self.spent, done, self.closed)
            case QuotaClosed(timed_out=timed_out):
                return QuotaRound(
                    self.key, self.quotas, self.deadline, self.spent, self.done, True, timed_out
                )
        return self

    @property
    def seats(self) -> frozenset[int]:
        return frozenset(self.quotas)

    def left(self, seat: int) -> int:
        """How many plays ``seat`` still has this round (0 once it is done or the round is closed)."""
        if self.closed or seat in self.done or seat not in self.quotas:
            return 0
        return self.quotas[seat] - self.spent.get(seat, 0)

    @property
    def waiting_on(self) -> frozenset[int]:
        """The seats that have not said they are done; the round closes once none is left."""
        return frozenset() if self.closed else self.seats - self.done

    def deadlines(self, kind: str = "round") -> tuple[Deadline, ...]:
        return () if self.closed or self.deadline is None else (Deadline(self.key, self.deadline, kind),)

    def check_done(self, seat: int | None) -> Rejected | None:
        """Why ``seat`` may not act in this round at all now (play or finish), or ``None``."""
        if self.closed:
            if self.timed_out:
                return Rejected(Codes.TIME_UP, "Time is up for this round: nobody plays any more.")
            return Rejected(Codes.ROUND_CLOSED, "This round is over: everyone is done.")
        if seat is None or seat not in self.quotas:
            return Rejected(Codes.NOT_WAITING_FOR_YOU, "You do not play in this round.")
        if seat in self.done:
            return Rejected(Codes.ALREADY_DONE, "You are done for this round: you play no more.")
        return None

    def check(self, seat: int | None) -> Rejected | None:
        """Why ``seat`` may not play now, or ``None`` when it may."""
        problem = self.check_done(seat)
        if problem is not None:
            return problem
        assert seat is not None  # check_done refuses the server itself
        if self.left(seat) <= 0:
            return Rejected(Codes.QUOTA_SPENT, f"You have made all {self.quotas[seat]} plays of this round.")
        return None


def play(
    round_: QuotaRound, seat: int | None, choice: P, played: type[Played[P]] = Played
) -> Played[P] | Rejected:
    """``seat`` makes one play (as the game's own ``played`` event type). Spending the quota does not
    end the seat's round: it may still do what the game allows before it is done (Cliffs: draw)."""
    problem = round_.check(seat)
    if problem is not None:
        return problem
    assert seat is not None
    return played(round_.key, seat, choice)


def finish(round_: QuotaRound, seat: int | None) -> tuple[Event, ...] | Rejected:
    """``seat`` is done; the last seat to be done closes the round."""
    problem = round_.check_done(seat)
    if problem is not None:
        return problem
    assert seat is not None
    if round_.waiting_on == {seat}:
        return SeatDone(round_.key, seat), QuotaClosed(round_.key, timed_out=False)
    return (SeatDone(round_.key, seat),)


def time_out(round_: QuotaRound | None, deadline_id: str) -> tuple[Event, ...]:
    """The round's deadline passed: everybody stops. A stale id: nothing."""
    if round_ is None or round_.closed or round_.deadline is None or deadline_id != round_.key:
        return ()
    return (QuotaClosed(round_.key, timed_out=True),)
