"""The parts of the benchmark the Python load generator drives (reference, timers, memory, replay):
each drives its scenario, then adds its figures to the report (the Node-driven parts are in
``node_parts``).

Scenarios run in the load generator (``python -m bench.load``), a process of its own; the long
match the replay figure reads is built by ``python -m bench.service_side.seed`` with the server's
environment.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import orjson
from rich.console import Console

from bench import engine, report, timers
from bench.options import ROOT, Options
from bench.stack import Stack
from games.registry import REGISTRY

# Every wait of the load generator is bounded (a minute at most), so this only catches a hang of its own.
CHILD_SECONDS = 15 * 60


class PartFailed(Exception):
    """A scenario could not be measured (the load generator or a helper process failed)."""


def child(module: str, request: dict[str, Any], *, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run ``python -m <module>`` with ``request`` as JSON on stdin; its JSON answer from stdout."""
    command = [sys.executable, "-m", module]
    try:
        done = subprocess.run(
            command,
            input=orjson.dumps(request),
            stdout=subprocess.PIPE,
            cwd=ROOT,
            env=env,
            timeout=CHILD_SECONDS,
        )
    except subprocess.TimeoutExpired:
        raise PartFailed(f"{module} did not finish in {CHILD_SECONDS // 60} minutes") from None
    try:
        answer = orjson.loads(done.stdout.splitlines()[-1])
    except (IndexError, orjson.JSONDecodeError):
        answer = {}  # it died before it could answer
    if done.returncode != 0:
        raise PartFailed(answer.get("error") or f"{module} exited with {done.returncode} (see above)")
    return answer


def drive(plan: dict[str, Any]) -> dict[str, Any]:
    return child("bench.load", plan)


def run_engine(options: Options, out: report.Report, console: Console) -> None:
    for game in options.games:
        result = engine.measure(REGISTRY[game.key], options.engine_matches)
        out.keep("engine", result)
        out.add("engine.commands_per_s", "engine (1 core)", result["commands_per_s"], "cmd/s", game=game.key)


def run_reference(stack: Stack, options: Options, out: report.Report, console: Console) -> None:
    plan = {"dsn": stack.database_url, "connections": options.matches}
    result = drive({"scenario": "reference", **plan, "warmup": options.warmup, "seconds": options.seconds})
    out.keep("reference", result)
    label = f"reference: PostgreSQL 1-row commits ({options.matches} conns)"
    out.add("reference.commits_per_s", label, result["commits_per_s"], "commits/s")


def add_commit_probe(out: report.Report, part: str, result: dict[str, Any], game: str) -> None:
    """The slowest commit of PostgreSQL while that part measured: a stall of the disk shows here."""
    label = f"{part}: slowest 1-row commit meanwhile (probe)"
    out.add(f"{part}.commit_probe_max_ms", label, result["commit_probe"]["max_ms"], "ms", game=game)


def run_timers(stack: Stack, options: Options, out: report.Report, console: Console) -> None:
    for game in options.games:
        if game.timer_options is None:
            out.add(
                "timers.lateness_p99_ms",
                "timers",
                None,
                "ms",
                game=game.key,
                note="no timer option (...Seconds)",
            )
            continue
        plan = {
            "base": stack.server.base,
            "game": game.key,
            "seats": game.seats,
            "options": game.timer_options,
            "dsn": stack.database_url,
        }
        count = {
            "deadlines": options.deadlines,
            "matches": max(1, min(options.timer_matches, options.deadlines)),
        }
        heard = drive({"scenario": "timers", **plan, **count})
        fired = child("bench.service_side.deadlines", {"matches": list(heard["arrivals"])}, env=stack.env)
        result = {**timers.lateness(fired, heard.pop("arrivals"), options.deadlines), **heard}
        out.keep("timers", result)
        shape = f"{result['deadlines']:,} deadlines, {heard['per_second']:g}/s"
        for rank in ("p50", "p99"):
            label = f"timer lateness {rank} ({shape})"
            out.add(f"timers.lateness_{rank}_ms", label, result["fired"][f"{rank}_ms"], "ms", game=game.key)
        label = "timer heard by a spectator p99"
        out.add("timers.heard_p99_ms", label, result["heard"]["p99_ms"], "ms", game=game.key)
        add_commit_probe(out, "timers", result, game.key)


def run_memory(stack: Stack, options: Options, out: report.Report, console: Console) -> None:
    game = options.games[0]
    with stack.fresh_server("memory") as fresh:
        plan = {"base": fresh.base, "game": game.key, "seats": game.seats, "pid": fresh.process.popen.pid}
        result = drive({"scenario": "memory", **plan, "subscriptions": options.idle_subscriptions})
    out.keep("memory", result)
    label = f"memory per 1,000 idle subscriptions ({options.idle_subscriptions:,} opened)"
    out.add("memory.mib_per_1000", label, result["mib_per_1000"], "MiB")


def run_replay(stack: Stack, options: Options, out: report.Report, console: Console) -> None:
    for game in options.games:
        console.print(f"replay {game.key}: building a {options.replay_events:,}-event match…")
        request = {"game": game.key, "seats": game.seats, "events": options.replay_events}
        built = child("bench.service_side.seed", {**request, "options": game.replay_options}, env=stack.env)
        with stack.fresh_server(f"replay-{game.key}") as fresh:
            plan = {"base": fresh.base, "game": game.key, **built}
            result = drive({"scenario": "replay", **plan, "repeats": options.replay_repeats})
        out.keep("replay", result)
        events = f"{result['events']:,} events"
        out.add(
            "replay.cold_ms", f"replay cold, new process ({events})", result["cold_ms"], "ms", game=game.key
        )
        out.add("replay.warm_ms", f"replay warm, median ({events})", result["warm_ms"], "ms", game=game.key)
