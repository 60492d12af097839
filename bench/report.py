"""Figures beside their targets, ours beside the peer's where the peer was measured: the table printed
at the end, bench/results.json and results.md.

With the service part, the peer is measured before the first game and after each one, and each game is
set beside the mean of the two runs around it (``Report.peers``): the machine's speed drifts within a
run (docs/performance.md, "Reading a run"), and a peer measured once would judge the games measured
far from it against another machine."""

from __future__ import annotations

import os
import platform
import re
import subprocess
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
from rich.table import Table

from bench.targets import TARGETS, target_for, verdict

PEER = "boardgame.io"
COLUMNS = ("figure", "game", "ours", PEER, f"ours ÷ {PEER}", "target", "result")


@dataclass(frozen=True, slots=True)
class Figure:
    key: str  # <part>.<measure>: names its target in bench/targets.py
    label: str
    game: str | None
    value: float | None  # None: not measured (see note)
    unit: str
    note: str = ""
    shape: str | None = None  # the client shape it was measured with ("ws", "http"), if it matters
    versus: str | None = None  # the peer's measure shown beside it (a key of Report.peer or .peers)
    broken: bool = False  # a part that could not run: it fails the benchmark


@dataclass(frozen=True, slots=True)
class Judged:
    figure: Figure
    peer: float | None
    ratio: float | None  # ours ÷ the peer's
    target: str
    result: str  # PASS, FAIL, or "" for a figure shown for information


def ratio(ours: float | None, peer: float | None) -> float | None:
    if ours is None or not peer:
        return None
    return round(ours / peer, 2)


@dataclass
class Report:
    config: dict[str, Any]
    machine: dict[str, Any] = field(default_factory=dict)
    figures: list[Figure] = field(default_factory=list)
    details: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    peer: dict[str, float | None] = field(default_factory=dict)  # the peer's figures of this run
    # The peer's figures around each game's closed loop (mean of the runs before and after it): a game
    # found here is set beside these rather than ``peer``.
    peers: dict[str, dict[str, float | None]] = field(default_factory=dict)

    def add(
        self,
        key: str,
        label: str,
        value: float | None,
        unit: str,
        *,
        game: str | None = None,
        note: str = "",
        shape: str | None = None,
        versus: str | None = None,
    ) -> None:
        self.figures.append(Figure(key, label, game, value, unit, note, shape, versus))

    def failed(self, part: str, game: str | None, error: str) -> None:
        """A part that could not run fails the benchmark: what it would have shown is not known."""
        self.figures.append(
            Figure(f"{part}.error", f"{part}: could not run", game, None, "", error, broken=True)
        )

    def keep(self, part: str, detail: dict[str, Any]) -> None:
        self.details.setdefault(part, []).append(detail)

    def judge(self, figure: Figure) -> Judged:
        if figure.broken:
            return Judged(figure, None, None, "runs", "FAIL")
        beside = self.peers.get(figure.game or "", self.peer)
        peer = None if figure.versus is None else beside.get(figure.versus)
        against = ratio(figure.value, peer)
        target = target_for(figure.key, figure.game, figure.shape)
        result = verdict(figure.key, figure.value, game=figure.game, shape=figure.shape, ratio=against)
        return Judged(figure, peer, against, "" if target is None else str(target), result)

    def judged(self) -> list[Judged]:
        return [self.judge(figure) for figure in self.figures]

    @property
    def passed(self) -> bool:
        return all(judged.result != "FAIL" for judged in self.judged())

    def rows(self) -> list[tuple[str, ...]]:
        return [
            (
                j.figure.label,
                j.figure.game or "",
                _value(j.figure.value, j.figure.unit, j.figure.note),
                "" if j.peer is None else _value(j.peer, j.figure.unit, ""),
                "" if j.ratio is None else f"{j.ratio:g}x",
                j.target,
                j.result or "·",
            )
            for j in self.judged()
        ]

    def table(self) -> Table:
        table = Table(title="make bench")
        for column in COLUMNS:
            table.add_column(column, justify="right" if column in COLUMNS[2:5] else "left")
        for row in self.rows():
            style = {"PASS": "green", "FAIL": "bold red"}.get(row[-1])
            table.add_row(*row, style=style)
        return table

    def markdown(self) -> str:
        lines = ["| " + " | ".join(COLUMNS) + " |", "|---|---|---:|---:|---:|---|---|"]
        lines += ["| " + " | ".join(row) + " |" for row in self.rows()]
        machine = ", ".join(f"{key}: {value}" for key, value in self.machine.items())
        return "\n".join([*self.summary(), "", *lines, "", f"Machine — {machine}.", ""])

    def summary(self) -> list[str]:
        """The judged figures of the games as one table a reader takes in at once: a row per figure
        (its unit beside its name), a column per game (``_cell``)."""
        judged = [j for j in self.judged() if (j.result or j.peer is not None) and j.figure.game]
        games = list(dict.fromkeys(j.figure.game for j in judged))
        rows: dict[str, dict[str, str]] = {}
        targets: dict[str, dict[str, str]] = {}  # row -> game -> its target, where it has one
        for j in judged:
            row, cell = _cell(j)
            rows.setdefault(row, {})[j.figure.game or ""] = cell
            if j.target:
                targets.setdefault(row, {})[j.figure.game or ""] = j.target
        lines = ["| figure | target | " + " | ".join(games) + " |", "|---|---|" + "---:|" * len(games)]
        for row, cells in rows.items():
            target = _targets(targets.get(row, {}), cells)
            lines.append(f"| {row} | {target} | " + " | ".join(cells.get(game, "") for game in games) + " |")
        return lines

    def write(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        document = {
            "passed": self.passed,
            "machine": self.machine,
            "config": self.config,
            "targets": {key: str(target) for key, target in TARGETS.items()},
            "peer": self.peer,
            "peers": self.peers,
            "figures": [
                {**asdict(j.figure), "peer": j.peer, "ratio": j.ratio, "target": j.target, "result": j.result}
                for j in self.judged()
            ],
            "details": self.details,
        }
        (folder / "results.json").write_bytes(orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n")
        (folder / "results.md").write_text(self.markdown())


def _cell(j: Judged) -> tuple[str, str]:
    """A judged figure's row and its cell: ours, the peer's and the ratio where the peer was measured,
    then ✓ or ✗ where it has a target; a figure's own count (a replay's events) goes in the cell."""
    label, own = _own_count(j.figure.label)
    cell = _value(j.figure.value, "", j.figure.note)
    if j.peer is not None:
        cell += f" vs {_value(j.peer, '', '')}" + ("" if j.ratio is None else f" ({j.ratio:g}x)")
    cell += f", {own}" if own else ""
    cell += {"PASS": " ✓", "FAIL": " ✗"}.get(j.result, "")
    return (f"{label} ({j.figure.unit})" if j.figure.unit else label), cell


def _targets(held: dict[str, str], cells: dict[str, str]) -> str:
    """A row's target, naming its games when it holds for only some of those shown."""
    named = dict.fromkeys(held.values())
    if len(named) == 1 and len(held) == len(cells):
        return next(iter(named))
    return "; ".join(f"{target} ({', '.join(g for g, t in held.items() if t == target)})" for target in named)


def _own_count(label: str) -> tuple[str, str]:
    """``label`` without a trailing count of its own ("replay warm (205 events)"), and that count."""
    found = re.fullmatch(r"(.*) \(([\d,]+ events)\)", label)
    return (found.group(1), found.group(2)) if found else (label, "")


def _value(value: float | None, unit: str, note: str) -> str:
    if value is None:
        return note or "not measured"
    size = abs(value)
    number = f"{value:,.0f}" if size >= 100 else f"{value:.3g}" if size < 1 else f"{value:.1f}"
    return f"{number} {unit}".strip()


def _cpu_model() -> str:
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
    except OSError:
        return platform.processor() or "unknown"
    return next((line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")), "unknown")


def _commit() -> str | None:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
        dirty = subprocess.run(["git", "status", "--porcelain"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return head.stdout.strip() + (" (uncommitted changes)" if dirty.stdout.strip() else "")


def machine() -> dict[str, Any]:
    """What the figures were measured on (the backends' versions are added once they are found)."""
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "cores": os.cpu_count(),
        "cpu": _cpu_model(),
        "python": platform.python_version(),
        "load_average_at_start": [round(load, 2) for load in os.getloadavg()],
        "commit": _commit(),
    }
