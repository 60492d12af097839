"""A short sentence for each move, for people choosing from ``legalMoves``.

Moves come in their JSON form (``moves.MOVES``), which counts columns from 0; people count them from 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.codec import describe_action


def _at(move: Mapping[str, Any]) -> str:
    return f"level {move['level']}, column {move['column'] + 1}"


def describe_move(move: Mapping[str, Any]) -> str:
    match move.get("action"):
        case "EXAMINE":
            return f"Examine the card at {_at(move)}"
        case "CLIMB":
            return f"Climb to the card at {_at(move)}"
        case "FREE_CLIMB":
            return "Take the free climb onto the card just examined"
        case "SET_CAM":
            return "Set a cam on your card"
        case "PROBE":
            return f"Probe the card at {_at(move)}"
        case "REPEL":
            level = move["level"]
            return "Repel down to the base" if level == 0 else f"Repel down to level {level}"
        case "HANG":
            return "Hang from Daredevil Rock"
        case "RETRIEVE_CAM":
            return "Retrieve the cam from your card"
        case "END_TURN":
            return "End your turn"
    return describe_action(move)
