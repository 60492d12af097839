"""Cliffs n' Cactuses' card data against GAMES.md's deck list, the Flip's upside-down faces, the
stages of the cliff and the labels."""

from __future__ import annotations

from collections import Counter

import pytest

from games.cliffs_n_cactuses.cards import (
    CARDS,
    DECK,
    Card,
    Face,
    Kind,
    card_label,
    face,
    label,
)
from games.cliffs_n_cactuses.stages import GRID, STAGES, TOP, on_cliff, stage_at
from games.cliffs_n_cactuses.targets import CardTarget, RacerTarget
from games.core.codec import decode, encode

# GAMES.md's symbols, so the expectations below are copied from it as written.
C = {"<": CardTarget.LEFT, ">": CardTarget.RIGHT, "«": CardTarget.LEFT_MOST, "»": CardTarget.RIGHT_MOST}
C["*"] = CardTarget.ANY
R = {"left": RacerTarget.LEFT, "right": RacerTarget.RIGHT, "*": RacerTarget.ANY, "deck": None}


def faces_of(kind: Kind) -> list[Face]:
    return [card.printed for card in DECK if card.printed.kind is kind]


def every_face() -> set[Face]:
    return {face(card, flipped) for card in DECK for flipped in (False, True)}


def test_the_deck_has_126_cards_36_bonuses_36_sabotages_12_multipliers_and_42_specials():
    kinds = Counter(card.printed.kind for card in DECK)
    assert len(DECK) == 126
    assert kinds[Kind.BONUS] == 36
    assert kinds[Kind.SABOTAGE] == 36
    assert kinds[Kind.MULTIPLIER] == 12
    assert sum(count for kind, count in kinds.items() if kind.is_special) == 42


def test_ids_run_from_1_to_126_each_once():
    assert [card.id for card in DECK] == list(range(1, 127))
    assert CARDS[1] is DECK[0] and CARDS[126] is DECK[-1]


@pytest.mark.parametrize(
    ("kind", "names"),
    [
        (
            Kind.BONUS,
            {
                "Nitroooooo!": 200,
                "Giant Worm": 200,
                "Trail Skates": 150,
                "Shortcut!": 150,
                "Coffee": 100,
                "Unjustified Confidence": 100,
            },
        ),
        (
            Kind.SABOTAGE,
            {
                "Cow Crossing": 150,
                "Death Rays": 150,
                "Angry Beehive": 100,
                "Drone Swarm": 100,
                "Banana": 50,
                "Surprise Cactus": 50,
            },
        ),
    ],
)
def test_each_bonus_and_sabotage_has_six_copies_of_its_metres(kind, names):
    copies = Counter((f.name, f.metres) for f in faces_of(kind))
    assert copies == Counter({(name, metres): 6 for name, metres in names.items()})


def test_there_are_three_multipliers_of_each_direction_and_none_for_any():
    targets = Counter(f.card for f in faces_of(Kind.MULTIPLIER))
    assert targets == Counter({C["<"]: 3, C[">"]: 3, C["«"]: 3, C["»"]: 3})


# GAMES.md's list, one string per card: "«>left" is Gift's card and racer, "<*«" Swap's card, racer and
# the racer's card, "right»" Steal's racer and card.
SPECIALS = {
    Kind.VAPORIZE: ["*", "*", "»", "»", "«", "<", ">"],
    Kind.GIFT: ["«>left", "«>left", "»>left", "«>right", "»>right", "<>right", "*>*"],
    Kind.SWAP: ["<*«", "<*«", ">*»", ">*»", "«left«", "»right»", "***"],
    Kind.STEAL: ["right»", "right»", "left»", "left«", "*«", "*»", "**"],
    Kind.DRAW: ["right", "right", "left", "left", "*", "*", "deck"],
    Kind.FLIP: ["<", "<", ">", ">", "«", "»", "*"],
}


def expected(kind: Kind, text: str) -> Face:
    match kind:
        case Kind.VAPORIZE | Kind.FLIP:
            return Face(kind, card=C[text])
        case Kind.GIFT:
            card, racer = text.split(">", 1)
            return Face(kind, card=C[card], racer=R[racer])
        case Kind.SWAP:
            return Face(kind, card=C[text[0]], racer=R[text[1:-1]], their_card=C[text[-1]])
        case Kind.STEAL:
            return Face(kind, racer=R[text[:-1]], their_card=C[text[-1]])
        case Kind.DRAW:
            return Face(kind, racer=R[text], count=2)
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", list(SPECIALS))
def test_each_special_has_seven_cards_with_the_targets_games_md_lists(kind):
    wanted = Counter(expected(kind, text) for text in SPECIALS[kind])
    assert Counter(faces_of(kind)) == wanted
    assert len(faces_of(kind)) == 7


def test_only_one_draw_draws_from_the_deck():
    assert [f.from_deck for f in faces_of(Kind.DRAW)].count(True) == 1


def test_flipping_twice_gives_every_face_back():
    for f in every_face():
        assert f.flipped().flipped() == f


def test_a_flipped_bonus_is_a_sabotage_of_the_same_metres_and_back():
    nitro = Face(Kind.BONUS, "Nitroooooo!", 200)
    assert nitro.flipped() == Face(Kind.SABOTAGE, "Nitroooooo!", 200)
    cow = Face(Kind.SABOTAGE, "Cow Crossing", 150)
    assert cow.flipped() == Face(Kind.BONUS, "Cow Crossing", 150)


@pytest.mark.parametrize(
    ("upright", "upside_down"),
    [
        (Face(Kind.MULTIPLIER, card=C["<"]), Face(Kind.MULTIPLIER, card=C[">"])),
        (Face(Kind.MULTIPLIER, card=C["«"]), Face(Kind.MULTIPLIER, card=C["»"])),
        (expected(Kind.GIFT, "«>left"), expected(Kind.GIFT, "»>right")),
        (expected(Kind.GIFT, "*>*"), expected(Kind.GIFT, "*>*")),
        (expected(Kind.SWAP, "<*«"), expected(Kind.SWAP, ">*»")),
        (expected(Kind.SWAP, "«left«"), expected(Kind.SWAP, "»right»")),
        (expected(Kind.STEAL, "left«"), expected(Kind.STEAL, "right»")),
        (expected(Kind.DRAW, "right"), expected(Kind.DRAW, "left")),
        (expected(Kind.DRAW, "deck"), expected(Kind.DRAW, "deck")),
        (expected(Kind.VAPORIZE, "*"), expected(Kind.VAPORIZE, "*")),
        (expected(Kind.FLIP, ">"), expected(Kind.FLIP, "<")),
    ],
)
def test_flipping_a_multiplier_or_special_mirrors_its_directions(upright, upside_down):
    assert upright.flipped() == upside_down


def test_upside_down_every_direction_mirrors_and_any_stays():
    assert {t.symbol: t.mirrored.symbol for t in CardTarget} == {
        "<": ">",
        ">": "<",
        "«": "»",
        "»": "«",
        "*": "*",
    }
    assert {t: t.mirrored for t in RacerTarget} == {
        R["left"]: R["right"],
        R["right"]: R["left"],
        R["*"]: R["*"],
    }


def test_relative_card_targets_wrap_and_absolute_ones_do_not():
    assert {t.symbol for t in CardTarget if t.wraps} == {"<", ">"}


def test_the_left_racer_is_the_next_seat_clockwise_and_the_right_one_the_previous():
    assert (R["left"].offset, R["right"].offset, R["*"].offset) == (1, -1, None)


def test_a_card_keeps_its_id_and_printed_face_whichever_way_up():
    card = DECK[0]
    assert face(card, False) == card.printed
    assert face(card, True) == card.printed.flipped() != card.printed
    assert card == Card(1, Face(Kind.BONUS, "Nitroooooo!", 200))


def test_every_card_survives_the_json_codec():
    for card in DECK:
        assert decode(Card, encode(card)) == card
    for f in every_face():
        assert decode(Face, encode(f)) == f


def test_the_stages_start_at_1200_950_900_650_and_600():
    assert [(s.number, s.highest, s.lowest) for s in STAGES] == [(1, 1200, 950), (2, 900, 650), (3, 600, 0)]
    assert [stage_at(p).number for p in (1200, 950, 900, 650, 600, 0)] == [1, 1, 2, 2, 3, 3]


def test_each_stage_sets_the_cards_per_round_and_the_default_movement():
    assert [(stage_at(p).cards, stage_at(p).default_movement) for p in (1000, 800, 500)] == [
        (2, 100),
        (3, 150),
        (4, 200),
    ]


def test_every_grid_position_belongs_to_exactly_one_stage():
    for position in range(0, TOP + 1, GRID):
        assert sum(stage.holds(position) for stage in STAGES) == 1, position


@pytest.mark.parametrize("position", [925, 1250, -50, 49])
def test_a_position_off_the_grid_or_the_cliff_has_no_stage(position):
    assert not on_cliff(position)
    with pytest.raises(ValueError):
        stage_at(position)


def test_labels_name_the_card_in_the_games_words():
    assert label(Face(Kind.BONUS, "Nitroooooo!", 200)) == "Nitroooooo! (200 m down)"
    assert label(Face(Kind.SABOTAGE, "Banana", 50)) == "Banana (50 m up)"
    assert label(Face(Kind.MULTIPLIER, card=C["«"])) == "Multiplier «"
    assert label(expected(Kind.STEAL, "right»")) == "Steal: right racer's »"
    assert label(expected(Kind.SWAP, "<*«")) == "Swap: < with any racer's «"
    assert label(expected(Kind.GIFT, "«>left")) == "Gift: « to left racer"
    assert label(expected(Kind.DRAW, "deck")) == "Draw: 2 from the deck"
    assert label(expected(Kind.DRAW, "right")) == "Draw: 2 from right racer's hand"
    assert label(expected(Kind.VAPORIZE, "*")) == "Vaporize: *"
    assert label(expected(Kind.FLIP, "<")) == "Flip: <"


def test_labels_are_distinct_per_distinct_face_upright_or_upside_down():
    faces = every_face()
    labels = {label(f) for f in faces}
    assert len(labels) == len(faces)
    assert all(labels)


def test_a_card_label_names_its_id_and_whether_it_is_flipped():
    assert card_label(DECK[0]) == "Nitroooooo! (200 m down) (card 1)"
    assert card_label(DECK[0], flipped=True) == "Nitroooooo! (200 m up) (card 1, flipped)"
