"""Who holds a token.

Every request with a bearer token asks this, so found players are remembered in this process for
TOKEN_CACHE_SECONDS. A token stops naming its player when it is rotated or revoked (the row's hash
changes) or after TOKEN_IDLE_DAYS unused. The process that rotates or revokes forgets the old token at
once; every other process when the kick that closes the player's sockets reaches it (``forget_player``),
and at the latest after TOKEN_CACHE_SECONDS. Unknown tokens are not remembered (a player registered a
moment ago must be found at once).

The one write a read makes: a token's last use, recorded at most hourly (``tokens.USE_RECORDED_EVERY``),
so that the idle lifetime slides without a write per request.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.utils import timezone

from api.players.models import Player
from api.players.tokens import INVALID_TOKEN, TOKEN_EXPIRED, expired, hash_token, use_worth_recording

SIZE = 10_000

_found: OrderedDict[str, tuple[float, Player]] = OrderedDict()
_lock = threading.Lock()


@dataclass(frozen=True)
class TokenStatus:
    """The player a token names, or why it names none (INVALID_TOKEN or TOKEN_EXPIRED)."""

    player: Player | None
    refusal: str | None = None


def token_status(*, token: str | None) -> TokenStatus:
    if not token:
        return TokenStatus(None, INVALID_TOKEN)
    held = remembered_player(token=token)
    if held is not None:
        return TokenStatus(held)
    return _looked_up(hash_token(token), timezone.now())


def remembered_player(*, token: str) -> Player | None:
    """The player this process remembers holding ``token``, read without the database (safe on the
    event loop); None when only ``token_status`` can tell."""
    held = _remembered(hash_token(token))
    return held if held is not None and not expired(held.token_used_at, timezone.now()) else None


def _looked_up(hashed: str, now: datetime) -> TokenStatus:
    player = Player.objects.filter(token_hash=hashed).first()
    if player is None:
        return TokenStatus(None, INVALID_TOKEN)
    if expired(player.token_used_at, now):
        return TokenStatus(None, TOKEN_EXPIRED)
    if use_worth_recording(player.token_used_at, now):
        # Only while the hash is still this token's: a rotation meanwhile must not be refreshed.
        Player.objects.filter(pk=player.pk, token_hash=hashed).update(token_used_at=now)
        player.token_used_at = now
    _remember(hashed, player)
    return TokenStatus(player)


def player_for_token(*, token: str | None) -> Player | None:
    """The player holding ``token``; None for an unknown, rotated, revoked or expired one."""
    return token_status(token=token).player


def _remembered(hashed: str) -> Player | None:
    with _lock:
        held = _found.get(hashed)
    return held[1] if held is not None and held[0] > time.monotonic() else None


def _remember(hashed: str, player: Player) -> None:
    with _lock:
        _found[hashed] = (time.monotonic() + float(settings.TOKEN_CACHE_SECONDS), player)
        _found.move_to_end(hashed)
        while len(_found) > SIZE:
            _found.popitem(last=False)


def forget_player(player_id: int) -> None:
    """Forget every token of ``player_id`` this process remembers: they were rotated or revoked."""
    with _lock:
        for hashed in [hashed for hashed, (_, player) in _found.items() if player.pk == player_id]:
            del _found[hashed]


def get_player(*, player_id: int) -> Player | None:
    return Player.objects.filter(pk=player_id).first()
