"""The CPU time processes spend, read from ``/proc``: the service's (the server process, its uvicorn
workers and the timer worker), the peer's and the database server's, over each measured window; and
how busy the whole machine was. On the 2-core machine the server, PostgreSQL and the load generator
share the cores, and a server of one thread (the peer's Node) is bound by one of them: these figures
say which of the two limits a closed loop met.

A process's figure is utime + stime of every thread (``/proc/<pid>/stat`` fields 14 and 15) plus the
same of its children that ended and were waited for (cutime + cstime, 16 and 17); a root's figure adds
every process below it, so a uvicorn master counts its workers. Linux only: elsewhere the figure is not
measured (``available``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

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


def busy_seconds() -> float:
    """CPU seconds the machine has spent so far on anything but idling, summed over its cores (the first
    line of ``/proc/stat``: user, nice, system, idle, iowait, irq, softirq, steal, in clock ticks)."""
    line = (PROC / "stat").read_text().split("\n", 1)[0].split()
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(value) for value in line[1:9])
    return (user + nice + system + irq + softirq + steal) / TICKS


def cores() -> int:
    """The cores ``/proc/stat`` counts, the ones ``busy_seconds`` sums over."""
    lines = (PROC / "stat").read_text().splitlines()
    return sum(1 for line in lines if line.startswith("cpu") and line[3:4].isdigit())


def postgres_root(connection: Any) -> int | None:
    """The PostgreSQL server's first process when it runs on this machine (its CPU, with every process
    below it, is the database's); None when it runs elsewhere. ``connection`` is a psycopg connection."""
    backend = int(connection.execute("SELECT pg_backend_pid()").fetchone()[0])
    fields = _fields(backend)
    # Another host's backend may share its number with a process of this one: the name must match too.
    if fields is None or _name(backend) != "postgres" or _name(int(fields[1])) != "postgres":
        return None
    return int(fields[1])


def _name(pid: int) -> str:
    try:
        return (PROC / str(pid) / "comm").read_text().strip()
    except OSError:
        return ""


class Meter:
    """A reading per named window (``start(name)``, then ``stop(name)``): ``spent[name]`` is what the
    reading grew by, ``elapsed[name]`` the seconds between. ``processes`` makes one."""

    def __init__(self, read: Callable[[], float]) -> None:
        self.read = read
        self.started: dict[str, tuple[float, float]] = {}
        self.spent: dict[str, float] = {}
        self.elapsed: dict[str, float] = {}

    def start(self, window: str) -> None:
        self.started[window] = (self.read(), time.monotonic())

    def stop(self, window: str) -> None:
        reading, began = self.started[window]
        self.spent[window] = self.read() - reading
        self.elapsed[window] = time.monotonic() - began

    def on_mark(self, mark: dict[str, str]) -> None:
        """A load generator's mark (bench/node.py): a window opens or closes."""
        if not available():
            return
        (self.start if mark["mark"] == "start" else self.stop)(str(mark["window"]))


def processes(roots: Iterable[int]) -> Meter:
    """CPU seconds of ``roots`` and everything below them."""
    roots = list(roots)
    return Meter(lambda: seconds(roots))


class Machine(Meter):
    """The whole machine's busy CPU seconds, every core's summed, per window."""

    def __init__(self) -> None:
        super().__init__(busy_seconds)

    def busy_percent(self, window: str) -> float | None:
        """The share of all the machine's cores kept busy over ``window`` (None: not measured)."""
        if window not in self.spent or not self.elapsed[window]:
            return None
        return round(self.spent[window] / (self.elapsed[window] * cores()) * 100, 1)
