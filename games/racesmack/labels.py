"""A short sentence for each move, for people choosing from ``legalMoves``. Cards are named by id."""

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
            return f"Tap card {move['card']}"
        case "PLACE_CARDS":
            return f"Lay the rest of the cards you won at the {str(move['end']).lower()} end of your Race"
        case "PLACE_CARD":
            return f"Lay card {move['card']} at the {str(move['end']).lower()} end of your Race"
        case "LOSE_CARD":
            return f"Lose card {move['card']}"
        case "CHOOSE_PENALTY":
            return f"Penalty: {PENALTIES.get(move['penalty'], move['penalty'])}"
    return describe_action(move)
