"""How a real-time match becomes a tree: chance is the seed, seats choose alone or together, WAIT lets
the clock run, and what a seat sees comes only from its views and redacted events."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from clients.research.actions import WAIT, actions_for
from clients.research.position import T0, Position, Setup, StuckMatch, rank_returns, replay, start
from clients.research.views import canonical, event_line, jsonable
from games.core import engine
from games.core.commands import Begin, Command
from games.core.visibility import redact, seat_viewer
from games.registry import REGISTRY
from tests.clients.lean import GAMES, lean


def random_moves(position: Position, rng: random.Random, limit: int = 10_000) -> list[Position]:
    """Every position of one random match from ``position`` on."""
    seen = [position]
    for _ in range(limit):
        if position.terminal:
            break
        if position.chance:
            outcomes = position.chance_outcomes()
            position = position.apply_chance(rng.randrange(len(outcomes)))
        else:
            position = position.choose({seat: rng.choice(position.legal(seat)) for seat in position.acting})
        seen.append(position)
    return seen


def test_the_first_node_chooses_the_seed_and_the_deal_is_the_servers():
    setup = Setup("cactus-card-game", 3, {}, seeds=50)
    first = start(setup)
    assert first.chance and not first.dealt
    assert first.chance_outcomes() == [(outcome, 1 / 50) for outcome in range(50)]
    dealt = first.deal(17)
    game = engine.new_game(setup.spec, setup.options, 3, "research-17")
    server = engine.step(game, Command(Begin(), None, T0))
    assert dealt.game.state == server.game.state
    assert dealt.observation(1) == canonical(jsonable(engine.view(server.game, seat_viewer(1))))


def test_daredevil_rock_asks_one_climber_at_a_time_and_has_no_wait_without_a_turn_timer():
    for seats, options in ((1, {}), (2, {"turnSeconds": 0})):  # solitaire has no timer; 0 turns it off
        position = start(Setup("daredevil-rock", seats, options)).deal(0)
        assert len(position.acting) == 1
        assert WAIT not in position.legal(position.acting[0])
    timed = start(Setup("daredevil-rock", 2, {})).deal(0)  # Ruling 12: 120 s a turn
    assert WAIT in timed.legal(timed.acting[0])


def test_a_sealed_round_is_one_simultaneous_node_and_its_moves_arrive_in_a_random_order():
    position = start(Setup("cliffs-n-cactuses", 3, {"opening": "rock-paper-scissors"})).deal(2)
    rng = random.Random(1)
    while len(position.acting) < 2:  # to the first node that asks several seats at once
        position = random_moves(position, rng, limit=1)[-1]
    asked = position.acting
    choices = {seat: next(a for a in position.legal(seat) if a != WAIT) for seat in asked}
    queued = position.choose(choices)
    assert queued.chance and queued.dealt
    assert len(queued.chance_outcomes()) == math.factorial(len(asked))
    assert queued.game is position.game  # nothing applies before the order is drawn
    after = queued.apply_chance(0)
    assert after.game.version > position.game.version


def test_when_everyone_asked_waits_the_earliest_deadline_passes():
    position = start(Setup("cactus-card-game", 2, {})).deal(4)
    (seat,) = position.acting
    before = engine.legal_moves(position.game, seat)
    waited = position.choose({seat: WAIT})
    assert waited.game.version > position.game.version
    assert waited.now >= min(d.at for d in position.setup.spec.deadlines(position.game.state))
    assert before  # the seat had moves, and chose silence: its turn's timer ran out
    assert "you WAIT" in waited.information_state(seat)


def test_an_illegal_choice_or_an_unasked_seat_is_refused():
    position = start(Setup("cactus-card-game", 2, {})).deal(0)
    (seat,) = position.acting
    with pytest.raises(ValueError, match="not legal"):
        position.choose({seat: actions_for("cactus-card-game").size - 1})
    with pytest.raises(ValueError, match="not asked"):
        position.choose({1 - seat: WAIT})


@pytest.mark.parametrize("key", GAMES)
def test_no_secret_reaches_a_seat_through_its_views_or_its_record(key):
    """The redaction suite's oracle (``spec.secrets``) against the adapter's strings: a seat's
    observation is its view, and each step adds to its record only the step's events redacted for it
    (each checked against what the seat may not know right after that event) and its own choices."""
    spec = REGISTRY[key]
    seats = max(2, spec.min_players)
    positions = random_moves(start(Setup(key, seats, lean(key, seats))), random.Random(key), limit=60)
    for before, after in itertools.pairwise(positions[1:]):
        links = []
        link = after.log
        while link is not before.log:
            links.insert(0, link)
            link = link.previous
        for seat in range(seats):
            viewer = seat_viewer(seat)
            secrets = [canonical(jsonable(secret)) for secret in spec.secrets(after.game.state, viewer)]
            assert not [secret for secret in secrets if secret in after.observation(seat)]
            game = before.game
            for link in links:
                lines = []
                for event in link.step.events:
                    game = engine.evolve(game, event)
                    shown = redact(event, viewer)
                    if shown is None:
                        continue
                    lines.append(event_line(shown))
                    secrets = [canonical(jsonable(secret)) for secret in spec.secrets(game.state, viewer)]
                    assert not [secret for secret in secrets if secret in lines[-1]], f"{key} v{game.version}"
                own = [line for line in link.text(seat).split("\n") if line.startswith(("you ", "refused "))]
                assert link.text(seat) == "\n".join(own + lines)


def test_the_information_state_remembers_and_grows():
    positions = random_moves(start(Setup("racesmack", 3, {})), random.Random(5), limit=60)
    states = [p.information_state(1) for p in positions if p.dealt]
    for earlier, later in itertools.pairwise(states):
        assert later.rsplit("\nview ", 1)[0].startswith(earlier.rsplit("\nview ", 1)[0])
    assert positions[-1].information_state(1).startswith("seat 1\n")
    assert positions[-1].information_state(None).startswith("spectator\n")


def test_a_position_replays_from_its_path():
    setup = Setup("boulder-bluff", 3, lean("boulder-bluff"))
    positions = random_moves(start(setup), random.Random(2), limit=80)
    last = positions[-1]
    again = replay("boulder-bluff", 3, lean("boulder-bluff"), last.setup.seeds, 0, last.path)
    assert str(again) == str(last)
    assert again.information_state(2) == last.information_state(2)


def test_returns_rank_the_seats_zero_sum():
    assert rank_returns((1, 2), (10.0, 3.0)) == [1.0, -1.0]
    assert rank_returns((1, 2, 2, 4), (None,) * 4) == [1.0, 0.0, 0.0, -1.0]
    assert rank_returns((1, 2, 3), (None,) * 3) == [1.0, 0.0, -1.0]
    assert rank_returns((1, 1, 1), (None,) * 3) == [0.0, 0.0, 0.0]
    assert rank_returns((1,), (17.0,)) == [1.0]  # a solitaire climb that reached the summit
    assert rank_returns((1,), (None,)) == [-1.0]


def test_a_match_cut_short_is_truncated_with_nothing_won():
    positions = random_moves(start(Setup("cactus-card-game", 2, {}, max_decisions=5)), random.Random(0))
    last = positions[-1]
    assert last.terminal and last.truncated and not last.over
    assert last.returns() == [0.0, 0.0]


def test_setup_refuses_what_the_game_refuses():
    with pytest.raises(ValueError):
        Setup("racesmack", 7, {})
    with pytest.raises(ValueError):
        Setup("racesmack", 2, {"playSeconds": "soon"})
    with pytest.raises(ValueError):
        Setup("chess", 2, {})
    assert issubclass(StuckMatch, RuntimeError)
