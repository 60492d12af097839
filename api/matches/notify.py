"""After commit: tell every subscriber of a match that it moved, never what happened.

Channel-layer delivery is at most once and each subscriber has its own viewer, so the message carries
only the version: subscribers read what they missed from the database and redact it themselves.

A move made for a request is committed on a database thread; its nudge is sent from the request's own
event loop, whose channel-layer connection stays open. (``async_to_sync`` from a database thread would
start an event loop, and with it a new Redis connection, for every move.) Elsewhere (the timer worker,
commands) there is no such loop and the nudge is sent from the calling thread.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import Any

import structlog
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from api.common.database import calling_loop

log = structlog.get_logger(__name__)


def group_name(match_id: int) -> str:
    return f"match.{match_id}"


def publish_match_advanced(match_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "match.advanced", "match_id": match_id, "version": version}
    loop = calling_loop.get()
    if loop is not None and loop.is_running():
        sent = asyncio.run_coroutine_threadsafe(layer.group_send(group_name(match_id), message), loop)
        sent.add_done_callback(lambda done: _log_failure(done, match_id, version))
        return
    try:
        async_to_sync(layer.group_send)(group_name(match_id), message)
    except Exception:
        # The move is committed; a lost nudge only delays subscribers until their next poll. A Redis
        # outage never gets here: the layer drops the nudge itself (api/common/layers.py).
        log.exception("match_advanced_publish_failed", match_id=match_id, version=version)


def _log_failure(sent: Future[Any], match_id: int, version: int) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        log.error(
            "match_advanced_publish_failed", match_id=match_id, version=version, exc_info=sent.exception()
        )
