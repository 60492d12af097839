"""A round's edges: who draws first, players with no card, Time Penalty's TIES over two rounds, several
finishers, finishing by a loss, and Tiebreaker in a real round (Rulings 10, 15, 16 and 19; audit Q5,
U2, U5 and U6)."""

from games.racesmack.events import (
    CardDrawn,
    MatchEnded,
    PenaltyAsked,
    PenaltyChosen,
    PlacementAsked,
    TapsJudged,
)
from games.racesmack.moves import ChoosePenalty, PlaceCards, PlayCard
from games.racesmack.rules import waiting_on
from tests.games.kit import of_type
from tests.games.racesmack.table import lose, moves, race_ids, rules_card, table, tap, time_out


def both_tap_their_own(state, cards=(1, 2)):
    state, _ = moves(state, (0, PlayCard(cards[0])), (1, PlayCard(cards[1])))
    state, _ = moves(state, (0, tap(cards[0])), (1, tap(cards[1])))
    return moves(state, (0, PlaceCards("RIGHT")), (1, PlaceCards("RIGHT")))


def test_the_first_to_draw_moves_one_seat_on_each_round():
    """Ruling 16 (audit Q5): round 1 seat 0 draws first, round 2 seat 1; the last card goes to seat 1."""
    state, events = both_tap_their_own(table([[1, 3], [2, 4]], draw=[9, 10, 11]))
    assert [event.seat for event in of_type(events, CardDrawn)] == [0, 1]
    state, events = both_tap_their_own(state, cards=(3, 4))
    assert [event.seat for event in of_type(events, CardDrawn)] == [1]


def test_a_player_with_no_card_in_hand_still_taps_and_can_win_the_leftovers():
    """Ruling 10 (audit Q5): seat 2 has no card to play, taps R01 first and wins the card nobody else
    won, seat 1's R02."""
    state, _ = moves(table([[1], [2], []], draw=[]), (0, PlayCard(1)), (1, PlayCard(2)))
    assert waiting_on(state) == {0, 1, 2}
    state, events = moves(state, (2, tap(1)), (0, tap(2)))  # no card is left to tap: the taps end
    asked = {event.seat: [card.id for card in event.cards] for event in of_type(events, PlacementAsked)}
    assert asked == {2: [2], 0: [1]}


def test_time_penalty_ties_is_incorrect_on_several_correct_cards_next_round_only():
    """Ruling 19 (audit U2): seat 1 taps wrong and picks TIES in round 1. In round 2 R03 and R13 both
    show the most common shape, the rectangle: seat 1's tap on R13 does not count. Then the curse is
    gone."""
    state = table([[1, 3], [2, 13], [5, 7]], options={"timePenalty": True})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    state, _ = moves(state, (2, tap(1)), (0, tap(2)), (1, tap(5)))
    state, _ = moves(state, (1, ChoosePenalty("TIES")), (2, PlaceCards("RIGHT")), (0, PlaceCards("RIGHT")))
    assert state.players[1].cursed
    state, _ = moves(state, (0, PlayCard(3)), (1, PlayCard(13)), (2, PlayCard(7)))
    state, events = moves(state, (1, tap(13)), (0, tap(3)), (2, tap(7)))
    assert of_type(events, TapsJudged) == [TapsJudged(None, (3, 13), (0,))]
    assert not any(player.cursed for player in state.players)
    assert [event.seat for event in of_type(events, PenaltyAsked)] == [1, 2]


def test_a_silent_tapper_is_asked_its_penalty_and_silence_picks_two_race_cards():
    """Ruling 19 (audit U2)."""
    state = table([[1, 3], [2, 4]], races={1: [6, 8, 9]}, options={"timePenalty": True})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (0, tap(1)))
    state, events = time_out(state, "taps-1")
    assert [event.seat for event in of_type(events, PenaltyAsked)] == [1]
    state, events = time_out(state, "penalty-1-1-0")
    assert of_type(events, PenaltyChosen) == [PenaltyChosen(1, "RACE_CARDS")]


def test_several_races_finishing_in_the_same_round_win_together():
    """Ruling 15 (audit U5): seat 0's Race, on Rules Card 2 (10 cards), wins its tenth card; seat 1's,
    on Rules Card 4 (6 CIRCLE icons), wins its sixth circle, R12."""
    races = {0: [rules_card(2), 5, 6, 7, 8, 13, 15, 16, 17], 1: [rules_card(4), 1, 2, 9, 10, 11]}
    _, events = both_tap_their_own(table([[14, 3], [12, 4]], races=races), cards=(14, 12))
    assert of_type(events, MatchEnded) == [MatchEnded((0, 1), "finish")]


def test_a_race_can_finish_by_losing_a_card():
    """Ruling 15 (audit U5): Rules Card 13 wants 5 cards, none sharing a shape with a neighbour. Seat 1
    is silent at the taps and gives up R02, one of two circles side by side: the Race finishes."""
    state = table([[9, 6], [4, 8]], races={1: [5, 1, 2, rules_card(13), 7, 3]})
    state, _ = moves(state, (0, PlayCard(9)), (1, PlayCard(4)), (0, tap(4)))
    state, _ = time_out(state, "taps-1")
    state, events = moves(state, (1, lose(2)), (0, PlaceCards("RIGHT")))
    assert race_ids(state, 1) == [5, 1, rules_card(13), 7, 3]
    assert of_type(events, MatchEnded) == [MatchEnded((1,), "finish")]


def test_tiebreaker_leaves_one_correct_card_in_a_real_round():
    """Ruling 1 (audit U6): R01, R02 and R09 all show a circle; blue is the most common colour among
    them (R01, R09), then R09 has more icons: only R09 is correct, and only its tapper wins."""
    state = table([[1, 3], [2, 4], [9, 5]], options={"tiebreaker": True})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(9)))
    state, events = moves(state, (0, tap(1)), (1, tap(9)), (2, tap(2)))
    assert of_type(events, TapsJudged) == [TapsJudged(None, (9,), (1,))]
