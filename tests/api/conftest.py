"""Fixtures for the persistence tests: the toy game registered, players, matches and a fixed clock."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, connections

from api.common import database, prepared
from api.matches import cache, services
from api.matches.models import Match
from api.players.models import Player
from api.players.services import register_player
from games import registry
from tests.toys import count_to_n

T0 = 1_700_000_000_000  # a fixed "now" in ms; deadlines are relative to it


class RoundTrips(list[str]):
    """An execute wrapper that keeps the SQL of each round trip to the database as written (the SQL of
    each ``EXECUTE`` of a prepared statement), leaving out the ``PREPARE`` a session sends once per
    statement (api/common/prepared.py): what a warm process sends per request."""

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if not sql.startswith(("PREPARE", "DEALLOCATE")):
            self.append("; ".join(prepared.sql_of(each) for each in sql.split("; ")))
        return execute(sql, params, many, context)


@pytest.fixture
def round_trips() -> Callable[[], Any]:
    """``with round_trips() as trips:`` the round trips this thread's connection makes in the block."""

    @contextlib.contextmanager
    def watching() -> Iterator[RoundTrips]:
        trips = RoundTrips()
        with connection.execute_wrapper(trips):
            yield trips

    return watching


@pytest.fixture(scope="session", autouse=True)
def _close_database_thread_connections(django_db_setup: Any) -> Iterator[None]:
    """The ASGI app queries from asgiref's database thread; close its connections before the test
    database is dropped (PostgreSQL refuses to drop a database that still has sessions)."""
    yield
    asyncio.run(sync_to_async(connections.close_all, thread_sensitive=True)())
    database.close_pool_connections()


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The toy game, registered for this test under ``count_to_n.KEY`` (fresh bots each test)."""
    spec = count_to_n.make_spec()
    monkeypatch.setitem(registry.REGISTRY, count_to_n.KEY, spec)
    return spec


@pytest.fixture(autouse=True)
def _isolated(settings: Any) -> Iterator[None]:
    """Bots move at once and no game survives in the cache from one test to the next."""
    settings.BOT_DELAY_MS = 0
    cache.games.clear()
    yield
    cache.games.clear()


@pytest.fixture
def mirrored(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, list[tuple[str, int, str]]]]:
    """Every ``timers.mirror`` call, recorded instead of reaching a timer store."""
    calls: list[tuple[int, list[tuple[str, int, str]]]] = []
    monkeypatch.setattr(
        "api.matches.timers.mirror",
        lambda *, match_id, deadlines: calls.append((match_id, list(deadlines))),
    )
    return calls


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Every ``publish_match_advanced`` call, recorded."""
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "api.matches.notify.publish_match_advanced",
        lambda m, v, commit=None, seats=False: calls.append((m, v)),
    )
    return calls


@pytest.fixture
def make_player(db: None) -> Callable[[str], Player]:
    def make(name: str = "Ada") -> Player:
        player, _token = register_player(name=name)
        return player

    return make


@pytest.fixture
def alice(make_player: Callable[[str], Player]) -> Player:
    return make_player("Alice")


@pytest.fixture
def bob(make_player: Callable[[str], Player]) -> Player:
    return make_player("Bob")


@pytest.fixture
def lobby(alice: Player, bob: Player) -> Match:
    """A toy match in its lobby: Alice hosts in seat 0, Bob sits in seat 1."""
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 10})
    return services.join_match(match_id=match.id, player=bob)


@pytest.fixture
def active(lobby: Match, alice: Player) -> Match:
    """The lobby, started at T0: Alice (seat 0) is to count first."""
    return services.start_match(match_id=lobby.id, player=alice, now_ms=T0)


def count(match: Match, player: Player, amount: int = 1, at: int = T0 + 1000, **kwargs: Any) -> Any:
    """Submit ``COUNT amount`` for ``player``."""
    return services.submit_move(
        match_id=match.id, player=player, move={"action": "COUNT", "amount": amount}, now_ms=at, **kwargs
    )
