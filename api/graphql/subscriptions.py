"""Live matches: ``matchUpdates(matchId, afterVersion)``.

The write path publishes only nudges ("match X is at version N", at most once, to the channel-layer
group ``match.<id>``). Each subscription reads what it has not sent yet from the database, redacts it
for its own viewer and sends one ``MatchUpdate`` per batch, so nothing secret ever crosses the layer
and a lost nudge costs latency, never data: every wake-up (nudge or poll) re-reads the version. While
the channel layer cannot reach Redis, subscriptions stay open and poll faster (OUTAGE_POLL_SECONDS).

The first message comes at once and tells the client it is live: with ``afterVersion`` below the
current version it carries every event the client missed; otherwise it is the current view with no
events. Later messages have strictly increasing versions, each with the events since the previous one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator
from typing import Any

import strawberry
from django.conf import settings
from django.db import close_old_connections
from strawberry.types import Info

from api.common.layers import layer_is_down, watch_layer_health
from api.graphql.context import Context, run_sync
from api.graphql.errors import MATCH_NOT_FOUND, WEBSOCKET_REQUIRED, field_error, parse_id
from api.graphql.games.base import GameView
from api.graphql.matches import MatchEvent, MatchStatus, Outcome, view_of
from api.matches import selectors

# A lost nudge is noticed within this many seconds (a cheap version check, not a re-read).
POLL_SECONDS = float(getattr(settings, "GRAPHQL_SUBSCRIPTION_POLL_SECONDS", 10.0))
# While the channel layer cannot reach Redis no nudge arrives at all: the check runs this often instead.
OUTAGE_POLL_SECONDS = float(getattr(settings, "GRAPHQL_SUBSCRIPTION_OUTAGE_POLL_SECONDS", 2.0))


@strawberry.type(description="What changed in a match since the previous update (or since afterVersion).")
class MatchUpdate:
    version: int = strawberry.field(description="The match version this update brings the client to.")
    events: list[MatchEvent] = strawberry.field(
        description="The events after the previous update's version, up to `version`, redacted."
    )
    view: GameView | None = strawberry.field(description="The caller's view at `version`.")
    status: MatchStatus
    outcome: Outcome | None


def read_update(player: Any, match_id: int, after: int | None, *, first: bool) -> MatchUpdate | None:
    """The update that brings a client from ``after`` (None: nothing sent yet) to now. Sync.

    Not the first update and nothing new: None, without building a view.
    """
    close_old_connections()  # a long-lived subscription may wake on a connection that has expired
    match = selectors.get_match(match_id=match_id)
    if match is None:
        if first:
            raise field_error(MATCH_NOT_FOUND, f"There is no match {match_id}.")
        return None
    if not first and (after is None or match.version <= after):
        return None
    viewer = selectors.viewer_for(match=match, player=player)
    if after is None or after >= match.version:
        events = []
    else:
        events = selectors.events_for(match=match, viewer=viewer, after=after)
    return MatchUpdate(
        version=match.version,
        events=[MatchEvent.from_visible(event) for event in events if event.seq <= match.version],
        view=view_of(match, viewer),
        status=MatchStatus(match.status),
        outcome=Outcome.from_json(match.outcome) if match.outcome else None,
    )


async def _wait(woken: asyncio.Event, layer: Any) -> None:
    timeout = OUTAGE_POLL_SECONDS if layer_is_down(layer) else POLL_SECONDS
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(woken.wait(), timeout=timeout)
    woken.clear()


@strawberry.type
class Subscription:
    @strawberry.subscription(
        description="Updates of one match, redacted for the connection's player (see connection_init). "
        "Reconnect with afterVersion = the last version received to get exactly what was missed."
    )
    async def match_updates(
        self, info: Info[Context, Any], match_id: strawberry.ID, after_version: int | None = None
    ) -> AsyncGenerator[MatchUpdate, None]:
        key = parse_id(match_id)
        if key is None:
            raise field_error(MATCH_NOT_FOUND, f"There is no match {match_id}.")
        player = info.context.player
        consumer = info.context.ws
        if consumer is None:
            raise field_error(
                WEBSOCKET_REQUIRED, "Subscribe over the WebSocket at /graphql/ (graphql-transport-ws)."
            )
        async with consumer.listen_to_channel("match.advanced", groups=[f"match.{key}"]) as nudges:
            # Joined the group before the first read: no commit can fall between the two.
            woken = asyncio.Event()
            # Redis going down or coming back wakes us too: the next wait takes the other interval, and
            # a nudge lost in the switch is read now rather than at the next poll.
            watch_layer_health(consumer.channel_layer, woken)

            async def listen() -> None:
                async for nudge in nudges:
                    # One connection may follow several matches: each listener sees every nudge.
                    if nudge.get("match_id") == key and nudge.get("version", 0) > sent:
                        woken.set()

            sent = -1
            listener = asyncio.create_task(listen())
            try:
                update = await run_sync(read_update)(player, key, after_version, first=True)
                sent = update.version
                yield update
                while True:
                    await _wait(woken, consumer.channel_layer)
                    update = await run_sync(read_update)(player, key, sent, first=False)
                    if update is not None:
                        sent = update.version
                        yield update
            finally:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listener
