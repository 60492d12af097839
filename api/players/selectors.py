"""Who holds a token.

Every request with a bearer token asks this, so found players are remembered in this process for
TOKEN_CACHE_SECONDS: a player row never changes after registration, and a token is never reissued.
Unknown tokens are not remembered (a player registered a moment ago must be found at once).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from django.conf import settings

from api.players.models import Player
from api.players.tokens import hash_token

SIZE = 10_000

_found: OrderedDict[str, tuple[float, Player]] = OrderedDict()
_lock = threading.Lock()


def player_for_token(*, token: str | None) -> Player | None:
    if not token:
        return None
    hashed = hash_token(token)
    now = time.monotonic()
    with _lock:
        held = _found.get(hashed)
        if held is not None and held[0] > now:
            return held[1]
    player = Player.objects.filter(token_hash=hashed).first()
    if player is not None:
        with _lock:
            _found[hashed] = (now + float(settings.TOKEN_CACHE_SECONDS), player)
            _found.move_to_end(hashed)
            while len(_found) > SIZE:
                _found.popitem(last=False)
    return player


def forget_tokens() -> None:
    with _lock:
        _found.clear()


def get_player(*, player_id: int) -> Player | None:
    return Player.objects.filter(pk=player_id).first()
