"""Computer players. They see only their own seat's ``CactusView`` and the legal moves.

Both answer a STOP window as soon as they are asked (the service schedules a bot when the match waits
on it), so a bot never lets a window's deadline pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.cactus_card_game.cards import CHARACTERS, Kind
from games.cactus_card_game.moves import (
    DrawCard,
    LetItStand,
    Move,
    PickCard,
    PlayDrawThree,
    PlayFreePoint,
    PlayRequestACard,
    PlaySeeAndSteal,
    PlaySet,
    PlayStealACard,
    PlayStealAPoint,
    PlaySwapHands,
    Stop,
    TakeCard,
)
from games.cactus_card_game.views import CactusView, CardView, PlayerView, WindowView
from games.core.chance import Chance
from games.core.spec import choose_wanted

# What a card is worth to the heuristic when it takes one: set material first, then the cards that
# earn or guard points.
WORTH = {
    Kind.WILD: 9,
    Kind.WALTER: 8,
    Kind.STEAL_A_POINT: 7,
    Kind.FREE_POINT: 7,
    Kind.SPIKE: 6,
    Kind.STOP: 5,
    Kind.CHARLIE: 4,
}
THEFTS = (Kind.STEAL_A_POINT, Kind.FREE_POINT)
SET_CHARACTERS = (Kind.WALTER, Kind.SPIKE, Kind.CHARLIE)  # best first


class HeuristicBot:
    """A sensible player: it completes sets, takes points and cards from the leader, and keeps its STOPs
    for points: a point stolen from itself, a point that would let a leader win, or its own point
    thefts when someone stops them. It lets every other card stand.

    In its turn, in order: the set worth most; Steal a Point from the leader; Free Point; See and Steal
    from the leader; Request a Card, from the player with most cards, for the character closest to a
    set; Steal a Card from the leader; swap its nearly empty hand for the biggest one; Draw 3;
    otherwise draw a card. Ties between players or cards are broken by chance, never by seat.
    """

    name = "heuristic"

    def choose(self, view: Any, legal: Sequence[Any], chance: Chance) -> Any:
        return choose_wanted(view, legal, chance, self._wanted, fallbacks=(LetItStand(), DrawCard()))

    def _wanted(self, view: CactusView, allowed: tuple[Move, ...], chance: Chance) -> Move | None:
        if view.choice is not None:
            if view.seen is not None:
                return TakeCard(_most_wanted(_kinds(view.seen.cards), _kinds(view.hand), chance).value)
            return PickCard(0)
        if view.window is not None:
            return _answer(view, view.window)
        return _turn(view, allowed, chance)


def _answer(view: CactusView, window: WindowView) -> Move:
    action = window.action
    if action.kind not in THEFTS:
        return LetItStand()
    me = view.seat
    thief = view.players[action.seat]
    hurts_me = action.kind is Kind.STEAL_A_POINT and action.targets == (me,)
    wins = thief.points + 1 >= view.goal
    # The actor answers a STOP of its own point with a STOP; the others stop a point that hurts.
    mine = action.seat == me
    wanted = not window.stands if mine else window.stands and (hurts_me or wins)
    return Stop(window.answers) if wanted else LetItStand()


def _turn(view: CactusView, allowed: tuple[Move, ...], chance: Chance) -> Move | None:
    sets = [move for move in allowed if isinstance(move, PlaySet)]
    if sets:
        return max(sets, key=lambda move: (CHARACTERS[Kind(move.character)], -move.wilds))
    others = [player for player in view.players if player.playing and player.seat != view.seat]
    thefts = [victim for victim in others if PlayStealAPoint(victim.seat) in allowed]
    if thefts:
        return PlayStealAPoint(_leader(thefts, chance))
    if PlayFreePoint() in allowed:
        return PlayFreePoint()
    holding = [victim for victim in others if victim.hand_size]
    seen = [victim for victim in holding if PlaySeeAndSteal(victim.seat) in allowed]
    if seen:
        return PlaySeeAndSteal(_leader(seen, chance))
    wanted = _wanted_character(_kinds(view.hand))
    asked = [victim for victim in holding if PlayRequestACard(victim.seat, wanted) in allowed]
    if asked:
        return PlayRequestACard(chance.best(asked, key=lambda player: player.hand_size).seat, wanted)
    stolen = [victim for victim in holding if PlayStealACard(victim.seat) in allowed]
    if stolen:
        return PlayStealACard(_leader(stolen, chance))
    richest = chance.best(others, key=lambda player: player.hand_size) if others else None
    me = view.seat if view.seat is not None else 0
    if richest is not None and len(view.hand) <= 2 and richest.hand_size >= len(view.hand) + 3:
        return PlaySwapHands(me, richest.seat)
    return PlayDrawThree() if PlayDrawThree() in allowed else DrawCard()


def _leader(players: list[PlayerView], chance: Chance) -> int:
    """The seat with most points among ``players``; a tie is broken by chance, not by seat."""
    return chance.best(players, key=lambda player: player.points).seat


def _kinds(cards: tuple[CardView, ...]) -> tuple[Kind, ...]:
    return tuple(card.kind for card in cards)


def _wanted_character(hand: tuple[Kind, ...]) -> str:
    """The character closest to a set in this hand (Wilds count for any), the best one on a tie."""
    wilds = hand.count(Kind.WILD)
    held = {kind: hand.count(kind) + wilds for kind in SET_CHARACTERS}
    return max(SET_CHARACTERS, key=lambda kind: (min(held[kind], 2), CHARACTERS[kind])).value


def _most_wanted(kinds: tuple[Kind, ...], hand: tuple[Kind, ...], chance: Chance) -> Kind:
    wanted = _wanted_character(hand)
    return chance.best(kinds, key=lambda kind: (kind.value == wanted, WORTH.get(kind, 1)))
