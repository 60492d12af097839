"""What one ``make bench`` run measures, and at what size: the flags of ``python -m bench``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from bench.games import GamePlan

ROOT = Path(__file__).resolve().parents[1]  # the checkout: bench/ sits at its top
PARTS = ("engine", "reference", "service", "peers", "open", "live", "timers", "memory", "replay")
SHAPES = ("ws", "http")  # the service's client shapes: moves over the socket, moves over HTTP


@dataclass(frozen=True)
class Options:
    parts: tuple[str, ...] = PARTS
    games: list[GamePlan] = field(default_factory=list)
    # uvicorn worker processes. On the 2-core machine 2 gave more moves/s than 1 and as many as 3,
    # with a lower submitMove p99 than 3.
    workers: int = 2
    # The closed loop (service, and the peer under the same load): each shape one window, one after the
    # other on the same tables.
    shapes: tuple[str, ...] = SHAPES
    # submitMove over the WebSocket ("ws") or HTTP POST ("http"): the open loop's and the live part's
    client: str = "ws"
    matches: int = 64  # concurrent matches of the service, peer and open figures; the reference's connections
    warmup: float = 3.0
    seconds: float = 10.0  # the measured window of the service (each shape), peer and reference figures
    # The open loop: these arrival rates in turn (moves/s over all matches), until one fails; the
    # latency figures are the first rate's.
    open_rates: tuple[int, ...] = (100, 200, 300, 400, 500, 600)
    open_warmup: float = 1.0
    open_seconds: float = 5.0
    subscribers: int = 200  # of the one live match, its seats included
    live_seconds: float = 10.0
    live_interval_ms: int = 100  # between two moves of the live match
    deadlines: int = 1000
    timer_matches: int = 100  # matches whose turns time out, spread across one turn
    replay_events: int = 5000
    replay_repeats: int = 30
    idle_subscriptions: int = 1000
    engine_matches: int = 100
    out: Path = ROOT / "bench"
