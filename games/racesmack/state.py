"""The table, as frozen data: hands, Races, the piles, and the round's open step.

A round is three steps, each the kernel's: the sealed card choice (``choosing``), the taps (``taps``),
then the questions to the players it judged (``asks``: the end for won cards, the card to lose, the
Time Penalty). Hands keep the order cards arrived in; piles have their top card first.

After You (Rulings 21 to 25) replaces the card choice with turns (``turn``, the kernel's): a hand is
then a blind pile, top card first, and each player's revealed cards build up in its ``pile``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.core.prompt import Prompt
from games.core.sealed import SealedRound
from games.core.taps import TapRound
from games.core.turns import Turn
from games.racesmack.cards import DECK, Card
from games.racesmack.moves import PlayCard
from games.racesmack.options import Options

# The kinds of question (``Prompt.kind``), in the game's words.
PLACE, LOSE, PENALTY = "place", "lose", "penalty"


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    hand: tuple[Card, ...] = ()
    race: tuple[Card, ...] = ()  # left end first
    pile: tuple[Card, ...] = ()  # After You: the cards revealed before it and not yet won, top last
    playing: bool = True  # False once the player has resigned
    cursed: bool = False  # Time Penalty "TIES": incorrect next round if several cards are correct
    # The ids of the cards this player held in hand: it can follow them wherever they go, and is shown
    # them by id; any other copy it sees only by its kind (owner ruling: copies are interchangeable).
    followed: frozenset[int] = frozenset()

    @property
    def rules_card(self) -> Card | None:
        return next((card for card in self.race if card.rules is not None), None)

    def holds(self, card_id: int) -> Card | None:
        return next((card for card in self.hand if card.id == card_id), None)


@dataclass(frozen=True, slots=True)
class Ask:
    """A question open to one seat; ``cards``: the cards to place, or ``count`` cards still to lose."""

    prompt: Prompt[Any]
    cards: tuple[Card, ...] = ()
    count: int = 0
    hand: bool = False  # losing from the hand (Time Penalty), not the Race
    keep: int | None = None  # placing: the won Rules Card a Race holding none keeps when silent

    @property
    def seat(self) -> int:
        return self.prompt.seat

    @property
    def kind(self) -> str:
        return self.prompt.kind


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    seats: int
    players: tuple[Player, ...]
    draw_pile: tuple[Card, ...] = ()  # top first
    discards: tuple[Card, ...] = ()  # lost and unclaimed cards, out of the game, face up
    # Cards out of the game face down (Rulings 19 and 20), each with the one seat that knows it (None:
    # nobody, from a blind pile).
    face_down: tuple[tuple[int | None, Card], ...] = ()
    racing: tuple[Card, ...] = ()  # Racing Rules: the set-aside Rules Cards, in reveal order
    racing_rule: Card | None = None  # Racing Rules: this round's default rule
    started: bool = False
    round: int = 0  # rounds opened so far
    choosing: SealedRound[PlayCard] | None = None
    turn: Turn | None = None  # After You: whose turn it is to reveal a card
    # The played cards still on the table: (seat, card), by seat. After You: the top card of each pile.
    row: tuple[tuple[int, Card], ...] = ()
    taps: TapRound | None = None
    asks: tuple[Ask, ...] = ()
    rule: int | None = None  # the last judged round's Rules Card in effect (None: the default rule)
    correct: tuple[int, ...] = ()  # the last judged round's correct cards
    correct_seats: tuple[int, ...] = ()  # the seats that played them
    # The tap round's targets are the seats whose played card is tapped (older matches: card ids).
    taps_by_seat: bool = False
    right: tuple[int, ...] = ()  # the last judged round's correct tappers, fastest first
    over: bool = False
    winners: tuple[int, ...] = ()
    reason: str | None = None

    @property
    def running(self) -> bool:
        return self.started and not self.over

    def playing(self) -> tuple[int, ...]:
        return tuple(player.seat for player in self.players if player.playing)

    def ask_of(self, seat: int | None) -> Ask | None:
        return next((ask for ask in self.asks if ask.seat == seat), None)

    def tapped(self, target: int) -> tuple[int, Card] | None:
        """The played card a tap's ``target`` names, with the seat that played it."""
        if self.taps_by_seat:
            return next((entry for entry in self.row if entry[0] == target), None)
        return next((entry for entry in self.row if entry[1].id == target), None)

    def target(self, seat: int) -> int | None:
        """The tap target naming the card ``seat`` played (None: it has none on the table)."""
        card = dict(self.row).get(seat)
        return None if card is None else seat if self.taps_by_seat else card.id


def invariants(state: State) -> tuple[str, ...]:
    """What must hold at every version of a match; returns the violations found (none, normally)."""
    problems: list[str] = []
    if state.started:
        cards = [card for player in state.players for card in (*player.hand, *player.race, *player.pile)]
        cards += [*state.draw_pile, *state.discards, *state.racing, *(card for _, card in state.face_down)]
        cards += [card for seat, card in state.row if not state.players[seat].pile]
        if len(cards) != len(DECK) or Counter(card.id for card in cards).keys() != {card.id for card in DECK}:
            problems.append(f"{len(cards)} cards in play ({len(set(cards))} different), not the {len(DECK)}")
    for player in state.players:
        if sum(1 for card in player.race if card.rules is not None) > 1:
            problems.append(f"seat {player.seat}'s Race holds more than one Rules Card")
    if len({ask.seat for ask in state.asks}) != len(state.asks):
        problems.append("a seat has two questions open at once")
    if state.over and (state.asks or state.taps is not None or state.choosing is not None or state.turn):
        problems.append("the match is over but a round is still open")
    return tuple(problems)
