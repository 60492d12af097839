"""Match options for Cliffs n' Cactuses: where the race starts, the clocks, and the Stack variant.

``OPTIONS`` validates the JSON the service receives and publishes its JSON Schema; ``Options`` is the
typed form the rules read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core.options import BoolOption, ChoiceOption, IntOption, OptionsSchema

START = ChoiceOption(
    "start",
    "1200",
    "Where every racer starts, in metres up the cliff: the top (1200) or halfway (600, the rulebook's "
    "'Short on time?').",
    ("1200", "600"),
)
RACE_SECONDS = IntOption(
    "raceSeconds",
    30,
    "Seconds of the Race phase (the banjo music): then everybody stops playing and drawing.",
    minimum=1,
    maximum=600,
)
CHOICE_SECONDS = IntOption(
    "choiceSeconds",
    20,
    "Seconds to choose an ANY target, or to play Last-Ditch Larry before the tally; silence takes the "
    "first legal target in seat and queue order, or keeps Larry (Ruling 9).",
    minimum=1,
    maximum=600,
)
THROW_SECONDS = IntOption(
    "throwSeconds",
    10,
    "Seconds to throw rock, paper or scissors in a tiebreak; a racer who does not throw loses it.",
    minimum=1,
    maximum=120,
)
STACK = BoolOption(
    "stack",
    False,
    "Alternative rule Stack: queues are revealed right to left, so the latest card triggers first.",
)
LOWEST_WINS = BoolOption(
    "lowestWins",
    False,
    "Several racers reaching the bottom together: the one whose tally went lowest wins, before any "
    "rock-paper-scissors (the designer's later edition).",
)

OPTIONS = OptionsSchema((START, RACE_SECONDS, CHOICE_SECONDS, THROW_SECONDS, STACK, LOWEST_WINS))


@dataclass(frozen=True, slots=True)
class Options:
    start: int = 1200
    race_seconds: int = 30
    choice_seconds: int = 20
    throw_seconds: int = 10
    stack: bool = False
    lowest_wins: bool = False
    reveal_after_end: bool = True

    @classmethod
    def build(cls, raw: Mapping[str, Any] | None) -> Options:
        """Parse ``raw`` (JSON options; defaults filled in). The service validates options when a match
        is created, so bad options here are a programming error and raise ``ValueError``."""
        values = OPTIONS.valid(raw)
        return cls(
            start=int(values["start"]),
            race_seconds=values["raceSeconds"],
            choice_seconds=values["choiceSeconds"],
            throw_seconds=values["throwSeconds"],
            stack=values["stack"],
            lowest_wins=values["lowestWins"],
            reveal_after_end=values["revealAfterEnd"],
        )
