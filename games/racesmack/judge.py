"""Which played cards are correct this round, and who tapped right.

The rule in effect: one Rules Card played replaces the default rule; several cancel each other (or,
with Noise Canceling, the highest number rules); the default rule is the rulebook's, or with Racing
Rules this round's revealed Rules Card's. Tiebreaker narrows several correct cards down.
"""

from __future__ import annotations

from collections import Counter

from games.racesmack.cards import Card
from games.racesmack.kinds import DEFAULT_RULE, Rule
from games.racesmack.rules_cards import RULES
from games.racesmack.state import State


def rule_in_effect(state: State) -> tuple[int | None, Rule]:
    """The Rules Card whose rule holds (None: the rulebook's default rule), and that rule."""
    return in_effect(tuple(card for _, card in state.row), state.racing_rule, state.options.noise_canceling)


def in_effect(
    row: tuple[Card, ...], racing_rule: Card | None, noise_canceling: bool
) -> tuple[int | None, Rule]:
    """The rule of the played ``row``: one Rules Card played rules; several cancel (Noise Canceling: the
    highest rules); otherwise the default rule, which Racing Rules' ``racing_rule`` replaces."""
    played = [card.rules for card in row if card.rules is not None]
    if len(played) == 1 or (played and noise_canceling):
        number = max(played)
    elif racing_rule is not None and racing_rule.rules is not None:
        number = racing_rule.rules
    else:
        return None, DEFAULT_RULE
    return number, RULES[number].rule


def judged_row(row: tuple[Card, ...], noise_canceling: bool) -> tuple[Card, ...]:
    """The played cards the rule judges. Rules Cards that cancel each other are treated as not played
    (Ruling 3, audit Q6: "pretend none have been played"), for every rule."""
    if noise_canceling or sum(1 for card in row if card.rules is not None) < 2:
        return row
    return tuple(card for card in row if card.rules is None)


def correct_cards(row: tuple[Card, ...], rule: Rule, tiebreaker: bool) -> tuple[Card, ...]:
    """The correct cards of the played ``row``, in row order."""
    correct = tuple(row[index] for index in sorted(rule.correct(row)))
    return break_ties(correct) if tiebreaker and len(correct) > 1 else correct


def break_ties(tied: tuple[Card, ...]) -> tuple[Card, ...]:
    """Tiebreaker: keep the cards showing the colour that appears most often among the tied cards
    (every colour tied for most counts, Ruling 1), then those with the most icons."""
    tally = Counter(colour for card in tied for colour in card.colours)
    if tally:
        most = max(tally.values())
        colours = {colour for colour, count in tally.items() if count == most}
        tied = tuple(card for card in tied if colours & set(card.colours))
    highest = max(card.number for card in tied)
    return tuple(card for card in tied if card.number == highest)


def winners(state: State, correct: tuple[Card, ...]) -> tuple[int, ...]:
    """The seats that tapped correctly, fastest first (the taps' log order). When no card is correct,
    tapping one's own card is correct (Ruling 7). Time Penalty "TIES": a cursed player is incorrect
    whenever several cards are correct."""
    if state.taps is None:
        return ()
    ids = {card.id for card in correct}
    right = []
    for seat, target in state.taps.claims:
        if state.players[seat].cursed and len(ids) > 1:
            continue
        owner, card = state.tapped(target) or (None, None)
        if card is not None and (card.id in ids or (not ids and owner == seat)):
            right.append(seat)
    return tuple(right)


def longest_races(state: State) -> tuple[int, ...]:
    """Ruling 14: the longest Races of the players still in win, tied ones together."""
    lengths = {seat: len(state.players[seat].race) for seat in state.playing()}
    longest = max(lengths.values(), default=0)
    return tuple(seat for seat, length in lengths.items() if length == longest)
