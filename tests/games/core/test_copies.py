from dataclasses import dataclass

from games.core.copies import Copies, ShowsCards
from games.core.visibility import OMNISCIENT, redact


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


DECK = (Card(1, "Charlie"), Card(2, "Spike"), Card(3, "Charlie"), Card(4, "Walter"))
SEEN = Copies(Card, "number", deck=DECK)
CHARLIE = Card(0, "Charlie")


@dataclass(frozen=True)
class Shown(ShowsCards):
    copies = SEEN
    kind_order = True
    ordered = ("pile",)

    seat: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    pairs: tuple[tuple[Card, ...], ...] = ()


def test_an_event_shows_every_copy_at_any_depth_as_seen_and_a_hand_in_kind_order_but_not_a_pile():
    event = Shown(0, (DECK[3], DECK[2], DECK[1]), (DECK[3], DECK[0]), ((DECK[2], DECK[3]),))
    assert event.table_form() == Shown(
        0, (CHARLIE, DECK[1], DECK[3]), (DECK[3], CHARLIE), ((CHARLIE, DECK[3]),)
    )
    assert redact(event, OMNISCIENT) == event


def test_an_event_showing_no_copy_is_shown_as_it_is():
    event = Shown(1, (DECK[1],), (DECK[3],))
    assert event.table_form() is event
