"""What follows the taps: the winner lays its cards and picks the Rules Card that stays, the loser
picks the Race card it loses (Rulings 8 and 11)."""

from games.racesmack.events import CardLaid, CardLost, CardsPlaced, MatchEnded, PlacementAsked
from games.racesmack.moves import LoseRaceCard, PlaceCard, PlaceCards, PlayCard
from games.racesmack.rules import legal_moves
from tests.games.kit import of_type
from tests.games.racesmack.table import (
    by_id,
    lose,
    moves,
    place,
    race_ids,
    rejection,
    rules_card,
    table,
    tap,
    time_out,
)


def judged(races=None, hands=((1, 3), (2, 4), (5, 7))):
    state, _ = moves(
        table([list(h) for h in hands], races=races),
        (0, PlayCard(hands[0][0])),
        (1, PlayCard(hands[1][0])),
        (2, PlayCard(hands[2][0])),
    )
    return moves(state, (2, tap(1)), (0, tap(2)), (1, tap(5)))[0]


def test_the_winner_lays_each_won_card_at_the_end_it_chooses():
    """Ruling 11 (audit Q1): seat 2 won R02 and R05; any order, either end, is one answer. A won card
    is named by its place among those still to lay (R02 first, in table order)."""
    state = judged(races={2: [6], 1: [8]})
    assert set(legal_moves(state, 2)) == {
        *(PlaceCard(position, end) for position in (0, 1) for end in ("LEFT", "RIGHT")),
        PlaceCards("LEFT"),
        PlaceCards("RIGHT"),
    }
    state, _ = moves(state, (2, place(5, "LEFT")))
    assert state.ask_of(2) is not None and legal_moves(state, 2)[0] == PlaceCard(0, "LEFT")  # R02, left
    state, _ = moves(state, (2, place(2, "RIGHT")))
    assert race_ids(state, 2) == [5, 6, 2] and state.ask_of(2) is None


def test_silence_lays_won_cards_at_the_right_end_in_table_order():
    """Ruling 11 (audit Q1)."""
    state = judged(races={2: [6], 1: [8]})
    state, _ = moves(state, (2, place(5, "LEFT")))  # one card laid: the deadline stays the same
    state, events = time_out(state, "place-1-2-0")
    assert race_ids(state, 2) == [5, 6, 2] and of_type(events, CardsPlaced)[0].end == "RIGHT"


def test_laying_won_cards_at_both_ends_can_finish_a_race():
    """Ruling 11 (audit Q1, its worked example): Race R01, Rules Card 13, R05 wins two red triangles.
    Only R07 at the left and R08 at the right leaves no shape next to itself: the Race finishes."""
    state = table([[7, 3], [8, 4]], races={0: [1, rules_card(13), 5]})
    state, _ = moves(state, (0, PlayCard(7)), (1, PlayCard(8)), (0, tap(7)))
    state, _ = time_out(state, "taps-1")  # seat 1 is silent: incorrect
    state, events = moves(state, (0, place(7, "LEFT")), (0, place(8, "RIGHT")))
    assert race_ids(state, 0) == [7, 1, rules_card(13), 5, 8]
    assert of_type(events, MatchEnded) == [MatchEnded((0,), "finish")]


def test_the_loser_chooses_the_race_card_it_loses():
    """Ruling 8."""
    state = judged(races={1: [6, 8, 9]})
    assert rejection(state, 1, LoseRaceCard(3)) == "NOT_AN_OPTION"
    state, _ = moves(state, (1, lose(8)))
    assert race_ids(state, 1) == [6, 9]


def test_silence_loses_the_card_at_the_right_end():
    """Ruling 8: the default is an end card."""
    state = judged(races={1: [6, 8, 9]})
    state, events = time_out(state, "lose-1-1-1")
    assert of_type(events, CardLost)[0].card.id == 9 and race_ids(state, 1) == [6, 8]


def won_rules_card():
    """Rules Card 2 with two one-colour cards: none is correct, so each player tapping its own card
    wins it (Ruling 7). Seat 2's Race holds Rules Card 1 and wins Rules Card 2."""
    state = table([[1, 3], [2, 4], [rules_card(2), 7]], races={2: [rules_card(1), 6]})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(rules_card(2))))
    state, _ = moves(state, (2, tap(rules_card(2))), (0, tap(1)), (1, tap(2)))
    return moves(state, (0, PlaceCards("RIGHT")), (1, PlaceCards("RIGHT")))[0]


def test_a_won_rules_card_replaces_the_races_only_if_its_winner_lays_it():
    """Ruling 11 (audit W1): "you can always replace it with later cards if you want"."""
    state, events = moves(won_rules_card(), (2, place(rules_card(2), "RIGHT")))
    assert race_ids(state, 2) == [6, rules_card(2)]
    assert of_type(events, CardLaid)[0].replaced == (by_id(rules_card(1)),)
    state, events = moves(won_rules_card(), (2, PlaceCards("LEFT")))
    assert race_ids(state, 2) == [rules_card(1), 6] and by_id(rules_card(2)) in state.discards


def test_silence_keeps_the_rules_card_already_in_the_race():
    """Ruling 11 (audit W1)."""
    state, events = time_out(won_rules_card(), "place-1-2-0")
    assert race_ids(state, 2) == [rules_card(1), 6]
    assert of_type(events, CardsPlaced)[0].replaced == (by_id(rules_card(2)),)


def test_of_several_won_rules_cards_the_winner_chooses_the_one_that_stays():
    """Ruling 11 (audit W1, U3): Rules Cards 4 and 5 cancel, so R01 alone is judged and correct. Seat 2,
    holding Rules Card 11, wins both: it may keep 11, 4 or 5, and the other two leave the game."""
    state = table([[rules_card(4), 3], [rules_card(5), 4], [1, 7]], races={2: [rules_card(11), 9]})
    state, _ = moves(state, (0, PlayCard(rules_card(4))), (1, PlayCard(rules_card(5))), (2, PlayCard(1)))
    state, _ = moves(state, (2, tap(1)), (0, tap(rules_card(4))), (1, tap(rules_card(5))))
    laid, events = moves(state, (2, place(rules_card(4), "LEFT")), (2, PlaceCards("RIGHT")))
    assert race_ids(laid, 2) == [rules_card(4), 9, 1]
    assert of_type(events, CardLaid)[0].replaced == (by_id(rules_card(11)),)
    assert of_type(events, CardsPlaced)[0].replaced == (by_id(rules_card(5)),)
    silent, _ = time_out(state, "place-1-2-0")
    assert race_ids(silent, 2) == [rules_card(11), 9, 1]


def test_a_race_with_no_rules_card_keeps_one_it_wins_silence_one_drawn_at_random():
    """Ruling 11: every Race needs a Rules Card; of several won and none laid, silence keeps one drawn
    by the seeded stream (no seat comes first)."""
    state = table([[rules_card(4), 3], [rules_card(5), 4], [1, 7]])
    state, _ = moves(state, (0, PlayCard(rules_card(4))), (1, PlayCard(rules_card(5))), (2, PlayCard(1)))
    state, events = moves(state, (2, tap(1)), (0, tap(rules_card(4))), (1, tap(rules_card(5))))
    (asked,) = of_type(events, PlacementAsked)
    assert asked.keep in (rules_card(4), rules_card(5))
    state, _ = time_out(state, "place-1-2-0")
    assert sorted(race_ids(state, 2)) == sorted([1, asked.keep])


def test_a_question_is_answered_only_by_the_seat_asked():
    state = judged(races={1: [6]})
    assert rejection(state, 1, PlaceCards("LEFT")) == "NOT_ASKED"
