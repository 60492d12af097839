"""Turns, draws and the end of the match, told through the kernel's ``Story``.

Passing the chalk bag is ending one turn and starting the next player's; whenever the deck runs out,
the discards become the new deck at once.
"""

from __future__ import annotations

from collections.abc import Callable

from games.boulder_bluff.cards import HAND_SIZE, Card
from games.boulder_bluff.events import CardsDrawn, DeckShuffled, MatchEnded
from games.boulder_bluff.evolve import evolve
from games.boulder_bluff.state import State
from games.core import turns
from games.core.chance import Chance
from games.core.deck import DrawPile
from games.core.seats import clockwise_from
from games.core.turns import Story, storyteller
from games.core.visibility import Event

new_story = storyteller(evolve)


def start_turn(story: Story[State], seat: int) -> None:
    state = story.state
    turns.start_turn(story, seat, previous=state.turn, seconds=state.options.turn_seconds)


def end_turn(story: Story[State], reason: str, *, last_climb: bool = False) -> None:
    """Give the chalk bag to the next player clockwise; or end the match after the last climb
    (Ruling 8) or when that player has had as many turns as the safety limit (Ruling 11)."""
    state = story.state
    if state.turn is None or state.over:
        return
    turns.end_turn(story, state.turn, reason)
    following = next_seat(state, state.turn.seat)
    if last_climb:
        story.tell(MatchEnded("last climb"))
        return
    turns.next_turn(
        story,
        following,
        had=state.players[following].turns,
        limit=state.options.turn_limit,
        limit_reached=lambda _: MatchEnded("turn limit"),
        start=start_turn,
    )


def next_seat(state: State, seat: int) -> int:
    """The next player clockwise still playing (Ruling 20: who resigned is skipped)."""
    return next(s for s in clockwise_from((seat + 1) % state.seats, state.seats) if s not in state.out)


DECK: DrawPile[State, Card] = DrawPile(
    lambda state: (state.deck, state.discards), lambda _, pile: DeckShuffled(pile, len(pile))
)


def _drawn(seat: int, cards: tuple[Card, ...]) -> Event:
    return CardsDrawn(seat, len(cards), cards)


def draw(
    story: Story[State],
    seat: int,
    count: int,
    chance: Chance,
    told: Callable[[int, tuple[Card, ...]], Event] = _drawn,
) -> None:
    """``seat`` draws up to ``count`` cards into its hand (or, ``told`` as ``TroutAdded``, into its
    climb). A deck found empty is refilled before a card is taken, and a draw that empties the deck
    shuffles the discards into a new one at once (Ruling 6); with both empty, nothing more is drawn."""
    DECK.draw(story, seat, count, chance, told)
    DECK.refill(story, chance)


def top_up(story: Story[State], chance: Chance) -> None:
    """Step 7: everyone refills their hand to five, clockwise from the active player (Ruling 6); who
    resigned draws nothing (Ruling 20)."""
    state = story.state
    start = state.turn.seat if state.turn is not None else 0
    for seat in clockwise_from(start, state.seats):
        if seat in state.out:
            continue
        missing = HAND_SIZE - len(story.state.players[seat].hand)
        if missing > 0:
            draw(story, seat, missing, chance)
