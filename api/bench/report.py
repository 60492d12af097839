"""Figures beside their targets: the table printed at the end, bench/results.json and results.md."""

from __future__ import annotations

import os
import platform
import subprocess
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
from rich.table import Table

from api.bench.targets import TARGETS, verdict


@dataclass(frozen=True, slots=True)
class Figure:
    key: str  # <part>.<measure>: names its target in api/bench/targets.py
    label: str
    game: str | None
    value: float | None  # None: not measured (see note)
    unit: str
    target: str = ""
    result: str = ""  # PASS, FAIL, or "" for a figure shown for information
    note: str = ""


@dataclass
class Report:
    config: dict[str, Any]
    machine: dict[str, Any] = field(default_factory=dict)
    figures: list[Figure] = field(default_factory=list)
    details: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def add(
        self, key: str, label: str, value: float | None, unit: str, *, game: str | None = None, note: str = ""
    ) -> None:
        target = TARGETS.get(key)
        self.figures.append(
            Figure(
                key,
                label,
                game,
                value,
                unit,
                "" if target is None else str(target),
                verdict(key, value),
                note,
            )
        )

    def failed(self, part: str, game: str | None, error: str) -> None:
        """A part that could not run fails the benchmark: what it would have shown is not known."""
        self.figures.append(
            Figure(f"{part}.error", f"{part}: could not run", game, None, "", "runs", "FAIL", error)
        )

    def keep(self, part: str, detail: dict[str, Any]) -> None:
        self.details.setdefault(part, []).append(detail)

    @property
    def passed(self) -> bool:
        return all(figure.result != "FAIL" for figure in self.figures)

    def rows(self) -> list[tuple[str, str, str, str, str]]:
        return [(f.label, f.game or "", _value(f), f.target, f.result or "·") for f in self.figures]

    def table(self) -> Table:
        table = Table(title="make bench")
        for column in ("figure", "game", "value", "target", "result"):
            table.add_column(column, justify="right" if column == "value" else "left")
        for row in self.rows():
            style = {"PASS": "green", "FAIL": "bold red"}.get(row[4])
            table.add_row(*row, style=style)
        return table

    def markdown(self) -> str:
        lines = ["| figure | game | value | target | result |", "|---|---|---:|---|---|"]
        lines += ["| " + " | ".join(row) + " |" for row in self.rows()]
        machine = ", ".join(f"{key}: {value}" for key, value in self.machine.items())
        return "\n".join([*lines, "", f"Machine — {machine}.", ""])

    def write(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        document = {
            "passed": self.passed,
            "machine": self.machine,
            "config": self.config,
            "targets": {key: str(target) for key, target in TARGETS.items()},
            "figures": [asdict(figure) for figure in self.figures],
            "details": self.details,
        }
        (folder / "results.json").write_bytes(orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n")
        (folder / "results.md").write_text(self.markdown())


def _value(figure: Figure) -> str:
    if figure.value is None:
        return figure.note or "not measured"
    value = abs(figure.value)
    number = (
        f"{figure.value:,.0f}"
        if value >= 100
        else f"{figure.value:.3g}"
        if value < 1
        else f"{figure.value:.1f}"
    )
    return f"{number} {figure.unit}".strip()


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
