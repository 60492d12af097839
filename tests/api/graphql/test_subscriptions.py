"""matchUpdates over graphql-transport-ws: auth in connection_init, live updates, reconnects, secrets."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from typing import Any

import orjson
import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from api.graphql import subscriptions
from api.matches import services
from config.asgi import application
from tests.api.graphql.conftest import Table, active_seat, start_table

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 3  # seconds for one message: updates follow a commit within milliseconds

UPDATES = """
subscription($id: ID!, $after: Int) {
  matchUpdates(matchId: $id, afterVersion: $after) {
    version status
    outcome { winners }
    events { seq type seat data }
    view {
      version
      ... on DaredevilRockView { seat deck { name } spaces { faceUp card { name } } }
    }
  }
}
"""

END_TURN = {"daredevilRock": {"action": "END_TURN"}}


class Subscriber:
    """One WebSocket connection speaking graphql-transport-ws."""

    _ids = itertools.count(1)

    def __init__(self) -> None:
        self.ws = WebsocketCommunicator(application, "/graphql/", subprotocols=["graphql-transport-ws"])

    async def open(self, token: str | None = None) -> None:
        connected, subprotocol = await self.ws.connect(timeout=WAIT)
        assert connected and subprotocol == "graphql-transport-ws"
        payload = {"authorization": f"Bearer {token}"} if token else {}
        await self.ws.send_json_to({"type": "connection_init", "payload": payload})
        assert await self.ws.receive_json_from(timeout=WAIT) == {"type": "connection_ack"}

    async def subscribe(self, match_id: str, after: int | None = None) -> str:
        operation = str(next(self._ids))
        await self.ws.send_json_to(
            {
                "id": operation,
                "type": "subscribe",
                "payload": {"query": UPDATES, "variables": {"id": match_id, "after": after}},
            }
        )
        return operation

    async def message(self) -> dict[str, Any]:
        return await self.ws.receive_json_from(timeout=WAIT)

    async def update(self) -> dict[str, Any]:
        message = await self.message()
        assert message["type"] == "next", message
        assert "errors" not in message["payload"], message
        return message["payload"]["data"]["matchUpdates"]

    async def moved(self) -> dict[str, Any]:
        """The next update that carries events: the match moved. Updates sent only because a player
        arrived or left (Seat.connected) are passed over."""
        while not (update := await self.update())["events"]:
            pass
        return update

    async def quiet(self) -> bool:
        return await self.ws.receive_nothing(timeout=0.3)

    async def close(self) -> None:
        await self.ws.disconnect()


@pytest.fixture
async def subscriber() -> AsyncIterator[Any]:
    opened: list[Subscriber] = []

    def make() -> Subscriber:
        opened.append(Subscriber())
        return opened[-1]

    yield make
    for each in opened:
        await each.close()
    layer = get_channel_layer()
    if hasattr(layer, "flush"):
        await layer.flush()


async def play_end_turn(table: Table) -> dict[str, Any]:
    player = table.seat(await active_seat(table.host, table.match_id))
    result = await player.submit(table.match_id, END_TURN)
    assert result["__typename"] == "MoveAccepted"
    return result


def secrets_in(update: dict[str, Any]) -> list[Any]:
    """Every face-down card or deck order an update shows."""
    found: list[Any] = []
    view = update["view"]
    if view and view.get("deck") is not None:
        found.append(view["deck"])
    found += [space for space in (view or {}).get("spaces", []) if not space["faceUp"] and space["card"]]
    for event in update["events"]:
        data = event["data"]
        for key in ("tableau", "deck", "placed", "refill"):
            if data.get(key) is not None:
                found.append((event["type"], key))
    return found


async def test_a_seat_signs_in_with_connection_init_and_gets_each_new_version(table, subscriber):
    live = subscriber()
    await live.open(table.host.token)
    await live.subscribe(table.match_id)
    first = await live.update()
    version = first["version"]
    assert first["events"] == []
    assert first["view"]["seat"] == 0
    assert first["view"]["version"] == version
    assert first["status"] == "ACTIVE"
    for _ in range(2):
        move = await play_end_turn(table)
        update = await live.update()
        assert update["version"] == move["version"]
        assert [event["seq"] for event in update["events"]] == list(range(version + 1, update["version"] + 1))
        assert update["view"]["version"] == update["version"]
        version = update["version"]
    assert await live.quiet()


async def test_a_reconnecting_client_gets_exactly_what_it_missed_in_order(table, subscriber):
    first_connection = subscriber()
    await first_connection.open(table.guest.token)
    await first_connection.subscribe(table.match_id)
    seen = (await first_connection.update())["version"]
    await first_connection.close()

    missed = [await play_end_turn(table) for _ in range(3)]

    again = subscriber()
    await again.open(table.guest.token)
    await again.subscribe(table.match_id, after=seen)
    catch_up = await again.update()
    assert catch_up["version"] == missed[-1]["version"]
    assert [event["seq"] for event in catch_up["events"]] == list(range(seen + 1, catch_up["version"] + 1))
    assert [event["type"] for event in catch_up["events"]] == [
        event["type"] for move in missed for event in move["events"]
    ]
    assert await again.quiet()
    after = await play_end_turn(table)
    update = await again.update()
    assert [event["seq"] for event in update["events"]] == [event["seq"] for event in after["events"]]


async def test_after_version_zero_replays_the_whole_log(table, subscriber):
    live = subscriber()
    await live.open()
    await live.subscribe(table.match_id, after=0)
    update = await live.update()
    assert [event["seq"] for event in update["events"]] == list(range(1, update["version"] + 1))
    assert update["events"][0]["type"] == "CliffDealt"


async def test_a_spectator_never_receives_a_secret(register, subscriber):
    table = await start_table(register, {"turnSeconds": 0, "revealAfterEnd": False})
    watcher, seat = subscriber(), subscriber()
    await watcher.open()
    await seat.open(table.host.token)
    await watcher.subscribe(table.match_id, after=0)
    await seat.subscribe(table.match_id, after=0)
    updates = [await watcher.update(), await seat.update()]
    assert updates[0]["view"]["seat"] is None
    for _ in range(6):
        player = table.seat(await active_seat(table.host, table.match_id))
        moves = await player.legal_moves(table.match_id)
        move = next(
            (m for m in moves if m["input"]["daredevilRock"]["action"] in ("EXAMINE", "PROBE")), moves[0]
        )
        await player.submit(table.match_id, move["input"])
        updates += [await watcher.moved(), await seat.moved()]
    await table.guest.lobby("resign", table.match_id)
    final = [await watcher.moved(), await seat.moved()]
    assert final[0]["status"] == "FINISHED"
    updates += final
    assert all(secrets_in(update) == [] for update in updates)
    # Cards turned face up are public, and the spectator saw them.
    assert any(space["faceUp"] and space["card"] for space in final[0]["view"]["spaces"])


async def test_after_the_end_the_full_log_is_revealed_to_subscribers(table, subscriber):
    live = subscriber()
    await live.open()
    await live.subscribe(table.match_id)
    await live.update()
    await table.guest.lobby("resign", table.match_id)
    update = await live.update()
    assert update["status"] == "FINISHED"
    assert update["outcome"] == {"winners": [0]}
    assert update["view"]["deck"] is not None  # revealAfterEnd (the default): everyone sees it all
    assert (await live.message())["type"] == "complete"  # the match's last update: the stream ends


async def test_a_match_aborted_without_a_move_sends_its_last_update_then_completes(table, subscriber):
    live = subscriber()
    await live.open()
    await live.subscribe(table.match_id)
    version = (await live.update())["version"]
    await sync_to_async(services.abort_match)(match_id=table.match_id)
    update = await live.update()
    assert (update["status"], update["version"], update["events"]) == ("ABORTED", version, [])
    assert (await live.message())["type"] == "complete"


async def test_a_bad_token_in_connection_init_is_refused_with_4401(subscriber):
    refused = subscriber()
    connected, _ = await refused.ws.connect(timeout=WAIT)
    assert connected
    await refused.ws.send_json_to({"type": "connection_init", "payload": {"authorization": "Bearer nope"}})
    closed = await refused.ws.receive_output(timeout=WAIT)
    assert closed["type"] == "websocket.close"
    assert closed["code"] == 4401  # graphql-ws gives up at once on 4401: it retries 4403
    assert orjson.loads(closed["reason"]) == {"code": "INVALID_TOKEN"}


async def test_a_token_in_the_handshake_header_also_signs_in(table):
    ws = WebsocketCommunicator(
        application,
        "/graphql/",
        subprotocols=["graphql-transport-ws"],
        headers=[(b"authorization", f"Bearer {table.guest.token}".encode())],
    )
    await ws.connect(timeout=WAIT)
    await ws.send_json_to({"type": "connection_init", "payload": {}})
    assert await ws.receive_json_from(timeout=WAIT) == {"type": "connection_ack"}
    await ws.send_json_to(
        {"id": "1", "type": "subscribe", "payload": {"query": UPDATES, "variables": {"id": table.match_id}}}
    )
    message = await ws.receive_json_from(timeout=WAIT)
    assert message["payload"]["data"]["matchUpdates"]["view"]["seat"] == 1
    await ws.disconnect()


async def test_an_unknown_match_ends_the_subscription_with_an_error(subscriber):
    live = subscriber()
    await live.open()
    await live.subscribe("424242")
    message = await live.message()
    assert message["type"] in ("next", "error")
    errors = message["payload"]["errors"] if message["type"] == "next" else message["payload"]
    assert errors[0]["extensions"]["code"] == "MATCH_NOT_FOUND"


async def test_a_lost_nudge_is_made_up_for_by_the_next_check(table, subscriber, monkeypatch):
    monkeypatch.setattr(subscriptions, "POLL_SECONDS", 0.2)
    monkeypatch.setattr("api.matches.notify.publish_match_advanced", lambda *_, **__: None)
    live = subscriber()
    await live.open(table.host.token)
    await live.subscribe(table.match_id)
    version = (await live.update())["version"]
    move = await play_end_turn(table)  # no nudge at all reaches the subscriber
    update = await live.update()
    assert update["version"] == move["version"] > version


@pytest.mark.parametrize(
    ("origin", "accepted"), [("http://localhost:5173", True), ("https://evil.example", False)]
)
async def test_browsers_connect_only_from_the_allowed_origins(origin, accepted):
    ws = WebsocketCommunicator(
        application,
        "/graphql/",
        subprotocols=["graphql-transport-ws"],
        headers=[(b"origin", origin.encode())],
    )
    connected, _ = await ws.connect(timeout=WAIT)
    assert connected is accepted
    await ws.disconnect()


LIVE = """
subscription($id: ID!) { matchUpdates(matchId: $id) { version status legalMoves { label input } } }
"""
SUBMIT = """
mutation($id: ID!, $move: MoveInput!, $v: Int) {
  submitMove(matchId: $id, move: $move, expectedVersion: $v) { __typename ... on MoveAccepted { version } }
}
"""


async def test_a_live_client_plays_over_one_socket_with_the_legal_moves_each_update_brings(table):
    """One message per move each way: the update carries the seat's legal moves, the move goes back
    over the same WebSocket."""
    seat = await active_seat(table.host, table.match_id)
    player, other = table.seat(seat), table.seat(1 - seat)
    mine, theirs = Subscriber(), Subscriber()
    await mine.open(player.token)
    await theirs.open(other.token)
    for connection in (mine, theirs):
        await connection.ws.send_json_to(
            {
                "id": "live",
                "type": "subscribe",
                "payload": {"query": LIVE, "variables": {"id": table.match_id}},
            }
        )
    first = (await mine.message())["payload"]["data"]["matchUpdates"]
    assert first["legalMoves"] == await player.legal_moves(table.match_id)
    assert (await theirs.message())["payload"]["data"]["matchUpdates"]["legalMoves"] == []
    move = {"id": table.match_id, "move": first["legalMoves"][0]["input"], "v": first["version"]}
    await mine.ws.send_json_to(
        {"id": "m1", "type": "subscribe", "payload": {"query": SUBMIT, "variables": move}}
    )
    seen, versions = {}, [first["version"]]
    while "m1" not in seen or "live" not in seen:
        message = await mine.message()
        data = message["payload"]["data"] if message["type"] == "next" else None
        if data and message["id"] == "live":
            versions.append(data["matchUpdates"]["version"])
            assert versions == sorted(versions), versions  # never an older version after a newer one
        # The other seat's arrival may send an update of its own (Seat.connected) at the first version:
        # only an update past it is the move's.
        if data and (message["id"] == "m1" or versions[-1] > first["version"]):
            seen[message["id"]] = data
    assert seen["m1"]["submitMove"]["__typename"] == "MoveAccepted"
    assert seen["live"]["matchUpdates"]["version"] == seen["m1"]["submitMove"]["version"]
    await mine.close()
    await theirs.close()


async def test_websocket_messages_never_wait_for_the_thread_sensitive_executor(table: Table, monkeypatch):
    """channels would hop to asgiref's one thread-sensitive thread before every frame (to close stale
    connections nobody here uses); our consumers dispatch without it, and updates still arrive."""
    hops: list[str] = []

    async def counted() -> None:
        hops.append("close_old_connections")

    monkeypatch.setattr("channels.consumer.aclose_old_connections", counted)
    subscriber = Subscriber()
    await subscriber.open(table.host.token)
    await subscriber.subscribe(table.match_id)
    assert (await subscriber.update())["status"] == "ACTIVE"
    await subscriber.close()
    assert hops == []


async def test_a_lobby_short_of_players_is_watched_without_a_view_until_it_can_be_dealt(register, subscriber):
    host = await register()
    match_id = (await host.create({}, game="cactus-card-game"))["match"]["id"]  # for 2 to 6 players
    live = subscriber()
    await live.open(host.token)
    await live.subscribe(match_id)
    first = await live.update()
    assert (first["status"], first["view"]) == ("LOBBY", None)
