"""The Python load generator: ``python -m bench.load`` reads one scenario's plan (JSON) on stdin,
drives the service over HTTP and WebSocket only, and writes the scenario's figures (JSON) on stdout.
(The service, peer, open-loop and live figures come from the Node one: ``bench/peers/load.mjs``.)

It is a process of its own, apart from the server's, and never imports Django: what it measures is
what any client would see. Progress bars go to stderr. When the service stops answering (or answers
what a client cannot go on from) it writes ``{"error": ...}`` instead and exits with 2.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import orjson
import psycopg
from cliffside_client import CliffsideError
from websockets.exceptions import WebSocketException

from bench import memory, reference, replay, timers
from bench.seat import BenchError

# What a service that stopped answering, or answered nonsense, looks like from here.
BROKEN_RUN = (
    CliffsideError,
    BenchError,
    httpx.HTTPError,
    WebSocketException,
    psycopg.Error,
    OSError,
    TimeoutError,
)

SCENARIOS: dict[str, Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]] = {
    "reference": reference.run,
    "timers": timers.run,
    "memory": memory.run,
    "replay": replay.run,
}


def _run(coroutine: Awaitable[dict[str, Any]]) -> dict[str, Any]:
    try:  # uvloop (installed with uvicorn[standard]) leaves more of the machine to the server
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)  # type: ignore[arg-type]
    return uvloop.run(coroutine)  # type: ignore[arg-type]


def main() -> int:
    plan = orjson.loads(sys.stdin.buffer.read())
    try:
        result = _run(SCENARIOS[plan["scenario"]](plan))
    except BROKEN_RUN as error:
        said = str(error) or (
            "no answer in time" if isinstance(error, httpx.TimeoutException | TimeoutError) else ""
        )
        reason = f"{type(error).__name__}: {said}" if said else type(error).__name__
        print(f"load generator, {plan['scenario']}: {reason}", file=sys.stderr)
        sys.stdout.write(orjson.dumps({"error": reason}).decode() + "\n")
        return 2
    sys.stdout.write(orjson.dumps(result).decode() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
