"""Issue 24, must-hold 1, through the real server (tests/server.py): a match verified over GraphQL, and one
whose log was tampered with in the database, straight in SQL, then asked again."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.api.test_fairness import tampered
from tests.server import fresh_database, running_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


class Client:
    """GraphQL against the running server, as one player (or a spectator)."""

    def __init__(self, http: httpx.Client, token: str | None = None) -> None:
        self.http, self.token = http, token

    def run(self, query: str, **variables: Any) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        body = self.http.post(
            "/graphql/", json={"query": query, "variables": variables}, headers=headers
        ).json()
        assert not body.get("errors"), body
        return body["data"]

    def register(self, name: str) -> Client:
        data = self.run("mutation($n: String!) { registerPlayer(name: $n) { token } }", n=name)
        return Client(self.http, data["registerPlayer"]["token"])

    def lobby(self, mutation: str, match_id: str) -> None:
        data = self.run(
            f"mutation($id: ID!) {{ {mutation}(matchId: $id) {{ error {{ code }} }} }}", id=match_id
        )
        assert data[mutation]["error"] is None, data


def finished_over_http(alice: Client, bob: Client) -> tuple[str, str]:
    """A daredevil-rock match Alice hosts and Bob resigns after the deal: its id and its commitment in
    the lobby."""
    created = alice.run(
        'mutation { createMatch(game: "daredevil-rock") { match { id seedCommitment seed seedSalt } } }'
    )["createMatch"]["match"]
    assert created["seedCommitment"] and (created["seed"], created["seedSalt"]) == (None, None)
    bob.lobby("joinMatch", created["id"])
    alice.lobby("startMatch", created["id"])
    bob.lobby("resign", created["id"])
    return created["id"], created["seedCommitment"]


def tamper_over_sql(url: str, match_id: str) -> int:
    """Tamper with the match's first event that has a list, straight in the server's database."""
    if url.startswith("sqlite"):
        import sqlite3

        connection: Any = sqlite3.connect(url.removeprefix("sqlite:///"))
        mark = "?"
    else:
        import psycopg

        connection, mark = psycopg.connect(url, autocommit=True), "%s"
    with connection:
        rows = connection.execute(
            f"SELECT seq, data FROM matches_matchevent WHERE match_id = {mark} ORDER BY seq", (int(match_id),)
        ).fetchall()
        for seq, data in rows:
            changed = tampered(json.loads(data) if isinstance(data, str) else data)
            if changed is not None:
                connection.execute(
                    f"UPDATE matches_matchevent SET data = {mark} WHERE match_id = {mark} AND seq = {mark}",
                    (json.dumps(changed), int(match_id), seq),
                )
                return seq
    raise AssertionError("no list to tamper with")


def test_through_the_server_a_verified_match_and_a_tampered_one(tmp_path):
    verdict = "query($id: ID!) { match(id: $id) { seedCommitment verification { verified problem } } }"
    with (
        fresh_database(tmp_path) as database,
        running_server(tmp_path, database) as base,
        httpx.Client(base_url=base, timeout=30) as http,
    ):
        anyone = Client(http)
        alice, bob = anyone.register("Alice"), anyone.register("Bob")
        honest, committed = finished_over_http(alice, bob)
        forged, _ = finished_over_http(alice, bob)
        seq = tamper_over_sql(database.url, forged)
        shown = anyone.run(verdict, id=honest)["match"]
        assert shown == {"seedCommitment": committed, "verification": {"verified": True, "problem": None}}
        failed = anyone.run(verdict, id=forged)["match"]["verification"]
        assert not failed["verified"] and failed["problem"].startswith(f"event #{seq} differs: expected ")
