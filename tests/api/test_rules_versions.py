"""Issue 24, must-hold 2: each match records the rules version of its game when it is created, and
shows it in GraphQL (``Match.rulesVersion``, beside ``GameInfo.rulesVersion``) and in replay.json; the
matches stored before versions existed get version 1 and keep replaying.

The rules themselves are held to their version by the golden logs (tests/golden).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json

import httpx
import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from api.matches import selectors
from api.matches.models import Match
from api.matches.views import replay_body
from config.asgi import application
from games.core import engine
from games.registry import REGISTRY
from tests.golden.record import path_for

GAME = "daredevil-rock"
BEFORE = ("matches", "0002_match_end_reason")


@pytest.fixture
async def http():
    transport = httpx.ASGITransport(app=application)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


async def graphql(http: httpx.AsyncClient, query: str, token: str | None = None, **variables) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = await http.post("/graphql/", json={"query": query, "variables": variables}, headers=headers)
    body = response.json()
    assert not body.get("errors"), body
    return body["data"]


def rules_at(monkeypatch: pytest.MonkeyPatch, version: int) -> None:
    """The server as it would be after ``GAME``'s rules changed up to ``version``."""
    monkeypatch.setitem(REGISTRY, GAME, dataclasses.replace(REGISTRY[GAME], rules_version=version))


async def create(http: httpx.AsyncClient, token: str) -> str:
    data = await graphql(
        http,
        "mutation($game: String!) { createMatch(game: $game) { match { id rulesVersion } } }",
        token,
        game=GAME,
    )
    return data["createMatch"]["match"]


async def game_version(http: httpx.AsyncClient) -> int:
    games = (await graphql(http, "{ games { key rulesVersion } }"))["games"]
    return next(game["rulesVersion"] for game in games if game["key"] == GAME)


@pytest.mark.django_db(transaction=True)
async def test_a_match_keeps_the_rules_version_it_was_created_under(http, monkeypatch):
    token = (await graphql(http, 'mutation { registerPlayer(name: "Ada") { token } }'))["registerPlayer"][
        "token"
    ]
    rules_at(monkeypatch, 7)
    assert await game_version(http) == 7
    older = await create(http, token)
    assert older["rulesVersion"] == 7

    rules_at(monkeypatch, 8)
    assert await game_version(http) == 8
    query = "query($id: ID!) { match(id: $id) { rulesVersion } }"
    assert (await graphql(http, query, id=older["id"]))["match"]["rulesVersion"] == 7
    replay = await http.get(f"/api/matches/{older['id']}/replay.json")
    assert replay.json()["match"]["rulesVersion"] == 7


@pytest.mark.postgres  # migrating inside the test's transaction needs transactional DDL
@pytest.mark.django_db
def test_a_match_stored_before_versions_gets_version_1_and_still_replays():
    log = json.loads(path_for(GAME, 2, 1).read_text())
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])  # undone with the test's transaction (PostgreSQL)
    match_id = _stored_before_versions(executor.loader.project_state(BEFORE).apps, log)
    with connection.cursor() as cursor:  # check the rows' foreign keys now: ALTER TABLE refuses pending ones
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    match = Match.objects.get(pk=match_id)
    assert match.rules_version == 1
    assert (
        selectors.load_game(match=match).outcome()
        == engine.replay(
            REGISTRY[GAME],
            log["options"],
            2,
            log["seed"],
            [REGISTRY[GAME].events.load(*event) for event in log["events"]],
        ).outcome()
    )
    status, body = replay_body(str(match_id), None)
    assert status == 200 and body["match"]["rulesVersion"] == 1
    assert len(body["events"]) == len(log["events"])


def _stored_before_versions(apps, log: dict) -> int:
    """A finished two-bot match written as the schema before rules versions held it: the golden log's."""
    at = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    match = apps.get_model("matches", "Match").objects.create(
        game=GAME, status="FINISHED", options=log["options"], seed=log["seed"], version=len(log["events"])
    )
    seats = apps.get_model("matches", "Seat")
    seats.objects.bulk_create(
        seats(match=match, index=index, is_bot=True, bot_level="random") for index in range(2)
    )
    events = apps.get_model("matches", "MatchEvent")
    events.objects.bulk_create(
        events(match=match, seq=seq, type=name, at=at, data=data)
        for seq, (name, data) in enumerate(log["events"], start=1)
    )
    return match.pk
