"""The figures of what the Node load generator recorded (``bench/peers/tables.mjs``, ``peer.mjs``):
plain arithmetic on its records, so it is tested here rather than in JavaScript.

A record's times are milliseconds on the generator's clock:

- a move: ``[due, sent, took, code, match, seat, version]``, ``code`` None when accepted, ``version`` the
  match's version after it (boardgame.io: the state's ``_stateID``), ``took`` until its result (ours) or
  its mover's next state (boardgame.io, which answers a move with nothing else);
- an update: ``[match, seat, version, arrival]``;
- a window: ``{"start", "end", "cpu_ms"}``, ``cpu_ms`` the generator's own CPU over it.

A move belongs to the window it was sent in. Its update at a seat is the first update there whose
version is at least the move's.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise
from typing import Any

from bench.stats import spread

Move = Sequence[Any]
Update = Sequence[Any]
Window = dict[str, float]
SUSTAINED = 0.95  # an open-loop step sent at least this share of its arrivals (as load.mjs decides)

DUE, SENT, TOOK, CODE, MATCH, SEAT, VERSION = range(7)


def measured(moves: Iterable[Move], window: Window) -> list[Move]:
    return [move for move in moves if window["start"] <= move[SENT] < window["end"]]


def accepted(moves: Iterable[Move]) -> list[Move]:
    return [move for move in moves if move[CODE] is None]


class Arrivals:
    """Every update each seat of each match received, in order, to find the one that brought a move."""

    def __init__(self, updates: Iterable[Update]) -> None:
        self.seats: dict[Any, dict[int, tuple[list[int], list[float]]]] = {}
        for match, seat, version, arrival in updates:
            versions, times = self.seats.setdefault(match, {}).setdefault(seat, ([], []))
            versions.append(version)
            times.append(arrival)

    def at(self, match: Any, seat: int, version: int) -> float | None:
        """When ``seat`` first heard of ``version`` (or a later one) of ``match``; None if it never did."""
        versions, times = self.seats.get(match, {}).get(seat, ([], []))
        # Versions only grow along one subscription; a presence update repeats one, and counts the same.
        index = bisect_left(versions, version)
        return times[index] if index < len(times) else None

    def seats_of(self, match: Any) -> list[int]:
        return sorted(self.seats.get(match, {}))


def own_updates(moves: Iterable[Move], arrivals: Arrivals) -> tuple[list[float], int]:
    """For each accepted move, from its sending to its mover's update; and how many never arrived."""
    samples, missing = [], 0
    for move in accepted(moves):
        arrival = arrivals.at(move[MATCH], move[SEAT], move[VERSION])
        if arrival is None:
            missing += 1
        else:
            samples.append(arrival - move[SENT])
    return samples, missing


def deliveries(moves: Iterable[Move], arrivals: Arrivals) -> tuple[list[float], int]:
    """For each accepted move and each seat of its match (the mover's too), from the move's sending to
    that seat's update: the move on every player's screen. And how many never arrived."""
    samples, missing = [], 0
    for move in accepted(moves):
        for seat in arrivals.seats_of(move[MATCH]):
            arrival = arrivals.at(move[MATCH], seat, move[VERSION])
            if arrival is None:
                missing += 1
            else:
                samples.append(arrival - move[SENT])
    return samples, missing


def longest_pause_ms(moves: Iterable[Move]) -> float | None:
    """The longest time between two accepted moves of one match: a match left waiting (a lost or late
    update) shows here, however good the percentiles of the others look."""
    sent: dict[Any, list[float]] = {}
    for move in accepted(moves):
        sent.setdefault(move[MATCH], []).append(move[SENT])
    gaps = [later - earlier for moments in sent.values() for earlier, later in pairwise(sorted(moments))]
    return round(max(gaps), 1) if gaps else None


def _seconds(window: Window) -> float:
    return (window["end"] - window["start"]) / 1000


def load_cpu_percent(window: Window) -> float:
    """The generator's CPU over the window, in percent of one core."""
    return round(window["cpu_ms"] / (window["end"] - window["start"]) * 100, 1)


def _prefixed(prefix: str, values: dict[str, float | None]) -> dict[str, float | None]:
    return {f"{prefix}_{key}": value for key, value in values.items()}


# Refusals for concurrency: the match moved on in a way that changed what the mover may do. The others
# are the game's own (a race lost: the card was tapped first, the window closed), which no server can
# spare a player who loses it.
CONCURRENCY = frozenset(("VERSION_MISMATCH", "CONFLICT"))


def _share(moves: list[Any], counts: Callable[[str | None], bool]) -> float | None:
    return round(sum(1 for move in moves if counts(move[CODE])) / len(moves), 3) if moves else None


def closed(result: dict[str, Any], window_name: str) -> dict[str, Any]:
    """The closed loop's figures for one window: accepted moves/s, latencies, refusals, pauses."""
    window = result["windows"][window_name]
    moves = measured(result["moves"], window)
    taken = accepted(moves)
    seconds = _seconds(window)
    own, missing = own_updates(moves, Arrivals(result["updates"]))
    return {
        "seconds": round(seconds, 2),
        "submitted": len(moves),
        "accepted": len(taken),
        "moves_per_s": round(len(taken) / seconds, 1),
        "rejected": dict(Counter(move[CODE] for move in moves if move[CODE] is not None)),
        "refused_share": _share(moves, lambda code: code in CONCURRENCY),
        "lost_share": _share(moves, lambda code: code is not None and code not in CONCURRENCY),
        "longest_pause_ms": longest_pause_ms(moves),
        **_prefixed("submit", spread([move[TOOK] for move in moves])),
        **_prefixed("update", spread(own)),
        "updates_missing": missing,
        "load_cpu_percent": load_cpu_percent(window),
    }


def open_step(result: dict[str, Any], rate: int) -> dict[str, Any]:
    """One rate of the open loop: what was sent, how fast it was answered and seen, how late it left."""
    window = result["windows"][str(rate)]
    moves = measured(result["moves"], window)
    seconds = _seconds(window)
    seen, missing = deliveries(moves, Arrivals(result["updates"]))
    return {
        "rate": rate,
        "seconds": round(seconds, 2),
        "sent": len(moves),
        "sent_per_s": round(len(moves) / seconds, 1),
        "sustained": len(moves) >= SUSTAINED * rate * seconds,
        "accepted": len(accepted(moves)),
        **_prefixed("submit", spread([move[TOOK] for move in moves])),
        **_prefixed("update", spread(seen)),
        "updates_missing": missing,
        "late_p99_ms": spread([move[SENT] - move[DUE] for move in moves])["p99_ms"],
        "load_cpu_percent": load_cpu_percent(window),
    }


def capacity(steps: Sequence[dict[str, Any]], limit_ms: float) -> int | None:
    """The highest rate, stepping up from the first, whose moves all went out and whose submitMove p99
    stayed within ``limit_ms``; None when the first step already failed. Steps after the first failure
    do not count (a rate that holds above one that did not is luck, not capacity)."""
    held = None
    for step in steps:
        p99 = step["submit_p99_ms"]
        if not step["sustained"] or p99 is None or p99 > limit_ms:
            break
        held = step["rate"]
    return held


def cpu_ms_per_move(cpu_seconds: float | None, accepted_moves: int) -> float | None:
    if cpu_seconds is None or accepted_moves == 0:
        return None
    return round(cpu_seconds * 1000 / accepted_moves, 2)
