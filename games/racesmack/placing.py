"""Where won cards go (Ruling 11; audit W1 and Q1). The winner is asked once, with one deadline: it lays
its won cards one at a time, each at the end it chooses (``PlaceCard``), and may lay the rest at one
end in table order (``PlaceCards``), which is also what silence does. A Race keeps one Rules Card: a
won one laid replaces the Race's; one not laid leaves the game, unless the Race holds none, which then
keeps one (``keep``).
"""

from __future__ import annotations

from games.racesmack.cards import Card
from games.racesmack.moves import ENDS, LEFT


def answers(cards: tuple[Card, ...]) -> tuple[tuple[int, str] | str, ...]:
    """The question's options: a card's position among ``cards`` and an end (``PlaceCard``), or an end
    for all the rest. Won cards are named by position: two copies of one kind are alike."""
    return (*((position, end) for position in range(len(cards)) for end in ENDS), *ENDS)


def laid(race: tuple[Card, ...], card: Card, end: str) -> tuple[Card, ...]:
    """``race`` with ``card`` at ``end``; a Rules Card takes the place of the Race's."""
    if card.rules is not None:
        race = tuple(held for held in race if held.rules is None)
    return (card, *race) if end == LEFT else (*race, card)


def left_out(rest: tuple[Card, ...], held: Card | None, keep: int | None) -> tuple[Card, ...]:
    """The won Rules Cards that leave the game when ``rest`` is laid together: all of them when the Race
    holds ``held``; otherwise all but ``keep`` (or, when ``keep`` is gone, the first)."""
    rules = tuple(card for card in rest if card.rules is not None)
    if held is not None or not rules:
        return rules
    kept = keep if any(card.id == keep for card in rules) else rules[0].id
    return tuple(card for card in rules if card.id != kept)
