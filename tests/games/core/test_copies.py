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


def test_a_viewer_sees_a_copy_it_did_not_follow_as_any_copy_and_a_card_alone_of_its_kind_as_it_is():
    copies = Copies(Card, "number", deck=(Card(3, "Charlie"), Card(9, "Charlie"), Card(4, "Spike")))
    assert copies.as_seen(Card(3, "Charlie")) == copies.as_seen(Card(9, "Charlie")) == Card(0, "Charlie")
    assert copies.as_seen(Card(3, "Charlie"), followed=frozenset({3})) == Card(3, "Charlie")
    assert copies.as_seen(Card(4, "Spike")) == Card(4, "Spike")


def test_a_card_in_two_decks_of_a_game_is_one_card_not_two_copies():
    copies = Copies(Card, "number", deck=(Card(4, "Spike"), Card(4, "Spike")))
    assert copies.as_seen(Card(4, "Spike")) == Card(4, "Spike")
