"""Ending a player's sessions once their token stops working (rotated or revoked): the tokens this
process remembers are forgotten, and the player's open WebSockets are closed in every server process
(api/common/sockets.py, where the transports take it up).
"""

from __future__ import annotations

from django.db import transaction

from api.common import sockets
from api.players.selectors import forget_player


def end_after_commit(player_id: int) -> None:
    """End ``player_id``'s sessions once the current transaction commits (never for a rolled-back one)."""
    transaction.on_commit(lambda: forget_player(player_id), robust=True)
    sockets.close_after_commit(player_id, sockets.TOKEN_REVOKED)
