"""What one viewer may see of the table: ``player_view(state, viewer)``, and what it must not learn.

Public: the row, every claimed boulder and its injury, hand sizes, cards played face up, chalk tokens
once drawn, the number of cards each climber has face down, the reveal, the tally and whom the match
waits on. Private: your own hand and your own face-down cards. Face-down cards of others stay hidden
until the reveal, and forever after a solo climb or a withdrawal. Nobody sees the decks' order or the
discards; an omniscient viewer sees every hand and every face-down card.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.boulder_bluff.cards import COPIES, Boulder, Card
from games.boulder_bluff.injuries import score
from games.boulder_bluff.rules import deadlines, shown_waiting_on
from games.boulder_bluff.state import Claim, Climber, State, Strength
from games.core.moments import Millis
from games.core.visibility import Viewer


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    hand_size: int
    claimed: tuple[Claim, ...]
    score: int  # as it would count now
    hand: tuple[Card, ...] | None  # the cards themselves: omniscient viewers only
    resigned: bool  # out of the match (Ruling 20)


@dataclass(frozen=True, slots=True)
class ClimberView:
    seat: int
    face_up: tuple[Card, ...]
    face_down_count: int  # how many cards are face down
    hidden: tuple[Card, ...] | None  # those cards: once revealed, or to their player
    chalk: tuple[int, ...]
    added: tuple[Card, ...]  # Tactical Trout's


@dataclass(frozen=True, slots=True)
class ClimbView:
    number: int
    seat: int  # the active climber
    boulder: Boulder
    final: bool  # the match's last climb
    climbers: tuple[ClimberView, ...]
    cancelled: tuple[int, ...]  # Boar Assault: the cards whose value no longer counts


@dataclass(frozen=True, slots=True)
class BoulderBluffView:
    """The Boulder Bluff table as the caller may see it."""

    seat: int | None  # who is looking (None: a spectator)
    started: bool
    animal_kingdom: bool
    injuries_affect_climbing: bool
    hand: tuple[Card, ...]  # your own hand
    players: tuple[PlayerView, ...]
    row: tuple[Boulder, ...]
    boulders_left: int  # in the boulder deck
    deck_size: int  # climb cards in the deck
    discard_pile_size: int
    chalk_in_bag: int
    active: int | None  # whose turn it is (who has the chalk bag)
    turn: int  # turns started in the whole match
    climb: ClimbView | None
    tally: tuple[Strength, ...]  # the last contested climb's
    step: str  # "turn", "play", "join", "snake", "boar", "injury", or "" when over
    waiting_on: tuple[int, ...]
    boar_options: tuple[int, ...]  # the cards Boar Assault may cancel, when it is asked
    deadline: Millis | None
    over: bool
    reason: str | None


def player_view(state: State, viewer: Viewer) -> BoulderBluffView:
    seat = viewer.seat if viewer.seat is not None and 0 <= viewer.seat < state.seats else None
    times = [deadline.at for deadline in deadlines(state)]
    return BoulderBluffView(
        seat,
        state.started,
        state.options.animal_kingdom,
        state.options.injuries_affect_climbing,
        _sorted(state.players[seat].hand) if seat is not None else (),
        tuple(
            PlayerView(
                p.seat,
                len(p.hand),
                p.claims,
                score(state, p.seat),
                _sorted(p.hand) if viewer.omniscient else None,
                p.seat in state.out,
            )
            for p in state.players
        ),
        state.row,
        len(state.boulders),
        len(state.deck),
        len(state.discards),
        len(state.bag),
        state.active,
        0 if state.turn is None else state.turn.number,
        _climb(state, viewer),
        state.tally,
        _step(state),
        _waiting_on(state),
        tuple(card for card in state.boar.options if card is not None) if state.boar is not None else (),
        min(times) if times else None,
        state.over,
        state.reason,
    )


def _waiting_on(state: State) -> tuple[int, ...]:
    return tuple(sorted(shown_waiting_on(state)))


def _step(state: State) -> str:
    if not state.running:
        return ""
    if state.snake is not None and not state.snake.closed:
        return "snake"
    if state.boar is not None:
        return "boar"
    if state.injury is not None:
        return "injury"
    if state.question is not None:
        return "join"
    return "play" if state.playing is not None else "turn"


def _climb(state: State, viewer: Viewer) -> ClimbView | None:
    climb = state.climb
    if climb is None:
        return None
    climbers = tuple(_climber(climber, viewer) for climber in climb.climbers)
    return ClimbView(
        climb.number, climb.seat, climb.boulder, climb.final, climbers, tuple(sorted(climb.cancelled))
    )


def _climber(climber: Climber, viewer: Viewer) -> ClimberView:
    """Cards as the viewer can follow them: its own played cards as they are; a Snake of someone
    else's, and every card Trout added, as a card of its kind (copies are interchangeable)."""
    shown = climber.revealed or viewer.is_seat(climber.seat)
    hidden = _sorted(climber.face_down) if shown else None
    face_up = climber.face_up if viewer.is_seat(climber.seat) else _seen(climber.face_up, viewer)
    added = _seen(climber.added, viewer)
    return ClimberView(climber.seat, face_up, len(climber.face_down), hidden, climber.chalk, added)


def _seen(cards: tuple[Card, ...], viewer: Viewer) -> tuple[Card, ...]:
    return cards if viewer.omniscient else tuple(COPIES.as_seen(card) for card in cards)


def secrets(state: State, viewer: Viewer) -> tuple[Card, ...]:
    """The cards ``viewer`` must not be able to learn now: the deck, other players' hands (but the
    cards everyone saw go back into them), their face-down cards until revealed, and which Snake is
    which wherever the viewer sees only a Snake (copies are interchangeable)."""
    if viewer.omniscient or not state.started:
        return ()
    hands = [
        card
        for player in state.players
        if player.seat != viewer.seat
        for card in player.hand
        if card.number not in state.known or _anonymous(card)
    ]
    climbers = state.climb.climbers if state.climb is not None else ()
    down = [card for c in climbers if c.seat != viewer.seat and not c.revealed for card in c.face_down]
    snakes = [card for c in climbers for card in _unfollowed(c, viewer) if _anonymous(card)]
    return (*state.deck, *hands, *down, *snakes)


def _unfollowed(climber: Climber, viewer: Viewer) -> tuple[Card, ...]:
    """The cards of ``climber``'s that ``viewer`` did not see go from hand to table, as ``_climber``
    shows them: another's played cards, and every card Trout added from the deck."""
    face_up = () if viewer.is_seat(climber.seat) else climber.face_up
    return (*face_up, *climber.added)


def _anonymous(card: Card) -> bool:
    """True when a viewer who cannot follow ``card`` sees only its kind."""
    return COPIES.as_seen(card) != card


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.number))
