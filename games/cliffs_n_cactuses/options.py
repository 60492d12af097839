"""Match options for Cliffs n' Cactuses: where the race starts, the clocks, the opening and the Stack
variant. A match stored before an option existed folds with that option's default.

``OPTIONS`` validates the JSON the service receives and publishes its JSON Schema; ``Options`` is the
typed form the rules read (``OPTIONS.build(Options, raw)``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.options import BoolOption, ChoiceOption, IntOption, OptionsSchema

START = ChoiceOption(
    "start",
    "1200",
    "Where every racer starts, in metres up the cliff: the top (1200) or halfway (600, the rulebook's "
    "'Short on time?').",
    ("1200", "600"),
    numbers=True,
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
    "target the match's seeded stream drew when asking, or keeps Larry (Ruling 9).",
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

OPENING = ChoiceOption(
    "opening",
    "rock-paper-scissors",
    "Who leads the first round, everyone being tied at the start: a rock-paper-scissors tournament, "
    "bracket style, or 'random' (the rulebook's 'you can just choose someone', from the seeded stream).",
    ("rock-paper-scissors", "random"),
)
REVEAL_SECONDS = IntOption(
    "revealSeconds",
    1,
    "Seconds of pause after each card revealed in Resolution while a racer may still play Last-Ditch "
    "Larry; 0 reveals everything at once and Larry waits for the last call (Ruling 11).",
    minimum=0,
    maximum=30,
)

OPTIONS = OptionsSchema(
    (START, RACE_SECONDS, CHOICE_SECONDS, THROW_SECONDS, STACK, LOWEST_WINS, OPENING, REVEAL_SECONDS)
)


@dataclass(frozen=True, slots=True)
class Options:
    start: int  # metres up the cliff
    race_seconds: int
    choice_seconds: int
    throw_seconds: int
    stack: bool
    lowest_wins: bool
    opening: str
    reveal_seconds: int

    @property
    def random_opening(self) -> bool:
        """The first round's leader is drawn at random, not found by a rock-paper-scissors bracket."""
        return self.opening == "random"
