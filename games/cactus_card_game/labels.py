"""A short sentence for each move, for people choosing from ``legalMoves``.

Moves come in their JSON form (``moves.MOVES``). Seats are named as the API numbers them (from 0);
card kinds by their names on the cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.codec import describe_action

NAMES = {
    "CHARLIE": "Charlie",
    "SPIKE": "Spike",
    "WALTER": "Walter",
    "WILD": "Wild",
    "FREE_POINT": "Free Point",
    "SWAP_HANDS": "Swap Hands",
    "SEE_AND_STEAL": "See and Steal",
    "DRAW_3": "Draw 3",
    "STEAL_A_POINT": "Steal a Point",
    "REQUEST_A_CARD": "Request a Card",
    "STEAL_A_CARD": "Steal a Card",
    "STOP": "STOP",
}


def _kind(name: str) -> str:
    return NAMES.get(name, name)


def describe_move(move: Mapping[str, Any]) -> str:
    match move.get("action"):
        case "PLAY_FREE_POINT":
            return "Play Free Point"
        case "PLAY_STEAL_A_POINT":
            return f"Play Steal a Point on seat {move['victim']}"
        case "PLAY_SWAP_HANDS":
            return f"Play Swap Hands: seats {move['first']} and {move['second']} swap"
        case "PLAY_SEE_AND_STEAL":
            return f"Play See and Steal on seat {move['victim']}"
        case "PLAY_STEAL_A_CARD":
            return f"Play Steal a Card on seat {move['victim']}"
        case "PLAY_REQUEST_A_CARD":
            return f"Play Request a Card: ask seat {move['victim']} for a {_kind(move['kind'])}"
        case "PLAY_DRAW_THREE":
            return "Play Draw 3"
        case "PLAY_SET":
            return _set(move["character"], move["wilds"])
        case "DRAW_CARD":
            return "Draw a card and end your turn"
        case "STOP":
            return "Play STOP" if move["answers"] == 0 else "Play STOP on the last STOP"
        case "LET_IT_STAND":
            return "Let it stand"
        case "TAKE_CARD":
            return f"Take a {_kind(move['kind'])}"
        case "PICK_CARD":
            return f"Take the card at position {move['position'] + 1}"
    return describe_action(move)


def _set(character: str, wilds: int) -> str:
    if character == "WILD":
        return "Play a set of three Wilds"
    plain = 3 - wilds
    with_wilds = f" and {wilds} Wild{'s' if wilds > 1 else ''}" if wilds else ""
    return f"Play a set: {plain} {_kind(character)}{'s' if plain > 1 else ''}{with_wilds}"
