"""Players: registered by name, known afterwards only by their bearer token."""

from __future__ import annotations

from api.common.errors import Codes, ServiceError
from api.players.models import Player
from api.players.names import MAX_NAME, clean_name
from api.players.tokens import hash_token, new_token


def register_player(*, name: str) -> tuple[Player, str]:
    """A new player and their token, in clear: returned this once, stored only as a hash."""
    clean = clean_name(name)
    if clean is None:
        raise ServiceError(
            Codes.INVALID_NAME,
            f"A name is 1 to {MAX_NAME} visible characters (at least one letter, digit or symbol), with no "
            "control, zero-width or direction-changing characters.",
        )
    token = new_token()
    player = Player.objects.create(name=clean, token_hash=hash_token(token))
    return player, token
