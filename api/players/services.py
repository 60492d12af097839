"""Players: registered by name, known afterwards only by their bearer token, which the player may
rotate and an admin may revoke (the old one stops working at once, its sockets closed)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from api.common.errors import Codes, ServiceError
from api.players import sessions
from api.players.models import Player
from api.players.names import MAX_NAME, clean_name
from api.players.tokens import INVALID_TOKEN, TOKEN_REPLACED_MESSAGE, hash_token, new_token


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


def rotate_token(*, player: Player) -> tuple[Player, str]:
    """A new token for ``player`` in place of the one it signed in with (``player.token_hash``), which
    stops working at once. Refused when that token was rotated or revoked meanwhile."""
    token = new_token()
    with transaction.atomic():
        replaced = Player.objects.filter(pk=player.pk, token_hash=player.token_hash).update(
            token_hash=hash_token(token), token_used_at=timezone.now()
        )
        if not replaced:
            raise ServiceError(INVALID_TOKEN, TOKEN_REPLACED_MESSAGE)
        sessions.end_after_commit(player.pk)
    return Player.objects.get(pk=player.pk), token


def revoke_tokens(*, player_ids: Iterable[int]) -> list[tuple[Player, str]]:
    """Every token of these players stops working at once. Each gets a new one, returned in clear this
    once, for the operator to hand to its rightful holder or to discard (the account is then closed)."""
    issued = []
    with transaction.atomic():
        for player in Player.objects.select_for_update().filter(pk__in=list(player_ids)):
            token, now = new_token(), timezone.now()
            player.token_hash, player.token_used_at, player.tokens_revoked_at = hash_token(token), now, now
            player.save(update_fields=["token_hash", "token_used_at", "tokens_revoked_at"])
            sessions.end_after_commit(player.pk)
            issued.append((player, token))
    return issued
