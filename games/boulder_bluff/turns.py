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
from games.core.deck import reshuffle
from games.core.seats import clockwise_from
from games.core.turns import Story
from games.core.visibility import Event


def new_story(state: State, at: int) -> Story[State]:
    return Story(state, at, evolve)


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
    limit = state.options.turn_limit
    if last_climb:
        story.tell(MatchEnded("last climb"))
    elif limit is not None and state.players[following].turns >= limit:
        story.tell(MatchEnded("turn limit"))
    else:
        start_turn(story, following)


def next_seat(state: State, seat: int) -> int:
    """The next player clockwise still playing (Ruling 20: who resigned is skipped)."""
    return next(s for s in clockwise_from((seat + 1) % state.seats, state.seats) if s not in state.out)


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
    climb). A draw that empties the deck shuffles the discards into a new one at once, and a deck
    found empty is refilled so before a card is taken (Ruling 6); with both empty, nothing more is
    drawn."""
    left = count
    while left:
        refill(story, chance)
        if not story.state.deck:
            return
        drawn = story.state.deck[:left]
        story.tell(told(seat, drawn))
        left -= len(drawn)
    refill(story, chance)


def refill(story: Story[State], chance: Chance) -> None:
    """Whenever the climb deck runs out, the discards are shuffled into a new deck (Ruling 6)."""
    state = story.state
    if not state.deck and state.discards:
        pile = reshuffle(state.discards, chance=chance)
        story.tell(DeckShuffled(pile, len(pile)))


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
