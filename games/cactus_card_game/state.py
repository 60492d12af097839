"""The table, as frozen data: hands, points, the three piles, the turn, an open STOP window or choice.

Hands keep the order cards arrived in; the draw and discard piles have their top card first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.cactus_card_game.cards import DECK, POINT_CARDS, Card, Kind, points_to_win
from games.cactus_card_game.options import Options
from games.core.prompt import Prompt
from games.core.reaction import ReactionWindow
from games.core.turns import TakesTurns, Turn


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    hand: tuple[Card, ...] = ()
    points: int = 0
    playing: bool = True  # False once the player has resigned
    turns: int = 0  # turns started in the whole match
    # Numbers of the cards this seat saw go into a hand (its own, or shown to it) since they were
    # last shuffled into the draw pile: what it may know of other hands (see ``views.secrets``).
    seen: frozenset[int] = frozenset()
    # The card See and Steal or Steal a Card last took from this hand, and who took it: the victim
    # watched it go, so its view shows it (owner ruling "what you may know, you see").
    taken: tuple[int, Kind] | None = None

    def holds(self, kind: Kind) -> bool:
        return any(card.kind is kind for card in self.hand)

    def first(self, kind: Kind) -> Card | None:
        """The first card of ``kind`` in hand order, if any."""
        return next((card for card in self.hand if card.kind is kind), None)


@dataclass(frozen=True, slots=True)
class Action:
    """An action card played and waiting for its STOP window to close."""

    seat: int
    card: Card
    targets: tuple[int, ...]  # the victim, or the two players to swap; () for the actor alone
    requested: Kind | None = None  # Request a Card: the kind asked for

    @property
    def kind(self) -> Kind:
        return self.card.kind

    @property
    def victim(self) -> int:
        return self.targets[0]


# The kinds of choice (``Prompt.kind``), in the game's words.
SEE_AND_STEAL = "see-and-steal"
STEAL_A_CARD = "steal-a-card"


@dataclass(frozen=True, slots=True)
class Choice:
    """See and Steal or Steal a Card, waiting on the actor's pick (the prompt) after its window.

    See and Steal offers the kinds in ``cards``, the victim's hand as shown (in kind order). Steal a
    Card offers positions in ``cards``, the victim's hand in its shuffled, face-down order.
    """

    prompt: Prompt[int | str]
    victim: int
    cards: tuple[Card, ...]

    @property
    def kind(self) -> str:
        return self.prompt.kind


@dataclass(frozen=True, slots=True)
class State(TakesTurns):
    options: Options
    seats: int
    players: tuple[Player, ...]
    draw_pile: tuple[Card, ...] = ()  # top first
    discards: tuple[Card, ...] = ()  # face up, top first
    point_pile: int = POINT_CARDS
    started: bool = False
    turn: Turn | None = None
    action: Action | None = None  # played, its window not yet closed
    window: ReactionWindow[Action] | None = None
    choice: Choice | None = None
    plays: int = 0  # action cards played so far: names windows and choices
    clock: int | None = None  # ms the turn had left when its clock stopped for a window or a pick
    revealed: frozenset[int] = frozenset()  # cards the whole table saw go into a hand
    over: bool = False
    winner: int | None = None
    winners: tuple[int, ...] = ()  # the winner, or the leaders sharing the win at the turn limit
    reason: str | None = None

    @property
    def running(self) -> bool:
        return self.started and not self.over

    @property
    def goal(self) -> int:
        return points_to_win(self.seats)

    def playing(self) -> tuple[int, ...]:
        """Seats still in the match."""
        return tuple(player.seat for player in self.players if player.playing)


def invariants(state: State) -> tuple[str, ...]:
    """What must hold at every version of a match; returns the violations found (none, normally)."""
    problems: list[str] = []
    if state.started:
        problems += _cards_conserved(state)
    points = state.point_pile + sum(player.points for player in state.players)
    if points != POINT_CARDS or state.point_pile < 0:
        problems.append(f"{points} points in play ({state.point_pile} in the pile), not {POINT_CARDS}")
    for player in state.players:
        if not player.playing and player.hand:
            problems.append(f"seat {player.seat} left the match but still holds cards")
    if state.running and (state.active is None or not state.players[state.active].playing):
        problems.append("the match is running but no player still in it has the turn")
    if state.window is not None and not state.window.waiting_on <= frozenset(state.playing()):
        problems.append("a STOP window waits on a player who left the match")
    if state.window is not None and state.choice is not None:
        problems.append("a STOP window and a choice are open at once")
    if state.over and (state.window is not None or state.choice is not None):
        problems.append("the match is over but a window or a choice is still open")
    return tuple(problems)


def _cards_conserved(state: State) -> list[str]:
    cards = [card for player in state.players for card in player.hand]
    cards += [*state.draw_pile, *state.discards]
    counts = Counter(cards)
    if len(cards) != len(DECK) or set(counts) != set(DECK):
        doubled = sorted(card.number or 0 for card, count in counts.items() if count > 1)
        return [f"{len(cards)} cards in play ({len(counts)} different, doubled: {doubled}), not the 90"]
    return []
