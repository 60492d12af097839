from dataclasses import dataclass

from games.core.copies import Copies


@dataclass(frozen=True)
class Card:
    number: int
    name: str


COPIES = Copies(Card, "number")


def test_the_kind_of_a_card_is_everything_but_its_identity():
    assert COPIES.kind(Card(3, "Charlie")) == COPIES.kind(Card(9, "Charlie")) != COPIES.kind(Card(3, "Spike"))


def test_an_anonymous_copy_shows_its_kind_and_no_copy_s_identity():
    assert COPIES.anonymous(Card(3, "Charlie")) == COPIES.anonymous(Card(9, "Charlie")) == Card(0, "Charlie")
