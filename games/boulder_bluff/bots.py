"""Computer players. They see only their own seat's ``BoulderBluffView`` and the legal moves.

The heuristic player climbs boulders its hand can win, joins climbs it expects to win, shows one good
card and bluffs with the rest face down, and cancels the best card it sees with Boar Assault.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.boulder_bluff.cards import Boulder, Card
from games.boulder_bluff.moves import (
    CancelNothing,
    CancelValue,
    ChalkUp,
    ClimbBoulder,
    Join,
    PlaceInjury,
    PlayCard,
    Prep,
    Stay,
    StayOff,
    Withdraw,
)
from games.boulder_bluff.views import BoulderBluffView, ClimbView
from games.core.chance import Chance

GUESS_FACE_DOWN = 2  # what a face-down card of another climber is guessed to add
PREP_UNTIL = 7  # the heuristic preps while its hand is smaller and no boulder is within reach


def strength(cards: Sequence[Card], boulder: Boulder) -> int:
    """The Raw Strength ``cards`` would give on ``boulder``."""
    return sum(card.value or 0 for card in cards if set(card.colours) & set(boulder.colours))


def _rivals(climb: ClimbView, seat: int | None) -> int:
    """The best strength another climber shows, its face-down cards guessed."""
    shown = [
        strength(c.face_up, climb.boulder) + sum(c.chalk) + GUESS_FACE_DOWN * c.face_down_count
        for c in climb.climbers
        if c.seat != seat
    ]
    return max(shown, default=0)


class HeuristicBot:
    name = "heuristic"

    def choose(self, view: BoulderBluffView, legal: Sequence[Any], chance: Chance) -> Any:
        first = legal[0]
        if isinstance(first, Stay | Withdraw):
            return self._snake(view, legal)
        if isinstance(first, CancelValue | CancelNothing):
            return self._boar(view, legal, chance)
        if isinstance(first, PlaceInjury):
            return self._injury(view, legal, chance)
        if isinstance(first, Join | StayOff):
            return self._join(view, legal)
        if any(isinstance(move, PlayCard | ChalkUp) for move in legal):
            return self._play(view, legal, chance)
        return self._turn(view, legal, chance)

    def _turn(self, view: BoulderBluffView, legal: Sequence[Any], chance: Chance) -> Any:
        """Ties between boulders are drawn by chance, never the row's order."""
        climbs = [move for move in legal if isinstance(move, ClimbBoulder)]
        by_number = {boulder.number: boulder for boulder in view.row}
        reachable = [
            move
            for move in climbs
            if strength(view.hand, by_number[move.boulder]) >= by_number[move.boulder].points - 1
        ]
        if reachable:
            return chance.best(reachable, key=lambda move: by_number[move.boulder].points)
        if len(view.hand) < PREP_UNTIL or not climbs:
            return Prep()
        return chance.best(climbs, key=lambda move: strength(view.hand, by_number[move.boulder]))

    def _play(self, view: BoulderBluffView, legal: Sequence[Any], chance: Chance) -> Any:
        """One strong card face up (a tie drawn by chance), the other useful cards and a bluff face
        down, then chalk."""
        climb = view.climb
        if climb is None:
            return legal[0]
        mine = next(c for c in climb.climbers if c.seat == view.seat)
        hand = {card.number: card for card in view.hand}
        useful = sorted(
            (card for card in view.hand if set(card.colours) & set(climb.boulder.colours)),
            key=lambda card: -(card.value or 0),
        )
        if not mine.face_up and useful:
            strongest = chance.best(useful, key=lambda card: card.value or 0)
            if PlayCard(strongest.number, False) in legal:
                return PlayCard(strongest.number, False)
        for card in useful:
            if PlayCard(card.number, True) in legal:
                return PlayCard(card.number, True)
        bluffs = [c for c in view.hand if c.animal is not None or not c.value]
        if mine.face_down_count < 2 and bluffs and PlayCard(bluffs[0].number, True) in legal:
            return PlayCard(bluffs[0].number, True)
        if ChalkUp() in legal:
            return ChalkUp()
        face_up = [m for m in legal if isinstance(m, PlayCard) and not m.face_down and m.card in hand]
        return face_up[0] if face_up else legal[0]

    def _join(self, view: BoulderBluffView, legal: Sequence[Any]) -> Any:
        climb = view.climb
        if climb is None:
            return StayOff()
        mine = strength(view.hand, climb.boulder)
        return Join() if mine > _rivals(climb, view.seat) and Join() in legal else StayOff()

    def _snake(self, view: BoulderBluffView, legal: Sequence[Any]) -> Any:
        climb = view.climb
        if climb is None:
            return Stay()
        mine = next((c for c in climb.climbers if c.seat == view.seat), None)
        if mine is None:
            return Stay()
        ours = strength((*mine.face_up, *(mine.hidden or ())), climb.boulder) + sum(mine.chalk)
        return Stay() if ours >= _rivals(climb, view.seat) else Withdraw()

    def _injury(self, view: BoulderBluffView, legal: Sequence[Any], chance: Chance) -> Any:
        """The variant: on a boulder whose title colour the row shows least (the fatigue it adds
        weighs on the fewest climbs in sight; a tie drawn by chance)."""
        titles = {b.number: b.title for p in view.players for claim in p.claimed for b in (claim.boulder,)}
        seen = [b.title for b in view.row]
        return chance.best(
            legal, key=lambda move: -seen.count(titles[move.boulder]) if move.boulder in titles else 0
        )

    def _boar(self, view: BoulderBluffView, legal: Sequence[Any], chance: Chance) -> Any:
        """The rival card that adds the most on this boulder (a tie drawn by chance); with none,
        nothing (never its own card, Ruling 13)."""
        climb = view.climb
        theirs = {
            card.number: card
            for c in (climb.climbers if climb is not None else ())
            if c.seat != view.seat
            for card in (*c.face_up, *(c.hidden or ()), *c.added)
        }
        options = [move for move in legal if isinstance(move, CancelValue) and move.card in theirs]
        if climb is None or not options:
            return CancelNothing() if CancelNothing() in legal else legal[0]
        return chance.best(options, key=lambda move: strength((theirs[move.card],), climb.boulder))
