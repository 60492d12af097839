"""Seeded random playouts: every match ends, keeps its cards and points, and replays exactly."""

import pytest

from games.cactus_card_game import SPEC
from games.core import engine
from tests.conformance.playouts import playout, steps


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_seeded_random_playouts_end_and_keep_every_card_and_point(seats):
    for seed in range(8):
        result = playout(SPEC, seed, seats)
        assert result.game.over and SPEC.invariants(result.game.state) == ()
        assert engine.replay(SPEC, result.options, result.seats, result.seed, result.log) == result.game


def test_without_a_turn_limit_random_playouts_still_reach_the_points_goal():
    options = {**SPEC.options.defaults(), "turnLimit": None}
    for seed in range(10):
        *_, (_, final, _) = steps(SPEC, 2 + seed % 5, f"open {seed}", options)
        assert final.state.reason == "points goal"


def test_random_playouts_use_every_rule_the_tests_name():
    """Coverage of the random player: over some matches, each kind of fact happens at least once."""
    happened = set()
    for seed in range(30):
        happened |= {type(event).__name__ for event in playout(SPEC, seed).log}
    assert happened >= {
        "PointStolen",
        "HandsSwapped",
        "CardTaken",
        "CardStolen",
        "RequestAnswered",
        "DrawPileRefilled",
        "Reacted",
        "SetPlayed",
        "MatchEnded",
    }


def test_the_same_seed_plays_the_same_match():
    assert playout(SPEC, 7).log == playout(SPEC, 7).log
