"""Quick-match over GraphQL: ``quickMatch`` and ``leaveQuickMatch`` (mutations), and
``quickMatchUpdates`` (a subscription): where the caller stands at a quick-match table.

The services are api/matches/quick.py. The subscription wakes on the table's nudges, as matchUpdates
does (a seat taken or given up, the deal, the close all nudge the match), and sends the caller's state
each time it changes, ending after MATCHED or CANCELLED.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Callable
from datetime import UTC, datetime
from enum import Enum
from typing import Any

import strawberry
from channels.layers import get_channel_layer
from django.conf import settings
from strawberry.types import Info

from api.common import ratelimits
from api.common.errors import ServiceError
from api.graphql.context import Context, run_sync
from api.graphql.errors import (
    MATCH_NOT_FOUND,
    UserError,
    auth_required,
    field_error,
    match_not_found,
    parse_id,
)
from api.graphql.matches import Match
from api.graphql.nudges import nudges
from api.matches import quick, store

POLL_SECONDS = float(getattr(settings, "GRAPHQL_SUBSCRIPTION_POLL_SECONDS", 10.0))


@strawberry.enum(description="Where a player stands at a quick-match table.")
class QuickMatchState(Enum):
    WAITING = "WAITING"
    MATCHED = "MATCHED"
    CANCELLED = "CANCELLED"


@strawberry.type(
    description="A quick-match table as its player sees it: WAITING (seated of seats, since openedAt; bots "
    "take the empty seats at fillAt), MATCHED (the match, matchId, has started with the caller seated) or "
    "CANCELLED (the caller left, or the table closed)."
)
class QuickMatchUpdate:
    state: QuickMatchState
    match_id: strawberry.ID
    seated: int = strawberry.field(description="Seats taken, people and bots.")
    seats: int
    opened_at: datetime
    fill_at: datetime = strawberry.field(description="When bots take the empty seats and the match starts.")
    waited_seconds: float = strawberry.field(description="How long the table has waited, when this was sent.")

    @classmethod
    def of(cls, queue: quick.QueueState, now_ms: int) -> QuickMatchUpdate:
        return cls(
            state=QuickMatchState(queue.state),
            match_id=strawberry.ID(str(queue.match_id)),
            seated=queue.seated,
            seats=queue.seats,
            opened_at=_moment(queue.opened_at_ms),
            fill_at=_moment(queue.fill_at_ms),
            waited_seconds=max(0, min(now_ms, queue.fill_at_ms) - queue.opened_at_ms) / 1000,
        )


@strawberry.type(description="The quick-match table the caller sits at (match and queue), or the error.")
class QuickMatchPayload:
    match: Match | None = None
    queue: QuickMatchUpdate | None = None
    error: UserError | None = None


def _moment(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


async def act(
    info: Info[Context, Any], service: Callable[..., Any], limits: tuple[str, ...], **arguments: Any
) -> QuickMatchPayload:
    """Run a quick-match service for the caller (rate limited as a lobby action) and wrap the table."""
    player = info.context.player
    if player is None:
        return QuickMatchPayload(error=auth_required())
    for rule in ("player", *limits):
        refusal = await ratelimits.hit(rule, player.pk)
        if refusal is not None:
            return QuickMatchPayload(error=UserError.of(refusal))

    def call() -> QuickMatchPayload:
        try:
            table = service(player=player, **arguments)
            queue = quick.queue_state(match_id=table.pk, player=player)
        except ServiceError as error:
            return QuickMatchPayload(error=UserError.of(error))
        return QuickMatchPayload(match=Match(model=table), queue=QuickMatchUpdate.of(queue, store.clock_ms()))

    return await run_sync(call)()


async def leave(info: Info[Context, Any], match_id: strawberry.ID) -> QuickMatchPayload:
    key = parse_id(match_id)
    if key is None:
        return QuickMatchPayload(error=match_not_found(match_id))
    return await act(info, quick.leave_quick_match, (), match_id=key)


async def updates(
    info: Info[Context, Any], match_id: strawberry.ID
) -> AsyncGenerator[QuickMatchUpdate, None]:
    """The caller's state at the table now, then at every change, until MATCHED or CANCELLED."""
    key = parse_id(match_id)
    if key is None:
        raise field_error(MATCH_NOT_FOUND, f"There is no match {match_id}.")
    player = info.context.player
    read = run_sync(lambda: quick.queue_state(match_id=key, player=player))
    async with nudges(get_channel_layer()).watch(key) as watch:
        # ``watch.sent`` stays -1: a waiting table's version does not move as seats are taken, and
        # every nudge of it must wake us.
        last = None
        while True:
            queue = await read()
            if queue != last:
                last = queue
                yield QuickMatchUpdate.of(queue, store.clock_ms())
            if queue.state != quick.WAITING:
                return
            timer = asyncio.get_running_loop().call_later(POLL_SECONDS, watch.woken.set)
            try:
                await watch.woken.wait()
            finally:
                timer.cancel()
            watch.woken.clear()
            watch.take_nudge()
