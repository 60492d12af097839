"""Ruling 26: copies are interchangeable. R03 = R04 and R07 = R08; only a seat that held a copy sees it
by its id, and a card on the table is named by where it lies."""

from games.core.visibility import SPECTATOR, redact, seat_viewer
from games.racesmack.cards import COPIES
from games.racesmack.events import CardsRevealed, HandCardLost, TapsJudged
from games.racesmack.moves import ChoosePenalty, LoseCard, PlayCard, Tap
from games.racesmack.rules import legal_moves
from games.racesmack.views import player_view, secrets
from tests.games.kit import of_type
from tests.games.racesmack.table import by_id, moves, table, tap


def test_a_copy_shows_its_id_only_to_the_seat_that_held_it():
    """Seat 1 played R03: it sees R03 in the row; seat 0 and the spectator see a purple rectangle."""
    state, _ = moves(table([[1, 5], [3, 6]]), (0, PlayCard(1)), (1, PlayCard(3)))
    anonymous = COPIES.anonymous(by_id(3))
    assert anonymous.id == 0 and COPIES.as_seen(by_id(3)) == anonymous == COPIES.as_seen(by_id(4))
    assert player_view(state, seat_viewer(1)).row[1].card == by_id(3)
    for viewer in (SPECTATOR, seat_viewer(0)):
        assert player_view(state, viewer).row[1].card == anonymous
        assert by_id(3) in secrets(state, viewer) and by_id(3) not in secrets(state, seat_viewer(1))


def test_events_at_the_table_name_no_copy():
    """The reveal and the judgement name R07 by no id; the omniscient log keeps it."""
    state, events = moves(table([[7, 5], [2, 6]]), (0, PlayCard(7)), (1, PlayCard(2)))
    (revealed,) = of_type(events, CardsRevealed)
    assert redact(revealed, SPECTATOR).choices == {0: PlayCard(0), 1: PlayCard(2)}
    state, events = moves(state, (0, tap(7)), (1, tap(2)))
    (judged,) = of_type(events, TapsJudged)
    assert 7 in judged.correct and 7 not in redact(judged, seat_viewer(1)).correct


def test_a_tap_names_the_seat_whose_card_it_taps():
    state, _ = moves(table([[3, 5], [4, 6]]), (0, PlayCard(3)), (1, PlayCard(4)))
    assert legal_moves(state, 0) == (Tap(0), Tap(1))
    state, _ = moves(state, (0, Tap(1)))
    assert [(tap.seat, tap.played_by) for tap in player_view(state, SPECTATOR).taps] == [(0, 1)]


def test_a_seat_sees_the_hand_cards_it_gave_up_face_down():
    """What you may know, you see (Ruling 19): the cards lost face down are in their owner's view."""
    state = table([[1, 3], [2, 4, 10, 11], [5, 7]], options={"timePenalty": True})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    state, _ = moves(state, (2, tap(1)), (0, tap(2)), (1, tap(5)), (1, ChoosePenalty("HAND_CARDS")))
    state, events = moves(state, (1, LoseCard(4)))
    assert of_type(events, HandCardLost)[0].card == by_id(4)
    assert player_view(state, seat_viewer(1)).face_down == (by_id(4),)
    assert player_view(state, seat_viewer(0)).face_down == ()
