"""A short sentence for each move, for people choosing from ``legalMoves``. Cards are named by id,
racers by seat, and a target by its number among those the question offers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cliffs_n_cactuses.cards import CARDS, card_label
from games.core.codec import describe_action


def _card(card_id: Any) -> str:
    card = CARDS.get(card_id) if isinstance(card_id, int) else None
    return f"card {card_id}" if card is None else card_label(card)


def describe_move(move: Mapping[str, Any]) -> str:
    match move.get("action"):
        case "PLAY_CARD":
            return f"Play {_card(move['card'])} face down on racer {move['racer']}'s queue"
        case "DRAW":
            return "Draw up to 5 cards (and play no more this round)"
        case "PLAY_LARRY":
            return f"Play Last-Ditch Larry on racer {move['racer']}'s queue"
        case "KEEP_LARRY":
            return "Keep Last-Ditch Larry for later"
        case "CHOOSE_TARGET":
            return f"Aim the special at target {move['option']}"
        case "THROW":
            return f"Throw {str(move['shape']).lower()}"
    return describe_action(move)
