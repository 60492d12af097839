"""The database may drop: a dead pooled connection is replaced, and a database that does not answer is
SERVICE_UNAVAILABLE (never a 500), until it answers again, without a restart.

Through the whole ASGI application on the real PostgreSQL. The application's queries run on asgiref's
one database thread; `on_db_thread` reaches that thread's connection to break it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection

from tests.api.graphql.conftest import Caller, active_seat, start_table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


async def on_db_thread(function: Any) -> Any:
    return await sync_to_async(function, thread_sensitive=True)()


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


async def terminate(pid: int) -> None:
    """What a PostgreSQL restart, a failover or an idle-session kill does to a pooled connection."""
    database = settings.DATABASES["default"]
    async with await psycopg.AsyncConnection.connect(
        host=database["HOST"], port=database["PORT"] or 5432, user=database["USER"], dbname=database["NAME"]
    ) as admin:
        await admin.execute("SELECT pg_terminate_backend(%s)", [pid])


@contextlib.contextmanager
def unreachable_database() -> Iterator[None]:
    """The database thread's connection points at a port where nothing listens (a wrong DATABASE_URL,
    or a database that is down), then back."""
    saved = dict(connection.settings_dict)
    connection.close()
    connection.settings_dict.update(HOST="127.0.0.1", PORT="1")
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)


async def test_a_bearer_request_after_the_server_dropped_the_connection_is_answered(register, http):
    ada = await register("Ada")
    pid = await on_db_thread(backend_pid)
    await terminate(pid)  # from a connection of its own
    assert (await ada.run("{ me { name } }"))["me"] == {"name": "Ada"}
    assert await on_db_thread(backend_pid) != pid
    created = await ada.create()
    assert created["error"] is None


async def test_a_move_after_the_server_dropped_the_connection_is_played_once(register):
    table = await start_table(register)
    player = table.seat(await active_seat(table.host, table.match_id))
    moves = await player.legal_moves(table.match_id)
    await terminate(await on_db_thread(backend_pid))
    result = await player.submit(table.match_id, moves[0]["input"], idempotency_key="k1")
    assert result["__typename"] == "MoveAccepted", result
    again = await player.submit(table.match_id, moves[0]["input"], idempotency_key="k1")
    assert again["version"] == result["version"]


async def test_a_database_that_does_not_answer_is_service_unavailable_until_it_does(register, http):
    ada = await register("Ada")
    spectator = Caller(http)
    enter = unreachable_database()
    await on_db_thread(enter.__enter__)
    try:
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
    finally:
        await on_db_thread(lambda: enter.__exit__(None, None, None))
    assert (await ada.run("{ me { name } }"))["me"] == {"name": "Ada"}
    assert (await http.get("/healthz")).json()["database"] == "ok"
