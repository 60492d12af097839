"""The tally: the rulebook's worked examples with the same cards and numbers, and the multiplier rules."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.cliffs_n_cactuses.cards import FACES, Face, Kind
from games.cliffs_n_cactuses.tally import factors, moved, movement, pointed_at
from games.cliffs_n_cactuses.targets import CardTarget

NITRO = Face(Kind.BONUS, "Nitroooooo!", 200)
TRAIL_SKATES = Face(Kind.BONUS, "Trail Skates", 150)
COFFEE = Face(Kind.BONUS, "Coffee", 100)
COW_CROSSING = Face(Kind.SABOTAGE, "Cow Crossing", 150)
ANGRY_BEEHIVE = Face(Kind.SABOTAGE, "Angry Beehive", 100)


def times(target: CardTarget) -> Face:
    return Face(Kind.MULTIPLIER, card=target)


LEFT, RIGHT = times(CardTarget.LEFT), times(CardTarget.RIGHT)
LEFT_MOST, RIGHT_MOST = times(CardTarget.LEFT_MOST), times(CardTarget.RIGHT_MOST)
STAGE_3_DEFAULT = 200


def test_raphaels_queue_moves_him_50_m_up():
    # "The Trail Skates moves him 150m down, and the Angry Beehive would move him 100m up, but the Angry
    # Beehive is doubled, so Raphael's movement = 150 - 2*100 = -50m."
    assert movement([TRAIL_SKATES, ANGRY_BEEHIVE, LEFT], STAGE_3_DEFAULT) == -50


def test_a_multiplier_doubles_the_card_it_points_at():
    # "this multiplier doubles the card to the left. If the card to the left was a Cow Crossing, it would
    # make the racer go up 300m instead of 150m."
    assert movement([COW_CROSSING, LEFT], STAGE_3_DEFAULT) == -300


def test_relative_directions_wrap_round_the_queue():
    # "even though this multiplier is pointing right, it does so circularly ... The Coffee is the card to
    # the right and gets doubled."
    assert factors([COFFEE, RIGHT]) == (2, 1)
    assert movement([COFFEE, RIGHT], STAGE_3_DEFAULT) == 200


def test_an_absolute_multiplier_may_point_at_itself_and_then_doubles_nothing():
    # "this multiplier targets the right-most card ... which... is the multiplier. So the coffee does not
    # get doubled."
    assert factors([COFFEE, RIGHT_MOST]) == (1, 1)
    assert movement([COFFEE, RIGHT_MOST], STAGE_3_DEFAULT) == 100


def test_kips_nitro_doubled_by_both_multipliers_runs_650_m():
    # "His Nitroooooo! gets doubled by BOTH multipliers (left and left-most) so his total movement is
    # 4 x 200m - 150m = 650m down".
    assert movement([NITRO, LEFT, COW_CROSSING, LEFT_MOST], STAGE_3_DEFAULT) == 650


def test_the_example_rounds_tally_after_sams_steals():
    # Sam steals Kip's Nitroooooo! and then his multiplier pointing left: "Kip now moves up 300m, Granny
    # down 200m, ... Sam moves 4 x 200m = 800m down the Cliff".
    assert movement([COW_CROSSING, LEFT_MOST], STAGE_3_DEFAULT) == -300  # Kip
    assert movement([], STAGE_3_DEFAULT) == 200  # Granny: an empty queue
    assert movement([RIGHT, NITRO, LEFT], STAGE_3_DEFAULT) == 800  # Sam


def test_only_an_empty_queue_gets_the_default_movement():
    # A queue holding only a multiplier moves nothing: "Because they have a card in their queue (the
    # Multiplier), Sam won't move at the end of Resolution".
    assert movement([RIGHT], STAGE_3_DEFAULT) == 0
    assert movement([], 100) == 100


def test_a_doubled_multiplier_doubles_twice():
    # Index 1 doubles index 0; index 2 doubles index 1: the Coffee counts 2^2 = 4 times.
    assert factors([COFFEE, LEFT, LEFT]) == (4, 2, 1)
    assert movement([COFFEE, LEFT, LEFT], STAGE_3_DEFAULT) == 400


def test_multipliers_pointing_at_each_other_count_once():
    # Ruling 4: a ring of multipliers counts as factor 1, whoever else points into it.
    assert factors([RIGHT, LEFT]) == (1, 1)
    assert factors([RIGHT, LEFT, LEFT_MOST]) == (1, 1, 1)


def test_positions_stay_on_the_cliff():
    assert moved(100, 650) == 0
    assert moved(1150, -300) == 1200
    assert moved(500, -50) == 550


def test_targets_point_into_the_queue():
    assert [pointed_at(CardTarget.LEFT, 0, 3), pointed_at(CardTarget.RIGHT, 2, 3)] == [2, 0]
    assert [pointed_at(CardTarget.LEFT_MOST, 2, 3), pointed_at(CardTarget.RIGHT_MOST, 0, 3)] == [0, 2]
    assert pointed_at(CardTarget.ANY, 1, 3) is None


PLAYABLE = [face for face in FACES if face.kind in (Kind.BONUS, Kind.SABOTAGE, Kind.MULTIPLIER)]


@given(st.lists(st.sampled_from(PLAYABLE), max_size=8))
def test_every_factor_is_a_power_of_two_and_a_movement_stays_on_the_grid(faces):
    assert all(factor >= 1 and factor & (factor - 1) == 0 for factor in factors(faces))
    assert movement(faces, 150) % 50 == 0
