"""Who holds a token."""

from __future__ import annotations

from api.players.models import Player
from api.players.tokens import hash_token


def player_for_token(*, token: str | None) -> Player | None:
    if not token:
        return None
    return Player.objects.filter(token_hash=hash_token(token)).first()
