"""``evolve``: apply one fact to the table. No rules here; every decision was made in ``rules``.

Events are applied in full: the public forms of secret events lack the cards and are for viewers, not
for folding. A card going into a hand is marked seen by whoever sees it go there (``Player.seen``).
"""

from __future__ import annotations

from typing import Any, TypeVar

from games.cactus_card_game.cards import Card, by_kind
from games.cactus_card_game.events import (
    ActionPlayed,
    CardsDrawn,
    CardsShuffled,
    CardStolen,
    CardTaken,
    DrawPileRefilled,
    FirstPlayerDrawn,
    HandDealt,
    HandShown,
    HandShuffled,
    HandsSwapped,
    MatchEnded,
    PointsEarned,
    PointStolen,
    RequestAnswered,
    Resigned,
    SetPlayed,
    StopPlayed,
    TurnClockResumed,
    TurnClockStopped,
    TurnLimitReached,
)
from games.cactus_card_game.state import SEE_AND_STEAL, STEAL_A_CARD, Action, Choice, Player, State
from games.core.frozen import replacer
from games.core.prompt import Prompt
from games.core.reaction import Left, Passed, Reacted, ReactionWindow, WindowClosed, WindowOpened
from games.core.turns import Turn, TurnEnded, TurnStarted
from games.core.visibility import Event

T = TypeVar("T")


replace_state = replacer(State)
replace_player = replacer(Player)
replace_turn = replacer(Turn)


def evolve(state: State, event: Event) -> State:
    match event:
        case CardsShuffled(pile=pile):
            return replace_state(state, started=True, draw_pile=_known(pile))
        case HandDealt(seat=seat, cards=cards):
            dealt = frozenset(_known(cards))
            pile = tuple(card for card in state.draw_pile if card not in dealt)
            return replace_state(
                state, players=_changed(state, seat, _received(state, seat, _known(cards))), draw_pile=pile
            )
        case TurnStarted(seat=seat):
            players = _changed(state, seat, {"turns": state.players[seat].turns + 1})
            return replace_state(state, players=players, turn=Turn.started(event), clock=None)
        case TurnClockStopped(left=left):
            return replace_state(state, turn=replace_turn(_known(state.turn), deadline=None), clock=left)
        case TurnClockResumed(deadline=deadline):
            return replace_state(state, turn=replace_turn(_known(state.turn), deadline=deadline), clock=None)
        case CardsDrawn(seat=seat, count=count, cards=cards):
            players = _changed(state, seat, _received(state, seat, _known(cards)))
            return replace_state(state, players=players, draw_pile=state.draw_pile[count:])
        case DrawPileRefilled(pile=pile):
            return _refilled(state, _known(pile))
        case ActionPlayed(seat=seat, card=card, targets=targets, requested=requested):
            state = _played(state, seat, (card,))
            return replace_state(state, action=Action(seat, card, targets, requested), plays=state.plays + 1)
        case WindowOpened():
            # Ruling 21: a player who let the card stand may still STOP it while the window is open.
            window = ReactionWindow.opened(event, _known(state.action), reactions_after_pass=True)
            return replace_state(state, window=window)
        case Reacted() | Passed() | Left():
            return replace_state(state, window=_known(state.window).apply(event))
        case WindowClosed():
            return replace_state(state, window=None, action=None)
        case StopPlayed(seat=seat, card=card):
            return _played(state, seat, (card,))
        case SetPlayed(seat=seat, cards=cards):
            return _played(state, seat, cards)
        case PointsEarned(seat=seat, points=points):
            players = _changed(state, seat, {"points": state.players[seat].points + points})
            return replace_state(state, players=players, point_pile=state.point_pile - points)
        case PointStolen(seat=seat, victim=victim):
            state = replace_state(
                state, players=_changed(state, victim, {"points": state.players[victim].points - 1})
            )
            return replace_state(
                state, players=_changed(state, seat, {"points": state.players[seat].points + 1})
            )
        case HandsSwapped(first=first, second=second):
            return _swapped(state, first, second)
        case HandShown():
            return _shown(state, event)
        case HandShuffled(seat=seat, victim=victim, size=size, order=order, deadline=deadline):
            positions: tuple[int | str, ...] = tuple(range(size))
            prompt = Prompt(_choice_key(state), seat, STEAL_A_CARD, positions, 0, deadline)
            return replace_state(state, choice=Choice(prompt, victim, _known(order)))
        case CardTaken(seat=seat, victim=victim, card=card) | CardStolen(seat=seat, victim=victim, card=card):
            state = _handed(state, victim, seat, _known(card))
            state = replace_state(
                state, players=_changed(state, victim, {"taken": (seat, _known(card).kind)})
            )
            return replace_state(state, choice=None)
        case RequestAnswered(seat=seat, victim=victim, card=card) if card is not None:
            state = _handed(state, victim, seat, card)
            return replace_state(state, revealed=state.revealed | {card.number})
        case Resigned(seat=seat, hand=hand):
            return _resigned(state, seat, hand)
        case MatchEnded(winner=winner, reason=reason):
            return _ended(state, winner, () if winner is None else (winner,), reason)
        case TurnLimitReached(winners=winners):
            return _ended(state, winners[0] if len(winners) == 1 else None, winners, "turn limit")
        case FirstPlayerDrawn() | TurnEnded() | RequestAnswered():
            return state  # the next TurnStarted moves the turn on; an unmet request changes nothing
    raise ValueError(f"not a Cactus event: {event!r}")


def _changed(state: State, seat: int, changes: dict[str, Any]) -> tuple[Player, ...]:
    players = list(state.players)
    players[seat] = replace_player(players[seat], **changes)
    return tuple(players)


def _received(state: State, seat: int, cards: tuple[Card, ...]) -> dict[str, Any]:
    """``seat``'s hand and what it has seen, after ``cards`` went into its hand."""
    player = state.players[seat]
    return {"hand": player.hand + cards, "seen": player.seen | {card.number for card in cards}}


def _played(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    """``cards`` leave ``seat``'s hand face up onto the discard pile (the first one on top)."""
    numbers = {card.number for card in cards}
    hand = tuple(card for card in state.players[seat].hand if card.number not in numbers)
    return replace_state(
        state, players=_changed(state, seat, {"hand": hand}), discards=cards + state.discards
    )


def _handed(state: State, giver: int, taker: int, card: Card) -> State:
    hand = tuple(held for held in state.players[giver].hand if held.number != card.number)
    state = replace_state(state, players=_changed(state, giver, {"hand": hand}))
    return replace_state(state, players=_changed(state, taker, _received(state, taker, (card,))))


def _swapped(state: State, first: int, second: int) -> State:
    one, other = state.players[first].hand, state.players[second].hand
    state = replace_state(state, players=_changed(state, first, {"hand": ()}))
    state = replace_state(state, players=_changed(state, first, _received(state, first, other)))
    state = replace_state(state, players=_changed(state, second, {"hand": ()}))
    return replace_state(state, players=_changed(state, second, _received(state, second, one)))


def _shown(state: State, event: HandShown) -> State:
    """See and Steal: the actor has now seen the victim's cards, and picks one of them."""
    cards = _known(event.cards)
    kinds: tuple[int | str, ...] = tuple(
        dict.fromkeys(kind.value for kind in by_kind(card.kind for card in cards))
    )
    prompt = Prompt(_choice_key(state), event.seat, SEE_AND_STEAL, kinds, kinds[0], event.deadline)
    seen = state.players[event.seat].seen | frozenset(card.number for card in cards)
    players = _changed(state, event.seat, {"seen": seen})
    return replace_state(state, players=players, choice=Choice(prompt, event.victim, cards))


def _refilled(state: State, pile: tuple[Card, ...]) -> State:
    """The discards become the draw pile: nobody knows where those cards are any more."""
    numbers = frozenset(card.number for card in pile)
    players = tuple(replace_player(player, seen=player.seen - numbers) for player in state.players)
    return replace_state(
        state, players=players, draw_pile=pile, discards=(), revealed=state.revealed - numbers
    )


def _resigned(state: State, seat: int, hand: tuple[Card, ...]) -> State:
    players = _changed(state, seat, {"hand": (), "playing": False})
    choice = state.choice
    if choice is not None and seat in (choice.prompt.seat, choice.victim):
        choice = None  # Ruling 18: a choice involving a player who left is withdrawn
    return replace_state(state, players=players, discards=hand + state.discards, choice=choice)


def _ended(state: State, winner: int | None, winners: tuple[int, ...], reason: str) -> State:
    return replace_state(
        state,
        over=True,
        winner=winner,
        winners=winners,
        reason=reason,
        window=None,
        action=None,
        choice=None,
    )


def _choice_key(state: State) -> str:
    return f"choice-{state.plays}"


def _known(value: T | None) -> T:
    if value is None:
        raise ValueError("an event applied in full has every field")
    return value
