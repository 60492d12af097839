"""Daredevil Rock in the schema: ``DaredevilRockView`` (mirroring games/daredevil_rock/views.py),
``DaredevilRockMove`` (the moves of games/daredevil_rock/moves.py) and a sentence for each move.

Positions are as the engine counts them: levels from 1 (the bottom row; 0 is the base), columns from
0 (the left). Labels, written for people, count columns from 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from api.graphql.convert import TypeMirror
from api.graphql.games.base import GameBinding, move_input, view_type
from games.daredevil_rock import views
from games.daredevil_rock.moves import MOVES


def _moment(ms: int | None) -> datetime | None:
    return None if ms is None else datetime.fromtimestamp(ms / 1000, tz=UTC)


MIRROR = TypeMirror(
    "DaredevilRock",
    # Milliseconds since the epoch overflow GraphQL's 32-bit Int: show the turn deadline as a DateTime.
    overrides={"DaredevilRockView.deadline": (datetime | None, _moment)},
)

DaredevilRockView, convert_view = view_type(
    MIRROR,
    views.DaredevilRockView,
    description="The Daredevil Rock table as the caller may see it: face-down cards have card null "
    "(the draw deck's order is shown only once the match's full log is revealed).",
)
DaredevilRockMove, dump_move = move_input("DaredevilRock", "Daredevil Rock", MOVES)


def _at(move: Mapping[str, Any]) -> str:
    return f"level {move['level']}, column {move['column'] + 1}"


def label(move: Mapping[str, Any]) -> str:
    """A short sentence for a move's JSON form."""
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
    return str(move.get("action", "?")).replace("_", " ").capitalize()


BINDING = GameBinding(
    key="daredevil-rock",
    member="daredevil_rock",
    view_type=DaredevilRockView,
    convert_view=convert_view,
    move_type=DaredevilRockMove,
    dump_move=dump_move,
    label=label,
)
