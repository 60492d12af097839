"""``make bench`` end to end, in a tiny configuration, so the harness cannot rot: it starts the service
in production mode (and boardgame.io beside it), measures every figure, judges each against its target,
writes results.json and results.md, and leaves nothing behind — also when it is stopped with Ctrl-C.
And the Node load generator alone against the test server, for a second or two.

Not a speed test: the values are not compared with anything here, only that each figure has one. Nor
does any wait here depend on how busy the machine is: each step waits for what it needs (a line, the
server's log of the load generator's requests, the end of the process), and HANG_SECONDS only ends a
run that hangs.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import orjson
import pytest
import redis
from django.conf import settings

from bench import loops, node
from bench.backends import postgres_server
from tests.server import fresh_database, running_server

T = TypeVar("T")

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

ROOT = Path(__file__).resolve().parents[2]
# A run that has not ended by then hangs. Not a measure: on a loaded machine (CI running the suite,
# a fresh clone compiling every module) the stack alone took 30 s to start where it takes 14 s idle.
HANG_SECONDS = 600
# Answered GraphQL requests that show the load generator at work (4 clients: registrations, lobbies, moves).
PLAYING = 20
# Two games, not every one: a turn-based game and one where both players act at once (its refused
# submissions, which the clients wait out) cover the harness; every game is planned in test_benchmark_command.
TINY = [
    "--game",
    "daredevil-rock",
    "--game",
    "racesmack",
    "--matches",
    "2",
    "--seconds",
    "2",
    "--warmup",
    "0.5",
    "--open-rates",
    "10,20",
    "--open-seconds",
    "1",
    "--open-warmup",
    "0.5",
    "--subscribers",
    "20",
    "--live-seconds",
    "2",
    "--deadlines",
    "20",
    "--timer-matches",
    "10",
    "--replay-events",
    "200",
    "--replay-repeats",
    "3",
    "--idle-subscriptions",
    "20",
    "--engine-matches",
    "2",
]
FIGURES = {
    "engine.commands_per_s",
    "reference.commits_per_s",
    "service.moves_per_s",
    "service.update_p99_ms",
    "service.submit_p99_ms",
    "service.cpu_ms_per_move",
    "service.database_cpu_ms_per_move",
    "service.load_cpu_percent",
    "service.machine_busy_percent",
    "service.refused_percent",
    "service.lost_percent",
    "service.longest_pause_ms",
    "open.submit_p99_ms",
    "open.update_p99_ms",
    "open.capacity_per_s",
    "live.p50_ms",
    "live.p99_ms",
    "live.load_cpu_percent",
    "live.commit_probe_max_ms",
    "timers.lateness_p50_ms",
    "timers.lateness_p99_ms",
    "timers.heard_p99_ms",
    "timers.commit_probe_max_ms",
    "memory.mib_per_1000",
    "replay.cold_ms",
    "replay.warm_ms",
}


def benchmark(*flags: str, **settings: str) -> subprocess.Popen[str]:
    """``python -m bench`` with ``flags``; ``settings`` reach its server's environment too."""
    command = [sys.executable, "-m", "bench", *flags]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", **settings}
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def run_databases(pid: int) -> list[str]:
    """The databases of the run (bench/stack.py: cliffside_bench_<pid>_<token>)."""
    with postgres_server().connect() as admin:
        rows = admin.execute(
            "SELECT datname FROM pg_database WHERE starts_with(datname, %s)", (f"cliffside_bench_{pid}_",)
        )
        return [name for (name,) in rows]


def left_behind(pid: int) -> tuple[list[str], list[bytes]]:
    """The run's databases and Redis keys that still exist."""
    databases = run_databases(pid)
    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        keys = list(client.scan_iter(match=f"bench-{pid}*"))
    finally:
        client.close()
    return databases, keys


def test_make_bench_measures_every_figure_judges_it_and_cleans_up(tmp_path: Path):
    run = benchmark(*TINY, "--out", str(tmp_path))
    try:
        output, _ = run.communicate(timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        run.send_signal(signal.SIGINT)  # stopped as Ctrl-C stops it: its processes and database go too
        run.communicate(timeout=120)
        raise
    results = orjson.loads((tmp_path / "results.json").read_bytes())
    figures = results["figures"]
    assert {figure["key"] for figure in figures} == FIGURES, output[-3000:]
    for figure in figures:
        # The capacity of a tiny run on a busy machine may be under its first rate: said, not a number.
        measured = isinstance(figure["value"], int | float) or figure["note"].startswith("under ")
        assert measured, figure
        if figure["versus"]:  # ours beside the peer of the same run
            assert isinstance(figure["peer"], int | float) and figure["ratio"] is not None, figure
    assert run.returncode == (0 if results["passed"] else 1)
    assert results["passed"] == all(figure["result"] != "FAIL" for figure in figures)
    assert {"cores", "cpu", "python", "postgresql", "redis", "workers", "date"} <= set(results["machine"])
    shapes = [(detail["game"], detail["shape"]) for detail in results["details"]["service"]]
    assert (
        len(shapes) == 2 * len(results["config"]["games"])
        and results["details"]["service"][0]["clients"] == 4
    )
    # The peer before the first game and after each one; each game beside the two runs around it.
    peers = results["details"]["peers"]
    assert [run["after"] for run in peers] == [None, *results["config"]["games"]]
    assert all(run["accepted"] > 0 for run in peers)
    assert set(results["peers"]) == set(results["config"]["games"])
    written = (tmp_path / "results.md").read_text()
    full = written[written.index("| figure | game |") :]  # after the summary
    rows = [line for line in full.splitlines() if line.startswith("| ")]
    assert len(rows) == len(figures) + 1  # the header, then one row per figure and game
    assert left_behind(run.pid) == ([], [])  # the peer's database included


@contextlib.contextmanager
def killed_if_it_hangs(run: subprocess.Popen[str]) -> Iterator[list[str]]:
    """The lines the run prints, as it prints them (read on a thread of their own: a full pipe would
    stall the run); the run killed if it has not ended after HANG_SECONDS."""
    lines: list[str] = []
    assert run.stdout is not None
    reader = threading.Thread(target=lambda: lines.extend(run.stdout or ()), daemon=True)
    guard = threading.Timer(HANG_SECONDS, run.kill)
    reader.start()
    guard.start()
    try:
        yield lines
    finally:
        guard.cancel()
    reader.join()


def wait_for(what: str, run: subprocess.Popen[str], found: Callable[[], T | None]) -> T:
    """``found()`` once it is something, polled until then; fails if the run ends first."""
    while (value := found()) is None:
        assert run.poll() is None, f"the run ended before {what}"
        time.sleep(0.2)
    return value


def server_port(lines: list[str]) -> int | None:
    for line in list(lines):
        if line.startswith("server http://127.0.0.1:"):
            return int(line.split(":")[2].split(";")[0])
    return None


def requests_served(log: Path) -> int | None:
    """GraphQL requests the server has answered so far (its access log), once the load generator has
    made some: registrations, lobbies, then moves. Read from the file, not the database, so the wait
    needs no connection of its own."""
    if not log.exists():
        return None
    served = log.read_text(errors="replace").count('"POST /graphql/ HTTP/1.1" 200')
    return served if served >= PLAYING else None


def test_ctrl_c_stops_every_process_and_drops_the_database(tmp_path: Path):
    # The server's access log (off in production) is how this test sees the load generator play.
    run = benchmark(
        "--only", "service", "--matches", "2", "--seconds", "120", "--out", str(tmp_path), ACCESS_LOG="true"
    )
    began = time.monotonic()
    timeline: list[str] = []  # what happened when, for the message of a run that hangs

    def mark(what: str) -> None:
        timeline.append(f"{what} at {time.monotonic() - began:.1f} s")

    with killed_if_it_hangs(run) as lines:
        port = wait_for("the server started", run, lambda: server_port(lines))
        mark("server started")
        wait_for("the load generator played", run, lambda: requests_served(tmp_path / "logs" / "web.log"))
        mark("load generator playing")
        run.send_signal(signal.SIGINT)
        run.wait()
        mark("run ended")
    assert run.returncode != -signal.SIGKILL, f"the run hung for {HANG_SECONDS} s: {timeline}; {lines[-20:]}"
    assert left_behind(run.pid) == ([], [])
    with socket.socket() as probe, contextlib.suppress(OSError):
        probe.connect(("127.0.0.1", port))
        pytest.fail(f"the server still answers on port {port}")


def test_the_node_load_generator_plays_both_client_shapes_and_the_open_loop(tmp_path: Path):
    plan = {"game": "daredevil-rock", "seats": 2, "matches": 2, "warmup": 0.3, "seconds": 1}
    marks: list[tuple[str, str]] = []

    def marked(mark: dict[str, str]) -> None:
        marks.append((mark["mark"], mark["window"]))

    with fresh_database(tmp_path) as database, running_server(tmp_path, database) as base:
        closed = node.run(
            "load.mjs", {**plan, "scenario": "closed", "base": base, "shapes": ["ws", "http"]}, on_mark=marked
        )
        rates = {"rates": [5, 10], "limit_ms": 60_000, "shape": "ws"}
        opened = node.run("load.mjs", {**plan, **rates, "scenario": "open", "base": base}, on_mark=marked)
    assert marks == [(edge, window) for window in ("ws", "http", "5", "10") for edge in ("start", "end")]
    for shape in ("ws", "http"):
        figures = loops.closed(closed, shape)
        assert figures["accepted"] > 0 and figures["update_p99_ms"] is not None, figures
        assert figures["load_cpu_percent"] > 0
    for rate in (5, 10):
        step = loops.open_step(opened, rate)
        assert step["sent"] > 0 and step["update_p99_ms"] is not None, step


def test_the_node_load_generator_times_a_live_match_at_every_subscriber(tmp_path: Path):
    plan = {"scenario": "live", "game": "daredevil-rock", "seats": 2, "subscribers": 6, "client": "ws"}
    pace = {"interval_ms": 20, "warmup": 0.3, "seconds": 1}
    marks: list[str] = []
    with fresh_database(tmp_path) as database, running_server(tmp_path, database) as base:
        result = node.run(
            "load.mjs", {**plan, **pace, "base": base}, on_mark=lambda m: marks.append(m["mark"])
        )
    assert marks == ["start", "end"]
    assert result["moves"] > 0 and loops.load_cpu_percent(result["window"]) > 0, result["window"]
    # Each move reaches its 6 subscribers (the last ones may arrive after the window), always after the
    # server's `at`: both read this machine's wall clock, the microseconds of `at` kept.
    assert len(result["samples"]) >= 6 * (result["moves"] - 2), result
    assert all(0 < sample < 60_000 for sample in result["samples"]), result["samples"]
