"""The variants as match options: Tiebreaker (the rulebook's example), Noise Canceling, Racing Rules,
Time Penalty and Shifting Gears (Rulings 1, 17, 18 and 19)."""

from games.core.commands import Begin
from games.core.decisions import Rejected
from games.core.visibility import seat_viewer
from games.racesmack.cards import Display
from games.racesmack.events import LossAsked, PenaltyAsked, RacingRuleRevealed, TapsJudged
from games.racesmack.judge import break_ties, correct_cards
from games.racesmack.kinds import DEFAULT_RULE
from games.racesmack.moves import ChoosePenalty, LoseCard, PlaceCards, PlayCard
from games.racesmack.options import OPTIONS
from games.racesmack.spec import initial_state
from games.racesmack.views import player_view
from tests.games.kit import of_type
from tests.games.racesmack.table import lose, moves, play, race_ids, row, table, tap


def test_the_rulebooks_tiebreaker_example_leaves_card_one():
    """2 Square (G), 1 Square (G), 1 Square (Y) + 2 Circle (B): squares are most common, so all are
    correct; green is the most common colour, then card 1 has the most icons. (Y is purple here.)"""
    cards = row(
        "green rectangle, green rectangle", "green rectangle", "purple rectangle, blue circle, blue circle"
    )
    assert correct_cards(cards, DEFAULT_RULE, tiebreaker=False) == cards
    assert correct_cards(cards, DEFAULT_RULE, tiebreaker=True) == cards[:1]


def test_tied_colours_all_count_in_the_tiebreaker():
    """Ruling 1."""
    cards = row("red star", "blue star")
    assert break_ties(cards) == cards


def test_several_rules_cards_cancel_unless_noise_canceling_picks_the_highest():
    for noise, rule in ((False, None), (True, 16)):
        state = table([[40, 3], [52, 4]], options={"noiseCanceling": noise})
        state, _ = moves(state, (0, PlayCard(40)), (1, PlayCard(52)))
        state, events = moves(state, (0, tap(40)), (1, tap(52)))
        assert of_type(events, TapsJudged)[0].rule == rule


def test_racing_rules_reveal_a_default_rule_each_round_from_ten_set_aside():
    """Ruling 18."""
    state = initial_state({"racingRules": True}, 2)
    state, events = play(state, None, Begin())
    assert len(state.racing) == 10 and all(card.rules for card in state.racing)
    (revealed,) = of_type(events, RacingRuleRevealed)
    assert revealed.card == state.racing[0] == state.racing_rule


def test_time_penalty_race_cards_costs_two_race_cards():
    """Ruling 19."""
    state = table([[1, 3], [2, 4], [5, 7]], races={1: [6, 8, 9]}, options={"timePenalty": True})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    state, events = moves(state, (2, tap(1)), (0, tap(2)), (1, tap(5)))
    assert [ask.seat for ask in of_type(events, PenaltyAsked)] == [1]
    state, events = moves(state, (1, ChoosePenalty("RACE_CARDS")), (1, lose(6)), (1, lose(8)))
    assert race_ids(state, 1) == [9]


def test_time_penalty_hand_cards_costs_two_hand_cards():
    """Ruling 19."""
    state = table([[1, 3], [2, 4, 10, 11], [5, 7]], options={"timePenalty": True})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    state, _ = moves(state, (2, tap(1)), (0, tap(2)), (1, tap(5)))
    state, events = moves(state, (1, ChoosePenalty("HAND_CARDS")))
    assert of_type(events, LossAsked)[0].hand
    state, _ = moves(state, (1, LoseCard(4)), (1, LoseCard(10)))
    assert [card.id for card in state.players[1].hand][:1] == [11]


def test_time_penalty_ties_makes_the_player_incorrect_next_round_when_several_cards_are_correct():
    """Ruling 19."""
    state = table([[1, 3], [2, 13], [5, 7]], options={"timePenalty": True})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    state, _ = moves(state, (2, tap(1)), (0, tap(2)), (1, tap(5)))
    state, _ = moves(state, (1, ChoosePenalty("TIES")), (2, PlaceCards("RIGHT")))
    assert state.players[1].cursed


def test_shifting_gears_gives_each_regular_card_a_display_shown_in_views():
    """Ruling 17."""
    state, _ = play(initial_state({"shiftingGears": True}, 2), None, Begin())
    hand = player_view(state, seat_viewer(0)).hand
    assert all(card.display is not Display.ICONS for card in hand if card.rules is None)
    plain, _ = play(initial_state({}, 2), None, Begin())
    assert all(card.display is Display.ICONS for card in player_view(plain, seat_viewer(0)).hand)


def test_racing_rules_with_after_you_is_refused_saying_why():
    """Ruling 18 (audit Q3): After You judges by the Rules Card just revealed, so Racing Rules would
    only set ten Rules Cards aside for nothing."""
    refused = OPTIONS.parse({"racingRules": True, "afterYou": True})
    assert isinstance(refused, Rejected) and refused.code == "INVALID_OPTIONS"
    assert "Racing Rules cannot be played with After You" in refused.message
