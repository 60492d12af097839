"""After commit: tell every subscriber of a match that it moved, never what happened.

Channel-layer delivery is at most once and each subscriber has its own viewer, so the message carries
only the version: subscribers read what they missed from the database and redact it themselves.

A move made for a request is committed on a database thread. Its nudge is queued for the Redis layer's
publishing thread (api/common/publisher.py), which sends it without the request's event loop: on a busy
loop, going back to it to publish cost the nudge hundreds of milliseconds. Listeners in this process
(``on_commit_here``: the live updates) hear of the commit first, on the request's loop, with what the
writer holds (the match, its game and the rows appended), so its subscribers here need no read and no
round trip through Redis. When a crowd of them follows the match, the database thread publishes the
nudge itself (``group_send_now``) while the loop starts on their updates: the publishing thread would
wait for the interpreter until the loop had sent them all, and every subscriber in the other processes
with it (docs/performance-log.md, the live fan-out). Another layer (in memory, for one process) is sent to
on that loop.
(``async_to_sync`` from a database thread would start an event loop, and with it a new Redis
connection, for every move.) Elsewhere (the timer worker, commands) there is no such loop and the nudge
is sent from the calling thread, before it goes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import structlog
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from api.common.database import calling_loop
from api.common.layers import ResilientRedisPubSubLayer
from api.matches.models import Match, MatchEvent
from games.core.engine import Game

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class Commit:
    """A commit as its writer holds it: the match after it, its game, and the rows after ``since``."""

    match: Match
    game: Game
    since: int
    rows: Sequence[MatchEvent]


_here: list[Callable[[Commit], None]] = []
# Does a loop have a crowd of subscribers of a match (the loop, the match's id)? Asked on the committing
# database thread.
_crowds: list[Callable[[asyncio.AbstractEventLoop, int], bool]] = []


def on_commit_here(
    listener: Callable[[Commit], None], crowd: Callable[[asyncio.AbstractEventLoop, int], bool] | None = None
) -> None:
    """Call ``listener`` on the committing request's event loop for every commit made for a request in
    this process (wiring: api/graphql registers the live updates' listener once). ``crowd``: whether
    the listener will send so many updates of the match that the nudge should leave first."""
    if listener not in _here:
        _here.append(listener)
    if crowd is not None and crowd not in _crowds:
        _crowds.append(crowd)


def group_name(match_id: int) -> str:
    return f"match.{match_id}"


def publish_match_advanced(
    match_id: int, version: int, commit: Commit | None = None, *, seats: bool = False
) -> None:
    """Nudge the match's subscribers: it is at ``version``. ``seats``: its seats changed without a move
    (a player took their seat back from a stand-in), so subscribers at that version read it again."""
    loop = calling_loop.get()
    running = loop is not None and loop.is_running()
    if running and commit is not None:
        for listener in _here:
            loop.call_soon_threadsafe(listener, commit)  # type: ignore[union-attr]
    layer = get_channel_layer()
    if layer is None:
        return
    message: dict[str, Any] = {"type": "match.advanced", "match_id": match_id, "version": version}
    if seats:
        message["seats"] = True
    group = group_name(match_id)
    if running and isinstance(layer, ResilientRedisPubSubLayer):
        crowded = commit is not None and any(crowd(loop, match_id) for crowd in _crowds)  # type: ignore[arg-type]
        if crowded and layer.group_send_now(group, message):
            return
        if layer.group_send_soon(group, message):
            return
    if running:
        sent = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)  # type: ignore[arg-type]
        sent.add_done_callback(lambda done: _log_failure(done, match_id, version))
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:
        # The move is committed; a lost nudge only delays subscribers until their next poll. A Redis
        # outage never gets here: the layer drops the nudge itself (api/common/layers.py).
        log.exception("match_advanced_publish_failed", match_id=match_id, version=version)


def settle(timeout: float) -> None:
    """Let the nudges queued so far leave before this process stops (``timeout`` seconds at most)."""
    layer = get_channel_layer()
    if isinstance(layer, ResilientRedisPubSubLayer) and not layer.settle_sends_soon(timeout):
        log.warning("nudges_unsettled", timeout_s=timeout)


def _log_failure(sent: Future[Any], match_id: int, version: int) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        log.error(
            "match_advanced_publish_failed", match_id=match_id, version=version, exc_info=sent.exception()
        )
