"""Computer players. They see only their own seat's ``RacesmackView`` and the legal moves.

The heuristic bot taps after a human-like delay: the service waits ``bot_delay_ms`` (the ``botTapMs``
option) before asking it, through the same durable timers as every deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.chance import Chance
from games.core.spec import choose_wanted
from games.racesmack.cards import Card
from games.racesmack.judge import correct_cards, in_effect, judged_row
from games.racesmack.kinds import DEFAULT_RULE, Rule
from games.racesmack.moves import (
    RIGHT,
    ChoosePenalty,
    LoseCard,
    LoseRaceCard,
    Move,
    PlaceCard,
    PlaceCards,
    PlayCard,
    RevealCard,
    Tap,
)
from games.racesmack.placing import laid
from games.racesmack.rounds import finished_race
from games.racesmack.rules_cards import RULES
from games.racesmack.views import RacesmackView


class HeuristicBot:
    """A sensible racer. It plays the card that helps its Race most toward its Rules Card's finish (a
    Rules Card when its Race has none), taps a correct card by the rule in effect (its own card only
    when none is correct), places won cards where they finish its Race (else at the right end, keeping
    its Rules Card), and gives up the Race card that helps
    least (Time Penalty: two Race cards while it has them). It reads the rule as the variants on make
    it: Noise Canceling's highest Rules Card, Tiebreaker's single card, After You's revealed Rules Card."""

    name = "heuristic"

    def choose(self, view: Any, legal: Sequence[Any], chance: Chance) -> Any:
        return choose_wanted(view, legal, chance, _wanted)


def _wanted(view: RacesmackView, legal: tuple[Move, ...], chance: Chance) -> Move | None:
    first = legal[0]
    match first:
        case Tap():
            return _tap(view, legal)
        case PlayCard():
            return _play(view)
        case RevealCard():
            return first  # After You: a blind pile leaves nothing to choose
        case PlaceCard() | PlaceCards():
            return _place(view, legal, chance)
        case LoseRaceCard():
            return _lose(view, legal)
        case LoseCard():
            return legal[-1]  # a hand card: the last received, as silence loses
        case ChoosePenalty():
            return ChoosePenalty("RACE_CARDS")
    return None


def _rule(view: RacesmackView) -> Rule:
    """The rule in effect, as ``judge.rule_in_effect`` (After You: ``after_you.smash_rule``) reads it,
    from what the view shows: the variants on, the played row and the Racing Rules card."""
    if "afterYou" in view.variants:
        revealed = next((entry.card.rules for entry in view.row if entry.seat == view.active), None)
        return DEFAULT_RULE if revealed is None else RULES[revealed].rule
    row = tuple(entry.card for entry in view.row)
    return in_effect(row, view.racing_rule, "noiseCanceling" in view.variants)[1]


def _tap(view: RacesmackView, legal: tuple[Move, ...]) -> Move:
    row = tuple(entry.card for entry in view.row)
    if "afterYou" not in view.variants:
        row = judged_row(row, "noiseCanceling" in view.variants)
    correct = correct_cards(row, _rule(view), "tiebreaker" in view.variants)
    for move in (Tap(entry.seat) for entry in view.row if entry.card in correct):
        if move in legal:
            return move
    own = Tap(view.seat) if view.seat is not None else None
    return own if not correct and own in legal else legal[0]


def _place(view: RacesmackView, legal: tuple[Move, ...], chance: Chance) -> Move:
    """A card laid where it finishes the Race; else the rest at the right end, keeping its Rules Card
    (what silence does). Ties by the seeded stream."""
    ask = next(ask for ask in view.asks if ask.seat == view.seat)
    race = _race(view)

    def worth(move: Move) -> tuple[bool, bool]:
        if isinstance(move, PlaceCard):
            return finished_race(laid(race, ask.cards[move.position], move.end)), False
        return False, move == PlaceCards(RIGHT)

    return chance.best(legal, worth)


def _race(view: RacesmackView) -> tuple[Card, ...]:
    return () if view.seat is None else view.players[view.seat].race


def _play(view: RacesmackView) -> Move | None:
    race = _race(view)
    has_rules = any(card.rules is not None for card in race)
    regular = [card for card in view.hand if card.rules is None]
    if not has_rules or not regular:
        rules = [card for card in view.hand if card.rules is not None]
        if rules:
            return PlayCard(rules[0].id)
    best = max(regular, key=lambda card: _help(race, card), default=None)
    return None if best is None else PlayCard(best.id)


def _help(race: tuple[Card, ...], card: Card) -> tuple[bool, int]:
    """How much ``card`` would bring the Race: finishing it first, then more icons."""
    rules = next((held.rules for held in race if held.rules is not None), None)
    finishes = rules is not None and RULES[rules].finish.met((*race, card))
    return finishes, card.number


def _lose(view: RacesmackView, legal: tuple[Move, ...]) -> Move:
    """The plain Race card with the fewest icons."""
    race = _race(view)
    plain = [move for move in legal if isinstance(move, LoseRaceCard) and race[move.position].rules is None]
    return min(plain, key=lambda move: race[move.position].number) if plain else legal[-1]
