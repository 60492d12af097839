"""GraphQL through the real ASGI application: HTTP with httpx, WebSockets with channels' communicator.

Everything here goes through the consumers, whose database work runs on another thread, so the tests
use ``django_db(transaction=True)`` (see ``pytestmark`` in each module).
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from api.matches.game_keys import games as game_keys
from config.asgi import application

GAME = "daredevil-rock"
NO_TIMER = {"turnSeconds": 0}

MATCH_FIELDS = """
  id game status version options
  seats { index isBot botLevel player { id name } }
  outcome { ranks scores reason winners }
"""


class GraphQLFailed(AssertionError):
    pass


@dataclass
class Caller:
    """One client of the API: a player (token) or an anonymous spectator (no token)."""

    http: httpx.AsyncClient
    token: str | None = None
    id: str | None = None
    name: str | None = None

    async def post(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        """The whole response body (data and errors)."""
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        response = await self.http.post(
            "/graphql/", json={"query": query, "variables": variables or {}}, headers=headers
        )
        assert response.status_code == 200, response.text
        return response.json()

    async def run(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        """``data``, failing the test on any GraphQL error."""
        body = await self.post(query, variables)
        if body.get("errors"):
            raise GraphQLFailed(body["errors"])
        return body["data"]

    # --- the API's verbs, as tests use them ------------------------------------------------------

    async def create(self, options: dict[str, Any] | None = None, game: str = GAME) -> dict[str, Any]:
        data = await self.run(
            f"mutation($game: String!, $options: JSON) {{ createMatch(game: $game, options: $options) {{"
            f" match {{ {MATCH_FIELDS} }} error {{ code message }} }} }}",
            {"game": game, "options": NO_TIMER if options is None else options},
        )
        return data["createMatch"]

    async def lobby(self, mutation: str, match_id: str, **arguments: Any) -> dict[str, Any]:
        extra = "".join(f", {name}: ${name}" for name in arguments)
        declared = "".join(f", ${name}: String" for name in arguments)
        data = await self.run(
            f"mutation($id: ID!{declared}) {{ {mutation}(matchId: $id{extra}) {{"
            f" match {{ {MATCH_FIELDS} }} error {{ code message }} }} }}",
            {"id": match_id, **arguments},
        )
        return data[mutation]

    async def submit(
        self,
        match_id: str,
        move: dict[str, Any],
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        data = await self.run(
            """mutation($id: ID!, $move: MoveInput!, $expected: Int, $key: String) {
              submitMove(matchId: $id, move: $move, expectedVersion: $expected, idempotencyKey: $key) {
                __typename
                ... on MoveAccepted { version match { id version status } events { seq type seat data } }
                ... on MoveRejected { code message }
              }
            }""",
            {"id": match_id, "move": move, "expected": expected_version, "key": idempotency_key},
        )
        return data["submitMove"]

    async def match(self, match_id: str, fields: str = MATCH_FIELDS) -> dict[str, Any] | None:
        data = await self.run(f"query($id: ID!) {{ match(id: $id) {{ {fields} }} }}", {"id": match_id})
        return data["match"]

    async def legal_moves(self, match_id: str) -> list[dict[str, Any]]:
        found = await self.match(match_id, "legalMoves { label input }")
        assert found is not None
        return found["legalMoves"]


Register = Callable[[str], Awaitable[Caller]]

_names = itertools.count(1)


@pytest.fixture(autouse=True)
def _fresh_process_state(settings: Any) -> None:
    settings.BOT_DELAY_MS = 0
    # Test databases reuse ids between tests; the per-process game-of-match memo must not outlive one.
    game_keys.clear()


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=application)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


@pytest.fixture
def spectator(http: httpx.AsyncClient) -> Caller:
    return Caller(http)


@pytest.fixture
def register(http: httpx.AsyncClient) -> Register:
    async def register(name: str | None = None) -> Caller:
        anonymous = Caller(http)
        data = await anonymous.run(
            "mutation($name: String!) { registerPlayer(name: $name) { token player { id name } } }",
            {"name": name or f"climber {next(_names)}"},
        )
        payload = data["registerPlayer"]
        return Caller(http, payload["token"], payload["player"]["id"], payload["player"]["name"])

    return register


@dataclass
class Table:
    """A started two-player match: ``host`` in seat 0, ``guest`` in seat 1."""

    match_id: str
    host: Caller
    guest: Caller

    def seat(self, index: int) -> Caller:
        return (self.host, self.guest)[index]


async def start_table(register: Register, options: dict[str, Any] | None = None) -> Table:
    host, guest = await register("host"), await register("guest")
    created = await host.create(options)
    match_id = created["match"]["id"]
    assert (await guest.lobby("joinMatch", match_id))["error"] is None
    started = await host.lobby("startMatch", match_id)
    assert started["error"] is None, started
    return Table(match_id, host, guest)


@pytest.fixture
async def table(register: Register) -> Table:
    return await start_table(register)


async def active_seat(caller: Caller, match_id: str) -> int:
    found = await caller.match(match_id, "view { ... on DaredevilRockView { active } }")
    assert found is not None
    return found["view"]["active"]


async def play_one(table: Table, choose: Callable[[list[dict[str, Any]]], dict[str, Any]]) -> dict[str, Any]:
    """The seat to act plays the legal move ``choose`` picks; returns submitMove's result."""
    player = table.seat(await active_seat(table.host, table.match_id))
    moves = await player.legal_moves(table.match_id)
    assert moves, "the active seat has no legal move"
    return await player.submit(table.match_id, choose(moves)["input"])
