"""The tally (games.boulder_bluff.tally): the rulebook's card examples, each component, each animal."""

from __future__ import annotations

from games.boulder_bluff.cards import Animal, Colour
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


def test_each_animal_in_the_tally():
    """Ruling 16: Ants, Chameleon, Squirrel over Chameleon, Rabbit, Bear."""
    one = plain(1, (G, O), G)
    ants = climbing(
        table(), boulder(4, G), Climber(0, face_up=(one, animal(Animal.ANNOYING_ANTS))), Climber(1)
    )
    assert strengths(ants, ants.climb)[0].raw == 2
    off_title = plain(3, (G,), O)
    chameleon = climbing(
        table(), boulder(4, G), Climber(0, face_up=(off_title, animal(Animal.CRAZY_CHAMELEON))), Climber(1)
    )
    assert strengths(chameleon, chameleon.climb)[0].technique == 1
    squirrel = climbing(
        table(),
        boulder(4, G),
        Climber(0, face_up=(off_title, animal(Animal.CRAZY_CHAMELEON))),
        Climber(1, face_up=(animal(Animal.CUTE_SQUIRREL),)),
    )
    assert strengths(squirrel, squirrel.climb)[0].technique == 0
    rabbit = climbing(
        table(),
        boulder(4, G),
        Climber(0, face_up=(animal(Animal.RARE_RABBIT),)),
        Climber(1),
        claims={0: (Claim(boulder(9, G)),)},
    )
    assert strengths(rabbit, rabbit.climb)[0].fatigue == 0
    bear = climbing(
        table(3), boulder(4, G), Climber(0, face_up=(animal(Animal.ANGRY_BEAR),)), Climber(1), Climber(2)
    )
    assert [s.animals for s in strengths(bear, bear.climb)] == [0, -1, -1]


def test_ties_go_to_the_active_climber_then_clockwise():
    """Ruling 5."""
    state = climbing(table(3), boulder(4, G), Climber(2), Climber(0), Climber(1))
    assert winner(strengths(state, state.climb)) == 2
    state = climbing(table(3), boulder(4, G), Climber(2, chalk=(-1,)), Climber(0), Climber(1))
    assert winner(strengths(state, state.climb)) == 0
