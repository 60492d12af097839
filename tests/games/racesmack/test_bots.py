"""The heuristic bot reads the rule as the variants on make it: Noise Canceling, Tiebreaker, After You."""

from games.core.chance import Chance
from games.core.visibility import seat_viewer
from games.racesmack.bots import HeuristicBot
from games.racesmack.moves import PlayCard, RevealCard, Tap
from games.racesmack.rules import legal_moves
from games.racesmack.state import State
from games.racesmack.views import player_view
from tests.games.racesmack.table import moves, rules_card, table
from tests.games.racesmack.test_after_you import after_you


def tap_of(state: State, seat: int) -> Tap:
    """When: the bot at ``seat`` taps, seeing only its view and its legal moves."""
    view = player_view(state, seat_viewer(seat))
    move = HeuristicBot().choose(view, legal_moves(state, seat), Chance("bot", 0))
    assert isinstance(move, Tap)
    return move


def played(hands: list[list[int]], options: dict[str, bool]) -> State:
    """Given: each seat plays the first card of its hand; the taps are open."""
    state = table(hands, options=options)
    state, _ = moves(state, *((seat, PlayCard(hand[0])) for seat, hand in enumerate(hands)))
    return state


def test_with_noise_canceling_the_bot_follows_the_highest_rules_card():
    """Rules Cards 4 and 16 with R01: they cancel (the default rule: R01's circle), unless Noise Canceling
    makes 16 ("is a Rules Card") the rule."""
    hands = [[rules_card(4), 3], [rules_card(16), 4], [1, 5]]
    assert tap_of(played(hands, {"noiseCanceling": False}), 2) == Tap(2)  # R01, seat 2's
    assert tap_of(played(hands, {"noiseCanceling": True}), 2) == Tap(0)  # Rules Card 4, seat 0's


def test_with_tiebreaker_the_bot_taps_the_one_card_left_correct():
    """R13, R03 and R23 all show the most common shape (rectangle); purple is the most common colour
    among them, and R23 has the most icons."""
    hands = [[13, 5], [3, 6], [23, 7]]
    assert tap_of(played(hands, {"tiebreaker": False}), 0) == Tap(0)  # R13
    assert tap_of(played(hands, {"tiebreaker": True}), 0) == Tap(2)  # R23


def test_after_you_the_bot_reveals_on_its_turn_and_taps_by_the_revealed_rules_card():
    """Rules Card 10 (number greater than 2) over R03, R21 and itself: R21 is correct."""
    state = after_you([[1, 3], [2, 21], [4, rules_card(10)]])
    view = player_view(state, seat_viewer(0))
    assert HeuristicBot().choose(view, legal_moves(state, 0), Chance("bot", 0)) == RevealCard()
    state, _ = moves(state, *((seat, RevealCard()) for seat in (0, 1, 2, 0, 1, 2)))
    assert tap_of(state, 0) == Tap(1)  # R21, on seat 1's pile
