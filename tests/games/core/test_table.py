from games.core.chance import Chance
from games.core.deadlines import Deadline, overdue, seconds_after
from games.core.deck import deal, draw, reshuffle
from games.core.outcome import Outcome, competition_ranks
from games.core.seats import clockwise_from, left_of, next_clockwise, right_of


def test_left_is_the_next_seat_clockwise_and_wraps():
    assert left_of(3, 4) == 0
    assert right_of(0, 4) == 3


def test_clockwise_order_starts_with_the_given_seat():
    assert clockwise_from(2, 4) == (2, 3, 0, 1)


def test_the_next_seat_skips_seats_that_are_out():
    assert next_clockwise(1, 4, among={1, 3}) == 3
    assert next_clockwise(3, 4, among={1, 3}) == 1
    assert next_clockwise(3, 4, among={3}) == 3
    assert next_clockwise(0, 4, among=set()) is None


def test_drawing_takes_from_the_top():
    assert draw((1, 2, 3), 2) == ((1, 2), (3,))
    assert draw((1,), 3) == ((1,), ())


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
