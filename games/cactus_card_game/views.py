"""What one viewer may see of the table: ``player_view(state, viewer)``, and what it must not learn.

Public: hand sizes, points, who is still playing, the pile sizes, the discard pile (face up), the open
STOP window and whose choice is open. Private: a player's own hand (to that player); the hand See and
Steal showed (to its actor, while the pick is open) and the options of an open choice (to the seat
choosing); the order of a hand fanned out for Steal a Card (to its victim). Nobody sees the draw pile's
order; an omniscient viewer (a finished match's full log) sees every hand.

Cards show as their kinds, never as the copy they are (Ruling 1), and a hand in kind order, never in the
order it was held (owner ruling "Order is a secret too").
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cactus_card_game.cards import Card, Kind, by_kind
from games.cactus_card_game.labels import NAMES
from games.cactus_card_game.state import SEE_AND_STEAL, STEAL_A_CARD, Action, Choice, Player, State
from games.core.moments import Millis
from games.core.visibility import Viewer


@dataclass(frozen=True, slots=True)
class CardView:
    """A card as the table sees it: its kind, never which copy it is (Ruling 1)."""

    kind: Kind

    @property
    def name(self) -> str:
        """The name printed on the card, e.g. "Free Point"."""
        return NAMES[self.kind]


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    hand_size: int
    points: int
    playing: bool  # False once the player has left the match
    turns: int  # turns started in the whole match (see the turn limit)
    hand: tuple[CardView, ...] | None  # the cards themselves, in kind order: omniscient viewers only


@dataclass(frozen=True, slots=True)
class ActionView:
    """The action card waiting on its STOP window."""

    kind: Kind
    seat: int  # who played it
    targets: tuple[int, ...]  # the victim, or the two players to swap
    requested: Kind | None  # Request a Card: the kind asked for


@dataclass(frozen=True, slots=True)
class WindowView:
    """An open STOP window. To STOP, send the STOP move with this window's answers."""

    action: ActionView
    stops: tuple[int, ...]  # the seats that played STOP, in order
    waiting_on: tuple[int, ...]  # who may still STOP or let it stand
    answers: int  # the link of the chain a STOP made now answers
    stands: bool  # whether the action card resolves if the window closed now
    deadline: Millis | None


@dataclass(frozen=True, slots=True)
class ChoiceView:
    """See and Steal or Steal a Card, waiting on the choosing seat's pick."""

    seat: int
    kind: str  # "see-and-steal" (the choosing seat sees ``kinds``) or "steal-a-card" (``options``)
    victim: int
    options: tuple[int, ...] | None  # Steal a Card: the positions; only the seat choosing sees them
    deadline: Millis | None
    kinds: tuple[Kind, ...] | None = None  # See and Steal: the kinds it may take, to the seat choosing
    fan: tuple[Kind, ...] | None = None  # Steal a Card: the shuffled hand in its order, to the victim


@dataclass(frozen=True, slots=True)
class SeenHand:
    """What See and Steal showed you: the victim's hand, while you pick the card to take."""

    victim: int
    cards: tuple[CardView, ...]  # in kind order


@dataclass(frozen=True, slots=True)
class TakenView:
    """The card See and Steal or Steal a Card last took from your hand, and who took it."""

    by: int
    kind: Kind


@dataclass(frozen=True, slots=True)
class CactusView:
    """The Cactus table as the caller may see it: your own hand, everyone's hand size and points, the
    discard pile, an open STOP window and who may still react. Nobody sees another player's hand or
    the draw pile's order until the match's full log is revealed."""

    seat: int | None  # who is looking (None: a spectator)
    started: bool
    hand: tuple[CardView, ...]  # your own hand, in kind order
    players: tuple[PlayerView, ...]
    draw_pile_size: int
    discards: tuple[CardView, ...]  # face up, top first
    point_pile_size: int  # point cards left
    goal: int  # points to win
    active: int | None  # whose turn it is
    turn: int
    deadline: Millis | None  # when the turn times out (None while its clock is stopped)
    window: WindowView | None
    choice: ChoiceView | None
    seen: SeenHand | None
    over: bool
    winner: int | None
    reason: str | None
    turn_limit: int | None
    clock_left: int | None = None  # ms the turn has left while its clock is stopped (Ruling 3)
    winners: tuple[int, ...] = ()  # who won: one player, or several sharing the win at the turn limit
    taken: TakenView | None = None  # the card last taken from your hand, to you alone


def player_view(state: State, viewer: Viewer) -> CactusView:
    own = state.players[viewer.seat] if viewer.seat is not None and 0 <= viewer.seat < state.seats else None
    return CactusView(
        seat=viewer.seat,
        started=state.started,
        hand=_kinds(own.hand) if own is not None else (),
        players=tuple(_player(player, viewer) for player in state.players),
        draw_pile_size=len(state.draw_pile),
        discards=tuple(CardView(card.kind) for card in state.discards),
        point_pile_size=state.point_pile,
        goal=state.goal,
        active=state.active,
        turn=state.turn_number,
        deadline=None if state.turn is None or state.over else state.turn.deadline,
        window=_window(state),
        choice=None if state.choice is None else _choice(state.choice, viewer),
        seen=_seen(state.choice, viewer),
        over=state.over,
        winner=state.winner,
        reason=state.reason,
        turn_limit=state.options.turn_limit,
        clock_left=state.clock,
        winners=state.winners,
        taken=None if own is None or own.taken is None else TakenView(*own.taken),
    )


def secrets(state: State, viewer: Viewer) -> tuple[Card, ...]:
    """The cards ``viewer`` must not be able to learn now (Ruling 20): the draw pile, and the cards in
    other players' hands except those it saw go there (its own, shown to it, or handed over in public)."""
    if viewer.omniscient or not state.started:
        return ()
    seen = state.revealed
    if viewer.seat is not None and 0 <= viewer.seat < state.seats:
        seen = seen | state.players[viewer.seat].seen
    hidden = [
        card
        for player in state.players
        if player.seat != viewer.seat
        for card in player.hand
        if card.number not in seen
    ]
    return (*state.draw_pile, *hidden)


def _kinds(cards: tuple[Card, ...]) -> tuple[CardView, ...]:
    """A hand as kinds in kind order: which copies it holds and the order it is held in stay secret."""
    return tuple(map(CardView, by_kind(card.kind for card in cards)))


def _player(player: Player, viewer: Viewer) -> PlayerView:
    hand = _kinds(player.hand) if viewer.omniscient else None
    return PlayerView(player.seat, len(player.hand), player.points, player.playing, player.turns, hand)


def _window(state: State) -> WindowView | None:
    window = state.window
    if window is None:
        return None
    return WindowView(
        action=_action(window.action),
        stops=window.reactions,
        waiting_on=tuple(sorted(window.waiting_on)),
        answers=window.chain,
        stands=not window.cancels,
        deadline=window.deadline,
    )


def _action(action: Action) -> ActionView:
    return ActionView(action.kind, action.seat, action.targets, action.requested)


def _choice(choice: Choice, viewer: Viewer) -> ChoiceView:
    """Rulings 11 and 12: the seat choosing sees what it may pick; the victim of Steal a Card sees its
    own fan, as it holds it out."""
    prompt = choice.prompt
    chooses, fans = viewer.is_seat(prompt.seat), viewer.is_seat(choice.victim)
    if choice.kind == STEAL_A_CARD:
        options = tuple(int(position) for position in prompt.options) if chooses else None
        fan = tuple(card.kind for card in choice.cards) if fans else None
        return ChoiceView(prompt.seat, prompt.kind, choice.victim, options, prompt.deadline, fan=fan)
    kinds = tuple(Kind(str(kind)) for kind in prompt.options) if chooses else None
    return ChoiceView(prompt.seat, prompt.kind, choice.victim, None, prompt.deadline, kinds=kinds)


def _seen(choice: Choice | None, viewer: Viewer) -> SeenHand | None:
    """Ruling 11: only the actor of See and Steal (or an omniscient viewer) sees the hand shown."""
    if choice is None or choice.kind != SEE_AND_STEAL or not viewer.is_seat(choice.prompt.seat):
        return None
    return SeenHand(choice.victim, _kinds(choice.cards))
