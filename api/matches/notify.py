"""After commit: tell every subscriber of a match that it moved, never what happened.

Channel-layer delivery is at most once and each subscriber has its own viewer, so the message carries
only the version: subscribers read what they missed from the database and redact it themselves.
"""

from __future__ import annotations

import structlog
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = structlog.get_logger(__name__)


def group_name(match_id: int) -> str:
    return f"match.{match_id}"


def publish_match_advanced(match_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "match.advanced", "match_id": match_id, "version": version}
    try:
        async_to_sync(layer.group_send)(group_name(match_id), message)
    except Exception:
        # The move is committed; a lost nudge only delays subscribers until their next poll. A Redis
        # outage never gets here: the layer drops the nudge itself (api/common/layers.py).
        log.exception("match_advanced_publish_failed", match_id=match_id, version=version)
