"""The reference figure: PostgreSQL's own commit rate for the smallest durable write there is — one
single-row insert into an append-only table per transaction (autocommit) — at the service's
concurrency (one connection per concurrent match), over the same window, from the same kind of
asyncio client (psycopg). The service appends a move's events in one transaction too, so service ÷
reference says how much of the database's commit rate the service turns into moves.

And the commit probe: one such insert every ``PROBE_EVERY_S`` while the live and timer figures
are measured, so that each run shows whether the disk stalled its commits meanwhile (a WAL
flush that waits 100 to 600 ms on a shared virtual disk holds every move committing then, and sets
the window's p99 by itself). The Node-driven live figure runs it between its generator's marks
(``MarkedProbe``).
"""

from __future__ import annotations

import asyncio
import math
import threading
import time
from typing import Any

import psycopg

from bench import progress
from bench.stats import Window, spread

TABLE = "bench_reference"
PROBE_EVERY_S = 0.02


async def _prepare(dsn: str) -> None:
    async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as connection:
        await connection.execute(
            f"CREATE TABLE IF NOT EXISTS {TABLE} "
            "(id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), body text NOT NULL)"
        )


async def _commit(connection: psycopg.AsyncConnection[Any], body: str) -> float:
    """One single-row insert, committed (autocommit): the seconds it took."""
    began = time.perf_counter()
    await connection.execute(f"INSERT INTO {TABLE} (body) VALUES (%s)", (body,))
    return time.perf_counter() - began


async def _writer(dsn: str, number: int, window: Window, commits: list[tuple[float, float]]) -> None:
    async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as connection:
        body = f"writer {number}"
        while not window.over:
            began = time.perf_counter()
            commits.append((began, await _commit(connection, body)))


class CommitProbe:
    """One commit every ``PROBE_EVERY_S`` from now until ``window`` is over or ``stop``: how long those
    in the window took (``result``). A window without an end (``seconds=math.inf``) runs until stopped."""

    def __init__(self, dsn: str, window: Window) -> None:
        self.window = window
        self.took: list[float] = []
        self.task = asyncio.create_task(self._run(dsn))

    async def _run(self, dsn: str) -> None:
        await _prepare(dsn)
        async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as connection:
            while not self.window.over:
                began = time.perf_counter()
                took = await _commit(connection, "probe")
                if self.window.measures(began):
                    self.took.append(took * 1000)
                await asyncio.sleep(max(0.0, began + PROBE_EVERY_S - time.perf_counter()))

    def result(self) -> dict[str, Any]:
        if self.task.done() and not self.task.cancelled() and self.task.exception() is not None:
            raise self.task.exception()  # type: ignore[misc]
        took = list(self.took)
        return {"commits": len(took), **spread(took), "max_ms": round(max(took), 2) if took else None}

    def stop(self) -> None:
        self.task.cancel()


class MarkedProbe:
    """The commit probe over the window a Node load generator marks (bench/node.py's ``on_mark``): from
    its start mark to its end mark, on a thread with an event loop of its own, since the orchestrator's
    thread is reading the generator's output meanwhile. A context manager, so that a generator that
    fails before its end mark stops the probe too."""

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self.window = Window(warmup=0, seconds=math.inf)  # opened anew at the start mark
        self.thread: threading.Thread | None = None
        self.probe: CommitProbe | None = None

    def __enter__(self) -> MarkedProbe:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def on_mark(self, mark: dict[str, Any]) -> None:
        if mark["mark"] == "end":
            self.stop()
            return
        self.window = Window(warmup=0, seconds=math.inf)
        self.thread = threading.Thread(target=asyncio.run, args=(self._probe(),), name="commit probe")
        self.thread.start()

    async def _probe(self) -> None:
        self.probe = CommitProbe(self.dsn, self.window)
        await asyncio.wait([self.probe.task])  # a failure is kept in the task, for ``result``

    def stop(self) -> None:
        """The window ends now, if it is open; the probe's last commit is waited for."""
        if self.thread is not None and self.thread.is_alive():
            self.window.close()
            self.thread.join()

    def result(self) -> dict[str, Any]:
        assert self.probe is not None, "the load generator marked no window"
        return self.probe.result()


async def run(plan: dict[str, Any]) -> dict[str, Any]:
    await _prepare(plan["dsn"])
    commits: list[tuple[float, float]] = []
    window = Window(warmup=plan["warmup"], seconds=plan["seconds"])

    def status() -> str:
        done = sum(1 for began, _ in commits if began >= window.start)
        return f"{done / max(time.perf_counter() - window.start, 1e-3):,.0f} commits/s"

    with progress.bar() as bar:
        ticker = asyncio.create_task(
            progress.follow_window(
                bar, "PostgreSQL reference", start=window.start, end=window.end, status=status
            )
        )
        try:
            await asyncio.gather(
                *(_writer(plan["dsn"], n, window, commits) for n in range(plan["connections"]))
            )
        finally:
            ticker.cancel()
    measured = [seconds * 1000 for began, seconds in commits if window.measures(began)]
    return {
        "connections": plan["connections"],
        "seconds": window.seconds,
        "commits": len(measured),
        "commits_per_s": round(len(measured) / window.seconds, 1),
        **spread(measured),
    }
