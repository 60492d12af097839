"""A question put to one seat in the middle of resolving an effect.

The effect is paused until that seat picks one of the offered ``options`` or the deadline passes;
then the game takes the prompt's ``default``. Examples: the card See and Steal takes, the blind
position Steal a Card picks, joining a Boulder Bluff climb or not, the target of a Cliffs special.

A prompt is state: the game's ``evolve`` sets it from the event that asks and clears it with the
event that answers, both the game's own, typed in its own words (options are often secret, such as
another player's hand, so they never travel in a public event of the kernel's). ``decide`` checks an
answer with ``check`` and a timeout with ``answer_on_timeout``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from games.core.deadlines import Deadline
from games.core.decisions import Codes, Rejected

O = TypeVar("O")  # noqa: E741 - an option, in the game's own type


@dataclass(frozen=True, slots=True)
class Prompt(Generic[O]):
    key: str  # unique in the match; also the deadline's id
    seat: int
    kind: str  # in the game's words, e.g. "see-and-steal", "join-climb", "choose-target"
    options: tuple[O, ...]
    default: O  # what silence at the deadline answers; one of the options
    deadline: int | None = None

    def __post_init__(self) -> None:
        if self.default not in self.options:
            raise ValueError(f"prompt {self.key}: the default {self.default!r} is not an option")

    @property
    def waiting_on(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def check(self, seat: int | None, answer: O) -> Rejected | None:
        """Why ``seat`` may not give ``answer`` now, or ``None`` when it may."""
        if seat != self.seat:
            return Rejected(Codes.NOT_WAITING_FOR_YOU, "The game is waiting for another player's choice.")
        if answer not in self.options:
            return Rejected(Codes.NOT_AN_OPTION, f"{answer!r} is not one of the choices offered.")
        return None

    def answer_on_timeout(self, deadline_id: str) -> O | None:
        """The default, when ``deadline_id`` is this prompt's; ``None`` for any other (stale) timeout."""
        return self.default if self.deadline is not None and deadline_id == self.key else None

    def deadlines(self) -> tuple[Deadline, ...]:
        return () if self.deadline is None else (Deadline(self.key, self.deadline, self.kind),)
