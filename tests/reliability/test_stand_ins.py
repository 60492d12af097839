"""Seats that survive a lost player (issue 24, points 4 and 5), through real servers on one Redis.

Bob watches a Racesmack table from server B; Alice plays on server A. Bob sees her arrive and leave
(``Seat.connected``) though the match does not move; once she is gone, the first deadline she misses
hands her seat to the bot (``Seat.standIn``), whose moves the log marks as the stand-in's; she comes
back, takes the seat with ``reclaimSeat`` and the bot stops. And a server killed outright (SIGKILL,
no word to anyone) does not keep its players "here": their marks lapse after PRESENCE_TTL_SECONDS.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable
from typing import Any

import pytest
from cliffside_client import Operation

from bench import lobby
from bench.stack import cluster

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

SECONDS = 60  # the whole story takes a few seconds; this is a hung one
OPTIONS = {"playSeconds": 1, "tapSeconds": 1, "choiceSeconds": 1, "botTapMs": 50}
UPDATES = """subscription($id: ID!) { matchUpdates(matchId: $id) {
  version seats { index connected standIn } events { seq seat byStandIn } } }"""
SEATS = "query($id: ID!) { match(id: $id) { seats { index connected standIn } } }"
RECLAIM = "mutation($id: ID!) { reclaimSeat(matchId: $id) { error { code } match { seats { standIn } } } }"


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Any:
    settings = {
        "BOT_DELAY_MS": "20",
        "PRESENCE_POLL_SECONDS": "0.3",
        "PRESENCE_TTL_SECONDS": "3",
        "STAND_IN_AFTER_MISSED_DEADLINES": "1",
    }
    with cluster(
        servers=3, timer_workers=1, logs=tmp_path_factory.mktemp("stand-ins"), settings=settings
    ) as up:
        yield up


def alice_is(connected: bool, stand_in: bool | None = None) -> Callable[[dict[str, Any]], bool]:
    def seen(update: dict[str, Any]) -> bool:
        seat = update["seats"][0]
        return seat["connected"] is connected and (stand_in is None or seat["standIn"] is stand_in)

    return seen


async def until(watching: Operation, wanted: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """The updates up to and including the first that shows ``wanted``."""
    seen = []
    while True:
        _, data = await watching.next(timeout=SECONDS)
        seen.append(data["matchUpdates"])
        if wanted(seen[-1]):
            return seen


async def story(a: str, b: str) -> dict[str, float]:
    http = lobby.client(a, connections=2)
    alice, bob = await lobby.register(http, 2, name="Stand-in")
    match_id = await lobby.open_match(http, [alice, bob], game="racesmack", options=OPTIONS)
    bob_socket = await lobby.connect(b, bob.token)
    watching = await bob_socket.subscribe(UPDATES, {"id": match_id})
    await until(watching, alice_is(False))  # the first update: Alice has no subscription yet

    alice_socket = await lobby.connect(a, alice.token)
    await alice_socket.subscribe(UPDATES, {"id": match_id})
    await until(watching, alice_is(True))  # on server A: server B's lookout saw her arrive
    await alice_socket.aclose()
    left = time.monotonic()
    await until(watching, alice_is(False))
    seen_leaving = time.monotonic() - left

    played = await until(watching, lambda update: any(e["byStandIn"] for e in update["events"]))
    stood_in = time.monotonic() - left
    assert alice_is(False, stand_in=True)(played[-1])
    by_stand_in = [e for update in played for e in update["events"] if e["byStandIn"]]
    assert {event["seat"] for event in by_stand_in} == {0}  # only Alice's seat, only its own moves

    back = await lobby.connect(a, alice.token)
    await back.subscribe(UPDATES, {"id": match_id})
    await until(watching, alice_is(True, stand_in=True))  # here again, the bot still plays for now
    reclaiming = time.monotonic()
    reclaimed = (await back.execute(RECLAIM, {"id": match_id}))["reclaimSeat"]
    assert reclaimed["error"] is None and reclaimed["match"]["seats"][0]["standIn"] is False
    await until(watching, alice_is(True, stand_in=False))  # on server B, without waiting for a move
    seen_back = time.monotonic() - reclaiming
    after = await until(watching, lambda update: update["version"] > played[-1]["version"] + 2)
    assert not any(e["byStandIn"] for update in after[-1:] for e in update["events"])
    assert alice_is(True, stand_in=False)(after[-1])
    again = (await back.execute(RECLAIM, {"id": match_id}))["reclaimSeat"]
    assert again["error"]["code"] == "NOT_STOOD_IN"
    seats = (await http.acting_as(bob.token).execute(SEATS, {"id": match_id}))["match"]["seats"]
    assert [seat["connected"] for seat in seats] == [True, True]

    await lobby.resign(http, bob, match_id)
    for closing in (back, bob_socket):
        await closing.aclose()
    await http.aclose()
    return {"left": seen_leaving, "stood_in": stood_in, "back": seen_back}


def test_an_absent_player_is_stood_in_for_and_comes_back(servers: Any, record_property: Any) -> None:
    a, b, _ = (server.base for server in servers.servers)
    took = asyncio.run(asyncio.wait_for(story(a, b), SECONDS * 2))
    record_property(
        "figure",
        f"Racesmack, 1 s deadlines, presence poll 0.3 s: Alice's leaving seen on the other server after "
        f"{took['left']:.2f} s, her seat stood in for {took['stood_in']:.2f} s after she left; "
        f"reclaimSeat seen there after {took['back'] * 1000:.0f} ms",
    )


async def killed(a: str, c: str, kill: Callable[[], None]) -> float:
    http = lobby.client(a, connections=2)
    alice, bob = await lobby.register(http, 2, name="Killed")
    match_id = await lobby.open_match(http, [alice, bob], game="racesmack", options=OPTIONS)
    bob_socket = await lobby.connect(a, bob.token)
    watching = await bob_socket.subscribe(UPDATES, {"id": match_id})
    alice_socket = await lobby.connect(c, alice.token)
    await alice_socket.subscribe(UPDATES, {"id": match_id})
    await until(watching, alice_is(True))
    kill()  # server C dies with Alice's mark in Redis: nothing removes it, it lapses
    died = time.monotonic()
    await until(watching, alice_is(False))
    gone = time.monotonic() - died
    await lobby.resign(http, bob, match_id)
    await bob_socket.aclose()
    await http.aclose()
    return gone


def test_a_killed_servers_players_are_gone_once_their_marks_lapse(servers: Any, record_property: Any) -> None:
    a, _, c = servers.servers

    def kill() -> None:
        os.killpg(c.process.popen.pid, signal.SIGKILL)

    gone = asyncio.run(asyncio.wait_for(killed(a.base, c.base, kill), SECONDS))
    assert gone >= 1.0  # not by a word from C (it had none to say): by the lapse of its mark
    record_property(
        "figure", f"server SIGKILLed: its player seen gone after {gone:.2f} s (TTL 3 s, poll 0.3 s)"
    )
