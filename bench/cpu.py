"""The CPU time processes spend, read from ``/proc``: the service's (the server process, its uvicorn
workers and the timer worker) and the peer's, over each measured window.

A process's figure is utime + stime of every thread (``/proc/<pid>/stat`` fields 14 and 15) plus the
same of its children that ended and were waited for (cutime + cstime, 16 and 17); a root's figure adds
every process below it, so a uvicorn master counts its workers. Linux only: elsewhere the figure is not
measured (``available``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def available() -> bool:
    return (PROC / "self" / "stat").exists()


def _fields(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses):
    [0] is field 3 (state), [1] field 4 (ppid), [11..14] fields 14..17 (utime, stime, cutime, cstime)."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:  # it ended meanwhile
        return None
    return text[text.rindex(")") + 2 :].split()


def ticks(pid: int) -> int:
    """Clock ticks spent by ``pid`` and its waited-for children; 0 if it is gone."""
    fields = _fields(pid)
    return 0 if fields is None else sum(int(value) for value in fields[11:15])


def descendants(roots: Iterable[int]) -> set[int]:
    """``roots`` and every live process below them."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit() and (fields := _fields(int(entry.name))) is not None:
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: set[int] = set()
    waiting = list(roots)
    while waiting:
        pid = waiting.pop()
        if pid not in found:
            found.add(pid)
            waiting.extend(children.get(pid, ()))
    return found


def seconds(roots: Iterable[int]) -> float:
    """CPU seconds spent so far by ``roots`` and everything below them."""
    return sum(ticks(pid) for pid in descendants(roots)) / TICKS


class Meter:
    """CPU seconds of ``roots`` (and their trees) per named window: ``start(name)``, then ``stop(name)``."""

    def __init__(self, roots: Iterable[int]) -> None:
        self.roots = list(roots)
        self.started: dict[str, float] = {}
        self.spent: dict[str, float] = {}

    def start(self, window: str) -> None:
        self.started[window] = seconds(self.roots)

    def stop(self, window: str) -> None:
        self.spent[window] = seconds(self.roots) - self.started[window]

    def on_mark(self, mark: dict[str, str]) -> None:
        """A load generator's mark (bench/node.py): a window opens or closes."""
        if not available():
            return
        (self.start if mark["mark"] == "start" else self.stop)(str(mark["window"]))
