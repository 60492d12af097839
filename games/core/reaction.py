"""Reaction windows: after an action, several players at once may react before it resolves.

The first reaction to reach the server is taken; it reopens the window for every participant but the
one who reacted (so a reaction can itself be countered). The window closes when everyone eligible has
passed, or at its deadline, where silence counts as a pass. Cactus's STOP chains are one such window.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.deadlines import Deadline
from games.core.decisions import Codes, Rejected


@dataclass(frozen=True, slots=True)
class ReactionWindow:
    key: str
    participants: frozenset[int]  # everyone who may ever react in this window
    eligible: frozenset[int]  # who may react now
    passed: frozenset[int] = frozenset()
    reactions: tuple[int, ...] = ()  # seats that reacted, in order of arrival
    deadline: int | None = None

    @classmethod
    def open(cls, key: str, participants: frozenset[int], actor: int, deadline: int | None) -> ReactionWindow:
        """A window on ``actor``'s action, open to every other participant."""
        return cls(key, participants, participants - {actor}, deadline=deadline)

    @property
    def closed(self) -> bool:
        return self.eligible <= self.passed

    def check(self, seat: int | None) -> Rejected | None:
        """Why ``seat`` may not react or pass now, or ``None`` when it may."""
        if self.closed:
            return Rejected(Codes.WINDOW_CLOSED, "The reaction window has closed.")
        if seat is None or seat not in self.eligible or seat in self.passed:
            return Rejected(Codes.NOT_WAITING_FOR_YOU, "You may not react to this now.")
        return None

    def react(self, seat: int, deadline: int | None) -> ReactionWindow:
        """``seat`` reacted: the window reopens for everyone else, with a fresh deadline."""
        return ReactionWindow(
            self.key,
            self.participants,
            self.participants - {seat},
            frozenset(),
            (*self.reactions, seat),
            deadline,
        )

    def pass_(self, seat: int) -> ReactionWindow:
        return ReactionWindow(
            self.key, self.participants, self.eligible, self.passed | {seat}, self.reactions, self.deadline
        )

    @property
    def deadline_id(self) -> str:
        # A reaction reopens the window, so the id changes with each reaction: an old timer is stale.
        return f"{self.key}/{len(self.reactions)}"

    def deadlines(self, kind: str = "reaction") -> tuple[Deadline, ...]:
        if self.closed or self.deadline is None:
            return ()
        return (Deadline(self.deadline_id, self.deadline, kind),)

    @property
    def cancels(self) -> bool:
        """An odd number of reactions cancels the action (each reaction negates the one before)."""
        return len(self.reactions) % 2 == 1
