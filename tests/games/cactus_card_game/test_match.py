"""Winning, ranking and leaving the match: Rulings 16 and 18."""

import pytest

from games.cactus_card_game import SPEC
from games.cactus_card_game.checks import Code
from games.cactus_card_game.events import MatchEnded, PointStolen, Resigned
from games.cactus_card_game.moves import (
    DrawCard,
    LetItStand,
    PlayFreePoint,
    PlaySeeAndSteal,
    PlaySet,
    PlayStealAPoint,
)
from games.cactus_card_game.rules import waiting_on
from games.cactus_card_game.spec import initial_state
from games.cactus_card_game.state import invariants
from games.core.commands import Resign
from games.core.reaction import Left, WindowClosed
from games.core.turns import TurnEnded, TurnStarted
from tests.games.cactus_card_game.table import hand, kinds, play, rejection, table
from tests.games.kit import of_type


def test_a_set_that_reaches_the_points_goal_wins_at_once():
    state = table(["walter walter walter", "charlie"], points={0: 8, 1: 9})
    state, events = play(state, 0, PlaySet("WALTER", 0))
    assert of_type(events, MatchEnded) == [MatchEnded(0, "points goal")]
    assert not of_type(events, TurnEnded) and state.over and state.players[0].points == 11
    assert SPEC.outcome(state).ranks == (1, 2)


@pytest.mark.parametrize("card", ["free-point", "steal-a-point"])
def test_a_point_card_that_reaches_the_points_goal_wins_at_once(card):
    state = table([card, "charlie", "charlie", "charlie", "charlie", "charlie"], points={0: 4, 1: 1})
    move = PlayFreePoint() if card == "free-point" else PlayStealAPoint(1)
    state, _ = play(state, 0, move)
    for seat in range(1, 6):
        state, events = play(state, seat, LetItStand())
    assert of_type(events, MatchEnded) == [MatchEnded(0, "points goal")]
    assert state.players[0].points == 5 == state.goal


def test_no_move_is_made_once_the_match_is_over():
    state, _ = play(table(["walter walter walter", "charlie"], points={0: 9}), 0, PlaySet("WALTER", 0))
    assert rejection(state, 1, DrawCard()) == Code.MATCH_OVER
    assert waiting_on(state) == frozenset() and SPEC.deadlines(state) == ()


def test_the_winner_ranks_first_and_the_others_by_points_ties_sharing_a_rank():
    state = table(["walter walter walter", "charlie", "charlie"], points={0: 8, 1: 2, 2: 2})
    state, _ = play(state, 0, PlaySet("WALTER", 0))
    outcome = SPEC.outcome(state)
    assert outcome.ranks == (1, 2, 2) and outcome.scores == (11.0, 2.0, 2.0) and outcome.winners == (0,)


def test_a_player_who_resigns_discards_their_hand_keeps_their_points_and_is_skipped():
    state = table(["charlie", "walter stop", "charlie"], points={1: 4})
    state, events = play(state, 1, Resign())
    assert of_type(events, Resigned)[0].hand == state.discards
    assert kinds(state.discards) == ["walter", "stop"] and state.players[1].points == 4
    state, _ = play(state, 0, DrawCard())
    assert state.active == 2 and rejection(state, 1, DrawCard()) == Code.OUT_OF_THE_GAME


def test_resigning_in_your_own_turn_ends_it():
    state, events = play(table(["charlie", "charlie", "charlie"]), 0, Resign())
    assert of_type(events, TurnEnded) == [TurnEnded(0, "resigned")] and state.active == 1


def test_the_last_player_left_wins_whatever_the_points():
    state = table(["charlie", "charlie"], points={0: 7, 1: 2})
    state, events = play(state, 0, Resign())
    assert of_type(events, MatchEnded) == [MatchEnded(1, "last player standing")]
    assert SPEC.outcome(state).ranks == (2, 1)


def test_the_action_card_of_a_player_who_resigns_during_its_window_is_abandoned():
    """Ruling 18."""
    state, _ = play(table(["free-point", "stop", "charlie"]), 0, PlayFreePoint())
    state, events = play(state, 0, Resign())
    assert of_type(events, WindowClosed) == [WindowClosed("play-1", True)]
    assert state.window is None and state.point_pile == 30 and state.active == 1


def test_a_window_stops_waiting_on_a_player_who_resigns():
    state, _ = play(table(["free-point", "charlie", "charlie"]), 0, PlayFreePoint())
    state, _ = play(state, 1, LetItStand())
    state, events = play(state, 2, Resign())
    assert of_type(events, Left) == [Left("play-1", 2)]
    assert of_type(events, WindowClosed) == [WindowClosed("play-1", False)]
    assert state.players[0].points == 1 and of_type(events, TurnStarted)[0].seat == 1


def test_a_player_who_resigned_keeps_their_points_from_a_steal_already_played():
    """Ruling 18: a point is not stolen from a player who has left the match."""
    state, _ = play(table(["steal-a-point", "charlie", "charlie"], points={2: 3}), 0, PlayStealAPoint(2))
    state, _ = play(state, 2, Resign())
    state, events = play(state, 1, LetItStand())
    assert not of_type(events, PointStolen) and state.players[2].points == 3 and state.active == 0


def test_a_choice_whose_victim_resigns_is_withdrawn_and_the_turn_goes_on():
    state, _ = play(table(["see-and-steal", "walter", "charlie"]), 0, PlaySeeAndSteal(1))
    state, _ = play(state, 1, LetItStand())
    state, _ = play(state, 2, LetItStand())
    assert state.choice is not None
    state, _ = play(state, 1, Resign())
    assert state.choice is None and state.active == 0 and hand(state, 0) == []


def test_resigning_needs_a_started_match_and_a_seat_in_it():
    assert rejection(initial_state({}, 2), 0, Resign()) == Code.NOT_STARTED
    assert rejection(table(["charlie", "charlie"]), None, Resign()) == Code.NOT_A_PLAYER


def test_the_invariants_find_a_lost_card_and_a_lost_point():
    assert invariants(table(["charlie", "charlie"])) == ()
    assert invariants(table(["charlie", "charlie"], rest=None)) != ()
    assert invariants(table(["charlie", "charlie"], point_pile=29)) != ()
