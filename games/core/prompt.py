"""A question put to one seat in the middle of resolving an effect.

The effect is paused until that seat answers or the deadline passes; on timeout the game takes the
prompt's default answer. Examples: choosing the target of a Cliffs special, joining a Boulder Bluff
climb or not, taking Daredevil Rock's free climb.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.deadlines import Deadline
from games.core.decisions import Codes, Rejected


@dataclass(frozen=True, slots=True)
class Prompt:
    key: str
    seat: int
    kind: str  # in the game's words, e.g. "free-climb", "join-climb", "choose-target"
    deadline: int | None = None

    def check(self, seat: int | None) -> Rejected | None:
        if seat != self.seat:
            return Rejected(Codes.NOT_WAITING_FOR_YOU, "The game is waiting for another player's choice.")
        return None

    def deadlines(self) -> tuple[Deadline, ...]:
        return () if self.deadline is None else (Deadline(self.key, self.deadline, self.kind),)
