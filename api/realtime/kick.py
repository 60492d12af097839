"""Closing every GraphQL WebSocket of a player, in every server process: a revoked token or a ban must not
outlive the sockets opened with it.

Each event loop that serves signed-in WebSockets has one listener (like the nudges' listener of
api/graphql/nudges.py): a channel of its own on the channel layer, in the group ``players.kick``, and its
open connections by player. ``disconnect_player`` closes the player's sockets on the calling loop at once,
then tells the group; every listener (the caller's too: closing twice is harmless) closes its own with
4401 (TOKEN_REVOKED) or 1008 (PLAYER_BANNED) and the reason ``{"code": <why>}`` (api/common/sockets.py),
and forgets the tokens its process remembers for the player (api/players/selectors.py). A process listens from its first signed-in request or socket. With
Redis the group reaches every process; without it (embedded mode) the one process is every process.

While Redis is down the layer drops the message (api/common/layers.py): the kick then reaches only the
process it was made in.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any, Protocol

import orjson
import structlog
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from api.common.database import calling_loop
from api.common.sockets import PLAYER_BANNED, TOKEN_REVOKED
from api.players.selectors import forget_player

log = structlog.get_logger(__name__)

GROUP = "players.kick"
# Codes the official graphql-ws client treats as fatal: it must not reconnect on its own, with the same
# token and the same variables, after either (it retries 4403).
CLOSE_UNAUTHORIZED = 4401  # graphql-transport-ws "Unauthorized": the token no longer works
CLOSE_POLICY_VIOLATION = 1008  # RFC 6455: banned; the token still works, the app decides what next
RECEIVE_RETRY_SECONDS = 1.0  # after an unexpected failure to receive (a bug: the layer rides out outages)


def close_code(code: str) -> int:
    """The WebSocket close code that goes with a kick's ``code``."""
    return CLOSE_POLICY_VIOLATION if code == PLAYER_BANNED else CLOSE_UNAUTHORIZED


class Kickable(Protocol):
    async def kick(self, code: int, reason: str) -> None: ...


class Listener:
    """This event loop's open connections by player, and its membership of the kick group."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.connections: dict[int, set[Kickable]] = {}
        self.channel: str | None = None
        self.receiving: asyncio.Task[None] | None = None

    async def join(self, player_id: int, connection: Kickable) -> None:
        """Count ``connection`` as ``player_id``'s until ``leave``; listen to the group from the first."""
        self.connections.setdefault(player_id, set()).add(connection)
        await self.listen(again=True)

    async def listen(self, again: bool = False) -> None:
        """Be in the group from now on (``again``: join it anew, as a layer may expire memberships:
        the in-memory one after a day)."""
        if self.layer is None or (self.channel is not None and not again):
            return
        if self.channel is None:
            self.channel = await self.layer.new_channel()
            self.receiving = asyncio.ensure_future(self._receive(self.channel))
        await self.layer.group_add(GROUP, self.channel)

    def leave(self, player_id: int, connection: Kickable) -> None:
        held = self.connections.get(player_id)
        if held is None:
            return
        held.discard(connection)
        if not held:
            del self.connections[player_id]

    async def close_here(self, player_id: int, code: str = TOKEN_REVOKED) -> int:
        """Close this loop's connections of ``player_id``, saying ``code``; how many there were."""
        connections = list(self.connections.pop(player_id, ()))
        reason = orjson.dumps({"code": code}).decode()
        for connection in connections:
            await connection.kick(close_code(code), reason)
        if connections:
            log.info("player_websockets_closed", player_id=player_id, count=len(connections))
        return len(connections)

    async def _receive(self, channel: str) -> None:
        while True:
            try:
                message = await self.layer.receive(channel)
                player_id = int(message["player_id"])
                forget_player(player_id)  # the tokens this process remembers for the player
                await self.close_here(player_id, str(message.get("code", TOKEN_REVOKED)))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("player_kick_receive_failed")
                await asyncio.sleep(RECEIVE_RETRY_SECONDS)


_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Listener] = weakref.WeakKeyDictionary()


def listener() -> Listener:
    """The running loop's listener (a new one if the channel layer changed: tests do that)."""
    loop = asyncio.get_running_loop()
    layer = get_channel_layer()
    held = _by_loop.get(loop)
    if held is None or held.layer is not layer:
        if held is not None and held.receiving is not None:
            held.receiving.cancel()
        held = _by_loop[loop] = Listener(layer)
    return held


async def disconnect_player(player_id: int, code: str = TOKEN_REVOKED) -> None:
    """Close every open GraphQL WebSocket of ``player_id``, in every server process (``close_code``,
    ``code``)."""
    here = _by_loop.get(asyncio.get_running_loop())
    if here is not None:
        await here.close_here(player_id, code)
    layer = get_channel_layer()
    if layer is not None:
        await layer.group_send(GROUP, {"type": "player.kick", "player_id": int(player_id), "code": code})


def disconnect_player_sync(player_id: int, code: str = TOKEN_REVOKED) -> None:
    """``disconnect_player`` from synchronous code: a database thread (its request's loop does it), an
    admin view or a command. Never raises: the revocation is committed; a lost kick is logged."""
    loop = calling_loop.get() or _loop_of_this_thread()
    if loop is not None and loop.is_running():
        sent = asyncio.run_coroutine_threadsafe(disconnect_player(player_id, code), loop)
        sent.add_done_callback(lambda done: _log_failure(done, player_id))
        return
    try:
        async_to_sync(disconnect_player)(player_id, code)
    except Exception:
        log.exception("player_kick_failed", player_id=player_id)


def _loop_of_this_thread() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _log_failure(done: Any, player_id: int) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.error("player_kick_failed", player_id=player_id, exc_info=done.exception())
