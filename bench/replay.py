"""The replay figure: ``view(atVersion)`` of a long match, from its first seat, the whole typed view
selected. Cold: the first such request to a server process started for it (at the log's second-to-last
version, the deepest read there is). Warm: the median of the requests after it, at random versions.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from cliffside_client import Client

from bench import documents, lobby, progress
from bench.stats import percentile


async def _timed(http: Client, document: str, match_id: str, version: int) -> float:
    began = time.perf_counter()
    data = await http.execute(document, {"id": match_id, "version": version})
    elapsed = (time.perf_counter() - began) * 1000
    if not data["match"] or data["match"]["view"] is None:
        raise RuntimeError(f"no view of match {match_id} at version {version}")
    return elapsed


async def run(plan: dict[str, Any]) -> dict[str, Any]:
    http = lobby.client(plan["base"], connections=1)
    seat = http.acting_as(plan["token"])  # the first seat's view
    document, match_id = documents.view_at(plan["selection"]), plan["match_id"]
    deepest = max(0, plan["version"] - 1)
    versions = random.Random(plan["version"]).choices(range(plan["version"]), k=plan["repeats"])
    try:
        cold = await _timed(seat, document, match_id, deepest)
        warm = []
        with progress.bar() as bar:
            task = bar.add_task(f"replay {plan['game']}: warm requests", total=len(versions))
            for version in versions:
                warm.append(await _timed(seat, document, match_id, version))
                bar.advance(task)
    finally:
        await http.aclose()
    return {
        "game": plan["game"],
        "events": plan["version"],
        "cold_ms": round(cold, 2),
        "cold_at_version": deepest,
        "warm_ms": round(statistics.median(warm), 2),
        "warm_p95_ms": round(percentile(warm, 0.95) or 0.0, 2),
        "warm_requests": len(warm),
    }
