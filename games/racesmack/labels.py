"""A short sentence for each move, for people choosing from ``legalMoves``. A hand card is named by its
id; a card on the table by where it lies (copies are alike there)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.codec import describe_action

PENALTIES = {
    "RACE_CARDS": "lose 2 Race cards",
    "HAND_CARDS": "lose 2 hand cards",
    "TIES": "be incorrect on ties next round",
}


def describe_move(move: Mapping[str, Any]) -> str:
    match move.get("action"):
        case "PLAY_CARD":
            return f"Play card {move['card']} face down"
        case "REVEAL_CARD":
            return "Reveal the top card of your blind pile"
        case "TAP":
            return f"Tap the card seat {move['seat']} played"
        case "PLACE_CARDS":
            return f"Lay the rest of the cards you won at the {str(move['end']).lower()} end of your Race"
        case "PLACE_CARD":
            won = _ordinal(move["position"])
            return f"Lay the {won} card you won at the {str(move['end']).lower()} end of your Race"
        case "LOSE_CARD":
            return f"Lose card {move['card']} from your hand"
        case "LOSE_RACE_CARD":
            return f"Lose the {_ordinal(move['position'])} card of your Race from the left"
        case "CHOOSE_PENALTY":
            return f"Penalty: {PENALTIES.get(move['penalty'], move['penalty'])}"
    return describe_action(move)


def _ordinal(position: Any) -> str:
    """0 as "1st", 1 as "2nd"...: a position told as people count."""
    number = int(position) + 1
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
