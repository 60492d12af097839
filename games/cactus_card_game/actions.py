"""Action cards: playing one (it opens a STOP window) and what it does once its window closes.

Ruling 4: effects resolve only when the window closes with an even number of STOPs (none counts).
That is what makes "cannot be STOPPED after the hands have been swapped / the hand has been looked at /
a card has been taken / the card has been given / cards have been drawn" hold: nothing happens until
no STOP can come any more. Ruling 6: a stopped action does nothing and the turn goes on.
"""

from __future__ import annotations

from games.cactus_card_game.cards import DRAW_3_CARDS, Kind, cards_by_kind
from games.cactus_card_game.events import (
    ActionPlayed,
    CardStolen,
    CardTaken,
    HandShown,
    HandShuffled,
    HandsSwapped,
    PointStolen,
    RequestAnswered,
)
from games.cactus_card_game.moves import (
    Move,
    PlayFreePoint,
    PlayRequestACard,
    PlaySeeAndSteal,
    PlayStealACard,
    PlayStealAPoint,
    PlaySwapHands,
)
from games.cactus_card_game.state import SEE_AND_STEAL, Action, Choice, State
from games.cactus_card_game.turns import draw, earn, end_turn, scored
from games.core.chance import Chance
from games.core.deadlines import seconds_after
from games.core.reaction import WindowOpened
from games.core.turns import Story


def play(story: Story[State], seat: int, move: Move) -> None:
    """Ruling 5: the card goes face up onto the discard pile at once, stopped or not. Ruling 4: the
    window opens to every other player still in the match, whether or not they hold a STOP."""
    kind, targets, requested = _aim(move)
    state = story.state
    card = state.players[seat].first(kind)
    if card is None:
        raise ValueError("the checks guarantee the card is in hand")
    story.tell(ActionPlayed(seat, card, targets, requested))
    state = story.state
    deadline = seconds_after(story.at, state.options.stop_seconds)
    story.tell(WindowOpened(f"play-{state.plays}", seat, frozenset(state.playing()), deadline))


def _aim(move: Move) -> tuple[Kind, tuple[int, ...], Kind | None]:
    match move:
        case PlayFreePoint():
            return Kind.FREE_POINT, (), None
        case PlayStealAPoint(victim=victim):
            return Kind.STEAL_A_POINT, (victim,), None
        case PlaySwapHands(first=first, second=second):
            return Kind.SWAP_HANDS, (first, second), None
        case PlaySeeAndSteal(victim=victim):
            return Kind.SEE_AND_STEAL, (victim,), None
        case PlayStealACard(victim=victim):
            return Kind.STEAL_A_CARD, (victim,), None
        case PlayRequestACard(victim=victim, kind=kind):
            return Kind.REQUEST_A_CARD, (victim,), Kind(kind)
    return Kind.DRAW_3, (), None


def resolve(story: Story[State], action: Action, cancelled: bool, chance: Chance) -> None:
    """What ``action`` does now that its window has closed (nothing when it was stopped)."""
    if cancelled or story.state.over:
        return
    seat = action.seat
    match action.kind:
        case Kind.FREE_POINT:
            earn(story, seat, 1, "free point", chance)
        case Kind.STEAL_A_POINT:
            _steal_a_point(story, seat, action.victim, chance)
        case Kind.SWAP_HANDS:
            _swap_hands(story, *action.targets)
        case Kind.SEE_AND_STEAL:
            _see(story, seat, action.victim)
        case Kind.STEAL_A_CARD:
            _shuffle(story, seat, action.victim, chance)
        case Kind.REQUEST_A_CARD:
            _request(story, seat, action)
        case Kind.DRAW_3:
            draw(story, seat, DRAW_3_CARDS, chance)
            end_turn(story, "draw 3", chance)


def _steal_a_point(story: Story[State], seat: int, victim: int, chance: Chance) -> None:
    """Ruling 14: the point moves to the thief, whose turn ends (or who wins); Ruling 18: a victim
    who has left the match keeps its points."""
    target = story.state.players[victim]
    if target.playing and target.points:
        story.tell(PointStolen(seat, victim))
        scored(story, seat, chance)


def _swap_hands(story: Story[State], first: int, second: int) -> None:
    """Ruling 15: the hands swap and the turn goes on; a player who has left has no hand to swap."""
    players = story.state.players
    if players[first].playing and players[second].playing:
        story.tell(HandsSwapped(first, second))


def _see(story: Story[State], seat: int, victim: int) -> None:
    """Ruling 11: the victim's hand is shown to the actor alone, in kind order (the order it is held in
    stays secret), and the actor then picks a kind."""
    state = story.state
    hand = cards_by_kind(state.players[victim].hand)
    if hand:
        story.tell(HandShown(seat, victim, hand, seconds_after(story.at, state.options.choice_seconds)))


def _shuffle(story: Story[State], seat: int, victim: int, chance: Chance) -> None:
    """Ruling 12: the victim's hand is shuffled face down (seeded), then the actor picks a position."""
    state = story.state
    hand = state.players[victim].hand
    if hand:
        deadline = seconds_after(story.at, state.options.choice_seconds)
        story.tell(HandShuffled(seat, victim, len(hand), chance.shuffle(hand), deadline))


def _request(story: Story[State], seat: int, action: Action) -> None:
    """Ruling 13: the server plays the honour system: the victim's first card of the kind asked for,
    if any, is handed over, in front of everyone."""
    requested = action.requested
    if requested is None:
        raise ValueError("a Request a Card always names a kind")
    given = story.state.players[action.victim].first(requested)
    story.tell(RequestAnswered(seat, action.victim, requested, given))


def take(story: Story[State], answer: int | str) -> None:
    """The actor's pick for an open See and Steal (a kind: the server hands over a copy of it) or Steal
    a Card (a position)."""
    state = story.state
    choice = state.choice
    if choice is None:
        raise ValueError("the checks guarantee an open choice")
    seat = choice.prompt.seat
    if choice.kind == SEE_AND_STEAL:
        card = next(card for card in choice.cards if card.kind.value == answer)
        story.tell(CardTaken(seat, choice.victim, card))
    else:
        story.tell(CardStolen(seat, choice.victim, int(answer), choice.cards[int(answer)]))


def on_silence(choice: Choice, chance: Chance) -> int | str:
    """Rulings 11 and 12: silence at See and Steal takes a card of the hand shown drawn by chance (no
    kind favoured by its place); at Steal a Card, the first position of a hand already shuffled."""
    if choice.kind == SEE_AND_STEAL:
        return chance.pick(choice.cards).kind.value
    return choice.prompt.default
