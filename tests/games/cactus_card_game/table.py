"""Cactus tables written as hands of card names, and moves played on them, so rule tests read like rules.

Cards are named by kind in lower case with hyphens: "charlie", "spike", "walter", "wild", "free-point",
"swap-hands", "see-and-steal", "draw-3", "steal-a-point", "request-a-card", "steal-a-card", "stop".
Each name takes the next unused card of that kind from the deck, so every card keeps its unique number.

    state = table(["steal-a-point charlie", "stop", "stop stop"], points={1: 2}, active=0)

Cards no hand or pile names go to the bottom of the draw pile (``rest="draw"``), the discard pile
(``rest="discards"``) or nowhere (``rest=None``, for a table whose piles must be exactly as written).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cactus_card_game.cards import DECK, POINT_CARDS, Card, Kind
from games.cactus_card_game.evolve import evolve
from games.cactus_card_game.options import OPTIONS, Options
from games.cactus_card_game.rules import decide
from games.cactus_card_game.state import Player, State
from games.core.turns import Turn
from tests.games.kit import Rules


def kind(name: str) -> Kind:
    return Kind(name.upper().replace("-", "_"))


class Cards:
    """Hands out the deck's cards by kind, each one once."""

    def __init__(self) -> None:
        self.left = list(DECK)

    def take(self, names: str) -> tuple[Card, ...]:
        taken = []
        for name in names.split():
            card = next(card for card in self.left if card.kind is kind(name))
            self.left.remove(card)
            taken.append(card)
        return tuple(taken)


def table(
    hands: Sequence[str],
    *,
    points: Mapping[int, int] | None = None,
    draw: str = "",
    discards: str = "",
    rest: str | None = "draw",
    point_pile: int | None = None,
    active: int = 0,
    out: Sequence[int] = (),
    options: Mapping[str, Any] | None = None,
    turn: int = 1,
    turns: Mapping[int, int] | None = None,
    deadline: int | None = None,
) -> State:
    """A running match: one hand per seat (``hands``), ``active``'s turn with nothing open."""
    deck = Cards()
    dealt = [deck.take(hand) for hand in hands]
    pile, thrown = deck.take(draw), deck.take(discards)
    if rest == "draw":
        pile += tuple(deck.left)
    elif rest == "discards":
        thrown += tuple(deck.left)
    points, turns = points or {}, turns or {}
    players = tuple(
        Player(
            seat,
            hand=hand,
            points=points.get(seat, 0),
            playing=seat not in out,
            turns=turns.get(seat, 1 if seat == active else 0),
            seen=frozenset(card.number for card in hand),
        )
        for seat, hand in enumerate(dealt)
    )
    left = POINT_CARDS - sum(points.values()) if point_pile is None else point_pile
    return State(
        OPTIONS.build(Options, options or {}),
        len(hands),
        players,
        draw_pile=pile,
        discards=thrown,
        point_pile=left,
        started=True,
        turn=Turn(active, turn, deadline),
    )


CACTUS = Rules(decide, evolve)
play, rejection, time_out = CACTUS.play, CACTUS.rejection, CACTUS.time_out
answer_all = CACTUS.in_turn  # several seats answer in turn, e.g. ``(1, Stop(0)), (0, Stop(1))``


def kinds(cards: Sequence[Card]) -> list[str]:
    """Card kinds as names, in order: ``["stop", "charlie"]``."""
    return [card.kind.value.lower().replace("_", "-") for card in cards]


def hand(state: State, seat: int) -> list[str]:
    return sorted(kinds(state.players[seat].hand))
