"""Seat.connected and Seat.standIn in live updates, in one process (issue 24, points 4 and 5).

Across processes, with Redis and a killed server, see tests/reliability/test_stand_ins.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from api.matches.models import Match
from config.asgi import application
from tests.api.graphql.conftest import Table

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 3  # seconds for one message: presence here is seen at once, an update follows within ms

UPDATES = """subscription($id: ID!) { matchUpdates(matchId: $id) {
  version events { seq } seats { index connected standIn } } }"""
RECLAIM = "mutation($id: ID!) { reclaimSeat(matchId: $id) { error { code } match { version } } }"


class Watcher:
    """One player's WebSocket with a ``matchUpdates`` subscription."""

    def __init__(self) -> None:
        self.ws = WebsocketCommunicator(application, "/graphql/", subprotocols=["graphql-transport-ws"])

    async def follow(self, token: str | None, match_id: str) -> None:
        connected, _ = await self.ws.connect(timeout=WAIT)
        assert connected
        await self.ws.send_json_to(
            {"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}}
        )
        assert await self.ws.receive_json_from(timeout=WAIT) == {"type": "connection_ack"}
        payload = {"query": UPDATES, "variables": {"id": match_id}}
        await self.ws.send_json_to({"id": "1", "type": "subscribe", "payload": payload})

    async def update(self) -> dict[str, Any]:
        message = await self.ws.receive_json_from(timeout=WAIT)
        assert message["type"] == "next" and "errors" not in message["payload"], message
        return message["payload"]["data"]["matchUpdates"]

    async def close(self) -> None:
        await self.ws.disconnect()


def seats(update: dict[str, Any]) -> list[tuple[bool, bool]]:
    return [(seat["connected"], seat["standIn"]) for seat in update["seats"]]


@pytest.fixture
def embedded(settings: Any) -> None:
    """Embedded mode's presence: no Redis, so this process's memory is every process's."""
    settings.REDIS_URL = ""


async def test_without_redis_a_table_shows_who_is_here(embedded, table: Table):
    guest = Watcher()
    await guest.follow(table.guest.token, table.match_id)
    assert seats(await guest.update()) == [(False, False), (True, False)]
    host = Watcher()
    await host.follow(table.host.token, table.match_id)
    assert seats(await host.update()) == [(True, False), (True, False)]
    arrived = await guest.update()  # the match did not move: an update only for who is here
    assert (arrived["events"], seats(arrived)) == ([], [(True, False), (True, False)])
    await host.close()
    left = await guest.update()
    assert seats(left) == [(False, False), (True, False)]
    await guest.close()


async def test_a_reclaimed_seat_shows_at_once_to_the_others_without_a_move(table: Table):
    """reclaimSeat changes no version; the other seats' next update comes from its own nudge."""
    version = (await table.host.match(table.match_id, "version"))["version"]
    stood_in = {"missed": {}, "now": {"0": version}, "spans": []}  # as a timeout would leave it
    await sync_to_async(Match.objects.filter(pk=table.match_id).update)(stand_ins=stood_in)
    guest = Watcher()
    await guest.follow(table.guest.token, table.match_id)
    assert seats(await guest.update()) == [(False, True), (True, False)]
    reclaimed = (await table.host.run(RECLAIM, {"id": table.match_id}))["reclaimSeat"]
    assert reclaimed == {"error": None, "match": {"version": version}}
    back = await guest.update()
    assert (back["version"], back["events"], seats(back)) == (version, [], [(False, False), (True, False)])
    await guest.close()
