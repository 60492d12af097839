from dataclasses import dataclass

from games.core.chance import Chance
from games.core.deadlines import Deadline, overdue, seconds_after
from games.core.deck import DrawPile, deal, reshuffle
from games.core.outcome import Outcome, competition_ranks
from games.core.seats import clockwise_from, next_clockwise
from games.core.turns import Story
from games.core.visibility import Event


def test_clockwise_order_starts_with_the_given_seat():
    assert clockwise_from(2, 4) == (2, 3, 0, 1)


def test_the_next_seat_skips_seats_that_are_out():
    assert next_clockwise(1, 4, among={1, 3}) == 3
    assert next_clockwise(3, 4, among={1, 3}) == 1
    assert next_clockwise(3, 4, among={3}) == 3
    assert next_clockwise(0, 4, among=set()) is None


@dataclass(frozen=True)
class Piles:
    deck: tuple[int, ...]
    discards: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()


@dataclass(frozen=True)
class Refilled(Event):
    pile: tuple[int, ...]


@dataclass(frozen=True)
class Drawn(Event):
    cards: tuple[int, ...]


def _fold(piles: Piles, event: Event) -> Piles:
    match event:
        case Refilled(pile=pile):
            return Piles(pile, (), piles.hand)
        case Drawn(cards=cards):
            return Piles(piles.deck[len(cards) :], piles.discards, (*piles.hand, *cards))
    raise ValueError(event)


DECK: DrawPile[Piles, int] = DrawPile(
    lambda piles: (piles.deck, piles.discards), lambda _, pile: Refilled(pile)
)


def test_drawing_takes_from_the_top_and_refills_the_pile_from_the_discards_when_it_runs_out():
    story = Story(Piles((1, 2), discards=(3, 4, 5)), 0, _fold)
    DECK.draw(story, 0, 3, Chance("s", 1), lambda _, cards: Drawn(cards))
    refilled = story.events[1]
    assert isinstance(refilled, Refilled) and sorted(refilled.pile) == [3, 4, 5]
    assert story.events == [Drawn((1, 2)), refilled, Drawn(refilled.pile[:1])]
    assert story.state == Piles(refilled.pile[1:], (), (1, 2, refilled.pile[0]))


def test_drawing_from_two_empty_piles_draws_nothing():
    story = Story(Piles((1,)), 0, _fold)
    DECK.draw(story, 0, 3, Chance("s", 1), lambda _, cards: Drawn(cards))
    assert story.events == [Drawn((1,))] and story.state.hand == (1,)


def test_dealing_goes_round_the_table_one_card_at_a_time():
    hands, rest = deal(tuple(range(8)), hands=3, size=2)
    assert hands == ((0, 3), (1, 4), (2, 5))
    assert rest == (6, 7)


def test_a_reshuffle_keeps_every_card():
    assert sorted(reshuffle((1, 2), (3,), chance=Chance("s", 1))) == [1, 2, 3]


def test_ties_share_a_rank():
    assert competition_ranks([(5,), (9,), (5,), (1,)]) == (2, 1, 2, 4)
    assert Outcome((2, 1, 1), (1.0, 3.0, 3.0), "points").winners == (1, 2)


def test_overdue_deadlines_come_earliest_first():
    deadlines = [Deadline("b", 20, "turn"), Deadline("a", 10, "turn"), Deadline("c", 99, "turn")]
    assert [d.id for d in overdue(deadlines, now=50)] == ["a", "b"]
    assert seconds_after(1_000, 2.5) == 3_500
    assert seconds_after(1_000, 0) is None
    assert seconds_after(1_000, None) is None
