"""What follows the taps: the winner picks the Race end, the loser the Race card (Rulings 8 and 11)."""

from games.racesmack.events import CardLost, CardsPlaced
from games.racesmack.moves import LoseCard, PlaceCards, PlayCard, Tap
from tests.games.racesmack.table import moves, of_type, race_ids, rejection, table, time_out


def judged(races=None, hands=((1, 3), (2, 4), (5, 7))):
    state, _ = moves(
        table([list(h) for h in hands], races=races),
        (0, PlayCard(hands[0][0])),
        (1, PlayCard(hands[1][0])),
        (2, PlayCard(hands[2][0])),
    )
    return moves(state, (2, Tap(1)), (0, Tap(2)), (1, Tap(5)))[0]


def test_the_winner_puts_its_cards_at_the_end_it_picks():
    """Ruling 11: all won cards, in row order, at one end."""
    state = judged(races={2: [6], 1: [8]})
    state, _ = moves(state, (2, PlaceCards("LEFT")))
    assert race_ids(state, 2) == [2, 5, 6]


def test_silence_puts_won_cards_at_the_right_end():
    """Ruling 11: the default end is the right."""
    state = judged(races={0: [6], 1: [8]})
    state, events = time_out(state, "place-1-0-0")
    assert race_ids(state, 0) == [6, 1] and of_type(events, CardsPlaced)[0].end == "RIGHT"


def test_the_loser_chooses_the_race_card_it_loses():
    """Ruling 8."""
    state = judged(races={1: [6, 8, 9]})
    assert rejection(state, 1, LoseCard(10)) == "NOT_AN_OPTION"
    state, _ = moves(state, (1, LoseCard(8)))
    assert race_ids(state, 1) == [6, 9]


def test_silence_loses_the_card_at_the_right_end():
    """Ruling 8: the default is an end card."""
    state = judged(races={1: [6, 8, 9]})
    state, events = time_out(state, "lose-1-1-1")
    assert of_type(events, CardLost)[0].card.id == 9 and race_ids(state, 1) == [6, 8]


def test_a_won_rules_card_replaces_the_one_the_race_held():
    """Ruling 11: a Race holds one Rules Card. Rules Card 2 with two one-colour cards: none is correct,
    so each player tapping its own card wins it (Ruling 7)."""
    state = table([[1, 3], [2, 4], [38, 7]], races={2: [37, 6]})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(38)))
    state, _ = moves(state, (2, Tap(38)), (0, Tap(1)), (1, Tap(2)))
    state, events = moves(state, (0, PlaceCards("RIGHT")), (1, PlaceCards("RIGHT")), (2, PlaceCards("RIGHT")))
    assert race_ids(state, 2) == [6, 38] and 37 in [card.id for card in state.discards]
    assert [card.id for card in of_type(events, CardsPlaced)[2].replaced] == [37]


def test_a_question_is_answered_only_by_the_seat_asked():
    state = judged(races={1: [6]})
    assert rejection(state, 1, PlaceCards("LEFT")) == "NOT_ASKED"
