"""The run_timers and simulate management commands, and the embedded loop in the ASGI lifespan."""

import io

import pytest
from django.core.management import CommandError, call_command

from api.matches.management.commands import simulate
from api.matches.management.simulation import Playout, play_match, seat_bots
from api.realtime import lifespan
from tests.toys import toy_sim


def test_run_timers_refuses_to_start_without_redis(settings):
    settings.REDIS_URL = ""
    with pytest.raises(CommandError, match="embedded mode"):
        call_command("run_timers", "--once")


def test_run_timers_rejects_a_bad_poll_interval(settings):
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    with pytest.raises(CommandError, match="poll-ms"):
        call_command("run_timers", "--poll-ms", "0")


@pytest.fixture
def sim_toy_game(monkeypatch):
    monkeypatch.setattr(simulate, "find_spec", lambda key: toy_sim.SPEC if key == "toy-sim" else None)


def run_simulate(*args: str) -> str:
    out = io.StringIO()
    call_command("simulate", "--game", "toy-sim", "--seed", "t", *args, stdout=out)
    return out.getvalue()


def test_simulate_plays_and_reports_each_bot(sim_toy_game):
    output = run_simulate("--matches", "3", "--bots", "random,heuristic")
    assert "3/3" in output
    assert "heuristic" in output and "random" in output and "win rate" in output
    assert "matches/s" in output
    assert "invariants: all held" in output


def test_simulate_fails_and_names_a_rejected_bot_move(sim_toy_game):
    with pytest.raises(CommandError, match="3 of 3 matches"):
        run_simulate("--matches", "3", "--bots", "broken,random")


def test_simulate_reports_a_match_over_the_move_cap(sim_toy_game):
    with pytest.raises(CommandError, match="broke an invariant"):
        run_simulate("--matches", "1", "--bots", "random", "--players", "2", "--move-cap", "3")


def test_simulate_rejects_unknown_games_bots_and_seat_counts(sim_toy_game):
    with pytest.raises(CommandError, match="Unknown game"):
        call_command("simulate", "--game", "nope", stdout=io.StringIO())
    with pytest.raises(CommandError, match="Unknown bot"):
        run_simulate("--bots", "wizard")
    with pytest.raises(CommandError, match="1-4 players"):
        run_simulate("--bots", "random", "--players", "9")


def test_a_rejected_move_is_reported_with_its_code():
    result = play_match(toy_sim.SPEC, {"target": 5}, ("broken",), "s", move_cap=100)
    assert result.failure is not None and "INVALID_MOVE" in result.failure


def test_when_nobody_can_move_the_simulator_fires_the_deadline():
    # Target 21 passes the toy's rest stops (multiples of 5), which only a timeout ends.
    play = Playout(toy_sim.SPEC, {"target": 21}, ("random", "random"), "seed")
    play.run(move_cap=100)
    assert play.game.over
    assert any(isinstance(event, toy_sim.Passed) for event in play.events)


def test_one_bot_per_seat_rotates_so_each_plays_every_seat():
    assert [seat_bots(["a", "b"], 2, m) for m in range(2)] == [("a", "b"), ("b", "a")]
    assert seat_bots(["a", "b"], 3, 5) == ("a", "b", "a")


@pytest.mark.django_db(transaction=True)
async def test_lifespan_runs_the_embedded_loop_and_stops_it(settings):
    settings.REDIS_URL = ""
    await lifespan.on_startup()
    assert lifespan._running is not None
    loop, task = lifespan._running
    await lifespan.on_shutdown()
    assert task.done() and loop.stopping and lifespan._running is None


async def test_lifespan_leaves_timers_to_workers_when_redis_is_configured(settings):
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    settings.TIMERS_IN_PROCESS = False
    await lifespan.on_startup()
    assert lifespan._running is None
    await lifespan.on_shutdown()


def test_simulate_plays_the_real_game():
    out = io.StringIO()
    call_command(
        "simulate",
        "--game",
        "daredevil-rock",
        "--matches",
        "3",
        "--bots",
        "random,heuristic",
        "--seed",
        "smoke",
        stdout=out,
    )
    assert "3/3" in out.getvalue() and "invariants: all held" in out.getvalue()
