"""REST for what is not a graph: ``GET /api/matches/<id>/replay.json``.

The caller's redacted log and the seed's commitment (or the full log, the seed and its salt, once the
match is over and its options reveal it), identified by ``Authorization: Bearer <token>``; no token means
the spectator's view. Errors have the same shape as GraphQL's:
``{"errors": [{"message": ..., "extensions": {"code": ...}}]}``.

Its database work runs on the API's database threads (api/common/database.py), as GraphQL's does: a
crowd of anonymous downloads shares DATABASE_THREADS sessions, waits its turn, and past
DATABASE_QUEUE_SECONDS is told 503 SERVICE_UNAVAILABLE, instead of taking a session each. The body is
built before it is sent, so a slow reader holds no session.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET

from api.common import database
from api.common.errors import Codes
from api.matches import selectors
from api.matches.models import Match
from api.matches.results import VisibleEvent
from api.middleware import unavailable
from games.core.visibility import Viewer


def viewer_label(viewer: Viewer) -> str:
    if viewer.omniscient:
        return "everyone"
    return "spectator" if viewer.seat is None else f"seat {viewer.seat}"


def match_json(match: Match) -> dict[str, Any]:
    seats = [
        {
            "index": seat.index,
            "player": None if seat.player is None else {"id": seat.player.pk, "name": seat.player.name},
            "isBot": seat.is_bot,
            "botLevel": seat.bot_level or None,
        }
        for seat in match.seats.all()
    ]
    return {
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "options": match.options,
        "rulesVersion": match.rules_version,
        "seats": seats,
        "version": match.version,
    }


def event_json(event: VisibleEvent) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "type": event.type,
        "at": event.at.isoformat(),
        "seat": event.seat,
        "data": event.data,
    }


def replay_body(match_id: str, player: Any) -> tuple[int, dict[str, Any]]:
    """The export's status and body, as ``player`` (None: a spectator) may see it. Sync (queries)."""
    match = selectors.get_match(match_id=match_id)
    if match is None:
        error = {"message": f"No match {match_id}.", "extensions": {"code": Codes.MATCH_NOT_FOUND}}
        return 404, {"errors": [error]}
    viewer = selectors.viewer_for(match=match, player=player)
    body: dict[str, Any] = {"match": match_json(match), "viewer": viewer_label(viewer)}
    # The commitment from the lobby on; the seed and salt that open it only with the full log.
    body["seedCommitment"] = match.seed_commitment
    if viewer.omniscient:
        body["seed"] = match.seed
        body["seedSalt"] = match.seed_salt
    body["events"] = [event_json(event) for event in selectors.events_for(match=match, viewer=viewer)]
    return 200, body


@csrf_exempt  # a bearer-token API: no cookies, so no cross-site request to forge
@require_GET
async def replay_json(request: HttpRequest, match_id: str) -> JsonResponse:
    # Resolved by the bearer middleware in front of every HTTP route (config/asgi.py).
    player = request.scope.get("player")  # type: ignore[attr-defined]
    try:
        status, body = await database.run(replay_body, match_id, player)
    except database.DatabaseUnavailable as error:
        return unavailable(error)
    return JsonResponse(body, status=status)
