"""Match options for Boulder Bluff: the expansion, the variant, the three clocks and the safety limit.

``OPTIONS`` validates the JSON the service receives and publishes its JSON Schema; ``Options`` is the
typed form the rules read (``OPTIONS.build(Options, raw)``), with 0 already turned into "no deadline"
(None).
"""

from __future__ import annotations

from dataclasses import dataclass

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
    off_at_zero=True,
)
JOIN_SECONDS = IntOption(
    "joinSeconds",
    15,
    "Seconds to answer whether you join a climb, then to play your cards, or to pick Boar Assault's "
    "card; silence stays off the climb (or chalks up what is played, or cancels the best card). 0: no timer.",
    minimum=0,
    maximum=600,
    off_at_zero=True,
)
SNAKE_SECONDS = IntOption(
    "snakeSeconds",
    3,
    "Sneaky Snake's countdown: seconds to stay in the climb or withdraw; silence stays. 0: no timer.",
    minimum=0,
    maximum=60,
    off_at_zero=True,
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
    animal_kingdom: bool
    injuries_affect_climbing: bool
    turn_seconds: int | None  # None: no deadline
    join_seconds: int | None
    snake_seconds: int | None
    turn_limit: int | None  # turns per player before the match ends on score
