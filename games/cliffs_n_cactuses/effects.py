"""What one trigger of a special does, aimed: the events it tells (the rulebook's Special Cards).

Vaporize discards its card; Flip turns it upside down; Gift sends a card of the revealer's queue to the
end of the target racer's queue; Swap exchanges two cards, each keeping the other's place; Steal brings
the target racer's card to the end of the revealer's queue; Draw takes two cards into the revealer's
hand, from the top of the deck or at random from the target racer's hand (Ruling 8). An "empty card",
or a card that is not there, is a miss (Ruling 7).
"""

from __future__ import annotations

from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.cards import Kind
from games.cliffs_n_cactuses.piles import draw_from_deck
from games.cliffs_n_cactuses.state import Aim, Lifted, Spot, State
from games.core.chance import Chance
from games.core.turns import Story


def act(story: Story[State], lifted: Lifted, aim: Aim | None, chance: Chance) -> None:
    """Tell what the lifted special does at ``aim`` (None: it found nothing to act on), then that the
    trigger is done."""
    missed = _missed(story.state, lifted, aim)
    if missed is not None:
        story.tell(ev.Missed(lifted.seat, missed))
    else:
        assert aim is not None
        _perform(story, lifted, aim, chance)
    story.tell(ev.TriggerResolved(lifted.seat))


def _real(spot: Spot | None) -> bool:
    return spot is not None and spot.index is not None


def _missed(state: State, lifted: Lifted, aim: Aim | None) -> str | None:
    """Why this trigger does nothing, or None when it acts."""
    if aim is None:
        return "no card to aim at"
    kind = lifted.placed.face.kind
    if kind in (Kind.VAPORIZE, Kind.FLIP, Kind.GIFT) and not _real(aim.card):
        return "the empty card"
    if kind is Kind.STEAL and not _real(aim.their):
        return "the empty card"
    if kind is Kind.SWAP and (aim.card == aim.their or not (_real(aim.card) or _real(aim.their))):
        return "nothing to swap"
    if kind is Kind.DRAW and aim.racer is not None:
        if aim.racer == lifted.seat:
            return "your own hand"
        if not state.racers[aim.racer].hand:
            return "an empty hand"
    return None


def _perform(story: Story[State], lifted: Lifted, aim: Aim, chance: Chance) -> None:
    state = story.state
    face = lifted.placed.face
    match face.kind:
        case Kind.VAPORIZE:
            assert aim.card is not None and aim.card.index is not None
            card = state.racers[aim.card.seat].queue[aim.card.index].card
            story.tell(ev.Vaporized(aim.card, card))
        case Kind.FLIP:
            assert aim.card is not None
            story.tell(ev.CardFlipped(aim.card))
        case Kind.GIFT:
            assert aim.card is not None and aim.racer is not None
            story.tell(ev.CardMoved(aim.card, aim.racer))
        case Kind.SWAP:
            assert aim.card is not None and aim.their is not None
            story.tell(ev.CardsSwapped(aim.card, aim.their))
        case Kind.STEAL:
            assert aim.their is not None
            story.tell(ev.CardMoved(aim.their, lifted.seat))
        case Kind.DRAW:
            if aim.racer is None:
                draw_from_deck(story, lifted.seat, face.count, chance)
            else:
                hand = state.racers[aim.racer].hand
                taken = chance.shuffle(hand)[: face.count]
                story.tell(ev.HandRaided(lifted.seat, aim.racer, len(taken), taken))
