"""Taps: the fastest correct tapper wins the leftovers, wrong and silent taps lose (Rulings 7, 9, 10)."""

from games.core.taps import TapsOpened
from games.racesmack.events import LeftoversDiscarded, LossAsked, PlacementAsked, TapsJudged
from games.racesmack.moves import PlayCard
from tests.games.kit import of_type
from tests.games.racesmack.table import moves, rejection, table, tap, time_out

# Seat 0 plays R01 (blue circle), seat 1 R02 (green circle), seat 2 R05 (blue star): circles are correct.
HANDS = [[1, 3], [2, 4], [5, 7]]


def revealed(races=None):
    state, events = moves(table(HANDS, races=races), (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    return state, events


def test_the_taps_open_after_the_reveal_to_every_player_with_a_card_on_the_table():
    """Ruling 10."""
    _, events = revealed()
    (opened,) = of_type(events, TapsOpened)
    assert opened.seats == {0, 1, 2} and opened.targets == {0, 1, 2}  # the seats whose cards lie there


def test_the_fastest_correct_tapper_wins_its_own_card_and_the_leftovers():
    state, _ = revealed()
    state, events = moves(state, (2, tap(1)), (0, tap(2)), (1, tap(5)))
    (judged,) = of_type(events, TapsJudged)
    assert judged.correct == (1, 2) and judged.winners == (2, 0)
    won = {ask.seat: [card.id for card in ask.cards] for ask in of_type(events, PlacementAsked)}
    assert won == {2: [2, 5], 0: [1]}


def test_a_wrong_tap_costs_a_race_card():
    state, _ = revealed(races={1: [6]})
    state, events = moves(state, (2, tap(1)), (0, tap(2)), (1, tap(5)))
    assert [ask.seat for ask in of_type(events, LossAsked)] == [1]


def test_a_card_tapped_already_is_refused_and_the_player_may_tap_another():
    """Ruling 10: each card is tapped by one player."""
    state, _ = revealed()
    state, _ = moves(state, (2, tap(1)))
    assert rejection(state, 0, tap(1)) == "TARGET_TAKEN"
    assert rejection(state, 2, tap(2)) == "ALREADY_TAPPED"
    moves(state, (0, tap(2)))


def test_silence_at_the_tap_deadline_is_incorrect():
    """Ruling 10: not tapping counts as incorrect."""
    state, _ = revealed(races={1: [6]})
    state, _ = moves(state, (2, tap(1)), (0, tap(2)))
    state, events = time_out(state, "taps-1")
    (judged,) = of_type(events, TapsJudged)
    assert judged.winners == (2, 0) and [ask.seat for ask in of_type(events, LossAsked)] == [1]


def test_own_card_wins_when_nothing_is_correct():
    """Ruling 7: Rules Card 4 (number less than 3) over two three-icon cards: none is correct."""
    state, _ = moves(
        table([[40, 3], [21, 4], [22, 5]]), (0, PlayCard(40)), (1, PlayCard(21)), (2, PlayCard(22))
    )
    state, events = moves(state, (1, tap(21)), (2, tap(40)), (0, tap(22)))
    judged = of_type(events, TapsJudged)[0]
    assert judged.rule == 4 and judged.correct == () and judged.winners == (1,)


def test_when_nobody_taps_correctly_the_played_cards_leave_the_game():
    """Ruling 9."""
    state, _ = moves(
        table([[40, 3], [21, 4], [22, 5]]), (0, PlayCard(40)), (1, PlayCard(21)), (2, PlayCard(22))
    )
    state, events = moves(state, (1, tap(22)), (2, tap(40)), (0, tap(21)))
    (gone,) = of_type(events, LeftoversDiscarded)
    assert {card.id for card in gone.cards} == {40, 21, 22}
