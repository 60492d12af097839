"""Cards that leave the game face down: hand cards lost to Time Penalty, and the hand of a player who
leaves (Rulings 19 and 20). Nobody else learns which; nobody at all from a blind pile (After You)."""

from games.core.commands import Resign
from games.core.visibility import SPECTATOR, redact, seat_viewer
from games.racesmack.events import HandCardLost, LossAsked, PlayerLeft
from games.racesmack.moves import ChoosePenalty, LoseCard, PlayCard, RevealCard
from games.racesmack.rules import legal_moves
from games.racesmack.views import player_view, secrets
from tests.games.kit import of_type
from tests.games.racesmack.table import by_id, moves, play, rules_card, table, tap
from tests.games.racesmack.test_after_you import after_you
from tests.games.racesmack.test_visibility import others, text


def test_hand_cards_lost_to_time_penalty_go_face_down_seen_by_their_owner_only():
    """Ruling 19 (audit Q7): seat 1 taps wrong and sheds R04 and R10 from its hand, face down."""
    state = table([[1, 3], [2, 4, 10, 11], [5, 7]], options={"timePenalty": True})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    state, _ = moves(state, (2, tap(1)), (0, tap(2)), (1, tap(5)), (1, ChoosePenalty("HAND_CARDS")))
    state, events = moves(state, (1, LoseCard(4)), (1, LoseCard(10)))
    lost = of_type(events, HandCardLost)
    assert [event.card.id for event in lost] == [4, 10]
    for event in lost:
        assert redact(event, seat_viewer(1)) == event
        assert all(redact(event, viewer) == HandCardLost(1, None) for viewer in others(1, 3))
    for viewer in others(1, 3):
        assert {by_id(4), by_id(10)} <= set(secrets(state, viewer))
        assert text(by_id(4)) not in text(player_view(state, viewer))


def test_after_you_hand_cards_lost_to_time_penalty_are_taken_at_random_and_seen_by_nobody():
    """Ruling 19 (audit L1): nobody may look at a blind pile, not even its owner, so the owner is not
    asked which cards: two are taken at random and leave face down."""
    state = after_you([[21, 3, 5, 7], [2], [rules_card(4)]], options={"timePenalty": True})
    state, _ = moves(state, (0, RevealCard()), (1, RevealCard()), (2, RevealCard()))
    state, _ = moves(state, (1, tap(2)), (0, tap(21)), (2, tap(rules_card(4))))
    state, events = play(state, 0, ChoosePenalty("HAND_CARDS"))
    assert of_type(events, LossAsked) == [] and legal_moves(state, 0) == ()
    lost = of_type(events, HandCardLost)
    assert len(lost) == 2 and {event.card.id for event in lost} <= {3, 5, 7}
    for event in lost:
        assert all(redact(event, viewer).card is None for viewer in (SPECTATOR, *map(seat_viewer, range(3))))
    assert len(state.players[0].hand) == 1
    assert {event.card for event in lost} <= set(secrets(state, seat_viewer(0)))


def test_a_player_who_leaves_shows_nobody_its_hand():
    """Ruling 20 (audit L2): its hand leaves the game face down; the others learn only how many."""
    state = table([[1, 5, 12], [2, 6], [3, 7]])
    state, events = play(state, 0, Resign())
    (left,) = of_type(events, PlayerLeft)
    assert left.count == 3 and {card.id for card in left.hand} == {1, 5, 12}
    for viewer in others(0, 3):
        assert redact(left, viewer) == PlayerLeft(0, 3, None)
        assert by_id(5) in secrets(state, viewer) and text(by_id(5)) not in text(player_view(state, viewer))


def test_after_you_a_player_who_leaves_shows_nobody_its_blind_pile_not_even_itself():
    """Ruling 20 and Ruling 21 (audit L2)."""
    state = after_you([[1, 3], [2, 4], [5, 6]])
    state, events = play(state, 2, Resign())
    (left,) = of_type(events, PlayerLeft)
    assert all(redact(left, viewer).hand is None for viewer in (SPECTATOR, *map(seat_viewer, range(3))))
