"""The memory figure: resident memory of a server process per 1,000 idle WebSocket subscriptions.

On a server process started for it alone (one worker), a few subscriptions are opened first so that
one-off costs (code paths, caches, the first connections) are paid; then VmRSS is read from
/proc/<pid>/status, N more spectators each open a socket and subscribe to ``matchUpdates`` of one of a
few quiet matches (default options, nobody moves), and once every one has its first update and the
process has settled, VmRSS is read again.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from cliffside_client import Connection, Operation

from bench import documents, lobby, progress
from bench.tasks import gated

WARM_UP = 10
MATCHES = 10
SETTLE_SECONDS = 2.0


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


async def subscribe(base: str, match_id: str) -> tuple[Connection, Operation]:
    socket = await lobby.connect(base)
    operation = await socket.subscribe(documents.updates(), {"id": match_id})
    await operation.next()  # live
    return socket, operation


async def run(plan: dict[str, Any]) -> dict[str, Any]:
    base, http = plan["base"], lobby.client(plan["base"], connections=8)
    seats, count = plan["seats"], plan["subscriptions"]
    players = await lobby.register(http, MATCHES * seats, name="idle")
    ids = await gated(
        MATCHES,
        lambda i: lobby.open_match(
            http, players[i * seats : (i + 1) * seats], game=plan["game"], options=None
        ),
    )
    opened: list[tuple[Connection, Operation]] = []
    try:
        opened += await gated(WARM_UP, lambda i: subscribe(base, ids[i % MATCHES]))
        await asyncio.sleep(SETTLE_SECONDS)
        before = resident_kib(plan["pid"])
        with progress.bar() as bar:
            task = bar.add_task("memory: idle subscriptions", total=count)

            async def one(number: int) -> tuple[Connection, Operation]:
                pair = await subscribe(base, ids[number % MATCHES])
                bar.advance(task)
                return pair

            opened += await gated(count, one)
        await asyncio.sleep(SETTLE_SECONDS)
        after = resident_kib(plan["pid"])
    finally:
        await gated(len(opened), lambda i: opened[i][0].aclose())
        await asyncio.gather(
            *(lobby.resign(http, players[i * seats], ids[i]) for i in range(MATCHES)), return_exceptions=True
        )
        await http.aclose()
    return {
        "subscriptions": count,
        "rss_before_mib": round(before / 1024, 1),
        "rss_after_mib": round(after / 1024, 1),
        "mib_per_1000": round((after - before) / 1024 / count * 1000, 1),
    }
