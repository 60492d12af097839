"""Issue 26, must-hold 3: every game is an OpenSpiel game; OpenSpiel's own random-simulation checks
pass for every game and seat count, and OpenSpiel's MCTS plays a full match of each."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from open_spiel.python.observation import make_observation

from clients.research import openspiel_games
from clients.research.actions import WAIT, actions_for
from games.registry import REGISTRY
from tests.clients.lean import GAMES, SEAT_COUNTS, lean

Dynamics = pyspiel.GameType.Dynamics
ALL_PLAYERS = pyspiel.PrivateInfoType.ALL_PLAYERS


def load(key: str, players: int, options: dict | None = None, **params) -> pyspiel.Game:
    chosen = lean(key, players) if options is None else options
    given = {"players": players, **openspiel_games.parameters(chosen), **params}
    return pyspiel.load_game(openspiel_games.game_name(key), given)


def test_every_game_is_registered_once_by_name():
    assert openspiel_games.register() == [openspiel_games.game_name(key) for key in REGISTRY]  # again: no-op
    names = set(pyspiel.registered_names())
    for key in GAMES:
        kind = pyspiel.load_game(openspiel_games.game_name(key)).get_type()
        assert kind.short_name in names
        spec = REGISTRY[key]
        assert (kind.min_num_players, kind.max_num_players) == (spec.min_players, spec.max_players)
        assert kind.dynamics == (Dynamics.SEQUENTIAL if key == "daredevil-rock" else Dynamics.SIMULTANEOUS)
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL


@pytest.mark.parametrize(("key", "players"), SEAT_COUNTS)
def test_openspiels_random_simulation_checks_pass(key, players):
    """OpenSpiel's RandomSimTest: legal actions sorted and unique in name, masks, clones, observation and
    information-state strings for every player at every node, returns within bounds and summing as the
    utility says, the game length within its maximum; and, at each game's smallest table, serialization
    (a state pickled, and rebuilt by replaying its path: the same for every seat count)."""
    serialize = players == REGISTRY[key].min_players
    pyspiel.random_sim_test(load(key, players), num_sims=1, serialize=serialize, verbose=False)


@pytest.mark.parametrize("key", GAMES)
def test_the_default_options_pass_too(key):
    pyspiel.random_sim_test(load(key, 2, options={}), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("key", GAMES)
def test_mcts_plays_a_full_match(key):
    """OpenSpiel's MCTSBot (random rollouts) in seat 0 against uniform random play, to the end. MCTS
    needs sequential turns: the simultaneous games are played through OpenSpiel's turn-based transform.
    Searches are tiny: this checks that MCTS can play the games, not how well."""
    name = openspiel_games.game_name(key)
    game = pyspiel.load_game_as_turn_based(name, {"players": 2, **openspiel_games.parameters(lean(key))})
    rng = np.random.RandomState(26)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, max_length=4, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=chances)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 0
    assert sum(state.returns()) == pytest.approx(0.0)
    assert state.move_number() < game.max_game_length()  # the match ended by its rules, not cut short


def test_a_simultaneous_node_asks_every_seat_it_waits_on():
    state = load("racesmack", 3, options={}).new_initial_state()
    state.apply_action(0)  # the seed
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    actions = actions_for("racesmack")
    for seat in range(3):
        legal = state.legal_actions(seat)
        assert WAIT in legal  # the round has a deadline: silence is a choice
        assert {actions.move(a)["action"] for a in legal if a != WAIT} == {"PLAY_CARD"}
    state.apply_actions([state.legal_actions(seat)[1] for seat in range(3)])
    assert state.is_chance_node()  # the arrival order of three sealed cards
    assert len(state.chance_outcomes()) == 6
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "arrival order 2,1,0"


def test_observations_and_information_states_are_the_seats_views():
    game = load("cactus-card-game", 2)
    state = game.new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "seed research-7"
    state.apply_action(7)
    for seat in range(2):
        view = json.loads(state.observation_string(seat))
        assert view["seat"] == seat and view["hand"] is not None
        assert all(player["hand"] is None for player in view["players"] if player["seat"] != seat)
        assert state.information_state_string(seat).startswith(f"seat {seat}\n")
        assert state.information_state_string(seat).endswith("view " + state.observation_string(seat))
    spectator = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    public = json.loads(make_observation(game, spectator).string_from(state, 0))
    assert public["seat"] is None and not public["hand"]
    assert all(player["hand"] is None for player in public["players"])
    everyone = pyspiel.IIGObservationType(perfect_recall=False, private_info=ALL_PLAYERS)
    table = json.loads(make_observation(game, everyone).string_from(state, 0))
    assert all(player["hand"] is not None for player in table["players"])


def test_parameters_are_checked():
    with pytest.raises(ValueError, match="seats 2 to 6"):
        load("racesmack", 9)
    with pytest.raises(ValueError, match="playSeconds"):
        load("racesmack", 2, options={"playSeconds": 0})
    with pytest.raises(ValueError, match="Racing Rules cannot be played with After You"):
        load("racesmack", 2, options={"racingRules": True, "afterYou": True})
    game = load("daredevil-rock", 2, options={"limitedCams": None, "turnSeconds": 0})
    assert game.setup.options["limitedCams"] is None and game.setup.options["turnSeconds"] == 0
    assert game.get_parameters()["limitedCams"] == openspiel_games.EMPTY
    assert load("cliffs-n-cactuses", 2, options={"start": "600"}).setup.options["start"] == "600"
    assert load("racesmack", 2, seeds=5).max_chance_outcomes() == 720  # six seats' arrival orders
    assert load("cactus-card-game", 2, max_decisions=50).max_game_length() == 50
