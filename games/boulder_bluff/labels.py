"""A short sentence for each move, for people choosing from ``legalMoves``.

Moves come in their JSON form (``moves.MOVES``); cards and boulders are named by their numbers, as the
view lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.boulder_bluff.cards import BOULDERS, CARDS
from games.core.codec import describe_action


def _card(number: Any) -> str:
    card = CARDS.get(number) if isinstance(number, int) else None
    return f"card {number}" if card is None else f"{card.name} (card {number})"


def _boulder(number: Any) -> str:
    boulder = next((b for b in BOULDERS if b.number == number), None)
    if boulder is None:
        return f"boulder {number}"
    colours = " or ".join(colour.lower() for colour in boulder.colours)
    return f"the {boulder.points}-point {boulder.title.lower()} boulder ({colours}; boulder {number})"


def describe_move(move: Mapping[str, Any]) -> str:
    match move.get("action"):
        case "PREP":
            return "Prep: draw a climb card and pass the chalk bag"
        case "CLIMB_BOULDER":
            return f"Climb {_boulder(move.get('boulder'))}"
        case "PLAY_CARD":
            side = "face down" if move.get("faceDown") else "face up"
            return f"Play {_card(move.get('card'))} {side}"
        case "CHALK_UP":
            return "Chalk up: done playing cards, draw a chalk token"
        case "JOIN":
            return "Join the climb"
        case "STAY_OFF":
            return "Stay off the climb"
        case "STAY":
            return "Stay in the climb"
        case "WITHDRAW":
            return "Withdraw: take your played cards back"
        case "CANCEL_VALUE":
            return f"Boar Assault: cancel the value of {_card(move.get('card'))}"
        case "CANCEL_NOTHING":
            return "Boar Assault: cancel nothing"
        case "PLACE_INJURY":
            return f"Place your injury on {_boulder(move.get('boulder'))}"
    return describe_action(move)
