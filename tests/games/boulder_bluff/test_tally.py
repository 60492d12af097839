"""The tally (games.boulder_bluff.tally): the rulebook's card examples, each component, each animal."""

from __future__ import annotations

from dataclasses import replace

from games.boulder_bluff.cards import FINGER, Animal, Colour
from games.boulder_bluff.state import Claim, Climber
from games.boulder_bluff.tally import strengths, winner
from tests.games.boulder_bluff.table import animal, boulder, climbing, plain, table

G, O, P = Colour.GREEN, Colour.ORANGE, Colour.PURPLE  # noqa: E741 - the colours' initials


def test_the_green_orange_card_adds_on_green_or_orange_boulders_and_its_orange_title_gives_the_bonus():
    """The rulebook's climb card: 2, green and orange, orange title."""
    card = plain(2, (G, O), O)
    for on, raw, technique in ((boulder(4, O), 2, 1), (boulder(4, G), 2, 0), (boulder(4, P), 0, 0)):
        state = climbing(table(), on, Climber(0, face_up=(card,)), Climber(1, face_up=(plain(3, (P,), P),)))
        mine = strengths(state, state.climb)[0]
        assert (mine.raw, mine.technique) == (raw, technique), on


def test_the_twelve_point_purple_boulder_needs_orange_or_purple_and_tires_purple_climbs():
    """The rulebook's boulder: 12 points, orange or purple, purple title: -1 on later purple climbs."""
    twelve = boulder(12, P)
    assert (twelve.points, set(twelve.colours), twelve.title) == (12, {O, P}, P)
    on = boulder(4, P)
    state = climbing(
        table(),
        on,
        Climber(0, face_up=(plain(3, (P,), P),)),
        Climber(1, face_up=(plain(3, (P,), G),)),
        claims={0: (Claim(twelve),)},
    )
    assert strengths(state, state.climb)[0].fatigue == -1


def test_chalk_counts_the_token():
    state = climbing(
        table(), boulder(4, G), Climber(0, face_up=(plain(2, (G,), G),), chalk=(-2,)), Climber(1, chalk=(2,))
    )
    assert [s.chalk for s in strengths(state, state.climb)] == [-2, 2]


def test_raw_strength_counts_cards_sharing_a_colour_with_the_boulder():
    cards = (plain(3, (G,), G), plain(5, (O,), G), plain(1, (G, O), G))
    state = climbing(table(), boulder(4, G), Climber(0, face_up=cards), Climber(1))
    assert strengths(state, state.climb)[0].raw == 4


def test_technique_bonus_needs_every_valued_card_titled_as_the_boulder():
    same = (plain(3, (G,), G), plain(2, (G,), G), animal(Animal.ANGRY_BEAR))
    mixed = (plain(3, (G,), G), plain(3, (G,), O))
    state = climbing(table(), boulder(4, G), Climber(0, face_up=same), Climber(1, face_up=mixed))
    assert [s.technique for s in strengths(state, state.climb)] == [2, 0]


def test_fatigue_is_minus_one_per_claimed_boulder_of_the_same_title():
    claims = (Claim(boulder(5, G)), Claim(boulder(9, G)), Claim(boulder(5, O)))
    state = climbing(table(), boulder(4, G), Climber(0), Climber(1), claims={0: claims})
    assert strengths(state, state.climb)[0].fatigue == -2


def test_lucky_deer_triples_chalk_after_messy_meerkat():
    """Ruling 14: both tokens, the Meerkat's included, tripled."""
    deer = Climber(0, face_up=(plain(2, (G,), G),), face_down=(animal(Animal.LUCKY_DEER),), chalk=(1, 2))
    state = climbing(table(), boulder(4, G), deer, Climber(1))
    assert strengths(state, state.climb)[0].chalk == 9


def test_annoying_ants_make_every_1_worth_2_for_all_players():
    """Ruling 16: given a 1 played by each climber, when Ants are in the climb, then each 1 counts 2."""
    one, other_one = plain(1, (G, O), G), plain(1, (P, G), O)
    without = climbing(table(), boulder(4, G), Climber(0, face_up=(one,)), Climber(1, face_up=(other_one,)))
    assert [s.raw for s in strengths(without, without.climb)] == [1, 1]
    ants = (one, animal(Animal.ANNOYING_ANTS))
    state = climbing(table(), boulder(4, G), Climber(0, face_up=ants), Climber(1, face_up=(other_one,)))
    assert [s.raw for s in strengths(state, state.climb)] == [2, 2]


def test_crazy_chameleon_gives_everyone_the_technique_bonus():
    """Ruling 16: given cards whose titles do not match the boulder's, when a Chameleon is in the climb,
    then every climber's cards count as matching: a technique bonus for everyone."""
    off_title, other_off = plain(3, (G,), O), plain(2, (G,), P)
    without = climbing(
        table(), boulder(4, G), Climber(0, face_up=(off_title,)), Climber(1, face_up=(other_off,))
    )
    assert [s.technique for s in strengths(without, without.climb)] == [0, 0]
    chameleon = (off_title, animal(Animal.CRAZY_CHAMELEON))
    state = climbing(table(), boulder(4, G), Climber(0, face_up=chameleon), Climber(1, face_up=(other_off,)))
    assert [s.technique for s in strengths(state, state.climb)] == [1, 1]


def test_cute_squirrel_negates_everyones_technique_bonus_even_the_chameleons():
    """Ruling 16: given climbers with a technique bonus (earned, or granted by a Chameleon), when a
    Squirrel is in the climb, then nobody has one."""
    on_title, off_title = plain(3, (G,), G), plain(3, (G,), O)
    squirrel = Climber(1, face_up=(animal(Animal.CUTE_SQUIRREL),))
    earned = climbing(table(), boulder(4, G), Climber(0, face_up=(on_title,)), Climber(1))
    assert strengths(earned, earned.climb)[0].technique == 1
    state = climbing(table(), boulder(4, G), Climber(0, face_up=(on_title,)), squirrel)
    assert strengths(state, state.climb)[0].technique == 0
    granted = (off_title, animal(Animal.CRAZY_CHAMELEON))
    state = climbing(table(), boulder(4, G), Climber(0, face_up=granted), squirrel)
    assert strengths(state, state.climb)[0].technique == 0


def test_rare_rabbit_ignores_fatigue_and_in_the_variant_injuries():
    """Ruling 16: given a climber who claimed a boulder of the same title (an injured one, in the
    variant), when a Rabbit is in the climb, then its fatigue is 0."""
    tired = {0: (Claim(boulder(9, G), FINGER),)}
    rabbit = Climber(1, face_up=(animal(Animal.RARE_RABBIT),))
    for options, fatigue in (({}, -1), ({"injuriesAffectClimbing": True}, -2)):
        without = climbing(table(**options), boulder(4, G), Climber(0), Climber(1), claims=tired)
        assert strengths(without, without.climb)[0].fatigue == fatigue
        state = climbing(table(**options), boulder(4, G), Climber(0), rabbit, claims=tired)
        assert strengths(state, state.climb)[0].fatigue == 0


def test_angry_bear_gives_every_other_climber_minus_1():
    """Ruling 16: given three climbers, when one plays an Angry Bear, then each of the other two gets
    -1 climb strength and its player none."""
    bear = Climber(0, face_up=(animal(Animal.ANGRY_BEAR),))
    state = climbing(table(3), boulder(4, G), bear, Climber(1), Climber(2))
    tally = strengths(state, state.climb)
    assert [s.animals for s in tally] == [0, -1, -1] and [s.total for s in tally] == [0, -1, -1]


def test_ties_go_to_the_active_climber_then_clockwise():
    """Ruling 5."""
    state = climbing(table(3), boulder(4, G), Climber(2), Climber(0), Climber(1))
    assert winner(strengths(state, state.climb)) == 2
    state = climbing(table(3), boulder(4, G), Climber(2, chalk=(-1,)), Climber(0), Climber(1))
    assert winner(strengths(state, state.climb)) == 0


def test_a_card_whose_value_boar_assault_cancelled_counts_neither_for_raw_strength_nor_the_technique_bonus():
    """Ruling 13 (# audit Q2, U3): the cancelled card has no value, and "climb cards without a value
    are ignored" by the Technique Bonus: it loses its +1, and its title no longer blocks the bonus."""
    four, two = plain(4, (G,), G), plain(2, (G,), G)
    off_title = plain(3, (O,), O)
    mine, theirs = Climber(0, face_up=(four, two)), Climber(1, face_up=(plain(3, (G,), G), off_title))
    state = climbing(table(), boulder(4, G), mine, theirs)

    def tally(*cancelled):
        climb = replace(state.climb, cancelled=frozenset(card.number for card in cancelled))
        return [(strength.raw, strength.technique) for strength in strengths(state, climb)]

    assert tally() == [(6, 2), (3, 0)]
    assert tally(four) == [(2, 1), (3, 0)]
    assert tally(off_title) == [(6, 2), (3, 1)]


def test_cards_added_by_tactical_trout_count_in_the_tally_like_played_ones():
    """Ruling 18 (# audit U4): added cards add Raw Strength, take part in the Technique Bonus, and an
    added Angry Bear gives the other climber -1."""
    mine = Climber(0, face_up=(plain(2, (G,), G),), added=(plain(3, (G,), G), animal(Animal.ANGRY_BEAR)))
    theirs = Climber(1, face_up=(plain(3, (G,), O),), added=(plain(2, (O,), G),))
    state = climbing(table(), boulder(4, G), mine, theirs)
    tally = [(s.raw, s.technique, s.animals, s.total) for s in strengths(state, state.climb)]
    assert tally == [(5, 2, 0, 7), (3, 0, -1, 2)]
