"""STOP cards and their windows (rulebook: STOP CARDS): Rulings 4, 5 and 6."""

import pytest

from games.cactus_card_game import SPEC
from games.cactus_card_game.checks import Code
from games.cactus_card_game.events import PointsEarned, PointStolen, StopPlayed
from games.cactus_card_game.moves import DrawCard, LetItStand, PlayFreePoint, PlayStealAPoint, Stop
from games.cactus_card_game.rules import deadlines, legal_moves, waiting_on
from games.core.reaction import Reacted, WindowClosed, WindowOpened
from games.core.turns import TurnEnded
from tests.games.cactus_card_game.table import answer_all, hand, kinds, play, rejection, table, time_out
from tests.games.kit import T0, of_type


def test_an_action_card_opens_a_window_to_every_other_player_stop_in_hand_or_not():
    state = table(["free-point stop", "charlie", "stop", "charlie"])
    state, events = play(state, 0, PlayFreePoint())
    (opened,) = of_type(events, WindowOpened)
    assert opened.participants == frozenset({0, 1, 2, 3}) and opened.deadline == T0 + 5_000
    assert waiting_on(state) == frozenset({1, 2, 3})
    assert legal_moves(state, 1) == (LetItStand(),) and legal_moves(state, 3) == (LetItStand(),)
    assert legal_moves(state, 2) == (Stop(0), LetItStand())
    assert legal_moves(state, 0) == ()


def test_the_actor_can_not_stop_its_own_action_card():
    state, _ = play(table(["free-point stop", "charlie"]), 0, PlayFreePoint())
    assert rejection(state, 0, Stop(0)) == Code.NOT_WAITING_FOR_YOU


def test_the_action_card_resolves_only_once_everyone_has_let_it_stand():
    state, _ = play(table(["free-point", "charlie", "charlie"]), 0, PlayFreePoint())
    state, events = play(state, 1, LetItStand())
    assert state.window is not None and not of_type(events, PointsEarned)
    assert waiting_on(state) == frozenset({2})
    state, events = play(state, 2, LetItStand())
    assert of_type(events, WindowClosed) == [WindowClosed("play-1", False)]
    assert state.players[0].points == 1


def test_silence_until_the_window_deadline_lets_the_card_stand():
    state, _ = play(table(["free-point", "charlie", "charlie"]), 0, PlayFreePoint())
    assert [(deadline.id, deadline.at, deadline.kind) for deadline in deadlines(state)] == [
        ("play-1/0", T0 + 5_000, "stop")
    ]
    state, events = time_out(state, "play-1/0", at=T0 + 5_000)
    assert of_type(events, WindowClosed) == [WindowClosed("play-1", False)] and state.players[0].points == 1


def test_a_stop_restarts_the_window_deadline_and_the_old_timeout_is_stale():
    state, _ = play(table(["free-point", "stop", "charlie"]), 0, PlayFreePoint())
    state, events = play(state, 1, Stop(0), at=T0 + 1_000)
    assert of_type(events, Reacted) == [Reacted("play-1", 1, 0, T0 + 6_000)]
    _, stale = time_out(state, "play-1/0", at=T0 + 5_000)
    assert stale == ()
    state, events = time_out(state, "play-1/1", at=T0 + 6_000)
    assert of_type(events, WindowClosed) == [WindowClosed("play-1", True)] and state.players[0].points == 0


def test_with_no_stop_deadline_the_window_waits_for_every_answer():
    state, _ = play(table(["free-point", "charlie"], options={"stopSeconds": 0}), 0, PlayFreePoint())
    assert deadlines(state) == () and waiting_on(state) == frozenset({1})


@pytest.mark.parametrize("stops", [1, 2, 3, 4])
def test_stops_can_be_stopped_and_an_odd_number_of_stops_cancels_the_card(stops):
    state = table(["free-point stop stop", "stop stop charlie"])
    state, _ = play(state, 0, PlayFreePoint())
    stoppers = [1, 0, 1, 0][:stops]
    for link, seat in enumerate(stoppers):
        state, _ = play(state, seat, Stop(link))
    last_word = 1 - stoppers[-1]
    state, events = play(state, last_word, LetItStand())
    cancelled = stops % 2 == 1
    assert of_type(events, WindowClosed) == [WindowClosed("play-1", cancelled)]
    assert state.players[0].points == (0 if cancelled else 1)
    assert state.active == (0 if cancelled else 1)
    assert kinds(state.discards) == ["stop"] * stops + ["free-point"]


def test_two_stops_racing_for_the_same_action_the_second_is_stale_and_the_card_is_cancelled():
    state = table(["free-point", "stop", "stop"])
    state, _ = play(state, 0, PlayFreePoint())
    state, _ = play(state, 1, Stop(0))
    assert rejection(state, 2, Stop(0)) == Code.STALE_REACTION
    assert hand(state, 2) == ["stop"]
    state, _ = answer_all(state, (0, LetItStand()), (2, LetItStand()))
    assert state.players[0].points == 0 and state.window is None


def test_a_player_who_let_the_card_stand_may_still_stop_a_later_stop():
    state, _ = play(table(["free-point", "stop", "stop"]), 0, PlayFreePoint())
    state, _ = play(state, 2, LetItStand())
    state, _ = play(state, 1, Stop(0))
    assert waiting_on(state) == frozenset({0, 2})
    state, _ = play(state, 2, Stop(1))
    state, _ = answer_all(state, (0, LetItStand()), (1, LetItStand()))
    assert state.players[0].points == 1


def test_a_stop_needs_a_stop_card_in_hand():
    state, _ = play(table(["free-point", "charlie"]), 0, PlayFreePoint())
    assert rejection(state, 1, Stop(0)) == Code.NO_SUCH_CARD


def test_a_stop_is_played_only_on_an_action_card_in_its_window():
    """Ruling 5: with no window open there is nothing to STOP."""
    state = table(["charlie", "stop"])
    assert rejection(state, 1, Stop(0)) == Code.WINDOW_CLOSED
    assert rejection(state, 1, LetItStand()) == Code.WINDOW_CLOSED


def test_the_action_card_goes_to_the_discard_pile_when_played_stopped_or_not():
    """Ruling 5."""
    state, _ = play(table(["free-point", "stop"]), 0, PlayFreePoint())
    assert kinds(state.discards) == ["free-point"] and state.players[0].hand == ()
    state, events = play(state, 1, Stop(0))
    assert of_type(events, StopPlayed)[0].card == state.discards[0]
    assert kinds(state.discards) == ["stop", "free-point"]


def test_while_its_window_is_open_the_actor_plays_nothing_else():
    state, _ = play(table(["free-point free-point", "charlie"]), 0, PlayFreePoint())
    assert rejection(state, 0, PlayFreePoint()) == Code.WINDOW_OPEN
    assert rejection(state, 0, DrawCard()) == Code.WINDOW_OPEN


def test_rulebook_example_a_stopped_steal_a_point_returns_the_point_and_it_is_still_their_turn():
    """ "Another player uses a STEAL A POINT to steal a precious point from you. You could then play a
    STOP card": you keep your point, and the thief, who earned no point, plays on (Ruling 6)."""
    state = table(["steal-a-point charlie", "stop"], points={1: 2})
    state, _ = play(state, 0, PlayStealAPoint(1))
    state, _ = play(state, 1, Stop(0))
    state, events = play(state, 0, LetItStand())
    assert not of_type(events, PointStolen) and not of_type(events, TurnEnded)
    assert [player.points for player in state.players] == [0, 2]
    assert state.active == 0 and legal_moves(state, 0) == (DrawCard(),)


def test_a_player_who_let_the_card_stand_may_still_stop_it_while_the_window_is_open_for_others():
    """Ruling 21 (audit Q3): letting it stand is no promise while others are still deciding."""
    state, _ = play(table(["free-point", "stop", "charlie"]), 0, PlayFreePoint())
    state, _ = play(state, 1, LetItStand())
    assert waiting_on(state) == frozenset({2}) and legal_moves(state, 1) == (Stop(0),)
    assert SPEC.may_act(state) == frozenset({1, 2})
    assert rejection(state, 1, LetItStand()) == Code.NOT_WAITING_FOR_YOU
    state, events = play(state, 1, Stop(0))
    assert of_type(events, StopPlayed) and state.window.cancels


def test_once_everyone_let_it_stand_the_window_is_closed_to_a_late_stop():
    """Ruling 21 (audit Q3)."""
    state, _ = play(table(["free-point", "stop", "charlie"]), 0, PlayFreePoint())
    state, _ = answer_all(state, (1, LetItStand()), (2, LetItStand()))
    assert rejection(state, 1, Stop(0)) == Code.WINDOW_CLOSED


def test_a_stop_just_drawn_may_be_played_before_the_players_next_turn():
    """Ruling 22 (audit Q4): STOPs "can be played at any time throughout the game"."""
    state = table(["charlie", "free-point"], draw="stop", active=0)
    state, _ = play(state, 0, DrawCard())
    assert hand(state, 0) == ["charlie", "stop"] and state.active == 1
    state, _ = play(state, 1, PlayFreePoint())
    state, events = play(state, 0, Stop(0))
    assert of_type(events, StopPlayed) == [StopPlayed(0, state.discards[0])]
    state, _ = play(state, 1, LetItStand())
    assert state.players[1].points == 0 and state.active == 1
