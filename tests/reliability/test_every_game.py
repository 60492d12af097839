"""Every registered game, for every seat count, played to the end through the real service by clients
that know only the contract — and not one secret reaches a viewer that may not know it (issue 11, point 1).

The service runs as in production (bench/stack.py: uvicorn with two workers, the timer worker,
PostgreSQL and Redis), so bot moves and every deadline fire through the timer worker. Scripted humans
follow ``matchUpdates`` with its ``legalMoves`` and send one of them back, unchanged, as ``submitMove``'s
``$move``, over the WebSocket or HTTP; bots hold the other seats (after the host, or after everyone, by
table, so that every seat number is a human's somewhere); a spectator watches. Nothing here names a game:
a game added to the registry is played here without a change.

Every response each viewer gets — updates, ``submitMove`` payloads, ``match`` queries, and after the end
``view(atVersion)`` at every version, the whole ``events`` log and ``replay.json`` — goes to the leak
oracle (tests/reliability/oracle.py), which holds it to what that viewer may not know at that version.
The matches keep their log hidden after the end (``revealAfterEnd: false``), so the sweep of the past is
held to the same secrets as live play. The oracle is proven to fail: a match on a server built to leak
(tests/reliability/planted/) gives findings on the surfaces it breaks.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass
from pathlib import Path

import pytest
from cliffside_client import Client, Connection

from bench import lobby
from bench.stack import Stack, production_stack, server
from games.registry import REGISTRY
from tests.e2e.contract import short_options
from tests.reliability.oracle import Finding, Seen, Truth, check, load_truth
from tests.reliability.viewers import Viewer, Watcher, documents, sweep

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

MATCH_SECONDS = 240  # a whole match; its turn and window timers are seconds long at most
# Cliffs n' Cactuses has no turn limit to shorten its match: the rulebook's "Short on time?" start
# halfway down the cliff, and shorter Races (both the rules' own options), keep its tables to a minute
# or two instead of up to four.
SHORTER = {"cliffs-n-cactuses": {"start": "600", "raceSeconds": 10}}
PLANTED = Path(__file__).parent / "planted"
SEAT = "query($id: ID!) { match(id: $id) { mySeat version status outcome { ranks reason } } }"


def tables() -> list[tuple[str, int]]:
    return [
        (key, seats)
        for key, spec in sorted(REGISTRY.items())
        for seats in range(spec.min_players, spec.max_players + 1)
    ]


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    # Bots think for 20 ms instead of 300: the matches are long enough without them waiting.
    with production_stack(
        workers=2, logs=tmp_path_factory.mktemp("every-game"), settings={"BOT_DELAY_MS": "20"}
    ) as running:
        yield running


@dataclass
class Played:
    truth: Truth  # what the server stored
    seen: list[Seen]  # what every viewer was told
    final: dict  # the match at its end, as the host sees it
    codes: list[str | None]  # each submission's answer: None for accepted, else its code
    refusals: list[tuple[str, int, int]]  # each refusal: its code, chosen at, the match's version then


async def play(base: str, database_url: str, key: str, seats: int) -> Played:
    """One match played and watched to the end, then swept by every viewer."""
    spec = REGISTRY[key]
    humans = max(1, (seats + 1) // 2)
    bots = list(itertools.islice(itertools.cycle(sorted(spec.bots)), seats - humans))
    docs = documents(key)
    http = lobby.client(base, connections=humans + 2)
    sockets: list[Connection] = []
    try:
        *seated, watching = await lobby.register(http, humans + 1, name=f"{key} {seats}")
        options = {**short_options(spec), **SHORTER.get(key, {}), "revealAfterEnd": False}
        match_id = await lobby.open_match(
            http, seated, game=key, options=options, bots=bots, bots_first=seats % 2 == 0
        )
        viewers = [Viewer(player, await _seat_of(http, player.token, match_id)) for player in seated]
        viewers.append(Viewer(watching, None))
        for viewer in viewers:
            sockets.append(await lobby.connect(base, viewer.player.token))
        watchers = [
            Watcher(viewer, http, socket, docs, seats * 100 + number)
            for number, (viewer, socket) in enumerate(zip(viewers, sockets, strict=True))
        ]
        statuses = await asyncio.wait_for(
            asyncio.gather(*(watcher.follow(match_id) for watcher in watchers)), MATCH_SECONDS
        )
        assert set(statuses) == {"FINISHED"}, statuses
        final = (await http.acting_as(seated[0].token).execute(SEAT, {"id": match_id}))["match"]
        for viewer in viewers:
            await sweep(viewer, http, docs, match_id, final["version"])
    finally:
        for socket in sockets:
            await socket.aclose()
        await http.aclose()
    truth = load_truth(database_url, match_id)
    codes = [code for viewer in viewers for code in viewer.codes]
    refusals = [refusal for viewer in viewers for refusal in viewer.refusals]
    return Played(truth, [seen for viewer in viewers for seen in viewer.seen], final, codes, refusals)


async def _seat_of(http: Client, token: str, match_id: str) -> int:
    return int((await http.acting_as(token).execute(SEAT, {"id": match_id}))["match"]["mySeat"])


def _report(findings: list[Finding]) -> str:
    return f"{len(findings)} findings, the first: " + "; ".join(str(finding) for finding in findings[:5])


@pytest.mark.parametrize(("key", "seats"), tables(), ids=[f"{key}-{seats}" for key, seats in tables()])
def test_a_contract_client_plays_every_game_to_the_end_and_learns_no_secret(
    stack: Stack, key, seats, record_property
):
    played = asyncio.run(play(stack.server.base, stack.database_url, key, seats))
    final = played.final
    assert final["status"] == "FINISHED"
    assert final["outcome"]["reason"] and len(final["outcome"]["ranks"]) == seats
    assert min(final["outcome"]["ranks"]) == 1
    assert None in played.codes, "the humans made no move"
    # A client sends only what legalMoves offered: a refusal is a race lost, to another seat's move or a
    # timer, so the match had moved on from the version the move was chosen at (VERSION_MISMATCH, or
    # the game's own reason when the move is no longer legal: TARGET_TAKEN, ROUND_CLOSED...).
    assert all(then < now for _, then, now in played.refusals), played.refusals
    assert not {code for code, _, _ in played.refusals} & {"INVALID_MOVE", "UNKNOWN_MOVE"}, played.refusals

    findings = check(played.truth, played.seen)
    assert not findings, _report(findings)
    # What was checked: every viewer saw every version of the past, and there were secrets to keep.
    truth = played.truth
    assert truth.final == final["version"]
    viewers = {seen.seat for seen in played.seen}
    swept = {(seen.seat, seen.version) for seen in played.seen if seen.surface == "view(atVersion)"}
    assert swept == {(seat, version) for seat in viewers for version in range(truth.final + 1)}
    assert any(truth.secrets(version, None) for version in range(truth.final + 1))
    record_property(
        "figure",
        f"{len(played.seen)} responses of {len(viewers)} viewers over {truth.final} versions: 0 findings",
    )


@pytest.mark.parametrize(
    ("plant", "surfaces"),
    [("view", {"matchUpdates", "view(atVersion)"}), ("events", {"matchUpdates", "events", "replay.json"})],
)
def test_a_server_built_to_leak_is_caught(
    stack: Stack, tmp_path: Path, plant: str, surfaces: set[str], record_property
):
    env = {**stack.env, "PYTHONPATH": str(PLANTED), "CLIFFSIDE_PLANTED_LEAK": plant}
    with server(env, workers=1, log=tmp_path / "leaky.log") as leaky:
        played = asyncio.run(play(leaky.base, stack.database_url, "cactus-card-game", 2))
    findings = check(played.truth, played.seen)
    assert findings, f"a server that leaks its {plant} passed the oracle"
    assert surfaces <= {finding.surface for finding in findings}, _report(findings)
    record_property("figure", f"planted {plant} leak: {len(findings)} findings; {findings[0]}")
