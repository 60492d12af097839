"""Examine the Face, Climb, the Climb Bonus, and the four actions of a turn."""

from games.daredevil_rock.events import (
    Climbed,
    Examined,
    FreeClimbed,
    FreeClimbOffered,
    TurnEnded,
    TurnStarted,
)
from games.daredevil_rock.moves import Climb, EndTurn, Examine, FreeClimb, Probe, SetCam
from games.daredevil_rock.rules import legal_moves
from tests.games.daredevil_rock.tableau import card, face_up, play, rejection, table
from tests.games.kit import T0, of_type

LOW = """
    .    .    .
    .    .    .
   [2H] [7C] [KD]
"""


def test_from_the_base_a_climber_may_examine_any_face_down_level_one_card():
    """Ruling 2: from the base, any level-1 card."""
    state = table(LOW)
    assert {m for m in legal_moves(state, 0) if isinstance(m, Examine)} == {
        Examine(1, 0),
        Examine(1, 1),
        Examine(1, 2),
    }
    state, events = play(state, 0, Examine(1, 2))
    assert events[0] == Examined(0, 1, 2, card("KD"))
    assert face_up(state, (1, 2))


def test_from_the_base_no_card_above_level_one_can_be_examined():
    assert rejection(table(LOW), 0, Examine(2, 0)) == "NOT_ADJACENT"


def test_on_the_cliff_a_climber_examines_unoccupied_face_down_cards_touching_its_card():
    """Ruling 2: the cards touching along an edge or at a corner that no other climber is on."""
    state = table(
        """
        .    .    .    .
        .   [9H]  .    9C
        .    5D   .    .
        .    .    .    .
        """,
        at={0: (2, 1), 1: (2, 2)},
    )
    examines = {m for m in legal_moves(state, 0) if isinstance(m, Examine)}
    # The eight neighbours of (2, 1), less the occupied (2, 2); the 9C two columns away is out of touch.
    assert examines == {
        Examine(1, 0),
        Examine(1, 1),
        Examine(1, 2),
        Examine(2, 0),
        Examine(3, 0),
        Examine(3, 1),
        Examine(3, 2),
    }
    assert rejection(state, 0, Examine(2, 2)) == "OCCUPIED"
    assert rejection(state, 0, Examine(4, 1)) == "NOT_ADJACENT"
    assert rejection(state, 0, Examine(3, 3)) == "NOT_ADJACENT"


def test_from_the_base_a_level_one_card_another_climber_hangs_over_cannot_be_examined():
    """Ruling 2: "unoccupied" holds from the base too; that card is its climber's to examine (Ruling 3)."""
    # Given climber 1 hanging over the face-down middle card of level 1, below its cam
    state = table(". 9S .\n[2H] [7C] [KD]", at={1: (1, 1)}, cams={1: [(2, 1)]})
    # When climber 0, at the base, looks for a card to examine
    examines = {m for m in legal_moves(state, 0) if isinstance(m, Examine)}
    # Then it may examine either of the other two, not that one
    assert examines == {Examine(1, 0), Examine(1, 2)}
    assert rejection(state, 0, Examine(1, 1)) == "OCCUPIED"


def test_a_face_up_card_cannot_be_examined_again():
    state = table(LOW.replace("[7C]", "7C"))
    assert rejection(state, 0, Examine(1, 1)) == "ALREADY_FACE_UP"


def test_from_the_base_a_climber_may_climb_to_any_unoccupied_face_up_level_one_card_whatever_its_rank():
    """Ruling 4: at the base the climber has no card, so no rank to be within three of."""
    state = table(". . .\n. . .\n2H 7C KD", at={1: (1, 0)})
    assert {m for m in legal_moves(state, 0) if isinstance(m, Climb)} == {Climb(1, 1), Climb(1, 2)}
    state, events = play(state, 0, Climb(1, 2))
    assert events[0] == Climbed(0, 1, 2) and state.climbers[0].position == (1, 2)


def test_a_climb_needs_a_rank_within_three_counting_round_the_clock():
    picture = """
        QS   6S   KS
        JS   2S   AS
        4S   5S   3S
    """
    state = table(picture, at={0: (2, 1)})
    climbs = {m for m in legal_moves(state, 0) if isinstance(m, Climb)}
    # From a 2: Q, K, A, 3, 4, 5 are within three; 6 and J are not.
    assert climbs == {Climb(3, 0), Climb(3, 2), Climb(2, 2), Climb(1, 0), Climb(1, 1), Climb(1, 2)}
    assert rejection(state, 0, Climb(3, 1)) == "OUT_OF_REACH"
    assert rejection(state, 0, Climb(2, 0)) == "OUT_OF_REACH"


def test_a_climber_may_climb_up_sideways_or_down():
    state = table("9S 9S 9S\n9S 8S 9S\n9S 9S 9S", at={0: (2, 1)})
    state, _ = play(state, 0, Climb(1, 0), Climb(2, 1), Climb(2, 2))
    assert state.climbers[0].position == (2, 2)


def test_a_climb_to_a_face_down_occupied_or_distant_card_is_rejected():
    state = table(
        """
        5S   5S   5S
        5S  [5S]  5S
        5S   5S   5S
        """,
        at={0: (1, 1), 1: (1, 2)},
    )
    assert rejection(state, 0, Climb(2, 1)) == "FACE_DOWN"
    assert rejection(state, 0, Climb(1, 2)) == "OCCUPIED"
    assert rejection(state, 0, Climb(3, 1)) == "NOT_ADJACENT"


def test_the_base_is_not_a_card_to_climb_to_and_nothing_lies_off_the_cliff():
    """Ruling 4: the base is reached by repelling or falling, never by a climb."""
    state = table("5S 5S\n5S 5S", at={0: (1, 0)})
    assert rejection(state, 0, Climb(0, 0)) == "OFF_THE_CLIFF"
    assert rejection(state, 0, Climb(2, 5)) == "OFF_THE_CLIFF"
    assert rejection(state, 0, Examine(-1, 0)) == "OFF_THE_CLIFF"
    assert rejection(state, 0, Probe(3, 0)) == "OFF_THE_CLIFF"


def test_examining_a_card_of_the_climbers_rank_offers_a_free_climb_that_costs_no_action():
    """Ruling 1: the climb bonus is not one of the four actions."""
    state = table(". [8D] .\n. 8S .\n. . .", at={0: (2, 1)})
    state, events = play(state, 0, Examine(3, 1))
    assert of_type(events, FreeClimbOffered) == [FreeClimbOffered(0, 3, 1)]
    state, events = play(state, 0, FreeClimb())
    assert events == (FreeClimbed(0, 3, 1),)
    assert state.climbers[0].position == (3, 1)
    assert state.actions_used == 1 and state.climbers[0].actions == 1


def test_a_card_of_another_rank_offers_no_free_climb():
    state = table(". [9D] .\n. 8S .\n. . .", at={0: (2, 1)})
    state, events = play(state, 0, Examine(3, 1))
    assert not of_type(events, FreeClimbOffered)
    assert rejection(state, 0, FreeClimb()) == "NO_FREE_CLIMB"


def test_the_free_climb_lapses_with_the_climbers_next_move():
    """Ruling 1: "immediately" means before the climber's next move."""
    state = table(". [8D] .\n. 8S .\n. . .", at={0: (2, 1)})
    state, _ = play(state, 0, Examine(3, 1), SetCam())
    assert state.free_climb is None
    assert rejection(state, 0, FreeClimb()) == "NO_FREE_CLIMB"


def test_there_is_no_free_climb_from_the_base():
    """Ruling 1: at the base there is no climber's card whose rank could match."""
    state = table(". .\n[AS] [AH]")
    state, events = play(state, 0, Examine(1, 0))
    assert not of_type(events, FreeClimbOffered)


def test_the_free_climb_is_still_open_after_the_fourth_action_and_taking_it_ends_the_turn():
    """Ruling 1: a bonus found with the fourth action may still be taken. Ruling 12: the next turn's
    deadline counts from the command that started it."""
    state = table(". [8D] .\n. 8S .\n. . .", at={0: (2, 1)}, actions_used=3, deadline=T0)
    state, events = play(state, 0, Examine(3, 1))
    assert state.active == 0 and state.actions_left == 0
    assert set(legal_moves(state, 0)) == {FreeClimb(), EndTurn()}
    assert rejection(state, 0, SetCam()) == "NO_ACTIONS_LEFT"
    state, events = play(state, 0, FreeClimb(), at=T0 + 5)
    assert state.climbers[0].position == (3, 1)
    assert of_type(events, TurnEnded) == [TurnEnded(0, "actions")]
    assert of_type(events, TurnStarted) == [TurnStarted(1, 2, T0 + 5 + 120_000)]


def test_ending_the_turn_declines_an_open_free_climb():
    """Ruling 1: ending the turn lets the bonus lapse."""
    state = table(". [8D] .\n. 8S .\n. . .", at={0: (2, 1)}, actions_used=3)
    state, _ = play(state, 0, Examine(3, 1), EndTurn())
    assert state.active == 1 and state.climbers[0].position == (2, 1)


def test_four_actions_end_the_turn_and_the_next_climber_clockwise_starts():
    """Ruling 12: the next seat clockwise, with a deadline counted from this command."""
    state = table(LOW, seats=3, active=2, turn=7)
    state, events = play(state, 2, Examine(1, 0), Examine(1, 1), Examine(1, 2), Climb(1, 1), at=T0)
    assert of_type(events, TurnEnded) == [TurnEnded(2, "actions")]
    assert of_type(events, TurnStarted) == [TurnStarted(0, 8, T0 + 120_000)]
    assert state.active == 0 and state.actions_used == 0 and state.climbers[2].actions == 4


def test_actions_come_in_any_order_and_may_repeat():
    # The rulebook's example: set a cam; examine the face; climb; and set a cam again.
    state = table(". [9D] .\n. 8S .\n. . .", at={0: (2, 1)})
    state, _ = play(state, 0, SetCam(), Examine(3, 1), Climb(3, 1), SetCam())
    assert state.climbers[0].cams == ((3, 1),)
    assert state.active == 1


def test_a_climber_may_end_the_turn_at_any_time():
    state, events = play(table(LOW), 0, EndTurn())
    assert events[0] == TurnEnded(0, "ended") and state.active == 1


def test_only_the_active_climber_may_move():
    state = table(LOW)
    assert rejection(state, 1, Examine(1, 0)) == "NOT_YOUR_TURN"
    assert rejection(state, None, Examine(1, 0)) == "NOT_A_PLAYER"
    assert rejection(state, 5, Examine(1, 0)) == "NOT_A_PLAYER"
    assert legal_moves(state, 1) == ()


def test_climbers_out_of_the_game_are_skipped_in_turn_order():
    """Ruling 12: the turn passes to the next climber still in the game."""
    state = table(LOW, seats=4, out=[1, 2])
    state, events = play(state, 0, EndTurn())
    assert of_type(events, TurnStarted)[0].seat == 3
    state, events = play(state, 3, EndTurn())
    assert of_type(events, TurnStarted)[0].seat == 0
    assert rejection(state, 1, EndTurn()) == "OUT_OF_THE_GAME"


def test_a_solitaire_climber_takes_turn_after_turn():
    """Ruling 12: in solitaire the same climber again, with no deadline by default."""
    state = table(LOW, seats=1)
    state, events = play(state, 0, EndTurn())
    assert of_type(events, TurnStarted) == [TurnStarted(0, 2, None)]


def test_a_card_with_cams_on_it_but_no_climber_is_unoccupied():
    state = table(". 7S .\n. 6S .", at={0: (1, 1)}, cams={1: [(2, 1)], 2: [(2, 1)]}, seats=3)
    state, _ = play(state, 0, Climb(2, 1))
    assert state.climbers[0].position == (2, 1)
