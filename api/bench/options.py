"""What one ``make bench`` run measures, and at what size: the flags of ``manage.py benchmark``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from api.bench.games import GamePlan

ROOT = Path(__file__).resolve().parents[2]
PARTS = ("engine", "reference", "service", "live", "timers", "memory", "replay")


@dataclass(frozen=True)
class Options:
    parts: tuple[str, ...] = PARTS
    games: list[GamePlan] = field(default_factory=list)
    # uvicorn worker processes. On the 2-core machine 2 gave more moves/s than 1 and as many as 3,
    # with a lower submitMove p99 than 3.
    workers: int = 2
    client: str = "ws"  # submitMove over the WebSocket ("ws") or HTTP POST ("http")
    matches: int = 64  # concurrent matches of the service figure; also the reference's connections
    warmup: float = 3.0
    seconds: float = 20.0  # the measured window of the service and reference figures
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
