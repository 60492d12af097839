"""Match options for Boulder Bluff: the expansion, the variant, the three clocks and the safety limit.

``OPTIONS`` validates the JSON the service receives and publishes its JSON Schema; ``Options`` is the
typed form the rules read, with 0 already turned into "no deadline" (None).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core.options import BoolOption, IntOption, OptionsSchema

ANIMAL_KINGDOM = BoolOption(
    "animalKingdom",
    False,
    "The Animal Kingdom expansion: 6 of the 14 animal cards, drawn at random, join the climb cards.",
)
INJURIES_AFFECT_CLIMBING = BoolOption(
    "injuriesAffectClimbing",
    False,
    "The variant: injuries cost climbing strength (fatigue -2 or -3 on an injured boulder) instead of points.",
)
TURN_SECONDS = IntOption(
    "turnSeconds",
    60,
    "Seconds to prep or climb and play your cards; silence preps (draws a card), or chalks up the cards "
    "already played with one face up. 0: no timer.",
    minimum=0,
    maximum=3600,
)
JOIN_SECONDS = IntOption(
    "joinSeconds",
    15,
    "Seconds to answer whether you join a climb, then to play your cards, or to pick Boar Assault's "
    "card; silence stays off the climb (or chalks up what is played, or cancels the best card). 0: no timer.",
    minimum=0,
    maximum=600,
)
SNAKE_SECONDS = IntOption(
    "snakeSeconds",
    3,
    "Sneaky Snake's countdown: seconds to stay in the climb or withdraw; silence stays. 0: no timer.",
    minimum=0,
    maximum=60,
)
TURN_LIMIT = IntOption(
    "turnLimit",
    40,
    "The match ends when the next player has had this many turns and the boulders are not all gone; "
    "players then rank by score. Empty: no limit.",
    minimum=1,
    maximum=10000,
    nullable=True,
)

OPTIONS = OptionsSchema(
    (ANIMAL_KINGDOM, INJURIES_AFFECT_CLIMBING, TURN_SECONDS, JOIN_SECONDS, SNAKE_SECONDS, TURN_LIMIT)
)


@dataclass(frozen=True, slots=True)
class Options:
    animal_kingdom: bool = False
    injuries_affect_climbing: bool = False
    turn_seconds: int | None = None  # None: no deadline
    join_seconds: int | None = None
    snake_seconds: int | None = None
    turn_limit: int | None = None  # turns per player before the match ends on score

    @classmethod
    def build(cls, raw: Mapping[str, Any] | None) -> Options:
        """Parse ``raw`` (JSON options; defaults filled in). The service validates options when a match
        is created, so bad options here are a programming error and raise ``ValueError``."""
        values = OPTIONS.valid(raw)
        return cls(
            animal_kingdom=values["animalKingdom"],
            injuries_affect_climbing=values["injuriesAffectClimbing"],
            turn_seconds=values["turnSeconds"] or None,
            join_seconds=values["joinSeconds"] or None,
            snake_seconds=values["snakeSeconds"] or None,
            turn_limit=values["turnLimit"],
        )
