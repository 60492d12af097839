"""Reaction windows: after an action, several players at once may react before it resolves.

A window guards one pending action (a game value, kept in the window until it closes). It opens to
every participant but the actor. The first reaction to reach the server is taken and reopens the
window for every participant but the one who reacted, so a reaction can itself be countered; the
window closes when everyone eligible has passed, or at its deadline, where silence counts as a pass.
An odd number of reactions cancels the action. Cactus's STOP chains are one such window.

Two reactions can race: seats 1 and 2 both STOP seat 0's action. Each reaction names the link of
the chain it answers (``answers``: 0 is the action itself, ``n`` the n-th reaction), so the second
STOP to arrive, still answering the action, is refused as stale (``STALE_REACTION``) instead of being
read as a STOP of the first STOP.

A pass is final by default. A game may open its windows with ``reactions_after_pass``: a seat that
passed may then still react while the window waits on others (silence until the moment passes, as at
a table), though nobody waits on it any more.

A participant who leaves the match while the window is open (``Left``) drops out of it: nobody waits
on it and a later reaction does not reopen the window to it.

The window's facts are events of its own (``WindowOpened``, ``Reacted``, ``Passed``, ``Left``,
``WindowClosed``); a game's ``evolve`` hands them to ``ReactionWindow.opened`` and ``apply``, and its
``decide`` builds them with ``react``, ``pass_``, ``leave`` and ``time_out``, which check the rules first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from games.core.deadlines import Deadline
from games.core.decisions import Codes, Rejected
from games.core.visibility import Event

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class WindowOpened(Event):
    """``actor`` played an action that ``participants`` but the actor may now react to."""

    window: str
    actor: int
    participants: frozenset[int]
    deadline: int | None


@dataclass(frozen=True, slots=True)
class Reacted(Event):
    """``seat`` reacted to the ``answers``-th link of the chain (0: the action); the window reopens."""

    window: str
    seat: int
    answers: int
    deadline: int | None


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` lets the last link of the chain stand."""

    window: str
    seat: int


@dataclass(frozen=True, slots=True)
class Left(Event):
    """``seat`` left the match while the window was open: it may no longer react, nobody waits on it."""

    window: str
    seat: int


@dataclass(frozen=True, slots=True)
class WindowClosed(Event):
    """The window closed (everyone eligible passed, or its deadline passed): ``cancelled`` tells
    whether the action resolves (False) or not (True)."""

    window: str
    cancelled: bool


WINDOW_EVENTS = (WindowOpened, Reacted, Passed, Left, WindowClosed)


@dataclass(frozen=True, slots=True)
class ReactionWindow(Generic[A]):
    key: str
    actor: int
    action: A  # the pending action the window guards, in the game's own terms
    participants: frozenset[int]  # everyone who may ever react in this window
    eligible: frozenset[int]  # who may react now
    passed: frozenset[int] = frozenset()
    reactions: tuple[int, ...] = ()  # seats that reacted, in the order their reactions were taken
    deadline: int | None = None
    reactions_after_pass: bool = False  # whether a seat that passed may still react while it is open

    @classmethod
    def opened(
        cls, event: WindowOpened, action: A, *, reactions_after_pass: bool = False
    ) -> ReactionWindow[A]:
        """The window ``event`` opened on ``action``."""
        return cls(
            event.window,
            event.actor,
            action,
            event.participants,
            event.participants - {event.actor},
            deadline=event.deadline,
            reactions_after_pass=reactions_after_pass,
        )

    def apply(self, event: Event) -> ReactionWindow[A]:
        """The window after one of its own events."""
        match event:
            case Reacted(seat=seat, deadline=deadline):
                return replace(
                    self,
                    eligible=self.participants - {seat},
                    passed=frozenset(),
                    reactions=(*self.reactions, seat),
                    deadline=deadline,
                )
            case Passed(seat=seat):
                return replace(self, passed=self.passed | {seat})
            case Left(seat=seat):
                gone = frozenset((seat,))
                return replace(
                    self,
                    participants=self.participants - gone,
                    eligible=self.eligible - gone,
                    passed=self.passed - gone,
                )
            case WindowClosed():
                return replace(self, passed=self.eligible)  # silence at the deadline is a pass
        return self

    @property
    def closed(self) -> bool:
        return self.eligible <= self.passed

    @property
    def waiting_on(self) -> frozenset[int]:
        """Who may still react or pass; the window closes early once none is left."""
        return frozenset() if self.closed else self.eligible - self.passed

    @property
    def chain(self) -> int:
        """The link a reaction made now answers: 0 (the action), or the number of reactions so far."""
        return len(self.reactions)

    @property
    def cancels(self) -> bool:
        """An odd number of reactions cancels the action (each reaction negates the one before)."""
        return len(self.reactions) % 2 == 1

    @property
    def deadline_id(self) -> str:
        # A reaction reopens the window, so the id changes with each reaction: an old timer is stale.
        return f"{self.key}/{len(self.reactions)}"

    def deadlines(self, kind: str = "reaction") -> tuple[Deadline, ...]:
        if self.closed or self.deadline is None:
            return ()
        return (Deadline(self.deadline_id, self.deadline, kind),)

    def check(self, seat: int | None, answers: int | None = None) -> Rejected | None:
        """Why ``seat`` may not react (to link ``answers``) or pass now, or ``None`` when it may."""
        if self.closed:
            return Rejected(Codes.WINDOW_CLOSED, "The reaction window has closed.")
        if seat is None or seat not in self.eligible:
            return Rejected(Codes.NOT_WAITING_FOR_YOU, "You may not react to this now.")
        if seat in self.passed and (answers is None or not self.reactions_after_pass):
            return Rejected(Codes.NOT_WAITING_FOR_YOU, "You have already answered this.")
        if answers is not None and answers != self.chain:
            return Rejected(
                Codes.STALE_REACTION,
                f"Your reaction answers link {answers} of the chain, but it is at link {self.chain}: "
                "someone reacted first. Look again, then react to what stands now.",
            )
        return None


def react(
    window: ReactionWindow[Any], seat: int | None, answers: int, deadline: int | None
) -> Reacted | Rejected:
    """``seat`` reacts to link ``answers``; the reopened window times out at ``deadline``."""
    problem = window.check(seat, answers)
    if problem is not None:
        return problem
    assert seat is not None  # check refuses the server itself
    return Reacted(window.key, seat, answers, deadline)


def pass_(window: ReactionWindow[Any], seat: int | None) -> tuple[Event, ...] | Rejected:
    """``seat`` passes; the last pass closes the window."""
    problem = window.check(seat)
    if problem is not None:
        return problem
    assert seat is not None
    if window.waiting_on == {seat}:
        return Passed(window.key, seat), WindowClosed(window.key, window.cancels)
    return (Passed(window.key, seat),)


def leave(window: ReactionWindow[Any], seat: int) -> tuple[Event, ...]:
    """``seat`` leaves the match; when nobody else is left to answer, the window closes as it stands.

    The actor leaving is the game's business (does its action still resolve?): this only takes a
    participant out of the chain's future.
    """
    if window.closed or seat not in window.participants:
        return ()
    left = Left(window.key, seat)
    if window.apply(left).closed:
        return left, WindowClosed(window.key, window.cancels)
    return (left,)


def time_out(window: ReactionWindow[Any] | None, deadline_id: str) -> tuple[Event, ...]:
    """The window's deadline passed: everyone silent passes and it closes. A stale id: nothing."""
    if window is None or window.closed or deadline_id != window.deadline_id:
        return ()
    return (WindowClosed(window.key, window.cancels),)
