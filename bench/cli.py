"""``python -m bench`` (``make bench``): the engine, then the service in production mode, measured
against the targets of bench/targets.py; exits 1 when any figure misses its target.

Writes bench/results.json and bench/results.md (``--out`` elsewhere), and the service's logs of the
last run in bench/logs/. ``--only`` runs some parts:
engine, reference, service, peers, open, live, timers, memory, replay. See bench/ for how each is
measured. The service, peers and open parts need Node.js 20+ and npm: their packages are installed from
the npm registry into a scratch folder the first time (bench/node.py).
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from rich.console import Console

from bench.games import plans
from bench.options import PARTS, SHAPES, Options
from bench.run import run

DEFAULTS = Options()


def _listed(text: str) -> tuple[str, ...]:
    return tuple(word.strip() for word in text.split(",") if word.strip())


def _parts(text: str) -> tuple[str, ...]:
    parts = _listed(text)
    unknown = sorted(set(parts) - set(PARTS))
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown part {unknown[0]!r}; parts: {', '.join(PARTS)}")
    return parts


def _shapes(text: str) -> tuple[str, ...]:
    shapes = _listed(text)
    if not shapes or set(shapes) - set(SHAPES):
        raise argparse.ArgumentTypeError(
            f"--shapes takes {' and/or '.join(SHAPES)}, comma-separated; not {text!r}"
        )
    return shapes


def _rates(text: str) -> tuple[int, ...]:
    try:
        rates = tuple(int(word) for word in _listed(text))
    except ValueError:
        rates = ()
    if not rates or any(rate <= 0 for rate in rates) or list(rates) != sorted(set(rates)):
        raise argparse.ArgumentTypeError(
            f"--open-rates takes rising moves/s, comma-separated (100,200,300); not {text!r}"
        )
    return rates


def parser() -> argparse.ArgumentParser:
    flags = argparse.ArgumentParser(
        prog="python -m bench",
        description="Measure the engine and the service in production mode against the performance targets.",
    )
    add = flags.add_argument
    add("--only", default=",".join(PARTS), help=f"comma-separated parts (default all: {','.join(PARTS)})")
    add(
        "--game",
        action="append",
        help="only this game (repeat for several; default every registered game)",
    )
    add("--workers", type=int, default=DEFAULTS.workers, help="uvicorn worker processes")
    add(
        "--shapes",
        default=",".join(DEFAULTS.shapes),
        help="the closed loop's client shapes: moves over ws (the socket) and/or http",
    )
    add(
        "--client",
        choices=SHAPES,
        default=DEFAULTS.client,
        help="submitMove over the WebSocket or HTTP (open, live)",
    )
    add(
        "--matches",
        type=int,
        default=DEFAULTS.matches,
        help="concurrent matches (service, peers, open, reference)",
    )
    add(
        "--seconds",
        type=float,
        default=DEFAULTS.seconds,
        help="measured window (service, each shape; peers; reference)",
    )
    add(
        "--open-rates",
        default=",".join(map(str, DEFAULTS.open_rates)),
        help="open loop: arrival rates in moves/s, stepped up until one fails",
    )
    add("--open-seconds", type=float, default=DEFAULTS.open_seconds, help="measured window of each rate")
    add(
        "--open-warmup",
        type=float,
        default=DEFAULTS.open_warmup,
        help="seconds before each rate's window",
    )
    add("--warmup", type=float, default=DEFAULTS.warmup, help="seconds before each window")
    add("--subscribers", type=int, default=DEFAULTS.subscribers, help="subscribers of the live match")
    add("--live-seconds", type=float, default=DEFAULTS.live_seconds, help="measured window (live)")
    add("--live-interval-ms", type=int, default=DEFAULTS.live_interval_ms, help="time between live moves")
    add("--deadlines", type=int, default=DEFAULTS.deadlines, help="deadlines to measure (timers)")
    add("--timer-matches", type=int, default=DEFAULTS.timer_matches, help="matches whose turns time out")
    add("--replay-events", type=int, default=DEFAULTS.replay_events, help="length of the replayed match")
    add("--replay-repeats", type=int, default=DEFAULTS.replay_repeats, help="warm replay requests")
    add(
        "--idle-subscriptions",
        type=int,
        default=DEFAULTS.idle_subscriptions,
        help="memory: subscriptions",
    )
    add(
        "--engine-matches",
        type=int,
        default=DEFAULTS.engine_matches,
        help="random matches per game (engine)",
    )
    add("--out", type=Path, default=DEFAULTS.out, help="where results.json and results.md go")
    return flags


def main(argv: list[str] | None = None) -> int:
    """Parse the flags, run every part asked for; 0 when every figure meets its target, else 1."""
    flags = parser()
    given = vars(flags.parse_args(argv))
    # SIGTERM stops the run like Ctrl-C does: every process stopped, the database dropped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        games = plans(given["game"])
        options = Options(
            parts=_parts(given["only"]),
            games=games,
            shapes=_shapes(given["shapes"]),
            open_rates=_rates(given["open_rates"]),
            **{key: given[key] for key in _OPTION_FLAGS},
        )
    except (ValueError, argparse.ArgumentTypeError) as error:
        flags.error(str(error))  # exits 2, as argparse does for any bad flag
    return 0 if run(options, Console()).passed else 1


_OPTION_FLAGS = (
    "workers", "client", "matches", "seconds", "warmup", "open_seconds", "open_warmup", "subscribers",
    "live_seconds", "live_interval_ms", "deadlines", "timer_matches", "replay_events", "replay_repeats",
    "idle_subscriptions", "engine_matches", "out",
)  # fmt: skip
