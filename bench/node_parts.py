"""The parts the Node load generator drives (``bench/peers/``; one Python process saturates a core
before the server does, so the load of these figures comes from Node):

- service: the closed loop, ``matches`` two-seat matches of each game, a client per seat moving on each
  update, in each client shape (moves over the socket, moves over HTTP); with the server's and the
  database's CPU per move and how busy the machine was (``Meters``);
- peers: boardgame.io 0.50.2 on PostgreSQL under the same closed loop, its figures beside ours; with the
  service part, before the first game and after each one (``run_service_beside_peer``);
- open: moves arriving at fixed rates over the same matches: latency at the first rate, and capacity;
- live: one match followed by ``subscribers`` sockets, from each move's acceptance to each arrival
  (``bench/peers/live.mjs``), with the commit probe run between the generator's marks.

What the generator records is turned into figures by ``bench/loops.py`` (the live samples by
``bench/stats.py``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import psycopg
from rich.console import Console

from bench import cpu, loops, node, peer, report
from bench.games import GamePlan
from bench.options import Options
from bench.parts import PartFailed, add_commit_probe
from bench.reference import MarkedProbe
from bench.stack import Stack, StackFailed
from bench.stats import spread
from bench.targets import CAPACITY_P99_MS

LOAD = "load.mjs"
PEER_WINDOW = "socketio"


def drive(plan: dict[str, Any], on_mark: Callable[[node.Mark], None] = lambda mark: None) -> dict[str, Any]:
    """The Node load generator on ``plan``; ``on_mark`` hears its windows open and close."""
    try:
        return node.run(LOAD, plan, on_mark=on_mark)
    except node.NodeFailed as error:
        raise PartFailed(str(error)) from None


def run_service(stack: Stack, options: Options, out: report.Report, console: Console) -> None:
    for game in options.games:
        _service_game(stack, options, out, game)


def run_service_beside_peer(stack: Stack, options: Options, out: report.Report, console: Console) -> None:
    """The service and peers parts together: the peer before the first game and after each one, each
    game set beside the mean of the two peer runs around it (``Report.peers``), all runs kept. A peer
    that fails fails the peers part; the games are measured all the same."""
    console.print(f"{peer.VERSION} measured before the first game and after each one")
    with _peer_server(stack, out) as server:
        runs = [_peer_run(stack, server, options, out, console, after=None)] if server else []
        for game in options.games:
            _service_game(stack, options, out, game)
            if server and runs[-1]:  # once the peer failed, the games go on without it
                runs.append(_peer_run(stack, server, options, out, console, after=game.key))
                if runs[-1]:
                    out.peers[game.key] = _mean(runs[-2:])
    out.peer = _mean([run for run in runs if run])


@dataclass
class Meters:
    """What a closed loop's windows are read from: the server's processes, the database server's (None
    when it runs on another machine) and the whole machine. The server's CPU per move is its cost; the
    machine's busy share says whether the cores ran out before the server did."""

    server: cpu.Meter
    database: cpu.Meter | None
    machine: cpu.Machine

    @classmethod
    def around(cls, stack: Stack, server_pids: list[int]) -> Meters:
        with stack.postgres.connect() as connection:
            root = cpu.postgres_root(connection)
        return cls(cpu.processes(server_pids), None if root is None else cpu.processes([root]), cpu.Machine())

    def on_mark(self, mark: node.Mark) -> None:
        for meter in (self.server, self.database, self.machine):
            if meter is not None:
                meter.on_mark(mark)

    def figures(self, window: str, accepted: int) -> dict[str, float | None]:
        database = None if self.database is None else self.database.spent.get(window)
        return {
            "cpu_ms_per_move": loops.cpu_ms_per_move(self.server.spent.get(window), accepted),
            "database_cpu_ms_per_move": loops.cpu_ms_per_move(database, accepted),
            "machine_busy_percent": self.machine.busy_percent(window),
        }


def _service_game(stack: Stack, options: Options, out: report.Report, game: GamePlan) -> None:
    reference = next(iter(out.details.get("reference", [])), None)
    meters = Meters.around(stack, stack.service_pids)
    plan = {"scenario": "closed", "base": stack.server.base, "game": game.key, "seats": game.seats}
    shape = {"matches": options.matches, "shapes": list(options.shapes)}
    result = drive({**plan, **shape, "warmup": options.warmup, "seconds": options.seconds}, meters.on_mark)
    for client in options.shapes:
        figures = loops.closed(result, client)
        figures.update(meters.figures(client, figures["accepted"]))
        if reference:  # how much of the database's commit rate the service turns into moves
            figures["of_reference"] = round(figures["moves_per_s"] / reference["commits_per_s"], 3)
        out.keep("service", {"game": game.key, "shape": client, "clients": result["clients"], **figures})
        _service_rows(out, figures, game=game.key, shape=client, matches=options.matches)


# The closed loop's rows, per game and shape: (figure, label, unit, shown beside the peer's).
SERVICE_ROWS = (
    ("moves_per_s", "accepted moves/s", "moves/s", True),
    ("update_p99_ms", "move → mover's update p99", "ms", True),
    ("submit_p99_ms", "submitMove → its result p99", "ms", False),
    ("cpu_ms_per_move", "server CPU per move", "ms", True),
    ("database_cpu_ms_per_move", "database CPU per move", "ms", True),
    ("load_cpu_percent", "load generator CPU", "% of a core", True),
    ("machine_busy_percent", "machine CPU busy", "% of all cores", True),
    ("refused_percent", "submissions refused for concurrency", "%", False),
    ("lost_percent", "submissions refused by the game (a race lost)", "%", False),
    ("longest_pause_ms", "longest pause between two moves of a match", "ms", False),
)


def _service_rows(
    out: report.Report, figures: dict[str, Any], *, game: str, shape: str, matches: int
) -> None:
    figures = {
        **figures,
        "refused_percent": _percent(figures["refused_share"]),
        "lost_percent": _percent(figures["lost_share"]),
    }
    for name, label, unit, beside in SERVICE_ROWS:
        out.add(
            f"service.{name}",
            f"service, {matches} matches, moves over {shape}: {label}",
            figures[name],
            unit,
            game=game,
            shape=shape,
            versus=name if beside else None,
        )


def _percent(share: float | None) -> float | None:
    return None if share is None else round(share * 100, 1)


PEER_FIGURES = (
    "moves_per_s",
    "update_p50_ms",
    "update_p99_ms",
    "cpu_ms_per_move",
    "database_cpu_ms_per_move",
    "load_cpu_percent",
    "machine_busy_percent",
)


def run_peers(stack: Stack, options: Options, out: report.Report, console: Console) -> None:
    with _peer_server(stack, out) as server:
        if server:
            out.peer = _peer_run(stack, server, options, out, console, after=None)


@contextlib.contextmanager
def _peer_server(stack: Stack, out: report.Report) -> Iterator[peer.PeerServer | None]:
    """The peer's server, or None if it would not start (then the peers part is failed)."""
    with contextlib.ExitStack() as held:
        try:
            server = held.enter_context(
                peer.bgio_server(stack.postgres, peer.database_name(stack), stack.logs)
            )
        except (node.NodeFailed, StackFailed) as error:
            out.failed("peers", None, str(error))
            server = None
        yield server


def _peer_run(
    stack: Stack,
    server: peer.PeerServer,
    options: Options,
    out: report.Report,
    console: Console,
    *,
    after: str | None,
) -> dict[str, float | None]:
    """One closed loop of the peer, kept in the details (``after``: the game measured just before it);
    returns the figures ours are set beside, none if it failed (then the peers part is failed)."""
    console.print(f"{peer.VERSION} with its PostgreSQL storage, Daredevil Rock, {options.matches} matches")
    meters = Meters.around(stack, [server.process.popen.pid])
    plan = {"scenario": "peer", "base": server.base, "api": server.api, "seats": 2}
    timing = {"matches": options.matches, "warmup": options.warmup, "seconds": options.seconds}
    try:
        result = drive({**plan, **timing}, meters.on_mark)
    except PartFailed as error:
        out.failed("peers", None, str(error))
        return {}
    figures = loops.closed(result, PEER_WINDOW)
    figures.update(meters.figures(PEER_WINDOW, figures["accepted"]))
    detail = {"peer": peer.VERSION, "game": "daredevil-rock", "after": after, "clients": result["clients"]}
    out.keep("peers", {**detail, **figures})
    return {key: figures[key] for key in PEER_FIGURES}


def _mean(runs: list[dict[str, float | None]]) -> dict[str, float | None]:
    """Each figure's mean over ``runs`` (None if a run lacks it); nothing for no runs."""
    means: dict[str, float | None] = {}
    for key in PEER_FIGURES if runs else ():
        values = [run.get(key) for run in runs]
        known = [value for value in values if value is not None]
        means[key] = round(sum(known) / len(known), 1) if known and len(known) == len(values) else None
    return means


def run_open(stack: Stack, options: Options, out: report.Report, console: Console) -> None:
    rates = list(options.open_rates)
    for game in options.games:
        plan = {"scenario": "open", "base": stack.server.base, "game": game.key, "seats": game.seats}
        timing = {"warmup": options.open_warmup, "seconds": options.open_seconds}
        load = {
            "matches": options.matches,
            "rates": rates,
            "limit_ms": CAPACITY_P99_MS,
            "shape": options.client,
        }
        result = drive({**plan, **timing, **load})
        steps = [loops.open_step(result, rate) for rate in rates if str(rate) in result["windows"]]
        out.keep(
            "open", {"game": game.key, "matches": options.matches, "shape": options.client, "steps": steps}
        )
        first = steps[0]
        label = f"open loop at {first['rate']}/s"
        out.add("open.submit_p99_ms", f"{label}: submitMove p99", first["submit_p99_ms"], "ms", game=game.key)
        out.add(
            "open.update_p99_ms", f"{label}: update delivery p99", first["update_p99_ms"], "ms", game=game.key
        )
        held = loops.capacity(steps, CAPACITY_P99_MS)
        note = f"under {rates[0]}/s" if held is None else ""
        label = f"open loop capacity (submitMove p99 ≤ {CAPACITY_P99_MS} ms, steps of {_steps(rates)})"
        out.add("open.capacity_per_s", label, held, "moves/s", game=game.key, note=note)


def _steps(rates: list[int]) -> str:
    return f"{rates[0]} to {rates[-1]}/s" if len(rates) > 1 else f"{rates[0]}/s"


def run_live(stack: Stack, options: Options, out: report.Report, console: Console) -> None:
    for game in options.games:
        plan = {"scenario": "live", "base": stack.server.base, "game": game.key, "seats": game.seats}
        shape = {
            "subscribers": options.subscribers,
            "interval_ms": options.live_interval_ms,
            "client": options.client,
        }
        timing = {"warmup": min(options.warmup, 2.0), "seconds": options.live_seconds}
        with MarkedProbe(stack.database_url) as probe:
            result = drive({**plan, **shape, **timing}, probe.on_mark)
        try:
            commits = probe.result()
        except psycopg.Error as error:
            raise PartFailed(f"commit probe: {error}") from None
        detail = {
            "game": game.key,
            "subscribers": options.subscribers,
            "seats": game.seats,
            "interval_ms": options.live_interval_ms,
            **_live_figures(result),
            "commit_probe": commits,
        }
        out.keep("live", detail)
        for rank in ("p50", "p99"):
            label = f"live update {rank} ({options.subscribers} subscribers)"
            out.add(f"live.{rank}_ms", label, detail[f"{rank}_ms"], "ms", game=game.key)
        label = "live: load generator CPU"
        out.add("live.load_cpu_percent", label, detail["load_cpu_percent"], "% of a core", game=game.key)
        add_commit_probe(out, "live", detail, game.key)


def _live_figures(result: dict[str, Any]) -> dict[str, Any]:
    samples = result["samples"]
    return {
        "moves": result["moves"],
        "samples": len(samples),
        "measured_from": "each event's server `at` (the command's arrival at the service) to the message's arrival",
        **spread(samples),
        "load_cpu_percent": loops.load_cpu_percent(result["window"]),
    }
