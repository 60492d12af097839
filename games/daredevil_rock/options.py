"""Match options for Daredevil Rock: the turn timer and the rulebook's variants.

``OPTIONS`` validates the JSON the service receives and publishes its JSON Schema; ``Options`` is the
typed form the rules read, with the automatic turn timer already resolved for the number of players.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core.options import BoolOption, IntOption, OptionsSchema

AUTO_TURN_SECONDS = 120  # Ruling 12: 120 s per turn with two or more players, no timer in solitaire

TURN_SECONDS = IntOption(
    "turnSeconds",
    None,
    "Seconds per turn. Empty: 120 with two or more players and no timer in solitaire; 0: no timer.",
    minimum=0,
    maximum=3600,
    nullable=True,
)
BLIND_MANS_BLUFF = BoolOption(
    "blindMansBluff",
    False,
    "Blind Man's Bluff: at the end of each turn every cliff card without a climber or a cam turns face down.",
)
LIMITED_CAMS = IntOption(
    "limitedCams",
    None,
    "Limited Cams: each climber has this many cams in reserve and may retrieve them. Empty: one cam "
    "that moves each time it is set (the standard game).",
    minimum=2,
    maximum=3,
    nullable=True,
)

# Ruling 13: the rulebook has no turn limit; a hosted match must end.
TURN_LIMIT = IntOption(
    "turnLimit",
    60,
    "The match ends when every climber still in the game has had this many turns and nobody has reached "
    "the summit; climbers then rank by the level they reached. Empty: no limit.",
    minimum=1,
    maximum=10000,
    nullable=True,
)

OPTIONS = OptionsSchema((TURN_SECONDS, BLIND_MANS_BLUFF, LIMITED_CAMS, TURN_LIMIT))


@dataclass(frozen=True, slots=True)
class Options:
    turn_seconds: int | None  # resolved: None means turns have no deadline
    blind_mans_bluff: bool
    limited_cams: int | None  # None: the standard game's single moving cam
    turn_limit: int | None  # turns per climber before the match ends without a summit

    @property
    def cams(self) -> int:
        """Cams each climber starts with in reserve."""
        return self.limited_cams or 1

    @classmethod
    def build(cls, raw: Mapping[str, Any] | None, seats: int) -> Options:
        """``OPTIONS.build`` for a match of ``seats`` players: the turn timer resolved for their number."""
        return OPTIONS.build(cls, raw, turn_seconds=lambda chosen: _turn_seconds(chosen, seats))


def _turn_seconds(chosen: int | None, seats: int) -> int | None:
    if chosen is None:
        return AUTO_TURN_SECONDS if seats >= 2 else None
    return chosen or None  # 0 switches the timer off
