"""The arithmetic between what the Node load generator records and the figures of ``make bench``:
moves paired with their updates, ours judged against the peer's, the open loop's capacity, CPU read from
/proc, and the Node packages pinned. Never a speed test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench import backends, cpu, loops, node
from bench.report import Report
from bench.targets import verdict

PEERS = Path(__file__).resolve().parents[2] / "bench" / "peers"


def move(
    sent: float, took: float, match: str, seat: int, version: int | None, code: str | None = None
) -> list:
    return [sent, sent, took, code, match, seat, version]


# Match "a": seat 0 moves to version 3 at t=100 and to 5 at t=300; seat 1's move at 200 is refused.
MOVES = [
    move(100.0, 8.0, "a", 0, 3),
    move(200.0, 4.0, "a", 1, None, "VERSION_MISMATCH"),
    move(300.0, 9.0, "a", 0, 5),
]
UPDATES = [
    ["a", 0, 2, 50.0],
    ["a", 1, 2, 51.0],
    ["a", 0, 3, 112.0],  # seat 0 hears its own move 12 ms after sending it
    ["a", 1, 3, 115.0],  # seat 1, 15 ms after
    ["a", 1, 3, 150.0],  # a presence update repeats a version: the first one counts
    ["a", 1, 6, 330.0],  # seat 1 hears of version 5 only with version 6
]
WINDOW = {"start": 0.0, "end": 1000.0, "cpu_ms": 250.0}


def test_a_move_is_seen_with_the_first_update_of_its_version_or_a_later_one():
    arrivals = loops.Arrivals(UPDATES)
    own, missing = loops.own_updates(MOVES, arrivals)
    assert own == [12.0] and missing == 1  # seat 0 never heard of version 5
    seen, missing = loops.deliveries(MOVES, arrivals)
    assert seen == [12.0, 15.0, 30.0] and missing == 1
    assert (
        arrivals.at("a", 1, 4) == 330.0 and arrivals.at("a", 0, 9) is None and arrivals.at("b", 0, 1) is None
    )


def test_the_closed_loop_counts_the_moves_sent_inside_its_window():
    result = {"moves": [*MOVES, move(1000.0, 1.0, "a", 0, 7)], "updates": UPDATES, "windows": {"ws": WINDOW}}
    figures = loops.closed(result, "ws")
    assert (figures["submitted"], figures["accepted"], figures["moves_per_s"]) == (3, 2, 2.0)
    assert figures["rejected"] == {"VERSION_MISMATCH": 1} and figures["refused_share"] == 0.333
    assert figures["lost_share"] == 0
    assert (figures["submit_p50_ms"], figures["submit_p99_ms"]) == (8.0, 9.0)
    assert figures["update_p99_ms"] == 12.0 and figures["updates_missing"] == 1
    assert figures["longest_pause_ms"] == 200.0
    assert figures["load_cpu_percent"] == 25.0  # 250 ms of CPU over 1 s


def test_an_open_step_holds_only_if_its_arrivals_went_out():
    moves = [[10.0 * i, 10.0 * i + 1, 5.0, None, "a", i % 2, i + 1] for i in range(95)]
    updates = [["a", seat, i + 1, 10.0 * i + 7] for i in range(95) for seat in (0, 1)]
    result = {"moves": moves, "updates": updates, "windows": {"100": WINDOW}}
    step = loops.open_step(result, 100)
    assert step["sent"] == 95 and step["sustained"]  # 95 of the 100 due in one second
    assert step["late_p99_ms"] == 1.0 and step["update_p99_ms"] == 6.0
    assert not loops.open_step({**result, "moves": moves[:94]}, 100)["sustained"]


def test_capacity_is_the_last_rate_that_held_before_the_first_that_did_not():
    def step(rate: int, p99: float | None, sustained: bool = True) -> dict:
        return {"rate": rate, "submit_p99_ms": p99, "sustained": sustained}

    assert loops.capacity([step(100, 12), step(200, 40), step(300, 100), step(400, 101)], 100) == 300
    assert loops.capacity([step(100, 12), step(200, 20, sustained=False), step(300, 30)], 100) == 100
    assert loops.capacity([step(100, 150), step(200, 20)], 100) is None
    assert loops.capacity([step(100, None)], 100) is None
    assert loops.capacity([step(100, 5), step(200, 6)], 100) == 200  # held to the last step tried


def test_cpu_per_move_divides_the_windows_cpu_by_its_accepted_moves():
    assert loops.cpu_ms_per_move(1.5, 1000) == 1.5
    assert loops.cpu_ms_per_move(None, 10) is None and loops.cpu_ms_per_move(2.0, 0) is None


def test_ours_is_judged_by_its_ratio_to_the_peer_of_the_same_run(tmp_path: Path):
    report = Report(config={})
    add = report.add
    add(
        "service.moves_per_s",
        "moves over ws",
        500,
        "moves/s",
        game="daredevil-rock",
        shape="ws",
        versus="moves_per_s",
    )
    add(
        "service.moves_per_s",
        "moves over http",
        490,
        "moves/s",
        game="daredevil-rock",
        shape="http",
        versus="moves_per_s",
    )
    add(
        "service.update_p99_ms",
        "p99 ws",
        120,
        "ms",
        game="daredevil-rock",
        shape="ws",
        versus="update_p99_ms",
    )
    add(
        "service.update_p99_ms",
        "p99 http",
        240,
        "ms",
        game="daredevil-rock",
        shape="http",
        versus="update_p99_ms",
    )
    results = [judged.result for judged in report.judged()]
    assert results == ["", "", "", ""]  # no peer in this run: shown, not judged
    report.peer = {"moves_per_s": 250, "update_p99_ms": 240}
    judged = report.judged()
    assert [(j.peer, j.ratio, j.target, j.result) for j in judged] == [
        (250, 2.0, "≥ 2x peer", "PASS"),
        (250, 1.96, "≥ 2x peer", "FAIL"),
        (240, 0.5, "< peer", "PASS"),
        (240, 1.0, "< peer", "FAIL"),  # as slow as the peer is not faster
    ]
    assert not report.passed
    report.write(tmp_path)
    assert (
        "| moves over ws | daredevil-rock | 500 moves/s | 250 moves/s | 2x | ≥ 2x peer | PASS |"
        in (tmp_path / "results.md").read_text()
    )
    assert json.loads((tmp_path / "results.json").read_text())["figures"][2]["ratio"] == 0.5


def _moves_over_ws(report: Report, game: str, moves: float) -> None:
    report.add(
        "service.moves_per_s", "moves over ws", moves, "moves/s", game=game, shape="ws", versus="moves_per_s"
    )


def test_each_game_is_set_beside_the_peer_runs_around_it_when_there_are_some():
    report = Report(config={})
    for game, moves in (("daredevil-rock", 500), ("racesmack", 500)):
        _moves_over_ws(report, game, moves)
    report.peer = {"moves_per_s": 250}  # the mean of every run
    report.peers = {"daredevil-rock": {"moves_per_s": 200}}  # the machine was slower around this game
    assert [(j.peer, j.ratio, j.result) for j in report.judged()] == [(200, 2.5, "PASS"), (250, 2.0, "PASS")]


def test_the_summary_sets_each_judged_figure_of_every_game_in_one_row_beside_the_peer(tmp_path: Path):
    report = Report(config={})
    for game, moves, p99 in (("daredevil-rock", 500, 8.0), ("racesmack", 400, 31.0)):
        _moves_over_ws(report, game, moves)
        report.add("open.submit_p99_ms", "open loop p99", p99, "ms", game=game)
        report.add(
            "service.load_cpu_percent",
            "load generator CPU",
            9.0,
            "% of a core",
            game=game,
            versus="load_cpu_percent",
        )
        report.add("service.events", "events per move", 3.0, "", game=game)
        cpu = 2.5 if game == "daredevil-rock" else 4.0  # its target is Daredevil Rock's alone
        report.add(
            "service.cpu_ms_per_move", "cpu", cpu, "ms", game=game, shape="ws", versus="cpu_ms_per_move"
        )
    report.add("replay.warm_ms", "replay warm (5,000 events)", 8.7, "ms", game="daredevil-rock")
    report.add("replay.warm_ms", "replay warm (189 events)", 8.4, "ms", game="racesmack")
    report.add("reference.commits_per_s", "PostgreSQL commits", 9000, "commits/s")
    report.peer = {"moves_per_s": 250, "load_cpu_percent": 10.0, "cpu_ms_per_move": 3.0}
    assert report.summary() == [
        "| figure | target | daredevil-rock | racesmack |",
        "|---|---|---:|---:|",
        "| moves over ws (moves/s) | ≥ 2x peer | 500 vs 250 (2x) ✓ | 400 vs 250 (1.6x) ✗ |",
        "| open loop p99 (ms) | ≤ 30 | 8.0 ✓ | 31.0 ✗ |",
        "| load generator CPU (% of a core) |  | 9.0 vs 10.0 (0.9x) | 9.0 vs 10.0 (0.9x) |",
        "| cpu (ms) | ≤ 1.6 (daredevil-rock) | 2.5 vs 3.0 (0.83x) ✗ | 4.0 vs 3.0 (1.33x) |",
        "| replay warm (ms) | ≤ 20 | 8.7, 5,000 events ✓ | 8.4, 189 events ✓ |",
    ]  # figures shown for information only beside no peer, or of no game, stay in the full table below it
    report.write(tmp_path)
    written = (tmp_path / "results.md").read_text()
    assert written.index("| figure | target |") < written.index("| figure | game |")


def test_a_target_may_hold_for_some_games_and_shapes_only():
    assert verdict("service.cpu_ms_per_move", 1.6, game="daredevil-rock", shape="ws") == "PASS"
    assert verdict("service.cpu_ms_per_move", 1.7, game="daredevil-rock", shape="ws") == "FAIL"
    assert verdict("service.cpu_ms_per_move", 9.0, game="daredevil-rock", shape="http") == ""
    assert verdict("service.cpu_ms_per_move", 9.0, game="racesmack", shape="ws") == ""
    assert verdict("service.moves_per_s", None, game="racesmack", shape="ws", ratio=None) == "FAIL"


BURN = """
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time\\nend = time.process_time() + 0.4\\nwhile time.process_time() < end: pass"])
end = time.process_time() + 0.2
while time.process_time() < end:
    pass
child.wait()  # its CPU now counts in this process's cutime
print("done", flush=True)
time.sleep(30)
"""


def test_cpu_is_read_from_proc_for_a_process_and_its_children():
    if not cpu.available():
        pytest.skip("no /proc here")
    process = subprocess.Popen([sys.executable, "-c", BURN], stdout=subprocess.PIPE, text=True)
    try:
        meter, machine = cpu.processes([process.pid]), cpu.Machine()
        for each in (meter, machine):
            each.on_mark({"mark": "start", "window": "ws"})
        assert process.stdout is not None and process.stdout.readline() == "done\n"
        for each in (meter, machine):
            each.on_mark({"mark": "end", "window": "ws"})
        assert 0.55 <= meter.spent["ws"] < 5  # 0.2 s of its own, 0.4 s of its child's (ticks of 10 ms)
        # The machine was busy at least while they burned, and never more than all its cores.
        assert machine.spent["ws"] >= meter.spent["ws"] - 0.05
        busy = machine.busy_percent("ws")
        assert busy is not None and 0 < busy <= 100
        assert machine.busy_percent("http") is None  # no such window
        assert process.pid in cpu.descendants([process.pid])
        assert cpu.ticks(os.getpid()) > 0
    finally:
        process.kill()
        process.wait()
    assert cpu.ticks(process.pid) == 0  # gone


def test_the_database_cpu_is_read_from_the_local_postgresql_server():
    if not cpu.available():
        pytest.skip("no /proc here")
    try:
        server = backends.postgres_server()
    except backends.BackendMissing:
        pytest.skip("no PostgreSQL server to ask")
    if server.host not in ("127.0.0.1", "localhost", "::1"):
        pytest.skip("PostgreSQL runs elsewhere: its CPU is not read")
    with server.connect() as connection:
        root = cpu.postgres_root(connection)
        backend = connection.execute("SELECT pg_backend_pid()").fetchone()[0]
        assert root is not None and backend in cpu.descendants([root])  # while the backend lives


class _Elsewhere:
    """A connection whose backend is a process of this machine that is not PostgreSQL's."""

    def execute(self, sql: str) -> _Elsewhere:
        return self

    def fetchone(self) -> tuple[int]:
        return (os.getpid(),)


def test_a_database_server_elsewhere_is_not_measured():
    if not cpu.available():
        pytest.skip("no /proc here")
    assert cpu.postgres_root(_Elsewhere()) is None


def test_the_node_packages_are_pinned_to_exact_versions_by_the_lock_file():
    manifest = json.loads((PEERS / "package.json").read_text())
    lock = json.loads((PEERS / "package-lock.json").read_text())
    wanted = manifest["dependencies"]
    assert wanted["boardgame.io"] == "0.50.2"
    assert all(version[0].isdigit() for version in wanted.values()), wanted  # no ^ or ~ ranges
    assert lock["packages"][""]["dependencies"] == wanted
    for name, version in wanted.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
    # The lock names no download address: npm installs from the registry configured where it runs.
    assert all("resolved" not in entry for entry in lock["packages"].values())


def test_without_node_the_part_says_so(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(node.NodeFailed, match=r"Node\.js 20"):
        node.modules()


@pytest.mark.slow
def test_an_unreachable_npm_registry_fails_the_install_clearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    if node.shutil.which("npm") is None:
        pytest.skip("no npm on this machine")
    closed = f"http://127.0.0.1:{_closed_port()}/"  # nothing listens there: refused at once
    monkeypatch.setenv("CLIFFSIDE_BENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("npm_config_registry", closed)
    monkeypatch.setenv("npm_config_cache", str(tmp_path / "npm-cache"))  # nothing cached to fall back on
    monkeypatch.setenv("npm_config_fetch_retries", "0")
    began = time.monotonic()
    with pytest.raises(node.NodeFailed, match="is the npm registry reachable"):
        node.modules()
    assert time.monotonic() - began < node.INSTALL_SECONDS
    assert list((tmp_path / "cache").iterdir()) == [tmp_path / "cache" / ".lock"]  # no half-installed folder


def _closed_port() -> int:
    from bench.stack import free_port

    return free_port()


def test_a_race_lost_is_the_games_refusal_not_one_for_concurrency():
    lost = move(250.0, 3.0, "a", 1, None, "TARGET_TAKEN")
    result = {"moves": [*MOVES, lost], "updates": UPDATES, "windows": {"ws": WINDOW}}
    figures = loops.closed(result, "ws")
    assert (figures["refused_share"], figures["lost_share"]) == (0.25, 0.25)
