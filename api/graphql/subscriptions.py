"""Live matches: ``matchUpdates(matchId, afterVersion)``.

The write path publishes only nudges ("match X is at version N", at most once, to the channel-layer
group ``match.<id>``), which one listener per process hands to every subscription of that match
(api/graphql/nudges.py). Each subscription reads what it has not sent yet from the database, redacts it
for its own viewer and sends one ``MatchUpdate`` per batch, so nothing secret ever crosses the layer
and a lost nudge costs latency, never data: every wake-up (nudge or poll) re-reads the version. While
the channel layer cannot reach Redis, subscriptions stay open and poll faster (OUTAGE_POLL_SECONDS).
The reads, the redaction and the GraphQL execution of an update are shared by every subscriber that
would get the same answer (SharedUpdateExecutor, the schema's executor), and so is its JSON (Wire);
the selection is completed by its document's plan (api/graphql/plans.py) wherever graphql-core's
executor would give the same result without an error.
While a subscription waits for its next wake, the listener sends it an ordinary update itself
(Follower): the subscription is woken only for what it must decide (an end, a change of presence, a
reseat, an error), so a move costs each subscriber one socket write rather than a pass through
strawberry's and graphql-core's machinery.

The first message comes at once and tells the client it is live: with ``afterVersion`` below the
current version it carries every event the client missed; otherwise it is the current view with no
events. Later messages have strictly increasing versions, each with the events since the previous one.
The update that brings a match to FINISHED or ABORTED is the last: the subscription then completes.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncGenerator, Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any

import orjson
import strawberry
from channels.layers import get_channel_layer
from django.conf import settings
from graphql import ExecutionResult, GraphQLError, GraphQLResolveInfoHelpers, OperationDefinitionNode
from graphql.pyutils import RefMap, is_awaitable
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.types import Info

from api.common.database import SERVICE_UNAVAILABLE
from api.common.layers import watch_layer_health
from api.graphql import outlets, plans
from api.graphql import quick_match as quick_api
from api.graphql.context import Context
from api.graphql.errors import MATCH_NOT_FOUND, WEBSOCKET_REQUIRED, field_error, parse_id
from api.graphql.games.base import GameView
from api.graphql.matches import LegalMove, MatchEvent, MatchStatus, Outcome, Seat, seats_of
from api.graphql.nudges import Watch, nudges
from api.graphql.outlets import Outlet
from api.graphql.presence import Seen, lookout, seat_player
from api.graphql.quick_match import QuickMatchUpdate
from api.graphql.updates import Source, sources

# A lost nudge is noticed within this many seconds (a cheap version check, not a re-read).
POLL_SECONDS = float(getattr(settings, "GRAPHQL_SUBSCRIPTION_POLL_SECONDS", 10.0))
# While the channel layer cannot reach Redis no nudge arrives at all: the check runs this often instead.
OUTAGE_POLL_SECONDS = float(getattr(settings, "GRAPHQL_SUBSCRIPTION_OUTAGE_POLL_SECONDS", 2.0))
# After an update in one of these, nothing more can happen to the match: its subscriptions complete.
ENDED = frozenset({MatchStatus.FINISHED.value, MatchStatus.ABORTED.value})
PLANS = plans.Plans(plans.subscription)  # the process's plans of matchUpdates documents


@strawberry.type(description="What changed in a match since the previous update (or since afterVersion).")
class MatchUpdate:
    source: strawberry.Private[Source]
    player: strawberry.Private[Any]
    after: strawberry.Private[int]
    present: strawberry.Private[frozenset[int]] = frozenset()  # the players here (api/graphql/presence.py)
    # The subscription's Follower, on its first update: its executor is noted when that executes.
    follower: strawberry.Private[Follower | None] = None

    def sharing_key(self, variables: dict[str, Any]) -> Hashable | None:
        """What, with the document, decides this update's answer (None: not shareable)."""
        key = (tuple(sorted(variables.items())), self.after, self.source.audience(self.player), self.present)
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
        return Outcome.from_json(outcome, self.source.match.pk) if outcome else None

    @strawberry.field(
        description="The events after the previous update's version, up to `version`, redacted.",
        graphql_type=list[MatchEvent],
    )
    def events(self) -> list[MatchEvent] | Awaitable[list[MatchEvent]]:
        # Usually the rows came with the Source: then the whole update executes without waiting, and
        # every other subscriber with the same key takes the result as it is (see shared()).
        viewer = self.source.viewer(self.player)
        shown = self.source.events_at_hand(self.after, viewer)
        if shown is None:
            return self._events_read(viewer)  # graphql-core awaits it
        return [MatchEvent.from_visible(event, self.source.match) for event in shown]

    async def _events_read(self, viewer: Any) -> list[MatchEvent]:
        shown = await self.source.events(self.after, viewer)
        return [MatchEvent.from_visible(event, self.source.match) for event in shown]

    @strawberry.field(
        description="The seats: who is connected and who is stood in for. An update comes when a "
        "player arrives or leaves, even if the match did not move (then with no events)."
    )
    def seats(self) -> list[Seat]:
        return seats_of(self.source.match, self.present)

    @strawberry.field(description="The caller's view at `version`.")
    def view(self) -> GameView | None:
        return self.source.view(self.source.viewer(self.player))

    @strawberry.field(
        description="What the caller may do at `version` (as Match.legalMoves): a live client needs no "
        "query per update. Empty for a spectator and when it is not the caller's turn."
    )
    def legal_moves(self) -> list[LegalMove]:
        return self.source.legal_moves(self.player)


class SharedUpdateExecutor(StrawberryGraphQLCoreExecutionContext):
    """graphql-core's executor, but a MatchUpdate's selection runs once for all who get the same answer.

    Every subscriber of a match wakes on the same nudge and would run its selection on its own update.
    Everything under MatchUpdate is derived from the Source, the update's start and the audience
    (viewer, seat) alone, never from the context: so subscribers with the same document (the parsed
    tree the document cache hands every sender of the same text), variables and audience share one
    execution and its result. A spectator crowd costs one execution per version; a seat never gets
    another seat's answer, nor a spectator a seat's. Anything else executes as usual.

    It is also every operation's executor, so it breaks graphql-core's one reference cycle per
    execution (see ``_helpers``).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.async_helpers = _helpers(self)

    def build_per_event_executor(self, payload: Any) -> Any:
        if not isinstance(payload, MatchUpdate):
            return _event_executor(self, payload)
        if payload.follower is not None:
            payload.follower.executor = self
        key = payload.sharing_key(self.variable_values.coerced)
        if key is None:
            return _event_executor(self, payload)
        return SharedEvent(self, payload, key)

    def planned(self, update: MatchUpdate) -> dict[str, Any] | None:
        """``update``'s data by its document's plan (api/graphql/plans.py); None: graphql-core executes it."""
        if self.middleware_manager is not None and self.middleware_manager.middlewares:
            return None  # a schema extension wraps each resolver: graphql-core calls them
        plan = PLANS.of(self.schema, self.operation, self.fragment_definitions)
        return None if plan is None else plans.run(plan, update)


def _event_executor(executor: SharedUpdateExecutor, payload: Any) -> Any:
    """graphql-core's executor for one event, with memos of its own.

    graphql-core's copy shares the subscription's memo of collected subfields, keyed by the identity
    of each event's own field lists and holding them: it grew by every event for as long as the
    subscription lived (tens of thousands of objects per worker in a minute of play, every one walked
    by each garbage collection). A memo serves one execution; each event is one.
    """
    event = StrawberryGraphQLCoreExecutionContext.build_per_event_executor(executor, payload)
    event._relevant_sub_fields = {}
    event._stream_usages = RefMap()
    return event


def _helpers(executor: SharedUpdateExecutor) -> GraphQLResolveInfoHelpers:
    """The resolvers' helpers, as graphql-core makes them but holding the executor weakly.

    graphql-core binds them to the executor that holds them: a reference cycle, so every operation's
    executor and all it references (about 40 objects) outlived the operation until the cyclic garbage
    collector found them. Under load that made young collections take 5 to 17 ms of CPU each, and
    the older ones 100 ms, every few seconds, each a pause of the worker's event loop.
    """
    held = weakref.ref(executor)

    def gather(values: Any) -> Any:
        return _alive(held).gather_async_work(values)

    def track(values: Any) -> None:
        _alive(held).track_async_work(values)

    return GraphQLResolveInfoHelpers(gather=gather, track=track)


def _alive(held: weakref.ref[SharedUpdateExecutor]) -> SharedUpdateExecutor:
    executor = held()
    assert executor is not None  # a resolver runs while its execution does, which holds the executor
    return executor


@dataclass
class SharedEvent:
    """What graphql-core executes for one subscriber's update (it calls only ``execute_operation``):
    the per-event executor is built only by whoever runs the selection for everyone with its key."""

    executor: SharedUpdateExecutor
    update: MatchUpdate
    key: Hashable

    def execute_operation(self, serially: bool | None = None) -> Any:
        def run() -> Any:
            data = self.executor.planned(self.update)
            if data is not None:
                return ExecutionResult(data, None)
            return _event_executor(self.executor, self.update).execute_operation(serially)

        return shared(self.update.source.results, self.executor.operation, self.key, run)


Executed = ExecutionResult | asyncio.Future[ExecutionResult]


class Wire(dict[str, Any]):
    """A shared result's data, whose JSON every subscriber it goes to is sent as it is: serialized
    once, by whoever sends it first (api/realtime/protocol.py), however many subscribers share it."""

    __slots__ = ("_payload",)

    def payload(self) -> str:
        """``{"data": ...}``: the payload of a graphql-transport-ws ``next`` message."""
        try:
            return self._payload
        except AttributeError:
            self._payload: str = orjson.dumps({"data": self}, option=orjson.OPT_NON_STR_KEYS).decode()
            return self._payload


def _wired(result: ExecutionResult) -> ExecutionResult:
    """``result`` with its data as a Wire, unless it has errors (those are sent as usual)."""
    if result.errors or result.data is None:
        return result
    return ExecutionResult(Wire(result.data), None, result.extensions)


async def _wired_when_done(executed: Awaitable[ExecutionResult]) -> ExecutionResult:
    return _wired(await executed)


def shared(
    results: dict[Hashable, Any], operation: OperationDefinitionNode, key: Hashable, run: Callable[[], Any]
) -> ExecutionResult | Awaitable[ExecutionResult]:
    """The result of ``run`` for ``(operation, key)``: run by the first who asks, shared with the rest.

    The operation is told apart by identity (a syntax tree has no cheap equality) and held with its
    result, so its id is not reused while the result is kept: a result never goes to another document.
    A result with errors is not kept: whoever asks later runs it again (the database may be back).
    """
    slot = (id(operation), key)
    held = results.get(slot)
    if held is not None and held[0] is operation:
        executed: Executed = held[1]
    else:
        executed = run()
        if is_awaitable(executed):
            # A task of its own: a subscriber that leaves (or waits on a slow socket) holds up no one else.
            executed = asyncio.ensure_future(_wired_when_done(executed))
            executed.add_done_callback(lambda done: _settle(results, slot, done))
        else:
            executed = _wired(executed)
        if isinstance(executed, asyncio.Future) or not executed.errors:
            results[slot] = (operation, executed)
    if isinstance(executed, asyncio.Future):
        return _when_done(executed)
    return _own_copy(executed)


def _settle(results: dict[Hashable, Any], key: Hashable, done: asyncio.Future[ExecutionResult]) -> None:
    """Keep a finished execution's result as it is (later subscribers take it without waiting), or
    forget a failed one."""
    held = results.get(key)
    if held is None or held[1] is not done:
        return
    if done.cancelled() or done.exception() is not None or done.result().errors:
        del results[key]
    else:
        results[key] = (held[0], done.result())


async def _when_done(executed: asyncio.Future[ExecutionResult]) -> ExecutionResult:
    return _own_copy(await asyncio.shield(executed))


def _own_copy(result: ExecutionResult) -> ExecutionResult:
    """Each subscriber's own result object (strawberry and its extensions replace its errors)."""
    errors = None if result.errors is None else list(result.errors)
    return ExecutionResult(result.data, errors, result.extensions)


@dataclass(eq=False, slots=True)
class Follower:
    """A subscription as its process's listener may serve it while it is parked between updates.

    Its next update is executed with its own executor (shared by everyone with the same answer, so
    usually executed already) and the shared JSON is sent to its outlet, without waking it: no resume
    of its generator, strawberry's stream or graphql-core's per subscriber and update. Anything else
    wakes it, and it sends the update itself as before: a change of status (the last update comes from
    the subscription, which then completes) or of presence, a reseat, a result with errors or one that
    must wait for a read, an operation completed or a socket closing.
    """

    watch: Watch
    seen: Seen
    player: Any
    outlet: Outlet | None
    match_id: int
    down: Callable[[], bool]  # is the channel layer cut off from Redis?
    status: str = ""  # the status last sent
    shown: frozenset[int] = frozenset()  # the presence last sent
    executor: SharedUpdateExecutor | None = None
    parked: bool = False  # waiting for its next wake (nothing of its own in flight)

    def sending(self, update: MatchUpdate) -> MatchUpdate:
        """``update``, about to be sent by the subscription itself: what the client will have seen."""
        update.present = self.shown = self.seen.players
        self.watch.sent, self.status = update.source.version, str(update.source.match.status)
        return update

    async def read(self) -> MatchUpdate | None:
        """After a wake (a nudge the listener could not serve, a poll, Redis's health): the update to
        send, if there is one."""
        watch = self.watch
        wanted, reseated = watch.take_nudge(), watch.take_reseat()
        try:
            update = await read_update(self.player, self.match_id, watch.sent, wanted, status=self.status)
            if update is None and (reseated or self.seen.players != self.shown):  # came, went, is back
                update = await read_update(self.player, self.match_id, watch.sent, None, first=True)
        except GraphQLError as error:
            if (error.extensions or {}).get("code") != SERVICE_UNAVAILABLE:
                raise
            # The database is down: stay subscribed; the next wake (nudge or poll) reads again.
            watch.put_back(wanted)
            watch.reseated = watch.reseated or reseated
            return None
        return update

    async def deliver(self, source: Source) -> bool:
        watch, executor, outlet = self.watch, self.executor, self.outlet
        if not self.parked or watch.woken.is_set() or watch.reseated or executor is None or outlet is None:
            return False
        if source.version <= watch.sent or str(source.match.status) != self.status:
            return False
        if self.seen.players != self.shown or not outlet.is_open():
            return False
        update = MatchUpdate(source=source, player=self.player, after=watch.sent, present=self.shown)
        event = executor.build_per_event_executor(update)
        if not isinstance(event, SharedEvent):
            return False
        result = event.execute_operation(False)
        if not isinstance(result, ExecutionResult):  # to wait for: the subscription does
            result.close()
            return False
        if result.errors or not isinstance(result.data, Wire):
            return False
        watch.sent = source.version
        await outlet.send_next(result.data.payload())
        return True


async def read_update(
    player: Any,
    match_id: int,
    after: int | None,
    nudged: int | None,
    *,
    first: bool = False,
    status: str | None = None,
) -> MatchUpdate | None:
    """The update that brings a client from ``after`` to the match now (the first update always
    comes; ``after`` None or past the current version: the view, no events).

    ``nudged``: the version a nudge announced (None: read afresh). A later update with nothing new: None
    (``status``, the status last sent: a match that ended without a move, e.g. aborted, is something new).
    """
    source = await sources().at_least(match_id, nudged)
    if source is None:
        if first:
            raise field_error(MATCH_NOT_FOUND, f"There is no match {match_id}.")
        return None
    unchanged = status is None or str(source.match.status) == status
    if not first and (after is None or source.version <= after) and unchanged:
        return None
    start = source.version if after is None else min(after, source.version)
    return MatchUpdate(source=source, player=player, after=start)


async def _wait(follow: Follower) -> None:
    """Until the follower's watch is woken or the poll interval has passed (a timer wakes it then:
    cheaper, with hundreds of subscribers waking per move, than wait_for's task per wait); parked, so
    the listener may serve it, meanwhile. The interval is the outage's while the channel layer is cut
    off from Redis (then no nudge comes)."""
    woken = follow.watch.woken
    timeout = OUTAGE_POLL_SECONDS if follow.down() else POLL_SECONDS
    timer = asyncio.get_running_loop().call_later(timeout, woken.set)
    follow.parked = True
    try:
        await woken.wait()
    finally:
        follow.parked = False
        timer.cancel()
    woken.clear()


@strawberry.type
class Subscription:
    @strawberry.subscription(
        description="Updates of one match, redacted for the connection's player (see connection_init). "
        "Reconnect with afterVersion = the last version received to get exactly what was missed. "
        "Completes after the update that brings the match to FINISHED or ABORTED."
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
        layer = get_channel_layer()
        async with nudges(layer).watch(key) as watch, lookout().follow(key, watch.woken) as seen:
            # Redis going down or coming back wakes us too: the next wait takes the other interval, and
            # a nudge lost in the switch is read now rather than at the next poll.
            down = watch_layer_health(layer, watch.woken)
            first = await read_update(player, key, after_version, None, first=True)
            assert first is not None  # a missing match raised
            async with seen.seated(seat_player(first)):  # a seated player is here while this lives
                follow = first.follower = Follower(watch, seen, player, outlets.current(), key, down)
                watch.deliver = follow.deliver  # the listener may serve it from now on
                try:
                    yield follow.sending(first)
                    while follow.status not in ENDED:
                        await _wait(follow)
                        update = await follow.read()
                        if update is not None:
                            yield follow.sending(update)
                finally:
                    watch.deliver = None  # the watch and its follower hold each other: let go at once

    @strawberry.subscription(
        description="Where the caller stands at a quick-match table (the matchId quickMatch gave): now, "
        "then at every change, until MATCHED or CANCELLED."
    )
    async def quick_match_updates(
        self, info: Info[Context, Any], match_id: strawberry.ID
    ) -> AsyncGenerator[QuickMatchUpdate, None]:
        async for update in quick_api.updates(info, match_id):  # quick-match (api/graphql/quick_match.py)
            yield update
