"""The orchestrator behind ``python -m bench`` (``make bench``): the engine in-process, then every
other figure against the service started in production mode (``stack``), each scenario driven by a
load generator in a process of its own: Node's (``bench/peers/load.mjs``) for the service, the
peer, the open loop and the live fan-out, Python's (``python -m bench.load``) for the others.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import asdict

from rich.console import Console

from bench import backends, node_parts, parts, report
from bench.options import PARTS, Options
from bench.parts import PartFailed, run_engine
from bench.stack import Stack, StackFailed, production_stack

PartRunner = Callable[[Stack, Options, report.Report, Console], None]
SERVICE_PARTS: dict[str, PartRunner] = {
    "reference": parts.run_reference,
    "service": node_parts.run_service,
    "peers": node_parts.run_peers,
    "open": node_parts.run_open,
    "live": node_parts.run_live,
    "timers": parts.run_timers,
    "memory": parts.run_memory,
    "replay": parts.run_replay,
}


def run(options: Options, console: Console) -> report.Report:
    """Measure every part ``options`` asks for; write and print the report; return it."""
    logging.getLogger("httpx").setLevel(logging.WARNING)  # not a line per /healthz poll
    settings = {key: value for key, value in asdict(options).items() if key not in ("games", "out")}
    out = report.Report(
        config={**settings, "games": [game.key for game in options.games]}, machine=report.machine()
    )
    out.machine |= {
        "workers": options.workers,
        "load_generator": "same machine, one process (Node for service, peers, open, live; Python for the others)",
        "rate_limits": "off",
    }
    if "engine" in options.parts:
        console.rule("engine")
        run_engine(options, out, console)
    wanted = [part for part in PARTS if part in options.parts and part in SERVICE_PARTS]
    if wanted:
        try:
            _against_the_service(wanted, options, out, console)
        except (StackFailed, backends.BackendMissing) as error:
            out.failed("stack", None, str(error))
    out.write(options.out)
    console.print(out.table())
    console.print(f"Written: {options.out / 'results.json'}, {options.out / 'results.md'}")
    return out


def _against_the_service(parts: list[str], options: Options, out: report.Report, console: Console) -> None:
    console.rule(f"service in production mode: {options.workers} uvicorn worker(s), one timer worker")
    console.print("Rate limits are off (RATE_LIMITS=false): the load generator is one address.")
    # The timers part lets every turn time out on purpose, with no player subscribed: stand-ins would
    # play those seats after the first deadline and the figure would time bots, not timeouts.
    console.print("Stand-ins are off (STAND_IN_AFTER_MISSED_DEADLINES=0).")
    no_stand_ins = {"STAND_IN_AFTER_MISSED_DEADLINES": "0"}
    with production_stack(workers=options.workers, logs=options.out / "logs", settings=no_stand_ins) as stack:
        out.machine["postgresql"] = stack.postgres.version()
        out.machine["redis"] = backends.redis_version(stack.redis_url)
        console.print(f"server {stack.server.base}; its logs in {stack.logs}")
        for part in parts:
            if part == "peers" and "service" in parts:
                continue  # measured around each game of the service part
            console.rule(part)
            runner = SERVICE_PARTS[part]
            if part == "service" and "peers" in parts:
                runner = node_parts.run_service_beside_peer
            try:
                runner(stack, options, out, console)
            except PartFailed as error:
                out.failed(part, None, str(error))
