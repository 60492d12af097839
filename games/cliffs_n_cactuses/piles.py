"""Drawing from the deck: when it runs out, the discards are shuffled into a new one (Ruling 13; GAMES.md:
the FAQ's "Guess you should've shuffled" is a joke, not a rule)."""

from __future__ import annotations

from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.cards import Card
from games.cliffs_n_cactuses.state import State
from games.core.chance import Chance
from games.core.deck import DrawPile
from games.core.turns import Story

DECK: DrawPile[State, Card] = DrawPile(
    lambda state: (state.deck, state.discards), lambda _, pile: ev.DeckShuffled(pile, len(pile))
)


def refill(story: Story[State], chance: Chance) -> None:
    """An empty deck becomes the discards, shuffled face down (nothing when there are none)."""
    DECK.refill(story, chance)


def draw_from_deck(story: Story[State], seat: int, count: int, chance: Chance) -> None:
    """``seat`` draws ``count`` cards from the top, the discards reshuffled if the deck runs out (fewer
    when both are spent)."""
    DECK.draw(story, seat, count, chance, lambda racer, cards: ev.CardsDrawn(racer, len(cards), cards))
