"""Match options for The Cactus Card Game: the three clocks and the turn limit.

``OPTIONS`` validates the JSON the service receives and publishes its JSON Schema; ``Options`` is the
typed form the rules read (``OPTIONS.build(Options, raw)``), with 0 already turned into "no deadline"
(None).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.options import IntOption, OptionsSchema

TURN_SECONDS = IntOption(
    "turnSeconds",
    60,
    "Seconds per turn; when they pass the player draws a card, which ends the turn. 0: no timer.",
    minimum=0,
    maximum=3600,
    off_at_zero=True,
)
STOP_SECONDS = IntOption(
    "stopSeconds",
    5,
    "Seconds the other players have to STOP an action card (each STOP restarts them); silence lets "
    "the card stand. 0: the window waits until everyone has answered.",
    minimum=0,
    maximum=600,
    off_at_zero=True,
)
CHOICE_SECONDS = IntOption(
    "choiceSeconds",
    15,
    "Seconds to pick the card See and Steal or Steal a Card takes; silence takes the first one. 0: no timer.",
    minimum=0,
    maximum=600,
    off_at_zero=True,
)
TURN_LIMIT = IntOption(
    "turnLimit",
    500,
    "A safety cap, far above real play: the match ends when the next player has had this many turns "
    "and nobody has reached the points goal; the players with most points then share the win. Empty: "
    "no limit.",
    minimum=1,
    maximum=10000,
    nullable=True,
)

OPTIONS = OptionsSchema((TURN_SECONDS, STOP_SECONDS, CHOICE_SECONDS, TURN_LIMIT))


@dataclass(frozen=True, slots=True)
class Options:
    turn_seconds: int | None  # None: no deadline
    stop_seconds: int | None
    choice_seconds: int | None
    turn_limit: int | None  # turns per player before the match ends on points
