"""Sets of character cards (rulebook: CHARACTER CARDS, WILD CARDS): Ruling 10."""

import pytest

from games.cactus_card_game.checks import Code
from games.cactus_card_game.events import PointsEarned, SetPlayed
from games.cactus_card_game.moves import PlaySet, Stop
from games.cactus_card_game.rules import legal_moves
from games.core.reaction import WindowOpened
from games.core.turns import TurnEnded
from tests.games.cactus_card_game.table import hand, kinds, play, rejection, table
from tests.games.kit import of_type


@pytest.mark.parametrize(
    ("cards", "character", "points"),
    [
        ("charlie charlie charlie", "CHARLIE", 1),
        ("spike spike spike", "SPIKE", 2),
        ("walter walter walter", "WALTER", 3),
    ],
)
def test_three_of_a_character_earn_its_points(cards, character, points):
    state = table([cards + " stop", "stop"])
    state, events = play(state, 0, PlaySet(character, 0))
    assert of_type(events, PointsEarned) == [PointsEarned(0, points, "set")]
    assert state.players[0].points == points and state.point_pile == 30 - points
    assert kinds(state.discards[:3]) == [character.lower()] * 3 and hand(state, 0) == ["stop"]


@pytest.mark.parametrize(
    ("cards", "character", "wilds", "points"),
    [
        ("spike wild spike", "SPIKE", 1, 2),
        ("walter wild wild", "WALTER", 2, 3),
        ("charlie charlie wild", "CHARLIE", 1, 1),
    ],
)
def test_a_wild_replaces_any_character_card(cards, character, wilds, points):
    state = table([cards, "stop"])
    state, _ = play(state, 0, PlaySet(character, wilds))
    assert state.players[0].points == points and state.players[0].hand == ()


def test_three_wilds_together_earn_three_points():
    state = table(["wild wild wild", "stop"])
    state, events = play(state, 0, PlaySet("WILD", 3))
    assert state.players[0].points == 3 and kinds(of_type(events, SetPlayed)[0].cards) == ["wild"] * 3


def test_the_server_takes_the_first_copies_in_hand_order_and_leaves_the_rest():
    state = table(["walter wild walter walter wild", "stop"])
    expected = state.players[0].hand[0:1] + state.players[0].hand[2:4]
    _, events = play(state, 0, PlaySet("WALTER", 0))
    assert of_type(events, SetPlayed)[0].cards == expected


def test_a_set_can_not_be_stopped():
    state = table(["charlie charlie charlie spike", "stop"])
    state, events = play(state, 0, PlaySet("CHARLIE", 0))
    assert not of_type(events, WindowOpened) and state.window is None
    assert rejection(state, 1, Stop(0)) == Code.WINDOW_CLOSED


def test_playing_a_set_earns_points_and_so_ends_the_turn():
    state = table(["spike spike spike charlie", "stop"])
    state, events = play(state, 0, PlaySet("SPIKE", 0))
    assert of_type(events, TurnEnded) == [TurnEnded(0, "point")] and state.active == 1


@pytest.mark.parametrize(
    "move",
    [PlaySet("CHARLIE", 0), PlaySet("SPIKE", 2), PlaySet("WALTER", 1), PlaySet("WILD", 3)],
)
def test_a_set_needs_the_cards_in_hand(move):
    state = table(["charlie charlie spike wild walter", "stop"])
    assert rejection(state, 0, move) == Code.NOT_A_SET


@pytest.mark.parametrize(
    "move",
    [PlaySet("STOP", 0), PlaySet("CHARLIE", 3), PlaySet("WILD", 2), PlaySet("WALTER", -1), PlaySet("x", 0)],
)
def test_a_set_is_three_of_a_character_with_up_to_two_wilds_or_three_wilds(move):
    state = table(["charlie charlie charlie wild wild wild walter stop stop stop", "stop"])
    assert rejection(state, 0, move) == Code.NOT_A_SET


def test_the_legal_sets_are_the_ones_the_hand_can_make():
    state = table(["spike spike wild wild charlie", "stop"])
    sets = {move for move in legal_moves(state, 0) if isinstance(move, PlaySet)}
    assert sets == {PlaySet("SPIKE", 1), PlaySet("SPIKE", 2), PlaySet("CHARLIE", 2)}


def test_a_set_earns_no_more_points_than_the_point_pile_holds():
    """Ruling 14."""
    state = table(["walter walter walter", "stop"], points={1: 8}, point_pile=2)
    state, events = play(state, 0, PlaySet("WALTER", 0))
    assert of_type(events, PointsEarned) == [PointsEarned(0, 2, "set")] and state.point_pile == 0


def test_a_set_laid_on_an_empty_point_pile_earns_nothing_and_the_turn_goes_on():
    """Ruling 14: no point earned, so the turn does not end."""
    state = table(["charlie charlie charlie", "stop"], point_pile=0)
    state, events = play(state, 0, PlaySet("CHARLIE", 0))
    assert not of_type(events, PointsEarned) and state.active == 0 and state.players[0].points == 0
