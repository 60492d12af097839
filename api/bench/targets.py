"""Every target ``make bench`` holds the service to, in one place (issue 6; DESIGN.md, "Write path").

A figure's key (``<part>.<measure>``) names its target here; a figure with no entry is shown for
information only. The service targets are meant at 64 concurrent matches with the load generator on
the same 2-core machine: a run with other flags still prints PASS or FAIL, against the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Target:
    at_least: float | None = None
    at_most: float | None = None

    def met(self, value: float | None) -> bool:
        if value is None:  # the figure could not be measured
            return False
        if self.at_least is not None and value < self.at_least:
            return False
        return self.at_most is None or value <= self.at_most

    def __str__(self) -> str:
        if self.at_least is not None:
            return f"≥ {self.at_least:,g}"
        return f"≤ {self.at_most:,g}"


TARGETS: dict[str, Target] = {
    # decide + evolve on one core, for every game
    "engine.commands_per_s": Target(at_least=20_000),
    # 64 concurrent 2-seat matches, one client per seat (about 1.6 times boardgame.io's 243 moves/s)
    "service.moves_per_s": Target(at_least=400),
    "service.submit_p99_ms": Target(at_most=100),
    # ours, not issue 6's: no match of the load waits seconds for an update (a lost nudge did, hidden
    # by good percentiles: the stalled matches sent nothing to measure)
    "service.longest_pause_ms": Target(at_most=2_000),
    # a move's acceptance to its arrival at each of 200 subscribers of one match
    "live.p99_ms": Target(at_most=30),
    # a deadline to the timeout the timer worker applied for it
    "timers.lateness_p99_ms": Target(at_most=50),
    # view(atVersion) in a 5,000-event match: the first request to a new process, then any other
    "replay.cold_ms": Target(at_most=200),
    "replay.warm_ms": Target(at_most=20),
    # resident memory of the server process per 1,000 idle WebSocket subscriptions
    "memory.mib_per_1000": Target(at_most=100),
}


def verdict(key: str, value: float | None) -> str:
    """``PASS`` or ``FAIL`` against the figure's target; ``""`` for a figure without one."""
    target = TARGETS.get(key)
    if target is None:
        return ""
    return "PASS" if target.met(value) else "FAIL"
