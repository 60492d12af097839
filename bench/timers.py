"""The timer figure: how late deadlines fire through the timer worker (``manage.py run_timers``).

Matches of a game with timers, each set as short as the game allows, are started one after another
across the longest of them, so their deadlines are spread out evenly (``matches`` deadlines per turn); nobody
moves, so every turn ends by its timeout. A spectator follows each match and notes when each update
arrives; nothing else is asked of the server meanwhile. Once enough timeouts have arrived, each one's
due time and firing time are read back from the database (``bench.service_side.deadlines``) and give:

- the figure: fired minus due (how late the worker fired the deadline);
- for information, arrival at the spectator minus due (when a player hears of it: the append, the
  commit and the live update included).
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any

from cliffside_client import Connection

from bench import documents, lobby, progress, reference
from bench.seat import ACTIVE
from bench.stats import Window, spread
from bench.tasks import gated

Arrival = tuple[int, int, float]  # the first and last seq an update brought, when it arrived (epoch s)


async def follow(socket: Connection, match_id: str, arrivals: list[Arrival]) -> None:
    """Note the arrival of every update of one match until it is over."""
    operation = await socket.subscribe(documents.updates(events=True), {"id": match_id})
    try:
        while True:
            batch = await operation.drain()
            for arrival, data in batch:
                seqs = [event["seq"] for event in data["matchUpdates"]["events"]]
                if seqs:
                    arrivals.append((min(seqs), max(seqs), arrival))
            if batch[-1][1]["matchUpdates"]["status"] != ACTIVE:
                return
    finally:
        await operation.stop()


async def run(plan: dict[str, Any]) -> dict[str, Any]:
    http = lobby.client(plan["base"], connections=16)
    count, seats = plan["matches"], plan["seats"]
    turn = max(plan["options"].values())  # the longest of the game's timers, each set to its shortest
    players = await lobby.register(http, count * seats, name="timer")
    tables = [players[i * seats : (i + 1) * seats] for i in range(count)]
    game, options = plan["game"], plan["options"]
    ids = await gated(
        count, lambda i: lobby.open_match(http, tables[i], game=game, options=options, start=False)
    )
    sockets = await gated(count, lambda _: lobby.connect(plan["base"]))
    arrivals: dict[str, list[Arrival]] = {match_id: [] for match_id in ids}
    followers: list[asyncio.Task[None]] = []
    commits = reference.CommitProbe(plan["dsn"], Window(warmup=0.0, seconds=math.inf))
    try:
        with progress.bar() as bar:
            task = bar.add_task(f"timers {game}: timeouts heard", total=plan["deadlines"])
            began = time.perf_counter()
            for number, (table, match_id, socket) in enumerate(zip(tables, ids, sockets, strict=True)):
                await asyncio.sleep(max(0.0, began + number * turn / count - time.perf_counter()))
                await lobby.start_match(http, table[0], match_id)
                followers.append(asyncio.create_task(follow(socket, match_id, arrivals[match_id])))
            while (heard := sum(map(len, arrivals.values()))) < plan["deadlines"]:
                failed = [f for f in followers if f.done() and not f.cancelled() and f.exception()]
                if failed:
                    raise failed[0].exception()  # type: ignore[misc]
                if all(f.done() for f in followers):
                    break  # every match ended before enough deadlines fired
                bar.update(task, completed=heard)
                await asyncio.sleep(0.2)
            bar.update(task, completed=plan["deadlines"])
        probed = commits.result()
    finally:
        commits.stop()
        for follower in followers:
            follower.cancel()
        await asyncio.gather(*followers, return_exceptions=True)
        await asyncio.gather(*(socket.aclose() for socket in sockets))
        await asyncio.gather(
            *(lobby.resign(http, t[0], i) for t, i in zip(tables, ids, strict=True)), return_exceptions=True
        )
        await http.aclose()
    return {
        "game": game,
        "options": options,
        "matches": count,
        "per_second": round(count / turn, 1),
        "arrivals": arrivals,
        "commit_probe": probed,
    }


def lateness(
    fired: dict[str, list[list[int]]], arrivals: dict[str, list[Arrival]], limit: int
) -> dict[str, Any]:
    """The first ``limit`` timeouts every spectator heard: fired - due, and heard - due (ms)."""
    samples = []  # (fired ms, fired - due, heard - due)
    for match_id, timeouts in fired.items():
        heard = arrivals.get(match_id, [])
        for version, due, fired_ms in timeouts:
            when = next((arrival for first, last, arrival in heard if first <= version + 1 <= last), None)
            if when is not None:
                samples.append((fired_ms, fired_ms - due, when * 1000 - due))
    samples = sorted(samples)[:limit]
    return {
        "deadlines": len(samples),
        "fired": spread([late for _, late, _ in samples]),
        "heard": spread([heard for _, _, heard in samples]),
    }
