"""Set a Cam, Repel, and the Limited Cams variant with Retrieve a Cam."""

from games.daredevil_rock.events import CamRetrieved, CamSet, Eliminated, Fell, Repelled, Slipped
from games.daredevil_rock.moves import EndTurn, Examine, Repel, RetrieveCam, SetCam
from games.daredevil_rock.rules import legal_moves
from tests.games.daredevil_rock.tableau import play, rejection, table
from tests.games.kit import of_type

TOWER = """
    .   [JK]  .
    .    9S   .
    .    8S   .
    .    7S   .
    .    6S   .
"""
LIMITED = {"limitedCams": 2}


def test_setting_a_cam_places_it_on_the_climbers_card():
    state, events = play(table(TOWER, at={0: (2, 1)}), 0, SetCam())
    assert events[0] == CamSet(0, 2, 1, None)
    assert state.climbers[0].cams == ((2, 1),) and state.climbers[0].reserve == 0


def test_in_the_standard_game_setting_the_cam_again_moves_it():
    state = table(TOWER, at={0: (4, 1)}, cams={0: [(2, 1)]})
    state, events = play(state, 0, SetCam())
    assert events[0] == CamSet(0, 4, 1, (2, 1))
    assert state.climbers[0].cams == ((4, 1),)


def test_a_cam_already_on_the_climbers_card_is_not_set_again():
    """Ruling 7: never onto a card that already holds one of the climber's own cams."""
    assert rejection(table(TOWER, at={0: (2, 1)}, cams={0: [(2, 1)]}), 0, SetCam()) == "CAM_ALREADY_HERE"


def test_no_cam_can_be_set_at_the_base_or_while_hanging_over_a_face_down_card():
    """Rulings 3 and 7: a cam is set on the face-up card the climber is on."""
    assert rejection(table(TOWER), 0, SetCam()) == "AT_THE_BASE"
    hanging = table(TOWER.replace(" 7S ", "[7S]"), at={0: (2, 1)}, cams={0: [(3, 1)]})
    assert rejection(hanging, 0, SetCam()) == "MUST_EXAMINE_FIRST"


def test_any_number_of_cams_may_share_a_card():
    state = table(TOWER, seats=3, at={0: (3, 1)}, cams={1: [(3, 1)], 2: [(3, 1)]})
    state, _ = play(state, 0, SetCam())
    assert all(climber.cams == ((3, 1),) for climber in state.climbers)


def test_from_on_or_below_its_cam_a_climber_repels_straight_down_to_any_unoccupied_card_or_the_base():
    state = table(TOWER, at={0: (3, 1)}, cams={0: [(4, 1)]})
    assert {m for m in legal_moves(state, 0) if isinstance(m, Repel)} == {Repel(0), Repel(1), Repel(2)}
    state, events = play(state, 0, Repel(1))
    assert events[0] == Repelled(0, 1)
    assert state.climbers[0].position == (1, 1) and state.actions_used == 1
    state, _ = play(state, 0, Repel(0))
    assert state.climbers[0].position is None


def test_repelling_passes_occupied_cards_but_does_not_land_on_one():
    """Ruling 7: a repel may pass occupied cards but not stop on one."""
    state = table(TOWER, at={0: (4, 1), 1: (2, 1)}, cams={0: [(4, 1)]})
    assert rejection(state, 0, Repel(2)) == "OCCUPIED"
    state, _ = play(state, 0, Repel(1))
    assert state.climbers[0].position == (1, 1)


def test_repelling_needs_the_climber_on_or_directly_below_one_of_its_own_cams():
    assert rejection(table(TOWER, at={0: (3, 1)}), 0, Repel(1)) == "NO_CAM"
    assert rejection(table(TOWER, at={0: (3, 1)}, cams={0: [(2, 1)]}), 0, Repel(1)) == "NOT_BELOW_CAM"
    assert rejection(table(TOWER, at={0: (3, 1)}, cams={0: [(4, 0)]}), 0, Repel(1)) == "NOT_BELOW_CAM"
    assert rejection(table(TOWER, at={0: (3, 1)}, cams={1: [(4, 1)]}), 0, Repel(1)) == "NO_CAM"
    assert rejection(table(TOWER), 0, Repel(0)) == "AT_THE_BASE"


def test_repelling_only_goes_down():
    state = table(TOWER, at={0: (3, 1)}, cams={0: [(4, 1)]})
    assert rejection(state, 0, Repel(3)) == "NOT_BELOW_YOU"
    assert rejection(state, 0, Repel(4)) == "NOT_BELOW_YOU"
    assert rejection(state, 0, Repel(-1)) == "NOT_BELOW_YOU"


def test_after_repelling_onto_a_face_down_card_the_next_action_must_examine_it_or_repel_again():
    """Ruling 3: examine that card or repel again."""
    state = table(TOWER.replace(" 7S ", "[7S]"), at={0: (4, 1)}, cams={0: [(4, 1)]})
    state, _ = play(state, 0, Repel(2))
    assert state.must_examine
    assert set(legal_moves(state, 0)) == {Examine(2, 1), Repel(0), Repel(1), EndTurn()}


def test_limited_cams_come_from_reserve_and_earlier_cams_stay_on_the_cliff():
    state = table(TOWER, at={0: (4, 1)}, cams={0: [(2, 1)]}, options=LIMITED)
    assert state.climbers[0].reserve == 1
    state, events = play(state, 0, SetCam())
    assert events[0] == CamSet(0, 4, 1, None)
    assert state.climbers[0].cams == ((2, 1), (4, 1)) and state.climbers[0].reserve == 0


def test_with_no_cam_in_reserve_none_can_be_set():
    state = table(TOWER, at={0: (4, 1)}, cams={0: [(2, 1), (3, 1)]}, options=LIMITED)
    assert rejection(state, 0, SetCam()) == "NO_CAMS_IN_RESERVE"


def test_a_climber_retrieves_a_cam_from_its_own_cam_card_back_into_reserve():
    state = table(TOWER, at={0: (3, 1)}, cams={0: [(3, 1), (2, 1)]}, options={"limitedCams": 3})
    state, events = play(state, 0, RetrieveCam())
    assert events[0] == CamRetrieved(0, 3, 1)
    assert state.climbers[0].cams == ((2, 1),) and state.climbers[0].reserve == 2
    assert state.actions_used == 1


def test_retrieving_needs_the_climber_on_one_of_its_own_cams():
    state = table(TOWER, seats=2, at={0: (3, 1)}, cams={0: [(2, 1)], 1: [(3, 1)]}, options=LIMITED)
    assert rejection(state, 0, RetrieveCam()) == "NOT_ON_YOUR_CAM"


def test_cams_are_retrieved_only_with_limited_cams():
    """Ruling 7: in the standard game the one cam moves when set again."""
    assert (
        rejection(table(TOWER, at={0: (3, 1)}, cams={0: [(3, 1)]}), 0, RetrieveCam()) == "LIMITED_CAMS_ONLY"
    )


def test_with_several_cams_a_joker_is_a_minor_slip_when_the_climber_is_below_any_of_them():
    """Ruling 7: the best protection any one of its own cams gives."""
    state = table(TOWER, at={0: (4, 1)}, cams={0: [(1, 0), (5, 1)]}, options=LIMITED)
    state, events = play(state, 0, Examine(5, 1))
    assert of_type(events, Slipped) == [Slipped(0)]


def test_with_several_cams_the_shortest_fall_counts():
    """Ruling 7: otherwise the shortest fall, the highest landing."""
    picture = """
        .   .   [JK]
        .   .   9S
        .   .   .
        .   .   .
        .   .   .
    """
    state = table(picture, at={0: (4, 2)}, cams={0: [(1, 0), (3, 0)]}, options=LIMITED)
    state, events = play(state, 0, Examine(5, 2))
    # From (3, 0): two cards away, lands at (1, 0). From (1, 0): three away, the ground.
    assert of_type(events, Fell) == [Fell(0, 1, 0)]


def test_with_several_cams_the_climber_is_out_only_when_every_cam_leaves_it_on_the_ground():
    """Ruling 7: out of the game only if every cam leaves it on the ground."""
    picture = """
        .   .   [JK]
        .   .   9S
        .   .   .
        .   .   .
    """
    state = table(picture, seats=3, at={0: (3, 2)}, cams={0: [(1, 0), (2, 0)]}, options=LIMITED)
    state, events = play(state, 0, Examine(4, 2))
    assert of_type(events, Eliminated) == [Eliminated(0, "fell")]


def test_with_several_cams_a_climber_repels_from_below_any_of_them():
    """Ruling 7: on or directly below any one of its own cams."""
    state = table(TOWER, at={0: (3, 1)}, cams={0: [(2, 0), (5, 1)]}, options=LIMITED)
    state, _ = play(state, 0, Repel(1))
    assert state.climbers[0].position == (1, 1)


def test_the_cams_of_a_climber_out_of_the_game_leave_the_cliff():
    """Ruling 16: a climber out of the game leaves the cliff, and its cams go with it."""
    # One card above its only cam on level 1: the fall lands below level 1, on the ground.
    state = table(". [JK] .\n. 10S .\n. 5S .", seats=3, at={0: (2, 1)}, cams={0: [(1, 1)]})
    state, events = play(state, 0, Examine(3, 1))
    assert of_type(events, Eliminated) == [Eliminated(0, "fell")]
    assert state.climbers[0].cams == () and state.climbers[0].position is None
