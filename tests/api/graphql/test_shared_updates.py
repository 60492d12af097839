"""matchUpdates shared between subscribers: one listener per process, one execution per audience.

Subscribers with the same document, variables and audience (viewer and seat) get the same update,
executed once (api/graphql/subscriptions.py, SharedUpdateExecutor); a seat never gets a spectator's,
nor one seat another's. One subscriber leaving or not reading holds up no one else.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from api.graphql import nudges, subscriptions, updates
from api.graphql.schema import schema
from api.realtime.consumers import CliffsideWSConsumer
from config.asgi import application
from tests.api.graphql.conftest import Table
from tests.api.graphql.test_subscriptions import UPDATES, WAIT, Subscriber, play_end_turn, subscriber

pytestmark = pytest.mark.django_db(transaction=True)

__all__ = ["subscriber"]  # the fixture, shared

SPECTATOR_VIEW = """
subscription($id: ID!) { matchUpdates(matchId: $id) { version events { seq } legalMoves { label } } }
"""


@pytest.fixture
def executions(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The sharing key of every matchUpdates selection actually run for an update, by its plan
    (api/graphql/plans.py) or by graphql-core."""
    seen: list[Any] = []
    shared = subscriptions.shared

    def counting(results: Any, operation: Any, key: Any, run: Any) -> Any:
        return shared(results, operation, key, lambda: seen.append(key) or run())

    monkeypatch.setattr(subscriptions, "shared", counting)
    yield seen


async def current_version(table: Table) -> int:
    found = await table.host.match(table.match_id, "version")
    assert found is not None
    return int(found["version"])


async def live(subscriber: Any, match_id: str, token: str | None = None, query: str = UPDATES) -> Subscriber:
    connection = subscriber()
    await connection.open(token)
    await connection.ws.send_json_to(
        {"id": "live", "type": "subscribe", "payload": {"query": query, "variables": {"id": match_id}}}
    )
    await connection.update()
    return connection


async def test_spectators_share_one_execution_and_a_seat_gets_its_own(table, subscriber, executions):
    watchers = [await live(subscriber, table.match_id) for _ in range(3)]
    seat = await live(subscriber, table.match_id, table.host.token)
    for watcher in watchers:  # the seat's arrival (Seat.connected), sent at once in this process
        assert (await watcher.update())["events"] == []  # the match did not move
    executions.clear()

    await play_end_turn(table)
    seen = [await watcher.update() for watcher in watchers]
    mine = await seat.update()

    assert seen[0] == seen[1] == seen[2]
    assert seen[0]["view"]["seat"] is None
    assert mine["view"]["seat"] == 0
    assert mine["version"] == seen[0]["version"]
    assert len(executions) == 2  # one for the three spectators, one for the seat


async def test_a_shared_update_is_serialized_once_and_sent_as_any_message_would_be(
    table, subscriber, monkeypatch
):
    watchers = [await live(subscriber, table.match_id) for _ in range(3)]
    seat = await live(subscriber, table.match_id, table.host.token)
    for watcher in watchers:  # the seat's arrival
        await watcher.update()
    serialized: list[Any] = []
    dumps = orjson.dumps
    monkeypatch.setattr(
        subscriptions.orjson,
        "dumps",
        lambda value, **options: serialized.append(value) or dumps(value, **options),
    )

    await play_end_turn(table)
    texts = [await watcher.ws.receive_from(timeout=WAIT) for watcher in watchers]
    mine = await seat.message()

    assert texts[0] == texts[1] == texts[2]
    message = orjson.loads(texts[0])
    assert (
        list(message) == ["id", "type", "payload"] and message["id"] == "live" and message["type"] == "next"
    )
    assert texts[0] == orjson.dumps(message).decode()  # what the usual path sends, byte for byte
    assert (
        message["payload"]["data"]["matchUpdates"]["version"]
        == mine["payload"]["data"]["matchUpdates"]["version"]
    )
    updates_ = [
        value
        for value in serialized
        if isinstance(value, dict) and "matchUpdates" in (value.get("data") or {})
    ]
    assert len(updates_) == 2  # once for the three spectators, once for the seat


async def test_parked_subscribers_are_sent_their_update_without_being_woken(table, subscriber, monkeypatch):
    watchers = [await live(subscriber, table.match_id) for _ in range(3)]
    seat = await live(subscriber, table.match_id, table.host.token)
    for watcher in watchers:  # the seat's arrival: a change of presence, sent by each subscription itself
        await watcher.update()
    woken: list[Any] = []
    read_update = subscriptions.read_update

    async def reading(*args: Any, **kwargs: Any) -> Any:
        woken.append(args)
        return await read_update(*args, **kwargs)

    monkeypatch.setattr(subscriptions, "read_update", reading)
    await play_end_turn(table)
    seen = [await watcher.update() for watcher in watchers]
    mine = await seat.update()

    assert seen[0] == seen[1] == seen[2] and seen[0]["events"]
    assert mine["version"] == seen[0]["version"] and mine["view"]["seat"] == 0
    assert woken == []  # all four sent by the listener: no subscription read or executed on its own


async def test_a_subscriber_that_completed_is_sent_nothing_more(table, subscriber):
    leaving = await live(subscriber, table.match_id)
    staying = await live(subscriber, table.match_id)
    await leaving.ws.send_json_to({"id": "live", "type": "complete"})
    await play_end_turn(table)

    assert (await staying.update())["events"]
    assert await leaving.ws.receive_nothing(timeout=0.2)


def open_consumers() -> int:
    """WebSocket consumers the collector tracks, collectable or not."""
    return sum(1 for thing in gc.get_objects() if isinstance(thing, CliffsideWSConsumer))


async def test_a_closed_subscriber_is_freed_at_once_though_the_listener_its_subscription_started_lives_on(
    table, subscriber
):
    gc.collect()
    gc.disable()  # freed by reference counting, not by a later collection (api/common/heap.py)
    try:
        before = open_consumers()
        first = await live(subscriber, table.match_id)  # the first here: its operation starts the listener
        await play_end_turn(table)
        await first.moved()  # sent by the listener (Follower): the watch and its follower held each other
        await first.ws.disconnect()
        await asyncio.sleep(0.05)  # the operation's task ends

        assert nudges.nudges(get_channel_layer())._tasks  # the listener, started in that task, lives on
        assert open_consumers() == before  # holding nothing of the connection (api/graphql/outlets.py)
    finally:
        gc.enable()


async def test_two_seats_never_share_an_update(table, subscriber, executions):
    host = await live(subscriber, table.match_id, table.host.token, SPECTATOR_VIEW)
    guest = await live(subscriber, table.match_id, table.guest.token, SPECTATOR_VIEW)
    assert (await host.update())["events"] == []  # the guest's arrival: the match did not move
    executions.clear()

    await play_end_turn(table)
    updates_ = [await host.update(), await guest.update()]

    assert len(executions) == 2
    to_move = [update for update in updates_ if update["legalMoves"]]
    assert len(to_move) == 1  # only the seat whose turn it is has moves


async def test_different_documents_or_variables_are_executed_apart(table, subscriber, executions):
    full = await live(subscriber, table.match_id)
    short = await live(subscriber, table.match_id, query=SPECTATOR_VIEW)
    catching_up = subscriber()
    await catching_up.open()
    await catching_up.subscribe(table.match_id, after=0)  # same document, another afterVersion
    await catching_up.update()
    executions.clear()

    await play_end_turn(table)
    first, second, third = await full.update(), await short.update(), await catching_up.update()

    assert "view" in first and "view" not in second
    assert third == first  # the same answer, though not the same execution: the variables differ
    assert len(executions) == 3


async def test_a_result_with_errors_is_not_kept_for_later_subscribers(table, subscriber, monkeypatch):
    def events_at_hand(self: updates.Source, after: int, viewer: Any) -> Any:
        raise RuntimeError("the events could not be read")

    watcher = await live(subscriber, table.match_id)
    monkeypatch.setattr(updates.Source, "events_at_hand", events_at_hand)
    await play_end_turn(table)
    message = await watcher.message()
    assert message["payload"]["errors"]
    source = await updates.sources().at_least(int(table.match_id), await current_version(table))
    assert source is not None and source.results == {}  # nothing held: whoever asks later executes again


async def test_a_subscriber_that_leaves_mid_execution_does_not_cancel_it_for_the_others(
    table, subscriber, monkeypatch
):
    gate = asyncio.Event()
    started = asyncio.Event()
    original = updates.Source.events

    async def slow_events(self: updates.Source, after: int, viewer: Any) -> Any:
        started.set()
        await gate.wait()
        return await original(self, after, viewer)

    leaving = await live(subscriber, table.match_id)
    staying = await live(subscriber, table.match_id)
    at_hand = updates.Source.events_at_hand

    def nothing_at_hand_until_the_gate_opens(self: updates.Source, after: int, viewer: Any) -> Any:
        return at_hand(self, after, viewer) if gate.is_set() else None

    monkeypatch.setattr(updates.Source, "events_at_hand", nothing_at_hand_until_the_gate_opens)
    monkeypatch.setattr(updates.Source, "events", slow_events)
    move = await play_end_turn(table)
    await asyncio.wait_for(started.wait(), timeout=3)
    await leaving.close()
    gate.set()
    assert (await staying.update())["version"] == move["version"]


class StuckSubscriber(Subscriber):
    """A connection whose socket never drains once updates with events come: its sends never return."""

    def __init__(self) -> None:
        self.ws = WebsocketCommunicator(
            application, "/graphql/", subprotocols=["graphql-transport-ws"], headers=[(b"x-stuck", b"1")]
        )


@pytest.mark.parametrize("committed", ["here", "in another process"])
async def test_a_subscriber_that_does_not_read_holds_up_no_one(table, subscriber, monkeypatch, committed):
    if committed != "here":  # no listener here hears of the commit: one nudge comes, through Redis
        monkeypatch.setattr("api.matches.notify._here", [])
    never = asyncio.Event()
    original = CliffsideWSConsumer.send

    async def send(self: Any, text_data: str | None = None, *args: Any, **kwargs: Any) -> None:
        stuck = (b"x-stuck", b"1") in [tuple(header) for header in self.scope.get("headers", [])]
        if stuck and text_data and '"seq"' in text_data:
            await never.wait()
        await original(self, text_data, *args, **kwargs)

    monkeypatch.setattr(CliffsideWSConsumer, "send", send)
    slow = StuckSubscriber()
    try:
        await slow.open()
        await slow.subscribe(table.match_id)
        await slow.update()  # the first update has no events: it gets through
        # Subscribed after it, so served after it; and from another process no second nudge comes.
        others = [await live(subscriber, table.match_id) for _ in range(2)]
        for _ in range(2):
            move = await play_end_turn(table)
            for other in others:
                assert (await other.update())["version"] == move["version"]
        assert await slow.quiet()
    finally:
        await slow.close()


async def test_one_listener_per_process_follows_a_match_while_anyone_watches_it(table, subscriber):
    watchers = [await live(subscriber, table.match_id) for _ in range(3)]
    listener = nudges.nudges(get_channel_layer())
    assert len(listener.watches[int(table.match_id)]) == 3

    for watcher in watchers:
        await watcher.close()
    for _ in range(50):
        if int(table.match_id) not in listener.watches:
            break
        await asyncio.sleep(0.02)
    assert int(table.match_id) not in listener.watches


def test_every_match_update_field_is_one_the_sharing_was_checked_for():
    # Subscribers share an execution when their document, variables, update start and audience match:
    # a new field must depend on nothing else (not on the context, not on the player but through the
    # audience), or MatchUpdate.sharing_key must grow to tell its subscribers apart.
    fields = set(schema._schema.type_map["MatchUpdate"].fields)  # type: ignore[attr-defined]
    assert fields == {"version", "status", "outcome", "events", "view", "legalMoves", "seats"}
