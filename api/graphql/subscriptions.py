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
from collections.abc import AsyncGenerator, Awaitable, Callable, Hashable
from typing import Any

import strawberry
from django.conf import settings
from graphql import ExecutionResult, GraphQLError, OperationDefinitionNode
from graphql.pyutils import is_awaitable
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.types import Info

from api.common.database import SERVICE_UNAVAILABLE
from api.common.layers import layer_is_down, watch_layer_health
from api.graphql.context import Context
from api.graphql.errors import MATCH_NOT_FOUND, WEBSOCKET_REQUIRED, field_error, parse_id
from api.graphql.games.base import GameView
from api.graphql.matches import LegalMove, MatchEvent, MatchStatus, Outcome
from api.graphql.updates import Source, sources

# A lost nudge is noticed within this many seconds (a cheap version check, not a re-read).
POLL_SECONDS = float(getattr(settings, "GRAPHQL_SUBSCRIPTION_POLL_SECONDS", 10.0))
# While the channel layer cannot reach Redis no nudge arrives at all: the check runs this often instead.
OUTAGE_POLL_SECONDS = float(getattr(settings, "GRAPHQL_SUBSCRIPTION_OUTAGE_POLL_SECONDS", 2.0))


@strawberry.type(description="What changed in a match since the previous update (or since afterVersion).")
class MatchUpdate:
    source: strawberry.Private[Source]
    player: strawberry.Private[Any]
    after: strawberry.Private[int]

    def sharing_key(self, variables: dict[str, Any]) -> Hashable | None:
        """What, with the document, decides this update's answer (None: not shareable)."""
        key = (tuple(sorted(variables.items())), self.after, self.source.audience(self.player))
        try:
            hash(key)
        except TypeError:  # a variable holding a list or an input object: executed on its own
            return None
        return key

    @strawberry.field(description="The match version this update brings the client to.")
    def version(self) -> int:
        return self.source.version

    @strawberry.field
    def status(self) -> MatchStatus:
        return MatchStatus(self.source.match.status)

    @strawberry.field
    def outcome(self) -> Outcome | None:
        outcome = self.source.match.outcome
        return Outcome.from_json(outcome) if outcome else None

    @strawberry.field(
        description="The events after the previous update's version, up to `version`, redacted."
    )
    async def events(self) -> list[MatchEvent]:
        shown = await self.source.events(self.after, self.source.viewer(self.player))
        return [MatchEvent.from_visible(event) for event in shown]

    @strawberry.field(description="The caller's view at `version`.")
    def view(self) -> GameView | None:
        return self.source.view(self.source.viewer(self.player))

    @strawberry.field(
        description="What the caller may do at `version` (as Match.legalMoves): a live client needs no "
        "query per update. Empty for a spectator and when it is not the caller's turn."
    )
    def legal_moves(self) -> list[LegalMove]:
        return [
            LegalMove(label=move["label"], input=move["input"])
            for move in self.source.legal_moves(self.player)
        ]


class SharedUpdateExecutor(StrawberryGraphQLCoreExecutionContext):
    """graphql-core's executor, but a MatchUpdate's selection runs once for all who get the same answer.

    Every subscriber of a match wakes on the same nudge and would run its selection on its own update.
    Everything under MatchUpdate is derived from the Source, the update's start and the audience
    (viewer, seat) alone, never from the context: so subscribers with the same document (the parsed
    tree the document cache hands every sender of the same text), variables and audience share one
    execution and its result. A spectator crowd costs one execution per version; a seat never gets
    another seat's answer, nor a spectator a seat's. Anything else executes as usual.
    """

    def execute_operation(self, serially: bool | None = None) -> Any:
        run = lambda: super(SharedUpdateExecutor, self).execute_operation(serially)  # noqa: E731
        update = self.root_value
        if not isinstance(update, MatchUpdate):
            return run()
        key = update.sharing_key(self.variable_values.coerced)
        return run() if key is None else shared(update.source.results, self.operation, key, run)


Executed = ExecutionResult | asyncio.Future[ExecutionResult]


def shared(
    results: dict[Hashable, Any], operation: OperationDefinitionNode, key: Hashable, run: Callable[[], Any]
) -> ExecutionResult | Awaitable[ExecutionResult]:
    """The result of ``run`` for ``(operation, key)``: run by the first who asks, shared with the rest.

    The operation is held with its result and compared by identity (a syntax tree has no cheap
    equality), so a result is never handed to another document. A result with errors is not kept:
    whoever asks later runs it again (the database may be back).
    """
    held = results.get(key)
    if held is not None and held[0] is operation:
        executed: Executed = held[1]
    else:
        outcome = run()
        if not is_awaitable(outcome):
            if not outcome.errors:
                results[key] = (operation, outcome)
            return outcome
        # A task of its own: a subscriber that leaves (or waits on a slow socket) holds up no one else.
        executed = asyncio.ensure_future(outcome)
        results[key] = (operation, executed)
        executed.add_done_callback(lambda done: _forget_failed(results, key, done))
    if isinstance(executed, asyncio.Future):
        return _when_done(executed)
    return _own_copy(executed)


def _forget_failed(
    results: dict[Hashable, Any], key: Hashable, done: asyncio.Future[ExecutionResult]
) -> None:
    failed = done.cancelled() or done.exception() is not None or bool(done.result().errors)
    if failed and key in results and results[key][1] is done:
        del results[key]


async def _when_done(executed: asyncio.Future[ExecutionResult]) -> ExecutionResult:
    return _own_copy(await asyncio.shield(executed))


def _own_copy(result: ExecutionResult) -> ExecutionResult:
    """Each subscriber's own result object (strawberry and its extensions replace its errors)."""
    errors = None if result.errors is None else list(result.errors)
    return ExecutionResult(result.data, errors, result.extensions)


async def read_update(
    player: Any, match_id: int, after: int | None, nudged: int | None, *, first: bool = False
) -> MatchUpdate | None:
    """The update that brings a client from ``after`` to the match now (the first update always
    comes; ``after`` None or past the current version: the view, no events).

    ``nudged``: the version a nudge announced (None: read afresh). A later update with nothing new: None.
    """
    source = await sources().at_least(match_id, nudged)
    if source is None:
        if first:
            raise field_error(MATCH_NOT_FOUND, f"There is no match {match_id}.")
        return None
    if not first and (after is None or source.version <= after):
        return None
    start = source.version if after is None else min(after, source.version)
    return MatchUpdate(source=source, player=player, after=start)


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

            nudged: int | None = None  # the highest version a nudge announced, until it is read

            async def listen() -> None:
                nonlocal nudged
                async for nudge in nudges:
                    # One connection may follow several matches: each listener sees every nudge.
                    version = nudge.get("version", 0)
                    if nudge.get("match_id") == key and version > sent:
                        nudged = max(nudged or 0, version)
                        woken.set()

            sent = -1
            listener = asyncio.create_task(listen())
            try:
                first = await read_update(player, key, after_version, None, first=True)
                assert first is not None  # a missing match raised
                sent = first.source.version
                yield first
                while True:
                    await _wait(woken, consumer.channel_layer)
                    wanted, nudged = nudged, None
                    try:
                        update = await read_update(player, key, sent, wanted)
                    except GraphQLError as error:
                        if (error.extensions or {}).get("code") != SERVICE_UNAVAILABLE:
                            raise
                        # The database is down: stay subscribed; the next wake (nudge or poll) reads again.
                        nudged = max(nudged or 0, wanted or 0) or None
                        continue
                    if update is not None:
                        sent = update.source.version
                        yield update
            finally:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listener
