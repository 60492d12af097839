"""Players: registered by name, known afterwards only by their bearer token."""

from __future__ import annotations

import hashlib
import secrets

from api.matches.errors import Codes, ServiceError
from api.players.models import Player

MAX_NAME = 64


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def register_player(*, name: str) -> tuple[Player, str]:
    """A new player and their token, in clear: returned this once, stored only as a hash."""
    clean = (name or "").strip() if isinstance(name, str) else ""
    if not 1 <= len(clean) <= MAX_NAME:
        raise ServiceError(Codes.INVALID_NAME, f"A name is 1 to {MAX_NAME} characters (spaces trimmed).")
    token = secrets.token_urlsafe(32)
    player = Player.objects.create(name=clean, token_hash=hash_token(token))
    return player, token
