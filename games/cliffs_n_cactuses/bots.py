"""Computer racers. They see only their own seat's ``CliffsNCactusesView`` and the legal moves.

The heuristic racer plays as the issue's players would expect: Bonuses on itself, Sabotages on the
racer farthest down (the leader, if that is not itself), multipliers on itself after a Bonus of its own,
and specials on itself (their revealer, the queue's racer, chooses where an ANY goes). Then it draws,
long before the Race phase's deadline. Asked for a target, it takes the one that helps it most by what
is face up; at the last call it plays Larry only when another racer is about to win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.cliffs_n_cactuses.cards import CARDS, Face, Kind
from games.cliffs_n_cactuses.moves import ChooseTarget, Draw, KeepLarry, PlayCard, PlayLarry, Throw
from games.cliffs_n_cactuses.state import Aim, Spot
from games.cliffs_n_cactuses.views import CliffsNCactusesView
from games.core.chance import Chance

DESPERATE_M = 400  # another racer this close to the bottom: time for Larry


class HeuristicBot:
    name = "heuristic"

    def choose(self, view: Any, legal: Sequence[Any], chance: Chance) -> Any:
        assert isinstance(view, CliffsNCactusesView) and view.seat is not None
        throws = [move for move in legal if isinstance(move, Throw)]
        if throws:
            return chance.pick(throws)
        targets = [move for move in legal if isinstance(move, ChooseTarget)]
        if targets:  # equal worth: the stream picks, so no seat is everyone's victim (Ruling 9)
            return chance.best(targets, key=lambda move: _worth(view, move.option))
        rival = _rival(view, chance)
        plays = [move for move in legal if isinstance(move, PlayCard)]
        wanted = [move for move in plays if _wanted(view, move, rival)]
        if wanted:
            return wanted[0]
        if any(isinstance(move, Draw) for move in legal):
            return Draw()
        larry = _larry(view, legal, rival)
        if larry is not None:
            return larry
        if KeepLarry() in legal:
            return KeepLarry()
        return chance.pick(legal)


def _rival(view: CliffsNCactusesView, chance: Chance) -> int | None:
    """The racer farthest down other than this one (among equals, the stream picks: Ruling 9)."""
    others = [racer for racer in view.racers if racer.playing and racer.seat != view.seat]
    return chance.best(others, key=lambda racer: -racer.position).seat if others else None


def _wanted(view: CliffsNCactusesView, move: PlayCard, rival: int | None) -> bool:
    face = CARDS[move.card].printed
    if face.kind is Kind.SABOTAGE:
        return move.racer == rival
    if face.kind is Kind.MULTIPLIER:
        own = [card for card in view.hand if card.printed.kind is Kind.BONUS]
        return move.racer == view.seat and not own  # after its Bonuses are down
    return move.racer == view.seat


def _larry(view: CliffsNCactusesView, legal: Sequence[Any], rival: int | None) -> PlayLarry | None:
    """At the last call, Larry on the racer about to win (a gamble: he may hurt, or help)."""
    if not view.last_call:
        return None
    if rival is None or view.racers[rival].position > DESPERATE_M:
        return None
    move = PlayLarry(rival)
    return move if move in legal else None


def _face_at(view: CliffsNCactusesView, spot: Spot | None) -> Face | None:
    if spot is None or spot.index is None:
        return None
    placed = view.racers[spot.seat].queue[spot.index]
    return (
        None
        if placed.card is None
        else placed.card.printed.flipped()
        if placed.flipped
        else placed.card.printed
    )


def _value(view: CliffsNCactusesView, spot: Spot | None) -> int:
    """What the face-up card at ``spot`` is worth to this racer where it lies: a Bonus in its own
    queue, or a Sabotage in another's, is good for it."""
    face = _face_at(view, spot)
    if face is None or spot is None or face.kind not in (Kind.BONUS, Kind.SABOTAGE):
        return 0
    mine = spot.seat == view.seat
    good = (face.kind is Kind.BONUS) == mine
    return face.metres if good else -face.metres


def _worth(view: CliffsNCactusesView, option: int) -> int:
    """How much aim ``option`` of the lifted special helps this racer, by what is face up."""
    assert view.question is not None and view.lifted is not None
    aim: Aim = view.question.aims[option]
    kind = view.lifted.card.printed.kind
    match kind:
        case Kind.VAPORIZE:
            return -_value(view, aim.card)
        case Kind.STEAL:
            face = _face_at(view, aim.their)
            if face is None or face.kind not in (Kind.BONUS, Kind.SABOTAGE):
                return 0
            return face.metres if face.kind is Kind.BONUS else -face.metres
        case Kind.GIFT:
            return -_value(view, aim.card)
        case Kind.SWAP:
            return _value(view, aim.their) * -1 - _value(view, aim.card)
    return 0
