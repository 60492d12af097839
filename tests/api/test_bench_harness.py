"""``make bench`` end to end, in a tiny configuration, so the harness cannot rot: it starts the service
in production mode, measures every figure, judges each against its target, writes results.json and
results.md, and leaves nothing behind — also when it is stopped with Ctrl-C.

Not a speed test: the values are not compared with anything here, only that each figure has one.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
import redis
from django.conf import settings

from api.bench.backends import postgres_server
from api.bench.targets import TARGETS

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

ROOT = Path(__file__).resolve().parents[2]
TINY = [
    "--matches",
    "2",
    "--seconds",
    "2",
    "--warmup",
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
    "service.submit_p50_ms",
    "service.submit_p95_ms",
    "service.submit_p99_ms",
    "service.of_reference",
    "service.refused_percent",
    "service.longest_pause_ms",
    "service.commit_probe_max_ms",
    "live.p50_ms",
    "live.p99_ms",
    "live.commit_probe_max_ms",
    "timers.lateness_p50_ms",
    "timers.lateness_p99_ms",
    "timers.heard_p99_ms",
    "timers.commit_probe_max_ms",
    "memory.mib_per_1000",
    "replay.cold_ms",
    "replay.warm_ms",
}


def benchmark(*flags: str) -> subprocess.Popen[str]:
    command = [sys.executable, "manage.py", "benchmark", *flags]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def left_behind(pid: int) -> tuple[list[str], list[bytes]]:
    """The run's databases and Redis keys that still exist."""
    with postgres_server().connect() as admin:
        rows = admin.execute(
            "SELECT datname FROM pg_database WHERE datname = %s", (f"cliffside_bench_{pid}",)
        )
        databases = [name for (name,) in rows]
    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        keys = list(client.scan_iter(match=f"bench-{pid}*"))
    finally:
        client.close()
    return databases, keys


def test_make_bench_measures_every_figure_judges_it_and_cleans_up(tmp_path: Path):
    run = benchmark(*TINY, "--out", str(tmp_path))
    output, _ = run.communicate(timeout=300)
    results = orjson.loads((tmp_path / "results.json").read_bytes())
    figures = {figure["key"]: figure for figure in results["figures"]}
    assert set(figures) == FIGURES, output[-3000:]
    for key, figure in figures.items():
        assert isinstance(figure["value"], int | float), (key, figure)
        assert figure["result"] == (
            "" if key not in TARGETS else "PASS" if TARGETS[key].met(figure["value"]) else "FAIL"
        )
    assert run.returncode == (0 if results["passed"] else 1)
    assert results["passed"] == all(figure["result"] != "FAIL" for figure in figures.values())
    assert {"cores", "cpu", "python", "postgresql", "redis", "workers", "date"} <= set(results["machine"])
    assert results["details"]["service"][0]["clients"] == 4
    rows = [line for line in (tmp_path / "results.md").read_text().splitlines() if line.startswith("| ")]
    assert len(rows) == len(results["figures"]) + 1  # the header, then one row per figure and game
    assert left_behind(run.pid) == ([], [])


def test_ctrl_c_stops_every_process_and_drops_the_database(tmp_path: Path):
    run = benchmark("--only", "service", "--matches", "2", "--seconds", "120", "--out", str(tmp_path))
    port = None
    assert run.stdout is not None
    for line in run.stdout:
        if line.startswith("server http://127.0.0.1:"):
            port = int(line.split(":")[2].split(";")[0])
        if port and "service" in line and "─" in line:  # the part has begun: the load generator runs
            break
    assert port, "the server never started"
    time.sleep(3)
    run.send_signal(signal.SIGINT)
    run.communicate(timeout=60)
    assert left_behind(run.pid) == ([], [])
    with socket.socket() as probe, contextlib.suppress(OSError):
        probe.connect(("127.0.0.1", port))
        pytest.fail(f"the server still answers on port {port}")
