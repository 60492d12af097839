"""Tap rounds: the seats a match waits on race to claim targets, and the log says who was first.

A round opens to ``seats`` over ``targets`` (ints in the game's own terms, such as the positions of
the cards revealed in Racesmack's played row). Each seat taps once; each target is tapped by one seat
only; a tap that comes too late for its target is refused (``TARGET_TAKEN``) and the seat may tap
another. The round closes when nobody it waits on can tap any more: every seat has tapped, or every
target is taken. At its deadline it closes as it stands: a silent seat tapped nothing, and the game
decides what that means.

Claims are kept in append order, the order of the match's log, so the fastest tap is the first claim.
The service makes that order the order of arrival: commands on one match are decided one at a time,
in the order they reach the match's row lock (taken in ``api.matches.play.fetch``; on PostgreSQL its
waiters are served first come, first served, through an advisory lock queued with it), and each
appends its events before the next is decided, so the log's order is that order.
``tests/api/test_taps.py`` holds the service to it with concurrent taps on PostgreSQL.

The round's facts are events of its own (``TapsOpened``, ``Tapped``, ``TapsClosed``); a game's
``evolve`` hands them to ``TapRound.opened`` and ``apply``, and its ``decide`` builds them with ``tap``
and ``time_out``, which check the rules first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core.deadlines import Deadline
from games.core.decisions import Codes, Rejected
from games.core.visibility import Event


@dataclass(frozen=True, slots=True)
class TapsOpened(Event):
    """``seats`` may now each tap one of ``targets``, until ``deadline``."""

    round: str
    seats: frozenset[int]
    targets: frozenset[int]
    deadline: int | None


@dataclass(frozen=True, slots=True)
class Tapped(Event):
    """``seat`` claimed ``target``, after every claim before it in the log."""

    round: str
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class TapsClosed(Event):
    """The round closed: nobody could tap any more, or its deadline passed."""

    round: str


TAP_EVENTS = (TapsOpened, Tapped, TapsClosed)


@dataclass(frozen=True, slots=True)
class TapRound:
    key: str  # unique in the match; also the deadline's id
    seats: frozenset[int]  # everyone who may tap in this round
    targets: frozenset[int]
    deadline: int | None = None
    claims: tuple[tuple[int, int], ...] = ()  # (seat, target), in the order the log took them
    ended: bool = False  # a TapsClosed was applied

    def __post_init__(self) -> None:
        if not self.seats or not self.targets:
            raise ValueError(f"tap round {self.key}: it needs seats to tap and targets to be tapped")

    @classmethod
    def opened(cls, event: TapsOpened) -> TapRound:
        """The round ``event`` opened."""
        return cls(event.round, event.seats, event.targets, event.deadline)

    def apply(self, event: Event) -> TapRound:
        """The round after one of its own events (built by position: a tap is on every game's hot path,
        and ``dataclasses.replace`` looks each field up by name)."""
        match event:
            case Tapped(seat=seat, target=target):
                claims = (*self.claims, (seat, target))
                return TapRound(self.key, self.seats, self.targets, self.deadline, claims, self.ended)
            case TapsClosed():
                return TapRound(self.key, self.seats, self.targets, self.deadline, self.claims, True)
        return self

    @property
    def tapped(self) -> frozenset[int]:
        """The seats that have tapped."""
        return frozenset(seat for seat, _ in self.claims)

    @property
    def taken(self) -> frozenset[int]:
        """The targets that have been tapped."""
        return frozenset(target for _, target in self.claims)

    @property
    def closed(self) -> bool:
        return self.ended or self.seats <= self.tapped or self.targets <= self.taken

    @property
    def waiting_on(self) -> frozenset[int]:
        """Who may still tap; the round closes once none is left."""
        return frozenset() if self.closed else self.seats - self.tapped

    def target_of(self, seat: int) -> int | None:
        """What ``seat`` tapped, or ``None`` when it tapped nothing."""
        return next((target for tapper, target in self.claims if tapper == seat), None)

    def fastest(self, counts: Callable[[int], bool]) -> int | None:
        """The first seat in the log to tap a target that ``counts`` (e.g. a correct card), if any."""
        return next((seat for seat, target in self.claims if counts(target)), None)

    @property
    def deadline_id(self) -> str:
        # A round never reopens, so one id serves it from open to close.
        return self.key

    def deadlines(self, kind: str = "tap") -> tuple[Deadline, ...]:
        if self.closed or self.deadline is None:
            return ()
        return (Deadline(self.deadline_id, self.deadline, kind),)

    def check(self, seat: int | None, target: int) -> Rejected | None:
        """Why ``seat`` may not tap ``target`` now, or ``None`` when it may."""
        if self.closed:
            return Rejected(Codes.ROUND_CLOSED, "The tapping is over for this round.")
        if seat is None or seat not in self.seats:
            return Rejected(Codes.NOT_WAITING_FOR_YOU, "You do not tap in this round.")
        if seat in self.tapped:
            return Rejected(Codes.ALREADY_TAPPED, f"You already tapped {self.target_of(seat)}.")
        if target not in self.targets:
            return Rejected(Codes.NO_SUCH_TARGET, f"There is nothing to tap at {target}.")
        if target in self.taken:
            return Rejected(Codes.TARGET_TAKEN, f"Someone tapped {target} first: tap another.")
        return None


def tap(round_: TapRound, seat: int | None, target: int) -> tuple[Event, ...] | Rejected:
    """``seat`` taps ``target``; the tap that leaves nobody able to tap closes the round."""
    problem = round_.check(seat, target)
    if problem is not None:
        return problem
    assert seat is not None  # check refuses the server itself
    tapped = Tapped(round_.key, seat, target)
    if round_.apply(tapped).closed:
        return tapped, TapsClosed(round_.key)
    return (tapped,)


def time_out(round_: TapRound | None, deadline_id: str) -> tuple[Event, ...]:
    """The round's deadline passed: it closes as it stands. A stale id: nothing."""
    if round_ is None or round_.closed or deadline_id != round_.deadline_id:
        return ()
    return (TapsClosed(round_.key),)
