"""Falling: what a Joker does, Figures 6 to 8, the refreshed draw deck, hanging over a face-down card."""

from games.core.chance import Chance
from games.core.commands import Command
from games.daredevil_rock.cards import JOKERS
from games.daredevil_rock.events import (
    DeckRefreshed,
    Eliminated,
    Examined,
    Fell,
    MatchEnded,
    Slipped,
    TurnEnded,
)
from games.daredevil_rock.evolve import evolve
from games.daredevil_rock.moves import Climb, EndTurn, Examine, Hang, Repel
from games.daredevil_rock.rules import decide, legal_moves
from games.daredevil_rock.state import hangs_over_face_down
from tests.games.daredevil_rock.tableau import card, cards, face_up, play, rejection, table
from tests.games.kit import T0, of_type

JOKER, JOKER2 = JOKERS


def test_a_joker_at_the_base_is_only_a_minor_slip():
    """Ruling 6: at the base a Joker is a minor slip, cam or no cam."""
    state = table(". .\n[JK] .", seats=2)
    state, events = play(state, 0, Examine(1, 0))
    assert of_type(events, Slipped) == [Slipped(0)]
    assert state.active == 0 and state.actions_used == 1 and state.climbers[0].position is None


def test_a_joker_on_level_one_without_a_cam_drops_the_climber_to_the_base_and_ends_the_turn():
    state = table(". [JK] .\n. 5S .", at={0: (1, 1)})
    state, events = play(state, 0, Examine(2, 1))
    assert of_type(events, Fell) == [Fell(0, 0, None)]
    assert of_type(events, TurnEnded) == [TurnEnded(0, "fell")]
    assert state.climbers[0].position is None and not state.climbers[0].eliminated
    assert state.active == 1


def test_figure_6_a_joker_on_level_two_or_higher_without_a_cam_puts_the_climber_out_of_the_game():
    # Green has used 3 actions to reach the Ten of Spades and risks a fourth without a cam.
    state = table(". [JK] .\n. 10S .\n. 5S .", seats=3, at={0: (2, 1)}, actions_used=3)
    state, events = play(state, 0, Examine(3, 1))
    assert of_type(events, Eliminated) == [Eliminated(0, "fell")]
    assert of_type(events, TurnEnded) == [TurnEnded(0, "eliminated")]
    assert state.climbers[0].eliminated and state.climbers[0].position is None
    assert state.active == 1


def test_on_the_cam_card_a_joker_is_a_minor_slip_and_the_turn_goes_on():
    state = table(". [JK] .\n. 10S .\n. 5S .", at={0: (2, 1)}, cams={0: [(2, 1)]})
    state, events = play(state, 0, Examine(3, 1))
    assert of_type(events, Slipped) == [Slipped(0)] and not of_type(events, TurnEnded)
    assert state.climbers[0].position == (2, 1) and state.active == 0 and state.actions_left == 3


def test_anywhere_directly_below_the_cam_a_joker_is_a_minor_slip():
    state = table(". 4S .\n. 9S .\n[JK] 7S .\n. 5S .", at={0: (2, 1)}, cams={0: [(4, 1)]})
    state, events = play(state, 0, Examine(2, 0))
    assert of_type(events, Slipped) == [Slipped(0)]
    assert state.climbers[0].position == (2, 1)


def test_above_or_beside_the_cam_the_climber_falls_its_distance_from_the_cam_below_the_cam():
    """Ruling 6: the distance counts a diagonal step as one card."""
    # Cam at (4, 0); climber at (5, 2): two cards away, so it lands two levels below the cam, at (2, 0).
    state = table(
        """
        .   .   [JK]
        .   .   8S
        4S  .   .
        .   .   .
        6H  .   .
        .   .   .
        """,
        at={0: (5, 2)},
        cams={0: [(4, 0)]},
    )
    state, events = play(state, 0, Examine(6, 2))
    assert of_type(events, Fell) == [Fell(0, 2, 0)]
    assert of_type(events, TurnEnded) == [TurnEnded(0, "fell")]
    assert state.climbers[0].position == (2, 0) and state.active == 1


def test_a_fall_onto_an_occupied_card_drops_one_more_level_at_a_time():
    state = table(". [JK]\n. 8S\n4S .\n6H .\n5H .", at={0: (4, 1), 1: (2, 0)}, cams={0: [(3, 0)]})
    state, events = play(state, 0, Examine(5, 1))
    assert of_type(events, Fell) == [Fell(0, 1, 0)]


def test_a_fall_that_reaches_the_ground_puts_the_climber_out_of_the_game():
    state = table(". . [JK]\n. . 8S\n4S . .\n. . .", seats=3, at={0: (3, 2)}, cams={0: [(2, 0)]})
    state, events = play(state, 0, Examine(4, 2))
    assert of_type(events, Eliminated) == [Eliminated(0, "fell")]
    assert state.climbers[0].cams == () and state.climbers[0].eliminated


def test_other_climbers_cams_never_protect_a_climber():
    state = table(". [JK] .\n. 10S .\n. 5S .", seats=3, at={0: (2, 1)}, cams={1: [(2, 1)], 2: [(3, 1)]})
    state, events = play(state, 0, Examine(3, 1))
    assert of_type(events, Eliminated) == [Eliminated(0, "fell")]


# Figures 7 and 8: four climbers on a 5 x 8 cliff, each revealing a Joker in turn.
RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
FIGURE_7 = """
    .    .    .    4S   .
    .    .    .    9D   3C
    .    .   [JK2] .   [5D]
    .    8S   .    .    .
    .    2C   .    .    .
    .    QD   .   [JK]  .
    .    .    .    10H  .
    .    6H   .    .    .
"""
CAMS = {RED: [(2, 3)], YELLOW: [(3, 1)], GREEN: [(7, 4)], BLUE: [(4, 1)]}
AT = {RED: (2, 3), YELLOW: (5, 1), GREEN: (8, 3), BLUE: (7, 3)}


def figure_7(active, at=AT, deck="5C 6C"):
    return table(FIGURE_7, seats=4, at=at, cams=CAMS, active=active, deck=deck)


def test_figure_8_red_on_his_cam_card_only_slips_and_wastes_one_examine():
    state, events = play(figure_7(RED), RED, Examine(3, 3))
    assert of_type(events, Slipped) == [Slipped(RED)]
    assert state.climbers[RED].position == (2, 3) and state.active == RED and state.actions_used == 1


def test_figure_8_yellow_two_cards_above_her_cam_falls_two_below_it_to_the_six_of_hearts():
    state, events = play(figure_7(YELLOW), YELLOW, Examine(6, 2))
    assert of_type(events, Fell) == [Fell(YELLOW, 1, 1)]
    assert state.space((1, 1)).card == card("6H")
    assert of_type(events, TurnEnded) == [TurnEnded(YELLOW, "fell")]


def test_figure_8_green_hanging_one_card_from_her_cam_draws_a_joker_and_falls_to_a_face_down_card():
    """Ruling 8: the fall counts from her top-level card; Ruling 3: then she must examine or repel."""
    state, events = play(figure_7(GREEN, deck="JK 5C 6C"), GREEN, Hang())
    assert of_type(events, Fell) == [Fell(GREEN, 6, 4)]
    assert of_type(events, TurnEnded) == [TurnEnded(GREEN, "fell")]
    assert not face_up(state, (6, 4)) and hangs_over_face_down(state, state.climbers[GREEN])
    state, _ = play(state, BLUE, EndTurn())
    state, _ = play(state, RED, EndTurn())
    state, _ = play(state, YELLOW, EndTurn())
    assert state.active == GREEN and state.must_examine
    assert set(legal_moves(state, GREEN)) == {
        Examine(6, 4),
        Repel(0),
        Repel(1),
        Repel(2),
        Repel(3),
        Repel(4),
        Repel(5),
        EndTurn(),
    }


def test_figure_8_blue_three_cards_from_his_cam_falls_three_below_it_to_the_six_of_hearts():
    """Ruling 6: three levels above and two columns beside the cam card is "three cards away"."""
    state, events = play(figure_7(BLUE), BLUE, Examine(6, 2))
    assert of_type(events, Fell) == [Fell(BLUE, 1, 1)]
    assert state.climbers[BLUE].position == (1, 1) and state.active == RED


def test_figure_8_with_yellow_on_the_six_of_hearts_blue_hits_the_ground_and_is_out_of_the_game():
    state, events = play(figure_7(BLUE, at={**AT, YELLOW: (1, 1)}), BLUE, Examine(6, 2))
    assert of_type(events, Eliminated) == [Eliminated(BLUE, "fell")]
    assert state.climbers[YELLOW].position == (1, 1)
    assert state.climbers[BLUE].cams == ()


def test_after_a_joker_the_joker_discards_and_deck_are_reshuffled_and_its_space_refilled_face_down():
    state = table(
        ". [JK] .\n. 10S .\n. 5S .", at={0: (2, 1)}, cams={0: [(2, 1)]}, deck="2D 3D", discards="4D"
    )
    state, events = play(state, 0, Examine(3, 1))
    (refreshed,) = of_type(events, DeckRefreshed)
    pile = Chance("test", 0).shuffle((JOKER, *cards("4D 2D 3D")))
    assert refreshed == DeckRefreshed("joker", pile[1:], 3, (3, 1), pile[0])
    assert state.space((3, 1)).card == pile[0] and not face_up(state, (3, 1))
    assert state.deck == pile[1:] and state.discards == ()


def test_the_joker_may_reappear_in_the_very_space_it_came_from():
    state = table(". [JK] .\n. 10S .\n. 5S .", at={0: (2, 1)}, cams={0: [(2, 1)]}, deck="2D 3D 4D")
    for seed in range(100):
        decision = decide(state, Command(Examine(3, 1), 0, T0), Chance(f"again {seed}", 0))
        refreshed = of_type(decision.events, DeckRefreshed)[0]
        if refreshed.refill == JOKER:
            break
    else:
        raise AssertionError("no seed in 100 put the Joker back: the refill is not drawn from the new deck")
    for event in decision.events:
        state = evolve(state, event)
    assert state.space((3, 1)).card == JOKER and not face_up(state, (3, 1))
    assert JOKER not in state.deck


def test_a_climber_hanging_over_a_face_down_card_may_only_examine_it_or_repel():
    """Ruling 3: examining that card or repelling are its only actions; ending the turn is allowed."""
    state = table(". [4H] . \n. 9S .\n. [7C] .\n. 5S .", at={0: (2, 1)}, cams={0: [(4, 1)]}, actions_used=1)
    assert state.must_examine
    assert set(legal_moves(state, 0)) == {Examine(2, 1), Repel(0), Repel(1), EndTurn()}
    assert rejection(state, 0, Examine(3, 1)) == "MUST_EXAMINE_FIRST"
    assert rejection(state, 0, Climb(1, 1)) == "MUST_EXAMINE_FIRST"


def test_examining_the_card_under_the_climber_turns_it_face_up_without_a_free_climb():
    """Ruling 3: a climber may examine the card it is on; Ruling 1: that offers no climb bonus."""
    state = table(". [5D]\n. 5S", at={0: (2, 1)}, cams={0: [(2, 1)]})
    state, events = play(state, 0, Examine(2, 1))
    assert events[0] == Examined(0, 2, 1, card("5D")) and len(events) == 1
    assert face_up(state, (2, 1)) and not state.must_examine


def test_a_joker_under_the_climber_is_a_fall_from_where_it_hangs():
    """Rulings 3 and 6: measured from the card it hangs over, which is refilled face down."""
    state = table(". . .\n. [JK] .\n. 5S .", seats=3, at={0: (2, 1)}, cams={0: [(3, 1)]})
    state, events = play(state, 0, Examine(2, 1))
    assert of_type(events, Slipped) == [Slipped(0)]  # directly below its cam
    assert not face_up(state, (2, 1))
    assert state.must_examine  # the Joker's space was refilled face down, under the climber


def test_the_last_climber_standing_wins_when_a_fall_leaves_one():
    """Ruling 11: the one climber left wins at once."""
    state = table(". [JK] .\n. 10S .\n. 5S .", seats=2, at={0: (2, 1), 1: (1, 1)})
    state, events = play(state, 0, Examine(3, 1))
    assert events[-1] == MatchEnded(1, "last climber standing")
    assert state.over and state.winner == 1 and not of_type(events, TurnEnded)
