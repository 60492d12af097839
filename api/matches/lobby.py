"""A lobby's life before the deal: how many a player may keep open, when an idle one expires, and
seats that are given up.

An open lobby holds one deadline row (kind and id ``lobby``), pushed back by every change to the
lobby; when it passes, the timer worker ends the lobby (``services.expire_lobby``). Until a worker
gets to it, a lobby past its deadline already refuses joins, bots and the start, so expiry holds even
with no timer running.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from api.common import statements
from api.common.errors import Codes, ServiceError
from api.matches import aftermath
from api.matches.models import Match, MatchDeadline, MatchStatus, Seat

LOBBY = "lobby"  # the deadline's kind and id
EXPIRED_REASON = "the lobby expired before it started"
HOST_LEFT_REASON = "the host closed the lobby"


def ttl_ms() -> int:
    return int(settings.LOBBY_TTL_SECONDS) * 1000


def require_room_for(player: Any) -> None:
    """A player may sit in at most MAX_OPEN_LOBBIES_PER_PLAYER lobbies at once, hosted or joined."""
    limit = int(settings.MAX_OPEN_LOBBIES_PER_PLAYER)
    held = Seat.objects.filter(player_id=player.pk, match__status=MatchStatus.LOBBY).count()
    if held >= limit:
        raise ServiceError(
            Codes.TOO_MANY_LOBBIES,
            f"You already sit in {held} open lobbies (at most {limit}): start, leave or wait for one first.",
        )


def extend(match: Match, now_ms: int) -> None:
    """Push the lobby's expiry back to ``now + LOBBY_TTL_SECONDS``; mirrored once committed."""
    at = now_ms + ttl_ms()
    row = MatchDeadline(match_id=match.pk, deadline_id=LOBBY, at_ms=at, kind=LOBBY)
    statements.run(statements.upsert_statement(MatchDeadline, [row], unique=("match", "deadline_id")))
    aftermath.committed(match.pk, match.version, deadlines=[(LOBBY, at, LOBBY)])


def expired(match: Match, now_ms: int) -> bool:
    at = statements.value(MatchDeadline, "at_ms", match=match.pk, deadline_id=LOBBY)
    return at is not None and at <= now_ms


def require_open(match: Match, now_ms: int) -> None:
    if expired(match, now_ms):
        raise ServiceError(Codes.LOBBY_EXPIRED, "This lobby has expired: create a new match.")


def end_timer(match: Match) -> None:
    """The deal ends the lobby's expiry. (A copy the timer store still holds fires as a no-op.)"""
    statements.run(statements.delete_statement(MatchDeadline, match=match.pk, deadline_id=LOBBY))


def vacate(match: Match, index: int) -> None:
    """Free seat ``index``; later seats move down one, so seats stay numbered 0..n-1 for the deal."""
    seats = sorted(match.seats.all(), key=lambda seat: seat.index)
    Seat.objects.filter(match_id=match.pk, index=index).delete()
    for seat in seats:
        if seat.index > index:  # ascending, so each move lands on the index just freed
            Seat.objects.filter(pk=seat.pk).update(index=seat.index - 1)
