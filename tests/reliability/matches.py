"""A started match of any registered game, a human in every seat, reached the way a frontend reaches it:
GraphQL over HTTP through the whole ASGI application (CORS, the guard, the bearer token, the strawberry
consumer and its database threads), in this process. And what a match looks like from every chair, to
tell whether a refused request changed it.

Not Django's test client: /graphql is routed by config/asgi.py before Django sees a request, so that
client would only ever get Django's 404.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
from asgiref.sync import sync_to_async

from api.matches.models import Match, MatchEvent, Seat
from api.players.models import Player
from api.players.services import register_player
from bench import documents
from bench.views import view_selection
from config.asgi import application
from games.registry import REGISTRY

GRAPHQL = "/graphql"
JSON = "application/json"
STRANGER_TOKEN = "no-player-holds-this-token"  # a well-formed bearer token that names nobody

_names = itertools.count(1)


class Service:
    """The service as a client sees it; bodies are written with ``json.dumps`` so that any JSON value
    (huge ints, escaped lone surrogates) reaches the server as sent."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http

    async def post(
        self, document: str, variables: dict[str, Any] | None = None, *, token: str | None = None
    ) -> httpx.Response:
        body = {"query": document, "variables": variables or {}}
        return await self.send(json.dumps(body).encode(), token=token)

    async def send(
        self,
        content: bytes = b"",
        *,
        token: str | None = None,
        content_type: str = JSON,
        method: str = "POST",
        params: dict[str, str] | None = None,
    ) -> httpx.Response:
        headers = {"Content-Type": content_type} if content_type else {}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return await self.http.request(
            method, GRAPHQL, content=content or None, params=params, headers=headers
        )

    async def run(self, document: str, variables: dict[str, Any], *, token: str | None) -> dict[str, Any]:
        """``data`` of a request that must succeed (the table's set-up)."""
        response = await self.post(document, variables, token=token)
        body = response.json()
        assert response.status_code == 200 and not body.get("errors"), response.text
        return body["data"]


@contextmanager
def service_loop() -> Iterator[tuple[asyncio.Runner, Service]]:
    """One event loop for a whole test, hypothesis's examples included (each runs on it in turn), and
    a client of the service on it."""
    # An exception the application lets out is answered 500, as a server would, not raised in the test.
    transport = httpx.ASGITransport(app=application, raise_app_exceptions=False)
    http = httpx.AsyncClient(transport=transport, base_url="http://testserver")
    with asyncio.Runner() as runner:
        try:
            yield runner, Service(http)
        finally:
            runner.run(http.aclose())


async def new_player(label: str) -> str:
    """A registered player's token (the service itself: registering over HTTP is rate limited per IP)."""
    _player, token = await sync_to_async(register_player, thread_sensitive=True)(
        name=f"{label} {next(_names)}"
    )
    return token


@dataclass(frozen=True)
class Snapshot:
    """A match as stored and as shown: its version and log size in the database, and the ``match``
    answer (view, legal moves, deadline...) each seat gets, then a spectator's."""

    version: int
    events: int
    shown: tuple[Any, ...]

    def legal_moves(self, seat: int) -> list[Any]:
        return [move["input"] for move in self.shown[seat]["legalMoves"]]


@dataclass
class Table:
    """A started match: ``seats[i]`` is the token of the player in seat i; ``outsider`` sits elsewhere."""

    game: str
    match_id: str
    seats: list[str]
    outsider: str
    keys: list[str] = field(default_factory=list)  # idempotency keys sent so far, to send again

    @property
    def look(self) -> str:
        return (
            "query($id: ID!) { match(id: $id) { version status mySeat waitingOn "
            f"deadline {{ id at kind }} view {view_selection(self.game)} legalMoves {{ label input }} }} }}"
        )


def seat_count(game: str) -> int:
    """Two seats where the game allows it (a wrong seat to send from), else its minimum."""
    spec = REGISTRY[game]
    return min(spec.max_players, max(2, spec.min_players))


async def open_table(client: Service, game: str) -> Table:
    """A match of ``game`` created, joined by a player per seat and started, all through the API."""
    tokens = [await new_player(f"{game} seat") for _ in range(seat_count(game))]
    host, *guests = tokens
    created = await client.run(documents.CREATE, {"game": game, "options": None}, token=host)
    match_id = created["createMatch"]["match"]["id"]
    await sync_to_async(_deal_the_same, thread_sensitive=True)(int(match_id))
    for guest in guests:
        joined = await client.run(documents.JOIN, {"id": match_id}, token=guest)
        assert joined["joinMatch"]["error"] is None, joined
    started = await client.run(documents.START, {"id": match_id}, token=host)
    assert started["startMatch"]["error"] is None, started
    return Table(game, match_id, tokens, await new_player(f"{game} outsider"))


def _deal_the_same(match_id: int) -> None:
    """A seed of our own before the deal, so that every run plays the same cards and its figures repeat
    (the service draws a random one)."""
    Match.objects.filter(pk=match_id).update(seed="fuzzing")


async def snapshot(client: Service, table: Table) -> Snapshot:
    version, events = await sync_to_async(_log_size, thread_sensitive=True)(int(table.match_id))
    shown = []
    for token in [*table.seats, None]:
        data = await client.run(table.look, {"id": table.match_id}, token=token)
        shown.append(data["match"])
    return Snapshot(version, events, tuple(shown))


def _log_size(match_id: int) -> tuple[int, int]:
    version = Match.objects.values_list("version", flat=True).get(pk=match_id)
    return version, MatchEvent.objects.filter(match_id=match_id).count()


async def log_sizes(match_ids: list[str]) -> dict[str, tuple[int, int]]:
    """Each match's version and number of events, by id."""
    return await sync_to_async(_log_sizes, thread_sensitive=True)(match_ids)


def _log_sizes(match_ids: list[str]) -> dict[str, tuple[int, int]]:
    return {match_id: _log_size(int(match_id)) for match_id in match_ids}


@dataclass(frozen=True)
class Rows:
    """How many matches, seats and players the database holds."""

    matches: int
    seats: int
    players: int


async def rows() -> Rows:
    return await sync_to_async(_rows, thread_sensitive=True)()


def _rows() -> Rows:
    return Rows(Match.objects.count(), Seat.objects.count(), Player.objects.count())
