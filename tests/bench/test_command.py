"""The benchmark measures; its pieces are exercised here for correctness, never for speed."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from graphql import parse, validate

from api.graphql.schema import schema
from bench import documents, engine, games, timers
from bench.cli import _parts, _rates, _shapes, main
from bench.loops import longest_pause_ms
from bench.options import PARTS
from bench.parts import PartFailed, drive
from bench.report import Report
from bench.stack import PRODUCTION_FLAGS, free_port
from bench.stats import percentile
from bench.targets import TARGETS, verdict
from bench.views import view_selection
from games import registry
from games.registry import REGISTRY
from tests.toys import count_to_n


def test_the_engine_figure_replays_every_recorded_command_of_every_game():
    for spec in REGISTRY.values():
        row = engine.measure(spec, 2)
        assert row["commands"] > 2
        assert row["commands_per_s"] > 0 and row["playouts_per_s"] > 0


def test_every_registered_game_is_measured_a_game_added_later_included(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(registry.REGISTRY, count_to_n.KEY, count_to_n.make_spec())
    measured = {plan.key: plan for plan in games.plans()}
    assert set(measured) == set(REGISTRY)  # the toy game, registered above, included
    toy = measured[count_to_n.KEY]
    assert toy.seats == 2
    assert toy.timer_options == {"turnSeconds": 1}  # its shortest turn
    assert toy.replay_options == {}  # no turn limit to lift; its timer cannot be switched off


def test_daredevil_rock_times_out_after_one_second_and_replays_without_limit_or_timer():
    plan = games.plan_for(REGISTRY["daredevil-rock"])
    assert (plan.seats, plan.timer_options) == (2, {"turnSeconds": 1})
    assert plan.replay_options == {"turnLimit": None, "turnSeconds": 0}


def test_an_unknown_game_part_shape_or_rate_is_refused():
    with pytest.raises(ValueError, match="unknown game"):
        games.plans(["chess"])
    with pytest.raises(argparse.ArgumentTypeError, match="unknown part"):
        _parts("service,speed")
    assert _parts(" service , timers ") == ("service", "timers")
    assert set(_parts(",".join(PARTS))) == set(PARTS)
    assert _shapes("http") == ("http",)
    with pytest.raises(argparse.ArgumentTypeError, match="--shapes"):
        _shapes("ws,grpc")
    assert _rates("100, 200,400") == (100, 200, 400)
    for wrong in ("200,100", "100,fast", "0,100", ""):
        with pytest.raises(argparse.ArgumentTypeError, match="--open-rates"):
            _rates(wrong)


def test_python_m_bench_refuses_a_bad_flag_before_it_starts_anything(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as exited:
        main(["--only", "service,speed"])
    assert exited.value.code == 2
    assert "unknown part 'speed'" in capsys.readouterr().err


def test_targets_pass_at_the_bound_and_fail_beyond_it_or_unmeasured():
    assert verdict("open.capacity_per_s", 400) == "PASS"
    assert verdict("open.capacity_per_s", 399.9) == "FAIL"
    assert verdict("open.submit_p99_ms", 30) == "PASS"
    assert verdict("open.submit_p99_ms", 30.1) == "FAIL"
    assert verdict("live.p99_ms", None) == "FAIL"
    assert verdict("service.submit_p99_ms", 1e9) == ""  # shown for information only
    assert all(
        [target.at_least, target.at_most, target.below].count(None) == 2 for target in TARGETS.values()
    )


def test_percentiles_are_nearest_rank():
    values = list(range(1, 101))
    assert (percentile(values, 0.5), percentile(values, 0.99), percentile(values, 1.0)) == (50, 99, 100)
    assert percentile([7.0], 0.99) == 7.0
    assert percentile([], 0.5) is None


def test_the_longest_pause_is_between_accepted_moves_of_one_match():
    def accepted(sent: float, match_id: str) -> list[object]:
        return [sent, sent, 10.0, None, match_id, 0, 1]

    measured = [accepted(0.0, "1"), accepted(1000.0, "2"), accepted(500.0, "1"), accepted(3000.0, "1")]
    measured.append([2000.0, 2000.0, 10.0, "VERSION_MISMATCH", "1", 0, None])  # refused: not a move
    assert longest_pause_ms(measured) == 2500.0  # match 1, from 0.5 s to 3 s
    assert longest_pause_ms([accepted(0.0, "1")]) is None


def test_a_part_that_could_not_run_fails_the_report(tmp_path: Path):
    report = Report(config={}, machine={"cores": 2})
    report.add("engine.commands_per_s", "engine", 25_000, "cmd/s", game="daredevil-rock")
    assert report.passed
    report.failed("live", None, "the load generator exited with 2")
    assert not report.passed
    report.write(tmp_path)
    table = (tmp_path / "results.md").read_text()
    assert "| engine | daredevil-rock | 25,000 cmd/s |  |  | ≥ 20,000 | PASS |" in table
    assert "| live: could not run |  | the load generator exited with 2 |  |  | runs | FAIL |" in table


def test_the_replay_document_selects_every_field_of_each_game_view_validly():
    for key in REGISTRY:
        document = documents.view_at(view_selection(key))
        assert validate(schema._schema, parse(document)) == []
    assert "climbers { seat level column" in view_selection("daredevil-rock")


def test_timer_lateness_pairs_each_timeout_with_the_update_that_brought_it():
    fired = {"7": [[3, 10_000, 10_030], [5, 11_030, 11_090]], "8": [[3, 10_500, 10_520]]}
    heard = {"7": [(4, 5, 10.050), (6, 6, 11.100)], "8": []}  # match 8's timeout never arrived
    result = timers.lateness(fired, heard, limit=10)
    assert result["deadlines"] == 2
    assert (result["fired"]["p50_ms"], result["fired"]["p99_ms"]) == (30, 60)
    assert result["heard"]["p99_ms"] == pytest.approx(70, abs=0.01)


def test_a_service_that_does_not_answer_fails_its_part_with_the_reason():
    plan = {"scenario": "replay", "base": f"http://127.0.0.1:{free_port()}", "game": "daredevil-rock"}
    plan |= {"match_id": "1", "token": "t", "version": 10, "selection": "{ __typename }", "repeats": 1}
    with pytest.raises(PartFailed, match="ConnectError"):
        drive(plan)


def test_the_benchmark_starts_the_server_with_the_readmes_production_command():
    operating = (Path(__file__).resolve().parents[2] / "docs" / "operating.md").read_text()
    section = operating.split("## Running in production", 1)[1].split("\n## ", 1)[0]
    command = section.split(".venv/bin/python manage.py serve ", 1)[1].split("\n", 1)[0]
    words = command.split("#", 1)[0].split()
    chosen = {"--host", "--port", "--workers"}  # the benchmark picks these itself
    flags = [
        word
        for at, word in enumerate(words)
        if word not in chosen and (at == 0 or words[at - 1] not in chosen)
    ]
    assert flags == PRODUCTION_FLAGS
