"""Issue 24, must-hold 1, as a browser sees it: the replay page of a match in play shows its seed's
commitment and no seed; once the match is over it shows that the shuffles were verified."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def graphql(base: str, query: str, token: str | None = None, **variables: Any) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    body = httpx.post(
        f"{base}/graphql/", json={"query": query, "variables": variables}, headers=headers
    ).json()
    assert not body.get("errors"), body
    return body["data"]


def register(base: str, name: str) -> str:
    return graphql(base, "mutation($n: String!) { registerPlayer(name: $n) { token } }", n=name)[
        "registerPlayer"
    ]["token"]


def started_match(base: str) -> tuple[str, str, str]:
    """A started daredevil-rock match of two players: its id, and the guest's and host's tokens."""
    host, guest = register(base, "Host"), register(base, "Guest")
    created = graphql(base, 'mutation { createMatch(game: "daredevil-rock") { match { id } } }', host)
    match_id = created["createMatch"]["match"]["id"]
    for token, mutation in ((guest, "joinMatch"), (host, "startMatch")):
        graphql(
            base,
            f"mutation($id: ID!) {{ {mutation}(matchId: $id) {{ error {{ code }} }} }}",
            token,
            id=match_id,
        )
    return match_id, guest, host


def test_the_replay_page_shows_the_commitment_in_play_and_the_verdict_after_the_end(new_page, web_base):
    match_id, guest, _host = started_match(web_base)
    fairness = "query($id: ID!) { match(id: $id) { version seedCommitment } }"
    page = new_page()
    page.goto(f"/replays/{match_id}")
    committed = page.locator("[data-fairness='committed']")
    committed.wait_for()
    commitment = graphql(web_base, fairness, id=match_id)["match"]["seedCommitment"]
    assert committed.locator("code.commitment").get_attribute("title") == commitment
    graphql(web_base, "mutation($id: ID!) { resign(matchId: $id) { error { code } } }", guest, id=match_id)
    events = graphql(web_base, fairness, id=match_id)["match"]["version"]
    page.reload()
    verified = page.locator("[data-fairness='verified'] summary")
    verified.wait_for()
    assert verified.inner_text() == (
        f"Shuffles verified: commitment {commitment[:12]}… matches; all {events} events reproduced."
    )
