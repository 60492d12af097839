"""The process is wired as config/ says: routes, backends, health, lifespan."""

import asyncio
import json
import subprocess
from pathlib import Path

import pytest
from channels.layers import get_channel_layer
from channels.testing import ApplicationCommunicator, HttpCommunicator, WebsocketCommunicator
from django.db import connection

from api.common.layers import ResilientRedisPubSubLayer
from config.asgi import application
from tests.fresh_process import PRODUCTION_KEY, run_python

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.django_db
def test_healthz_is_ok_in_embedded_mode(client, settings):
    settings.REDIS_URL = ""
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"database": "ok", "redis": "disabled", "status": "ok"}


@pytest.mark.redis
@pytest.mark.django_db
def test_healthz_reports_a_configured_redis(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["redis"] == "ok"


def test_redis_replies_are_parsed_by_hiredis():
    # Every nudge a process receives is a Redis reply: hiredis parses one in half the CPU of redis-py's
    # own parser (the redis[hiredis] extra in pyproject.toml).
    from redis.utils import HIREDIS_AVAILABLE

    assert HIREDIS_AVAILABLE


@pytest.mark.django_db
def test_healthz_is_503_when_a_configured_redis_does_not_answer(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "degraded"
    # Only what is down: the reason (host, port, driver message) is for the log, not the caller.
    assert body["redis"] == "down"
    assert "127.0.0.1" not in response.content.decode()


async def test_graphql_http_route_reaches_the_strawberry_consumer():
    communicator = HttpCommunicator(
        application,
        "POST",
        "/graphql/",
        body=json.dumps({"query": "{ __typename }"}).encode(),
        headers=[(b"content-type", b"application/json")],
    )
    response = await communicator.get_response()
    assert response["status"] == 200
    assert json.loads(response["body"]) == {"data": {"__typename": "Query"}}


async def test_admin_static_files_are_served_without_collectstatic():
    # Not HttpCommunicator: it insists on a "body" key in every chunk, and a streamed file's last
    # chunk may leave it out (the ASGI spec allows that).
    path = "/static/admin/css/base.css"
    scope = {"type": "http", "method": "GET", "path": path, "query_string": b"", "headers": []}
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "http.request", "body": b""})
    start = await communicator.receive_output(timeout=5)
    body = b""
    while True:
        chunk = await communicator.receive_output(timeout=5)
        body += chunk.get("body", b"")
        if not chunk.get("more_body"):
            break
    assert start["status"] == 200
    assert b"body" in body


@pytest.mark.django_db(transaction=True)
async def test_graphql_websocket_route_speaks_graphql_transport_ws():
    communicator = WebsocketCommunicator(application, "/graphql/", subprotocols=["graphql-transport-ws"])
    connected, subprotocol = await communicator.connect()
    assert connected
    assert subprotocol == "graphql-transport-ws"
    await communicator.send_json_to({"type": "connection_init", "payload": {}})
    assert await communicator.receive_json_from() == {"type": "connection_ack"}
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_lifespan_startup_and_shutdown_complete():
    communicator = ApplicationCommunicator(application, {"type": "lifespan", "asgi": {"version": "3.0"}})
    await communicator.send_input({"type": "lifespan.startup"})
    assert await communicator.receive_output(timeout=5) == {"type": "lifespan.startup.complete"}
    await communicator.send_input({"type": "lifespan.shutdown"})
    assert await communicator.receive_output(timeout=5) == {"type": "lifespan.shutdown.complete"}
    await communicator.wait(timeout=5)


@pytest.mark.postgres
@pytest.mark.django_db
def test_the_database_is_postgresql():
    assert connection.vendor == "postgresql"
    assert connection.settings_dict["NAME"].startswith("test_")


@pytest.mark.redis
async def test_redis_answers_and_carries_the_channel_layer(redis_client, settings):
    assert redis_client.ping()
    layer = get_channel_layer()
    assert isinstance(layer, ResilientRedisPubSubLayer)
    assert layer.prefix == f"{settings.REDIS_KEY_PREFIX}:"
    channel = await layer.new_channel()
    await layer.group_add("wiring", channel)
    await layer.group_send("wiring", {"type": "wiring.ping"})
    assert await asyncio.wait_for(layer.receive(channel), timeout=3) == {"type": "wiring.ping"}
    assert not layer.is_down()
    await layer.flush()


def production_settings(**environment: str) -> subprocess.CompletedProcess[str]:
    """A fresh process reading config/settings.py with DEBUG=false and ``environment``."""
    script = "from django.conf import settings; print(settings.ALLOWED_HOSTS, settings.CORS_ALLOWED_ORIGINS)"
    return run_python(script, drop=("SECRET_KEY", "ALLOWED_HOSTS"), check=False, DEBUG="false", **environment)


def test_production_refuses_to_start_with_the_development_secret_key():
    refused = production_settings()
    assert refused.returncode != 0
    assert "set SECRET_KEY" in refused.stderr


def test_production_answers_only_local_names_and_no_browser_origin_unless_told():
    started = production_settings(SECRET_KEY=PRODUCTION_KEY)
    assert started.returncode == 0, started.stderr
    assert started.stdout.strip() == "['localhost', '127.0.0.1', '[::1]'] []"


def test_a_server_process_freezes_its_start_up_objects_out_of_garbage_collection():
    """api/common/heap.py: full collections walked every start-up object and paused workers for 100+ ms."""
    done = run_python(
        "import gc\nbefore = gc.get_freeze_count()\nimport config.asgi\n"
        "from api.common import heap\n"
        "print(before, gc.get_freeze_count(), gc.get_threshold() == heap.THRESHOLDS)"
    )
    before, frozen, tuned = done.stdout.split()
    assert int(before) == 0 and int(frozen) > 100_000 and tuned == "True", done.stdout
