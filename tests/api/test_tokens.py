"""Issue 23, must-hold 3: a bearer token has a sliding lifetime and can be rotated by its player and
revoked by an admin; a revoked or rotated token's sockets are closed, and so are a banned player's.
Tokens issued before the upgrade keep working until they go unused too long.

Closing sockets is the transports' work (api/realtime/kick.py, through api/common/sockets.py): here the
hook is replaced by a list that records whom it was asked to disconnect, and why.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import Permission, User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from api.common import database, sockets
from api.common.errors import ServiceError
from api.common.sockets import PLAYER_BANNED, TOKEN_REVOKED
from api.players.models import Player
from api.players.selectors import forget_player, player_for_token, token_status
from api.players.services import register_player, rotate_token
from api.players.tokens import hash_token
from api.realtime.auth import InvalidToken, resolve_player

PLAYERS = "/admin/players/player/"
SANCTIONS = "/admin/leaderboards/sanction/"
ME = "{ me { id name } }"
ROTATE = "mutation { rotateToken { token player { id name } error { code message } } }"


@pytest.fixture
def disconnected(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """Whose sockets the transports were asked to close, and why, in order."""
    calls: list[tuple[int, str]] = []
    monkeypatch.setattr(sockets, "_close", lambda player_id, code: calls.append((player_id, code)))
    return calls


def idle_for(player: Player, days: float) -> None:
    """As if the player's token was last used ``days`` ago (and the process never saw it since)."""
    Player.objects.filter(pk=player.pk).update(token_used_at=timezone.now() - dt.timedelta(days=days))
    forget_player(player.pk)


# --- lifetime: sliding, recorded at most hourly --------------------------------------------------------


@pytest.mark.django_db
def test_a_token_unused_for_longer_than_the_idle_days_expires(settings):
    settings.TOKEN_IDLE_DAYS = 90
    player, token = register_player(name="Ada")
    idle_for(player, 89)
    assert player_for_token(token=token) == player
    idle_for(player, 91)
    status = token_status(token=token)
    assert (status.player, status.refusal) == (None, "TOKEN_EXPIRED")
    assert player_for_token(token=token) is None
    assert token_status(token="no-player-holds-this").refusal == "INVALID_TOKEN"


@pytest.mark.django_db
def test_each_use_slides_the_lifetime_with_at_most_one_write_an_hour(settings, record_property):
    settings.TOKEN_IDLE_DAYS = 90
    player, token = register_player(name="Ada")
    Player.objects.filter(pk=player.pk).update(created_at=timezone.now() - dt.timedelta(days=200))
    idle_for(player, 80)  # registered 200 days ago, last used 80 days ago: still good, and now used
    lookups = 50
    with CaptureQueriesContext(connection) as queries:
        for _ in range(lookups):
            forget_player(
                player.pk
            )  # each lookup misses the process cache: another process, or a minute later
            assert player_for_token(token=token) == player
    used_at = Player.objects.get(pk=player.pk).token_used_at
    assert timezone.now() - used_at < dt.timedelta(minutes=1)
    statements = [query["sql"].split()[0] for query in queries]
    assert statements == ["SELECT", "UPDATE"] + ["SELECT"] * (lookups - 1)
    record_property(
        "figure",
        f"{lookups} token lookups past the process cache: {statements.count('SELECT')} reads, "
        f"{statements.count('UPDATE')} write of the last use (the lifetime slid from 80 days idle to 0)",
    )


@pytest.mark.django_db
def test_a_zero_idle_limit_never_expires_a_token(settings):
    settings.TOKEN_IDLE_DAYS = 0
    player, token = register_player(name="Ada")
    idle_for(player, 3650)
    assert player_for_token(token=token) == player


@pytest.mark.django_db(transaction=True)
async def test_a_token_this_process_remembers_is_resolved_without_a_database_job(monkeypatch, settings):
    settings.TOKEN_IDLE_DAYS = 90
    player, token = await sync_to_async(register_player)(name="Ada")
    jobs: list[Any] = []
    run = database.run

    async def counted(function: Any, *arguments: Any, **keywords: Any) -> Any:
        jobs.append(function)
        return await run(function, *arguments, **keywords)

    monkeypatch.setattr(database, "run", counted)
    assert await resolve_player(token) == player  # looked up, and remembered
    assert await resolve_player(token) == player
    assert jobs == [token_status]
    forget_player(player.pk)  # another process, or a minute later: looked up again
    assert await resolve_player(token) == player
    assert jobs == [token_status, token_status]
    await sync_to_async(idle_for)(player, 10_000)  # remembered no more, and expired
    with pytest.raises(InvalidToken) as refused:
        await resolve_player(token)
    assert refused.value.code == "TOKEN_EXPIRED"


# --- the migration: tokens issued before it keep working ----------------------------------------------


@pytest.mark.postgres  # migrating inside the test's transaction needs transactional DDL
@pytest.mark.django_db
def test_the_migration_starts_every_existing_tokens_idle_clock_at_the_upgrade(settings):
    settings.TOKEN_IDLE_DAYS = 90
    executor = MigrationExecutor(connection)
    executor.migrate([("players", "0001_initial")])  # undone with the test's transaction (PostgreSQL)
    old = executor.loader.project_state(("players", "0001_initial")).apps.get_model("players", "Player")
    token = "issued-before-the-upgrade"
    old.objects.create(name="Ada", token_hash=hash_token(token))
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # every app, had one depended on the new field
    player = Player.objects.get(name="Ada")
    forget_player(player.pk)
    assert timezone.now() - player.token_used_at < dt.timedelta(minutes=1)
    assert player_for_token(token=token) == player


# --- rotation, through GraphQL ------------------------------------------------------------------------


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    from config.asgi import application

    transport = httpx.ASGITransport(app=application)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


async def ask(http: httpx.AsyncClient, query: str, token: str | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return await http.post("/graphql/", json={"query": query}, headers=headers)


async def signed_up(http: httpx.AsyncClient, name: str) -> tuple[str, str]:
    """A new player's id and token, through registerPlayer."""
    body = (
        await ask(http, f'mutation {{ registerPlayer(name: "{name}") {{ token player {{ id }} }} }}')
    ).json()
    payload = body["data"]["registerPlayer"]
    return payload["player"]["id"], payload["token"]


@pytest.mark.django_db(transaction=True)
async def test_a_rotated_token_stops_working_at_once_and_the_new_one_works(http, disconnected):
    ada, old = await signed_up(http, "Ada")
    assert (await ask(http, ME, old)).json()["data"]["me"]["id"] == ada  # the process remembers it now
    rotated = (await ask(http, ROTATE, old)).json()["data"]["rotateToken"]
    assert rotated["error"] is None and rotated["player"] == {"id": ada, "name": "Ada"}
    new = rotated["token"]
    assert new and new != old
    refused = await ask(http, ME, old)
    assert refused.status_code == 401
    assert refused.json()["errors"][0]["extensions"]["code"] == "INVALID_TOKEN"
    assert (await ask(http, ME, new)).json()["data"]["me"]["id"] == ada
    assert disconnected == [
        (int(ada), TOKEN_REVOKED)
    ]  # the old token's sockets (every one of the player's) close


@pytest.mark.django_db(transaction=True)
async def test_a_rotation_closes_the_sockets_opened_with_the_old_token(http, monkeypatch, record_property):
    from channels.testing import WebsocketCommunicator

    from api.realtime import kick
    from config.asgi import application

    monkeypatch.setattr(sockets, "_close", kick.disconnect_player_sync)  # the real transports
    _, old = await signed_up(http, "Ada")
    ws = WebsocketCommunicator(application, "/graphql/", subprotocols=["graphql-transport-ws"])
    try:
        assert (await ws.connect(timeout=10))[0]
        await ws.send_json_to({"type": "connection_init", "payload": {"authorization": f"Bearer {old}"}})
        assert await ws.receive_json_from(timeout=10) == {"type": "connection_ack"}
        asked = time.perf_counter()
        assert (await ask(http, ROTATE, old)).json()["data"]["rotateToken"]["error"] is None
        closed = await ws.receive_output(timeout=10)
        took = (time.perf_counter() - asked) * 1000
        assert (closed["type"], closed["code"]) == ("websocket.close", 4401)
        assert "TOKEN_REVOKED" in closed.get("reason", "")
        record_property(
            "figure", f"a socket of the rotated token closed 4401 {took:.0f} ms after rotateToken"
        )
    finally:
        await ws.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_an_expired_token_is_told_so_and_cannot_be_rotated(http, disconnected, settings):
    settings.TOKEN_IDLE_DAYS = 90
    ada, token = await signed_up(http, "Ada")
    await Player.objects.filter(pk=ada).aupdate(token_used_at=timezone.now() - dt.timedelta(days=91))
    for query in (ME, ROTATE):
        refused = await ask(http, query, token)
        assert refused.status_code == 401
        (error,) = refused.json()["errors"]
        assert error["extensions"]["code"] == "TOKEN_EXPIRED"
        assert "cannot be rotated" in error["message"]
    assert disconnected == []


@pytest.mark.django_db(transaction=True)
async def test_rotating_needs_a_token(http, disconnected):
    body = (await ask(http, ROTATE)).json()["data"]["rotateToken"]
    assert (body["token"], body["player"], body["error"]["code"]) == (None, None, "AUTH_REQUIRED")
    assert disconnected == []


@pytest.mark.django_db
def test_a_rotation_raced_by_another_is_refused_and_changes_nothing(
    disconnected, django_capture_on_commit_callbacks
):
    player, token = register_player(name="Ada")
    seen = player_for_token(token=token)
    with django_capture_on_commit_callbacks(execute=True):
        rotate_token(player=seen)
        with pytest.raises(ServiceError) as refused:
            rotate_token(player=seen)  # the same (now stale) token, rotated a second time
    assert refused.value.code == "INVALID_TOKEN"
    assert disconnected == [(player.pk, TOKEN_REVOKED)]


# --- an admin revokes; a ban closes the sockets --------------------------------------------------------


def staff_with(client: Any, *perms: str) -> User:
    user = User.objects.create_user(f"staff-{User.objects.count()}", is_staff=True)
    for perm in perms:
        app_label, codename = perm.split(".")
        user.user_permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )
    client.force_login(user)
    return user


def revoke(client: Any, *players: Player) -> Any:
    return client.post(PLAYERS, {"action": "revoke_tokens", "_selected_action": [p.pk for p in players]})


@pytest.mark.django_db
def test_an_admin_revokes_tokens_and_hands_over_new_ones_shown_once(
    client, disconnected, django_capture_on_commit_callbacks
):
    (ada, ada_token), (bob, bob_token) = register_player(name="Ada"), register_player(name="Bob")
    assert player_for_token(token=ada_token) == ada  # remembered by this process
    staff_with(client, "players.view_player", "players.revoke_tokens")
    with django_capture_on_commit_callbacks(execute=True):
        page = revoke(client, ada)
    assert page.status_code == 200
    assert "no-store" in page["Cache-Control"]
    assert player_for_token(token=ada_token) is None  # at once, in the process that revoked it
    assert player_for_token(token=bob_token) == bob
    (new,) = [token for token in page.context["issued"] if token[0].pk == ada.pk]
    assert new[1] in page.content.decode()
    assert player_for_token(token=new[1]) == ada
    assert Player.objects.get(pk=ada.pk).tokens_revoked_at is not None
    assert disconnected == [(ada.pk, TOKEN_REVOKED)]


@pytest.mark.django_db
def test_no_revoking_without_the_permission(client, disconnected, django_capture_on_commit_callbacks):
    ada, token = register_player(name="Ada")
    staff_with(client, "players.view_player")
    with django_capture_on_commit_callbacks(execute=True):
        revoke(client, ada)
    assert player_for_token(token=token) == ada
    assert disconnected == []


@pytest.mark.django_db
def test_a_ban_closes_the_players_sockets_and_a_hide_does_not(
    client, disconnected, django_capture_on_commit_callbacks
):
    (ada, ada_token), (bob, _) = register_player(name="Ada"), register_player(name="Bob")
    staff_with(client, "leaderboards.add_sanction")
    with django_capture_on_commit_callbacks(execute=True):
        ban = {"player": ada.pk, "game": "", "kind": "BAN", "reason": "collusion"}
        hide = {"player": bob.pk, "game": "", "kind": "HIDE", "reason": "rude name"}
        assert client.post(f"{SANCTIONS}add/", ban).status_code == 302
        assert client.post(f"{SANCTIONS}add/", hide).status_code == 302
    assert disconnected == [(ada.pk, PLAYER_BANNED)]
    assert player_for_token(token=ada_token) == ada  # a ban is of boards: the banned still play, unrated
