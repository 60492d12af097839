"""Every rule kind and finish kind over crafted rows, and each of the 18 Rules Cards."""

import pytest

from games.racesmack.cards import Colour, Shape
from games.racesmack.kinds import (
    DEFAULT_RULE,
    Cards,
    CardsShowing,
    DifferentColours,
    DoubleShapes,
    EveryAtLeast,
    IconsOf,
    IsRulesCard,
    NextToRulesCard,
    NoColourOfNeighbours,
    NoDoubleColours,
    NoNeighbourShares,
    NoTwoMatch,
    Number,
    Often,
    SameNumberAsNeighbour,
    SameShapesAsNeighbour,
    Trait,
)
from games.racesmack.rules_cards import RULES
from tests.games.racesmack.table import row

S, C = Trait.SHAPE, Trait.COLOUR

RULE_TABLE = [
    # (rule, played row, positions of the correct cards)
    (
        "Ruling 1: the default rule",
        DEFAULT_RULE,
        ("red star", "blue star, red circle", "green circle, green triangle"),
        {0, 1, 2},
    ),
    ("default, one shape most", DEFAULT_RULE, ("red star", "blue star", "green circle"), {0, 1}),
    (
        "Ruling 4: least shape, absent shapes ignored",
        Often(S, False),
        ("red star", "blue star", "green circle"),
        {2},
    ),
    ("most colour", Often(C, True), ("red star", "red circle", "green circle"), {0, 1}),
    (
        "least colour, ties all count",
        Often(C, False),
        ("red star", "blue circle", "green circle, green star"),
        {0, 1},
    ),
    ("number less than 3", Number(True, 3), ("red star", "red star, red star, red star", "rules 4"), {0}),
    ("number greater than 2", Number(False, 2), ("red star", "red star, red star, red star"), {1}),
    (
        "2 different colours",
        DifferentColours(2),
        ("red star, blue star", "red star, red circle", "red star, blue star, green star"),
        {0},
    ),
    (
        "Ruling 2: exact same shapes as a circular neighbour",
        SameShapesAsNeighbour(),
        ("red star, blue circle", "green circle", "blue circle, green star"),
        {0, 2},
    ),
    ("a lone card is not its own neighbour", SameShapesAsNeighbour(), ("red star",), set()),
    (
        "Ruling 3: next to a Rules Card",
        NextToRulesCard(),
        ("red star", "rules 2", "blue star", "green star"),
        {0, 2},
    ),
    ("is a Rules Card", IsRulesCard(), ("red star", "rules 2"), {1}),
    (
        "Ruling 3: no double colours is false for a Rules Card",
        NoDoubleColours(),
        ("red star, blue star", "red star, red circle", "rules 2"),
        {0},
    ),
    (
        "Ruling 5: some double shapes",
        DoubleShapes(False),
        ("red star, blue star, green star", "red star, blue circle"),
        {0},
    ),
    (
        "Ruling 5: 2 identical shapes",
        DoubleShapes(True),
        ("red star, blue star, green star", "red star, blue star"),
        {1},
    ),
    (
        "none of the colours of its neighbours",
        NoColourOfNeighbours(),
        ("red star", "blue star", "red circle, blue circle", "green circle"),
        {0, 3},
    ),
    (
        "same number as a neighbour",
        SameNumberAsNeighbour(),
        ("red star", "blue star", "red circle, red star", "rules 3"),
        {0, 1},
    ),
]


@pytest.mark.parametrize(("name", "rule", "texts", "correct"), RULE_TABLE, ids=[r[0] for r in RULE_TABLE])
def test_each_rule_kind_finds_the_correct_cards(name, rule, texts, correct):
    assert rule.correct(row(*texts)) == correct


FINISH_TABLE = [
    ("N cards, Ruling 12: the Rules Card counts", Cards(3), ("red star", "rules 1", "blue star"), True),
    ("N cards, too few", Cards(3), ("red star", "rules 1"), False),
    (
        "cards showing a STAR",
        CardsShowing(2, Shape.STAR),
        ("red star", "blue star, red circle", "red circle"),
        True,
    ),
    ("cards showing BLUE", CardsShowing(2, Colour.BLUE), ("red star", "blue star"), False),
    ("every colour twice", EveryAtLeast(C, 2), ("red star, blue star, green star, purple star",) * 2, True),
    (
        "every shape twice, one short",
        EveryAtLeast(S, 2),
        ("red star, red circle, red triangle, red rectangle", "red star"),
        False,
    ),
    (
        "3 RED and 2 TRIANGLE",
        IconsOf(((Colour.RED, 3), (Shape.TRIANGLE, 2))),
        ("red star, red triangle", "red circle, blue triangle"),
        True,
    ),
    (
        "6 CIRCLE icons, five",
        IconsOf(((Shape.CIRCLE, 6),)),
        ("red circle, red circle, red circle", "blue circle, blue circle"),
        False,
    ),
    (
        "Ruling 13: no two matching colours",
        NoTwoMatch(3, C),
        ("red star", "red circle", "blue star", "red star, blue star"),
        True,
    ),
    (
        "Ruling 13: matching colours count once",
        NoTwoMatch(3, C),
        ("red star", "red circle", "blue star"),
        False,
    ),
    ("no two matching shapes", NoTwoMatch(2, S), ("red star", "blue circle"), True),
    (
        "Ruling 2: a Race's ends are not neighbours",
        NoNeighbourShares(3, C),
        ("red star", "blue star", "red circle"),
        True,
    ),
    ("neighbours share a colour", NoNeighbourShares(2, C), ("red star", "red circle"), False),
    ("neighbours share no shape, too few", NoNeighbourShares(3, S), ("red star", "red circle"), False),
]


@pytest.mark.parametrize(("name", "finish", "texts", "met"), FINISH_TABLE, ids=[f[0] for f in FINISH_TABLE])
def test_each_finish_kind_reads_a_race(name, finish, texts, met):
    assert finish.met(row(*texts)) is met


CARD_TABLE = [
    # (Rules Card, a row with the cards it makes correct, those positions, a Race meeting its finish)
    (1, ("red star", "blue star", "red circle"), {2}, ("red star",) * 5),
    (2, ("red star, blue star", "red star"), {0}, ("red star",) * 10),
    (
        3,
        ("red star", "red circle", "blue star"),
        {0, 1},
        ("red star, blue star, green star, purple star",) * 2,
    ),
    (4, ("red star", "red star, red star, red star"), {0}, ("red circle, red circle, red circle",) * 2),
    (
        5,
        ("red star", "blue star", "red circle"),
        {0, 1},
        ("red star", "blue star", "green star", "purple star", "red star, blue star", "red star, green star"),
    ),
    (6, ("red star", "red circle", "blue star"), {2}, ("red star, red triangle", "red circle, red triangle")),
    (7, ("red star, red star", "red circle"), {0}, ("red star", "blue star") * 3),
    (8, ("red star", "blue star", "red circle"), {2}, ("blue star",) * 6),
    (
        9,
        ("red star, blue star", "red star, blue star, green star"),
        {0},
        ("red star, red circle, red triangle, red rectangle",) * 2,
    ),
    (
        10,
        ("red star", "red star, red star, red star"),
        {1},
        ("green star, green star, green star, green star", "green star, green star, green star"),
    ),
    (
        11,
        ("red star", "rules 11", "blue star", "green star"),
        {0, 2},
        ("red star", "red circle", "red triangle", "red rectangle", "red star, red star"),
    ),
    (
        12,
        ("red star", "red circle", "blue star"),
        {0, 1},
        ("purple circle, purple circle", "red rectangle, red rectangle, red rectangle"),
    ),
    (
        13,
        ("red star", "blue star", "red circle, blue circle", "green circle"),
        {0, 3},
        ("red star", "red circle", "red star", "red circle", "red star"),
    ),
    (14, ("red star", "blue star", "red circle, red star"), {0, 1}, ("red triangle",) * 7),
    (
        15,
        ("red star, blue star", "red star, red circle"),
        {0},
        ("red star, red star, red star", "red circle, red circle"),
    ),
    (16, ("red star", "rules 16"), {1}, ("red star, blue star, green star, purple star",) * 3),
    (
        17,
        ("red star, red star, red star", "red star, red star, red star, red star"),
        {0},
        (
            "red star",
            "blue star",
            "green star",
            "purple star",
            "red star, blue star",
            "red star, green star",
            "red star, purple star",
        ),
    ),
    (18, ("red star", "blue star", "red circle"), {0, 1}, ("blue star, blue star", "red star, red star")),
]


@pytest.mark.parametrize(
    ("number", "texts", "correct", "race"), CARD_TABLE, ids=[f"rules card {c[0]}" for c in CARD_TABLE]
)
def test_each_rules_card_has_its_rule_and_its_finish(number, texts, correct, race):
    card = RULES[number]
    assert card.rule.correct(row(*texts)) == correct
    assert card.finish.met(row(*race))
    assert not card.finish.met(row(*race)[:1]) or number in (4, 10)


def test_there_are_eighteen_rules_cards_numbered_one_to_eighteen():
    assert sorted(RULES) == list(range(1, 19))


def test_the_races_rules_card_is_one_of_the_n_cards_and_matches_no_other():
    """Ruling 13 (audit Q2, kept): Rules Card 11, "5 cards, no two with 100% matching shapes", is met by
    itself and four cards of four different shape sets; three such cards are not enough."""
    finish = RULES[11].finish
    four = row("rules 11", "blue circle", "red star", "green triangle", "purple rectangle")
    assert finish.met(four) and not finish.met(four[:4])
