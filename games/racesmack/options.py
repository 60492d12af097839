"""Match options for Racesmack: the three clocks, the bots' tap time and the variants.

``OPTIONS`` validates the JSON the service receives and publishes its JSON Schema; ``Options`` is the
typed form the rules read (``OPTIONS.build(Options, raw)``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.options import BoolOption, Excludes, IntOption, OptionsSchema

PLAY_SECONDS = IntOption(
    "playSeconds",
    30,
    "Seconds to pick the card to play; a silent player plays the first card of its hand (Ruling 6).",
    minimum=1,
    maximum=600,
)
TAP_SECONDS = IntOption(
    "tapSeconds",
    10,
    "Seconds to tap a card once the played cards are revealed; not tapping counts as incorrect.",
    minimum=1,
    maximum=120,
)
CHOICE_SECONDS = IntOption(
    "choiceSeconds",
    15,
    "Seconds to choose the end a won card goes to, the Race card to lose or a Time Penalty; silence "
    "takes the default (the right end; the card at the right end; losing Race cards).",
    minimum=1,
    maximum=600,
)
BOT_TAP_MS = IntOption(
    "botTapMs",
    1500,
    "How long the heuristic bot takes to tap once the cards are revealed, in milliseconds.",
    minimum=0,
    maximum=10000,
)
RACING_RULES = BoolOption(
    "racingRules",
    False,
    "Variant Racing Rules: 10 Rules Cards set aside; each round the next one is the default rule.",
)
TIME_PENALTY = BoolOption(
    "timePenalty",
    False,
    "Variant Time Penalty: an incorrect tap costs 2 Race cards, 2 hand cards, or being incorrect "
    "next round whenever several cards are correct (the tapper chooses).",
)
NOISE_CANCELING = BoolOption(
    "noiseCanceling",
    False,
    "Variant Noise Canceling: when several Rules Cards are played, the highest number rules.",
)
TIEBREAKER = BoolOption(
    "tiebreaker",
    False,
    "Variant Tiebreaker: of several correct cards, only those showing the colour that appears most "
    "often among them, then only those with the most icons, stay correct.",
)
AFTER_YOU = BoolOption(
    "afterYou",
    False,
    "Variant After You: turn-based. Hands are blind piles; in turn each player reveals its top card, "
    "and a revealed Rules Card starts the smashing: correct tappers win the pile before them.",
)
SHIFTING_GEARS = BoolOption(
    "shiftingGears",
    False,
    "Expansion Shifting Gears: cards show their number as a NUMBER, HAND, DICE or ROMAN display.",
)

OPTIONS = OptionsSchema(
    (
        PLAY_SECONDS,
        TAP_SECONDS,
        CHOICE_SECONDS,
        BOT_TAP_MS,
        RACING_RULES,
        TIME_PENALTY,
        NOISE_CANCELING,
        TIEBREAKER,
        AFTER_YOU,
        SHIFTING_GEARS,
    ),
    # Ruling 18 (audit Q3): After You has no default rule for Racing Rules to replace.
    excludes=(
        Excludes(
            ("racingRules", "afterYou"),
            "Racing Rules cannot be played with After You: After You judges by the Rules Card just "
            "revealed and has no default rule for the Racing Rules deck to replace.",
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Options:
    play_seconds: int
    tap_seconds: int
    choice_seconds: int
    bot_tap_ms: int
    racing_rules: bool
    time_penalty: bool
    noise_canceling: bool
    tiebreaker: bool
    after_you: bool
    shifting_gears: bool
