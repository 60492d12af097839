"""Sealed simultaneous choices: everyone chooses in secret, then all choices are revealed together.

While a round is open, a seat's choice is known to that seat only; everyone else learns just that the
seat is ready. The round is revealed when every seat it waits on has chosen, or when its deadline
passes (the game then decides what silence means: a default choice, a pass or a loss).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core.deadlines import Deadline
from games.core.decisions import Codes, Rejected
from games.core.visibility import Audience, Event, only


@dataclass(frozen=True, slots=True)
class SealedRound:
    """An open round of secret choices, keyed by ``key`` (also its deadline's id)."""

    key: str
    waiting_on: frozenset[int]
    deadline: int | None = None
    choices: Mapping[int, Any] = field(default_factory=dict)

    def has_chosen(self, seat: int) -> bool:
        return seat in self.choices

    @property
    def complete(self) -> bool:
        return self.waiting_on <= self.choices.keys()

    def with_choice(self, seat: int, choice: Any) -> SealedRound:
        return SealedRound(self.key, self.waiting_on, self.deadline, {**self.choices, seat: choice})

    def deadlines(self, kind: str = "round") -> tuple[Deadline, ...]:
        return () if self.deadline is None else (Deadline(self.key, self.deadline, kind),)

    def check(self, seat: int | None) -> Rejected | None:
        """Why ``seat`` may not choose now, or ``None`` when it may."""
        if seat is None or seat not in self.waiting_on:
            return Rejected(Codes.NOT_WAITING_FOR_YOU, "This round is not waiting for your choice.")
        if seat in self.choices:
            return Rejected(Codes.ALREADY_CHOSEN, "You have already made your choice for this round.")
        return None


@dataclass(frozen=True, slots=True)
class ChoiceSealed(Event):
    """A seat's secret choice. Only that seat sees it until the round is revealed."""

    round: str
    seat: int
    choice: Any

    def audience(self) -> Audience:
        return only(self.seat)

    def public_form(self) -> Event:
        return SeatReady(self.round, self.seat)


@dataclass(frozen=True, slots=True)
class SeatReady(Event):
    """Public shadow of ``ChoiceSealed``: the seat has chosen, nothing more."""

    round: str
    seat: int


@dataclass(frozen=True, slots=True)
class ChoicesRevealed(Event):
    """Every choice of the round, shown to all at once. Seats that stayed silent are absent."""

    round: str
    choices: Mapping[int, Any]
