"""The checks ``decide`` and ``legal_moves`` share: who may move, and whether a move is allowed now.

Each check returns a ``Rejected`` with a stable code and a sentence for the player, or ``None``.
"""

from __future__ import annotations

from typing import Any

from games.core.decisions import Codes, Rejected
from games.core.seats import player_at
from games.racesmack.moves import (
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
from games.racesmack.state import LOSE, PLACE, Ask, State


class Code(Codes):
    NOT_IN_HAND = "NOT_IN_HAND"
    NOT_ASKED = "NOT_ASKED"
    NO_CARD_THERE = "NO_CARD_THERE"


Answer = PlaceCard | PlaceCards | LoseCard | LoseRaceCard | ChoosePenalty


def gate(state: State, seat: int | None) -> int | Rejected:
    """``seat``, when the match is running and its player is still in it, else why not."""
    player = player_at(state, seat)
    return player if isinstance(player, Rejected) else player.seat


def check(state: State, seat: int, move: Any) -> Rejected | None:
    match move:
        case PlayCard(card=card):
            return _play(state, seat, card)
        case RevealCard():
            return _reveal(state, seat)
        case Tap(seat=owner):
            if state.taps is None:
                return Rejected(Code.ROUND_CLOSED, "There is nothing to tap now.")
            target = state.target(owner)
            if target is None:
                return Rejected(Code.NO_CARD_THERE, f"Seat {owner} has no played card on the table.")
            return state.taps.check(seat, target)
        case PlaceCard() | PlaceCards() | LoseCard() | LoseRaceCard() | ChoosePenalty():
            return _answer(state, seat, move)
    return Rejected(Code.UNKNOWN_MOVE, "That is not a Racesmack move.")


def candidates(state: State, seat: int) -> tuple[Move, ...]:
    """Every move that might be legal for ``seat`` now; ``legal_moves`` keeps those ``check`` allows."""
    ask = state.ask_of(seat)
    if ask is not None:
        return tuple(_answering(ask, option) for option in ask.prompt.options)
    if state.taps is not None and not state.taps.closed:
        return tuple(Tap(owner) for owner, _ in state.row)
    if state.turn is not None:
        return (RevealCard(),)
    return tuple(PlayCard(card.id) for card in state.players[seat].hand)


def _play(state: State, seat: int, card: int) -> Rejected | None:
    choosing = state.choosing
    if choosing is None or state.taps is not None or state.asks:
        return Rejected(Code.ROUND_CLOSED, "It is not time to play a card.")
    problem = choosing.check(seat)
    if problem is not None:
        return problem
    if state.players[seat].holds(card) is None:
        return Rejected(Code.NOT_IN_HAND, f"Card {card} is not in your hand.")
    return None


def _reveal(state: State, seat: int) -> Rejected | None:
    """After You: only the player whose turn it is reveals, and not while a smash is under way."""
    turn = state.turn
    if turn is None or (state.taps is not None and not state.taps.closed) or state.asks:
        return Rejected(Code.ROUND_CLOSED, "It is not time to reveal a card.")
    if turn.seat != seat:
        return Rejected(Code.NOT_YOUR_TURN, "It is not your turn to reveal a card.")
    return None


def _answer(state: State, seat: int, move: Answer) -> Rejected | None:
    ask = state.ask_of(seat)
    if ask is None or not isinstance(move, _answers(ask)):
        return Rejected(Code.NOT_ASKED, "Nobody asked you that.")
    return ask.prompt.check(seat, answer_of(move))


def _answers(ask: Ask) -> tuple[type, ...]:
    """The moves that answer ``ask``: a won card or the rest laid, a Race card (by its position, for
    copies are alike in a Race) or a hand card (by its id) lost, a penalty."""
    if ask.kind == PLACE:
        return (PlaceCard, PlaceCards)
    if ask.kind == LOSE:
        return (LoseCard,) if ask.hand else (LoseRaceCard,)
    return (ChoosePenalty,)


def _answering(ask: Ask, option: Any) -> Move:
    if ask.kind == PLACE:
        return PlaceCard(*option) if isinstance(option, tuple) else PlaceCards(option)
    if ask.kind == LOSE:
        return LoseCard(option) if ask.hand else LoseRaceCard(option)
    return ChoosePenalty(option)


def answer_of(move: Answer) -> Any:
    """What a move answers a question with: a position and an end, an end, a hand card's id, a Race
    card's position, a penalty."""
    match move:
        case PlaceCard(position=position, end=end):
            return position, end
        case PlaceCards(end=end):
            return end
        case LoseCard(card=card):
            return card
        case LoseRaceCard(position=position):
            return position
    return move.penalty
