"""Closing a player's open WebSockets, asked for by the apps below the transports.

The players end a session when a token is rotated or revoked, the leaderboards when a player is banned;
closing the sockets is the transports' work (``api.realtime.kick``), which they hand over here from
their AppConfig.ready: nothing below them imports them (the layers in pyproject.toml). The close code is
4401 for TOKEN_REVOKED and 1008 for PLAYER_BANNED, both final for graphql-ws (it does not reconnect); the
reason says why, so a client knows whether its token still works.
"""

from __future__ import annotations

from collections.abc import Callable

import structlog
from django.db import transaction

log = structlog.get_logger(__name__)

TOKEN_REVOKED = "TOKEN_REVOKED"  # rotated or revoked: connect again with the new token
PLAYER_BANNED = "PLAYER_BANNED"  # the token still works: the banned still play, unrated

CloseSockets = Callable[[int, str], None]
_close: CloseSockets | None = None


def close_with(close: CloseSockets) -> None:
    """``close(player_id, code)`` closes the player's sockets in every process (the transports')."""
    global _close
    _close = close


def close_after_commit(player_id: int, code: str) -> None:
    """Close ``player_id``'s sockets once the current transaction commits (never for a rolled-back
    change). Robust: the change is committed by then, so a failure to close is logged, not answered."""
    transaction.on_commit(lambda: _close_now(player_id, code), robust=True)


def _close_now(player_id: int, code: str) -> None:
    if _close is None:
        log.warning("player_sockets_left_open", player_id=player_id, code=code, reason="no transport")
        return
    _close(player_id, code)
