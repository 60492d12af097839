"""The rulebook's walkthrough, Figures 1 to 5: Red's first turn on a four-player cliff, action by action.

Figure 1 sets up four players: five columns (one more than the players) of eight levels (Ruling 14),
every climber at the base. Red examines the middle card of level 1 (Figure 2), climbs onto it
(Figure 3), examines a King out of his reach from his Six (Figure 4) and probes the King away
(Figure 5), his fourth and last action.
"""

from games.daredevil_rock.cards import within_three
from games.daredevil_rock.events import Climbed, Examined, FreeClimbOffered, Probed, TurnEnded, TurnStarted
from games.daredevil_rock.moves import Climb, Examine, Probe
from games.daredevil_rock.rules import legal_moves
from games.daredevil_rock.state import State
from tests.games.daredevil_rock.tableau import card, face_up, play, rejection, table
from tests.games.kit import of_type

RED, YELLOW = 0, 1
MIDDLE = 2  # the middle of five columns
FIGURE_1 = """
    .    .    .    .    .
    .    .    .    .    .
    .    .    .    .    .
    .    .    .    .    .
    .    .    .    .    .
    .    .    .    .    .
    .    .   [KH]  .    .
    .    .   [6S]  .    .
"""


def figure_1() -> State:
    return table(FIGURE_1, seats=4, deck="3D 9C 2H 8D", active=RED)


def figure_2() -> State:
    state, _ = play(figure_1(), RED, Examine(1, MIDDLE))
    return state


def figure_3() -> State:
    state, _ = play(figure_2(), RED, Climb(1, MIDDLE))
    return state


def figure_4() -> State:
    state, _ = play(figure_3(), RED, Examine(2, MIDDLE))
    return state


def face_up_cards(state: State) -> set[tuple[int, int]]:
    return {
        (level, column) for level in range(1, 9) for column in range(5) if face_up(state, (level, column))
    }


def free_face_up_cards(state: State) -> set[tuple[int, int]]:
    """The face-up cards no climber is on: the ones another climber could use."""
    return {there for there in face_up_cards(state) if state.occupant(there) is None}


def test_figure_1_four_players_start_at_the_base_of_a_five_column_cliff_all_face_down():
    """Ruling 14: one more column than the players, as many full rows as the cards allow."""
    state = figure_1()
    assert (state.columns, state.levels) == (5, 8)
    assert all(climber.position is None for climber in state.climbers)
    assert face_up_cards(state) == set()


def test_figure_2_red_examines_the_middle_card_of_level_one_for_one_action():
    """Ruling 1: from the base there is no climber's card, so no climb bonus."""
    state, events = play(figure_1(), RED, Examine(1, MIDDLE))
    assert events == (Examined(RED, 1, MIDDLE, card("6S")),)
    assert not of_type(events, FreeClimbOffered)
    assert face_up_cards(state) == {(1, MIDDLE)}
    assert state.climbers[RED].position is None and state.actions_used == 1


def test_figure_3_from_the_base_red_moves_onto_the_face_up_level_one_card_for_one_action():
    """Ruling 4: from the base any empty face-up level-1 card, whatever its rank."""
    assert Climb(1, MIDDLE) in legal_moves(figure_2(), RED)
    state, events = play(figure_2(), RED, Climb(1, MIDDLE))
    assert events == (Climbed(RED, 1, MIDDLE),)
    assert state.climbers[RED].position == (1, MIDDLE) and state.actions_used == 2


def test_figure_4_red_examines_a_king_for_his_third_action_but_it_is_out_of_reach_of_his_six():
    state, events = play(figure_3(), RED, Examine(2, MIDDLE))
    assert events == (Examined(RED, 2, MIDDLE, card("KH")),)
    assert state.actions_used == 3 and state.active == RED
    assert rejection(state, RED, Climb(2, MIDDLE)) == "OUT_OF_REACH"
    assert Climb(2, MIDDLE) not in legal_moves(state, RED)


def test_figure_4_red_was_hoping_for_a_rank_between_three_and_nine():
    six = card("6S").rank
    assert [rank for rank in range(1, 14) if within_three(six, rank)] == [3, 4, 5, 6, 7, 8, 9]


def test_figure_5_red_probes_the_king_for_his_fourth_action_and_his_turn_ends():
    """The King goes face up to the discards, the deck's top card face down in its place."""
    state, events = play(figure_4(), RED, Probe(2, MIDDLE))
    assert events[0] == Probed(RED, 2, MIDDLE, card("KH"), card("3D"))
    assert state.discards == (card("KH"),) and state.deck == (card("9C"), card("2H"), card("8D"))
    assert state.space((2, MIDDLE)).card == card("3D") and not face_up(state, (2, MIDDLE))
    assert of_type(events, TurnEnded) == [TurnEnded(RED, "actions")]
    assert of_type(events, TurnStarted)[0].seat == YELLOW and state.active == YELLOW


def test_figure_5_probing_leaves_yellow_no_face_up_card_where_examining_would_leave_two():
    """The rulebook's reason to probe: examining a new card would leave two face-up cards to use."""
    probed, _ = play(figure_4(), RED, Probe(2, MIDDLE))
    assert free_face_up_cards(probed) == set()
    examined, _ = play(figure_4(), RED, Examine(2, MIDDLE - 1))
    assert free_face_up_cards(examined) == {(2, MIDDLE - 1), (2, MIDDLE)}
    assert examined.active == YELLOW
