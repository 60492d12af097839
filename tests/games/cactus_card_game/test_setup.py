"""The deck, the point pile, the points goal and the deal (rulebook: SETUP, HOW TO WIN, CONTENTS):
Rulings 1 and 2."""

import pytest

from games.cactus_card_game import SPEC
from games.cactus_card_game.cards import COUNTS, DECK, POINT_CARDS, Kind, points_to_win
from games.cactus_card_game.events import CardsShuffled, FirstPlayerDrawn, HandDealt
from games.cactus_card_game.spec import initial_state
from games.core.commands import Begin
from games.core.decisions import Codes
from games.core.turns import TurnStarted
from tests.games.cactus_card_game.table import play, rejection
from tests.games.kit import T0, of_type


def test_the_deck_holds_the_90_playing_cards_of_the_contents_list_each_numbered_once():
    """Ruling 1: every card has its own number, 1 to 90."""
    assert len(DECK) == 90
    assert sorted(card.number for card in DECK) == list(range(1, 91))
    assert {kind: sum(1 for card in DECK if card.kind is kind) for kind in Kind} == COUNTS
    assert COUNTS[Kind.CHARLIE] == 16 and COUNTS[Kind.STOP] == 10 and COUNTS[Kind.WILD] == 3


def test_thirty_point_cards_are_set_aside_as_the_point_pile():
    assert POINT_CARDS == 30
    assert initial_state({}, 3).point_pile == 30


@pytest.mark.parametrize(("players", "goal"), [(2, 10), (3, 10), (4, 6), (5, 6), (6, 5)])
def test_the_points_to_win_depend_on_the_number_of_players(players, goal):
    assert points_to_win(players) == goal
    assert initial_state({}, players).goal == goal


@pytest.mark.parametrize("seats", [1, 7])
def test_the_game_is_for_two_to_six_players(seats):
    assert (SPEC.min_players, SPEC.max_players) == (2, 6)
    with pytest.raises(ValueError, match="2 to 6"):
        initial_state({}, seats)


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_begin_shuffles_deals_five_cards_each_and_the_rest_form_the_draw_pile(seats):
    state, events = play(initial_state({}, seats), None, Begin())
    (shuffled,) = of_type(events, CardsShuffled)
    assert sorted(shuffled.pile, key=lambda card: card.number) == list(DECK)
    assert [dealt.seat for dealt in of_type(events, HandDealt)] == list(range(seats))
    assert all(len(player.hand) == 5 for player in state.players)
    assert len(state.draw_pile) == 90 - 5 * seats
    assert SPEC.invariants(state) == ()


def test_who_goes_first_is_a_recorded_draw_and_that_player_starts_turn_one():
    """Ruling 2: "pick a player to go first" is chance, written into the log."""
    firsts = set()
    for seed in range(12):
        state, events = play(initial_state({}, 4), None, Begin(), seed=str(seed))
        (first,) = of_type(events, FirstPlayerDrawn)
        (started,) = of_type(events, TurnStarted)
        assert started.seat == first.seat == state.active and started.turn == 1
        firsts.add(first.seat)
    assert len(firsts) > 1


def test_the_first_turn_has_the_default_sixty_second_deadline():
    state, _ = play(initial_state({}, 2), None, Begin(), at=T0)
    assert state.turn.deadline == T0 + 60_000


def test_a_match_begins_only_once():
    state, _ = play(initial_state({}, 2), None, Begin())
    assert rejection(state, None, Begin()) == Codes.ALREADY_STARTED


def test_the_options_have_the_chosen_defaults():
    assert SPEC.options.defaults() == {
        "turnSeconds": 60,
        "stopSeconds": 5,
        "choiceSeconds": 15,
        "turnLimit": 500,
        "revealAfterEnd": True,
    }
    options = initial_state({"turnSeconds": 0, "stopSeconds": 0, "turnLimit": None}, 2).options
    assert (options.turn_seconds, options.stop_seconds, options.turn_limit) == (None, None, None)
