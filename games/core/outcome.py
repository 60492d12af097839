"""How a finished match ranks its seats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """Per seat: ``ranks`` (1 is first; tied seats share one) and ``scores`` (game-defined, or None)."""

    ranks: tuple[int, ...]
    scores: tuple[float | None, ...]
    reason: str  # in the game's words: "summit", "last climber standing", "solitaire score"

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)


def competition_ranks(keys: Sequence[tuple[float, ...]]) -> tuple[int, ...]:
    """Standard competition ranking ("1224"): a higher key ranks better; equal keys share a rank."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)
