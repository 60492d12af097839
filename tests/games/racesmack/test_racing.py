"""Racing Rules played through real rounds (Ruling 18; audit U1, Q4 and Q6), and the heuristic bot's
reading of it (audit, section 4)."""

from dataclasses import replace

from games.core.chance import Chance
from games.core.visibility import seat_viewer
from games.racesmack.bots import HeuristicBot
from games.racesmack.events import RacingDeckShuffled, RacingRuleRevealed, TapsJudged
from games.racesmack.moves import PlayCard, Tap
from games.racesmack.rounds import new_story, open_round
from games.racesmack.rules import legal_moves
from games.racesmack.views import player_view
from tests.games.kit import T0, of_type
from tests.games.racesmack.table import by_id, moves, rules_card, table, tap


def racing(hands, rule: int):
    """Round 1 open under the racing rule of Rules Card ``rule``."""
    return replace(table(hands, options={"racingRules": True}), racing_rule=by_id(rules_card(rule)))


def test_the_racing_rule_decides_the_correct_cards():
    """Ruling 18 (audit U1): Rules Card 10, "number greater than 2": only R21 is correct."""
    state, _ = moves(racing([[1, 3], [21, 4]], 10), (0, PlayCard(1)), (1, PlayCard(21)))
    state, events = moves(state, (0, tap(21)), (1, tap(1)))
    assert of_type(events, TapsJudged) == [TapsJudged(10, (21,), (0,))]


def test_a_played_rules_card_overrides_the_racing_rule():
    """Ruling 18 (audit U1): Rules Card 4, "number less than 3", played: R01 is correct."""
    state = racing([[1, 3], [21, 4], [rules_card(4), 5]], 10)
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(21)), (2, PlayCard(rules_card(4))))
    state, events = moves(state, (1, tap(1)), (0, tap(21)), (2, tap(rules_card(4))))
    assert of_type(events, TapsJudged) == [TapsJudged(4, (1,), (1,))]


def test_rules_cards_that_cancel_are_not_played_even_for_the_racing_rule():
    """Ruling 3 (audit Q6): the racing rule is 16, "is a Rules Card"; Rules Cards 4 and 9 cancel, so
    none has been played, no card is correct, and tapping one's own card is (Ruling 7)."""
    state = racing([[rules_card(4), 3], [rules_card(9), 4], [1, 5]], 16)
    state, _ = moves(state, (0, PlayCard(rules_card(4))), (1, PlayCard(rules_card(9))), (2, PlayCard(1)))
    state, events = moves(state, (0, tap(rules_card(9))), (2, tap(1)), (1, tap(rules_card(4))))
    assert of_type(events, TapsJudged) == [TapsJudged(16, (), (2,))]


def test_the_heuristic_bot_reads_cancelled_rules_cards_as_the_engine_does():
    """Audit, section 4: under racing rule 10, Rules Cards 4 and 5 cancel; the bot taps R21."""
    state = racing([[rules_card(4), 3], [rules_card(5), 4], [21, 6], [1, 7]], 10)
    state, _ = moves(
        state, (0, PlayCard(rules_card(4))), (1, PlayCard(rules_card(5))), (2, PlayCard(21)), (3, PlayCard(1))
    )
    view = player_view(state, seat_viewer(3))
    assert HeuristicBot().choose(view, legal_moves(state, 3), Chance("bot", 0)) == Tap(2)  # R21


def test_a_used_racing_deck_is_shuffled_anew_before_it_comes_round_again():
    """Ruling 18 (audit Q4): after ten rounds the same ten cards, in a new order from the seeded stream."""
    ten = tuple(by_id(rules_card(number)) for number in range(1, 11))
    state = replace(table([[1, 3], [2, 4]], options={"racingRules": True}), racing=ten, round=10)
    story = new_story(replace(state, choosing=None), T0)
    open_round(story, Chance("reshuffle", 0))
    (shuffled,) = of_type(story.events, RacingDeckShuffled)
    assert sorted(shuffled.cards, key=lambda card: card.id) == list(ten) and shuffled.cards != ten
    assert of_type(story.events, RacingRuleRevealed) == [RacingRuleRevealed(shuffled.cards[0])]
    assert story.state.racing == shuffled.cards
