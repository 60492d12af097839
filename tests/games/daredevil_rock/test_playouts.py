"""Random playouts through games.core.engine: legal moves are accepted, the table stays whole, replays agree."""

import dataclasses

import pytest

from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command
from games.core.decisions import Accepted, Rejected
from games.daredevil_rock import SPEC
from tests.games.kit import T0

VARIANTS = (
    {},
    {"blindMansBluff": True},
    {"limitedCams": 2},
    {"limitedCams": 3, "blindMansBluff": True, "turnSeconds": 30},
)
CHECKED_STEPS = 150  # every legal move is decided at each of a match's first steps (the costly check)


def dealt(seats, seed, options):
    step = engine.step(engine.new_game(SPEC, options, seats, seed), Command(Begin(), None, T0))
    return step.game, list(step.events)


def playout(seats, seed, options):
    """A random match to its end, checking as it goes; the final game and the whole log."""
    game, log = dealt(seats, seed, options)
    chance, now = Chance(f"playout {seed}", 0), T0
    while not game.over:
        (seat,) = SPEC.waiting_on(game.state)
        legal = engine.legal_moves(game, seat)
        assert legal, "the climber whose turn it is always has a move (End Turn at least)"
        if game.version < CHECKED_STEPS:
            for move in legal:
                assert isinstance(engine.decide(game, Command(move, seat, now)), Accepted), move
        now += 1 + chance.below(5_000)
        step = engine.step(game, Command(chance.pick(legal), seat, now))
        assert isinstance(step.decision, Accepted)
        log.extend(step.events)
        game = step.game
        assert SPEC.invariants(game.state) == ()
    return game, log


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_legal_moves_are_accepted_and_random_matches_end_whole_and_replay_exactly(seats, variant):
    seed, options = f"{seats}-{variant}", VARIANTS[variant]
    game, log = playout(seats, seed, options)
    outcome = game.outcome()
    assert outcome is not None and len(outcome.ranks) == seats and min(outcome.ranks) == 1
    assert engine.replay(SPEC, options, seats, seed, log) == game


def test_the_same_seed_plays_the_same_match():
    assert playout(3, "again", {})[1] == playout(3, "again", {})[1]


def test_moves_that_are_not_legal_are_rejected_with_a_reason():
    game, _ = dealt(2, "fuzz", {})
    chance = Chance("fuzz", 0)
    for _ in range(300):
        if game.over:
            break
        seat, move = chance.below(2), _random_move(chance)
        if move not in engine.legal_moves(game, seat):
            decision = engine.decide(game, Command(move, seat, T0))
            assert isinstance(decision, Rejected) and decision.code and decision.message.endswith(".")
        (active,) = SPEC.waiting_on(game.state)
        game = engine.step(game, Command(chance.pick(engine.legal_moves(game, active)), active, T0)).game


def _random_move(chance):
    kind = chance.pick(list(SPEC.moves.actions.values()))
    values = {"level": chance.below(18) - 2, "column": chance.below(6) - 1}
    return kind(**{field.name: values[field.name] for field in dataclasses.fields(kind)})
