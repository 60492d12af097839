"""Issue 26, must-hold 4: an AEC environment per game, action masks from the legal moves, observations
from the seats' views; PettingZoo's own api_test passes for every game and seat count."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from clients.research.actions import WAIT, actions_for
from clients.research.pettingzoo_env import env, raw_env, view
from tests.clients.lean import SEAT_COUNTS, lean


@pytest.mark.parametrize(("key", "players"), SEAT_COUNTS)
def test_pettingzoos_api_test_passes(key, players):
    with warnings.catch_warnings():
        # The test's advice for image-like observations (a Box of bytes is not an image) and its note
        # that a finished seat's mask is all zeros are warnings, not failures: silenced here.
        warnings.simplefilter("ignore")
        api_test(env(key, players=players, options=lean(key, players)), num_cycles=100)


def play(table, seed: int) -> dict[str, float]:
    """A whole match of uniformly random legal actions; each seat's total reward."""
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        mask = observation["action_mask"]
        table.step(None if termination or truncation else int(rng.choice(np.flatnonzero(mask))))
    return totals


def test_a_match_ends_with_the_ranks_as_rewards_and_every_seat_done():
    table = env("racesmack", players=3)
    totals = play(table, seed=4)
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) == 1.0
    assert table.agents == []


def test_the_same_seed_plays_the_same_match():
    first, again = (play(env("cliffs-n-cactuses", players=2), seed=9) for _ in range(2))
    assert first == again


def test_the_mask_is_the_legal_moves_and_the_observation_the_view():
    table = raw_env("cactus-card-game", players=2)
    table.reset(seed=1)
    agent = table.agent_selection
    seat = table.possible_agents.index(agent)
    observation = table.observe(agent)
    actions = actions_for("cactus-card-game")
    legal = {actions.move(a)["action"] for a in np.flatnonzero(observation["action_mask"]) if a != WAIT}
    assert "DRAW_CARD" in legal
    shown = view(observation)
    assert shown["seat"] == seat and shown["active"] == seat
    assert view(observation["observation"]) == shown
    other = table.possible_agents[1 - seat]
    assert not table.observe(other)["action_mask"].any()  # not its turn
    assert view(table.observe(other))["seat"] == 1 - seat


def test_an_illegal_action_is_refused():
    table = raw_env("racesmack", players=2)
    table.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        table.step(actions_for("racesmack").size - 1)


def test_a_match_cut_short_is_truncated():
    table = env("cactus-card-game", players=2, max_decisions=3)
    table.reset(seed=0)
    for _agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        assert not termination
        table.step(None if truncation else int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.agents == []
