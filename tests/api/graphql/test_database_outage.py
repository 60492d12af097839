"""The database may drop: a dead pooled connection is replaced, and a database that does not answer is
SERVICE_UNAVAILABLE (never a 500), until it answers again, without a restart.

Through the whole ASGI application on the real PostgreSQL. The application's queries run on asgiref's
one database thread; `on_db_thread` reaches that thread's connection to break it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import psycopg
import pytest
from channels.layers import get_channel_layer
from django.conf import settings

from api.common import database
from tests.api.graphql.conftest import Caller, active_seat, start_table
from tests.api.graphql.test_subscriptions import Subscriber

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def pool_backend_pids() -> list[int]:
    """The server processes behind the API's database threads (api/common/database.py)."""
    return [held.connection.info.backend_pid for held in database.pool_connections() if held.connection]


async def terminate(pids: list[int]) -> None:
    """What a PostgreSQL restart, a failover or an idle-session kill does to pooled connections."""
    assert pids
    settings_dict = settings.DATABASES["default"]
    async with await psycopg.AsyncConnection.connect(
        host=settings_dict["HOST"],
        port=settings_dict["PORT"] or 5432,
        user=settings_dict["USER"],
        dbname=settings_dict["NAME"],
    ) as admin:
        for pid in pids:
            await admin.execute("SELECT pg_terminate_backend(%s)", [pid])


@contextlib.asynccontextmanager
async def unreachable_database() -> AsyncIterator[None]:
    """The API's connections point at a port where nothing listens (a wrong DATABASE_URL, or a
    database that is down), then back. Every thread's connection shares one settings dict."""
    held = settings.DATABASES["default"]
    saved = dict(held)
    await asyncio.to_thread(database.close_pool_connections)
    held.update(HOST="127.0.0.1", PORT="1")
    try:
        yield
    finally:
        await asyncio.to_thread(database.close_pool_connections)
        held.clear()
        held.update(saved)


async def test_a_bearer_request_after_the_server_dropped_the_connection_is_answered(register, http):
    ada = await register("Ada")
    pids = pool_backend_pids()
    await terminate(pids)  # from a connection of its own
    assert (await ada.run("{ me { name } }"))["me"] == {"name": "Ada"}
    created = await ada.create()
    assert created["error"] is None


async def test_a_move_after_the_server_dropped_the_connection_is_played_once(register):
    table = await start_table(register)
    player = table.seat(await active_seat(table.host, table.match_id))
    moves = await player.legal_moves(table.match_id)
    await terminate(pool_backend_pids())
    result = await player.submit(table.match_id, moves[0]["input"], idempotency_key="k1")
    assert result["__typename"] == "MoveAccepted", result
    again = await player.submit(table.match_id, moves[0]["input"], idempotency_key="k1")
    assert again["version"] == result["version"]


async def test_a_database_that_does_not_answer_is_service_unavailable_until_it_does(register, http):
    ada = await register("Ada")
    spectator = Caller(http)
    async with unreachable_database():
        token_request = await http.post(
            "/graphql/", json={"query": "{ me { id } }"}, headers={"Authorization": f"Bearer {ada.token}"}
        )
        assert token_request.status_code == 503
        assert token_request.json()["errors"][0]["extensions"]["code"] == "SERVICE_UNAVAILABLE"
        assert token_request.headers["retry-after"]

        anonymous = await spectator.post('{ match(id: "1") { id } }')
        assert anonymous["errors"][0]["extensions"]["code"] == "SERVICE_UNAVAILABLE"
        assert "Unexpected" not in str(anonymous)

        replay = await http.get("/api/matches/1/replay.json")
        assert replay.status_code == 503
        assert replay.json()["errors"][0]["extensions"]["code"] == "SERVICE_UNAVAILABLE"

        health = await http.get("/healthz")
        assert health.status_code == 503
        assert health.json()["database"] == "down"
    assert (await ada.run("{ me { name } }"))["me"] == {"name": "Ada"}
    assert (await http.get("/healthz")).json()["database"] == "ok"


async def test_a_subscription_stays_open_while_the_database_is_down(register):
    table = await start_table(register)
    watcher = Subscriber()
    await watcher.open(table.host.token)
    await watcher.subscribe(table.match_id)
    before = (await watcher.update())["version"]
    async with unreachable_database():
        # A nudge while the database is down: the read fails, the subscription stays, nothing is sent.
        await get_channel_layer().group_send(
            f"match.{table.match_id}",
            {"type": "match.advanced", "match_id": int(table.match_id), "version": before + 1},
        )
        assert await watcher.quiet()
    player = table.seat(await active_seat(table.host, table.match_id))
    moves = await player.legal_moves(table.match_id)
    result = await player.submit(table.match_id, moves[0]["input"])
    assert (await watcher.update())["version"] == result["version"]
    await watcher.close()
