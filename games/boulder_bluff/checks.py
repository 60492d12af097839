"""Whether a move is allowed now: one predicate per move, shared by ``decide`` and ``legal_moves``.

Each check returns None when the move is allowed, or the ``Rejected`` saying why not, with a stable
code and a sentence for the player. ``legal_moves`` is exactly the candidates these accept.
"""

from __future__ import annotations

from games.boulder_bluff.cards import Animal, Card
from games.boulder_bluff.climb import can_climb
from games.boulder_bluff.moves import (
    CancelNothing,
    CancelValue,
    ChalkUp,
    ClimbBoulder,
    Join,
    Move,
    PlaceInjury,
    PlayCard,
    Prep,
    Stay,
    StayOff,
    Withdraw,
)
from games.boulder_bluff.state import State
from games.core.decisions import Codes, Rejected
from games.core.sealed import SealedRound
from games.core.seats import may_move


class Code(Codes):
    """Rejection codes: the ones every game shares, and Boulder Bluff's own."""

    CLIMB_UNDER_WAY = "CLIMB_UNDER_WAY"
    NO_FACE_UP_CARD = "NO_FACE_UP_CARD"
    NOT_IN_THE_ROW = "NOT_IN_THE_ROW"
    NOT_PLAYING_CARDS = "NOT_PLAYING_CARDS"
    NO_SUCH_CARD = "NO_SUCH_CARD"
    SNAKE_FACE_DOWN = "SNAKE_FACE_DOWN"
    NOTHING_FACE_UP = "NOTHING_FACE_UP"
    NO_QUESTION = "NO_QUESTION"
    NO_COUNTDOWN = "NO_COUNTDOWN"
    NO_BOAR = "NO_BOAR"
    NO_INJURY = "NO_INJURY"


def gate(state: State, seat: int | None) -> int | Rejected:
    """``seat``, when it is a player still in a running match that the match waits on, else why not."""
    player = in_match(state, seat)
    if isinstance(player, Rejected) or player in waiting_on(state):
        return player
    return Rejected(Code.NOT_WAITING_FOR_YOU, "The game is not waiting for you.")


def in_match(state: State, seat: int | None) -> int | Rejected:
    """``seat``, when it is a player still in a running match (Ruling 20: who resigned is out)."""
    return may_move(
        started=state.started,
        over=state.over,
        seats=state.seats,
        seat=seat,
        playing=lambda index: index not in state.out,
    )


def waiting_on(state: State) -> frozenset[int]:
    """The Snake's countdown while it is open; else the one question asked, or the climber playing
    cards; with no climb, the player whose turn it is."""
    if not state.running:
        return frozenset()
    # ``state.waiting`` read once, not through the five properties that each test it: every move
    # passes the gate.
    waiting = state.waiting
    if isinstance(waiting, SealedRound):
        if not waiting.closed:
            return waiting.still_to_choose
    elif waiting is not None:  # the climber playing, or the one question asked
        return waiting.waiting_on
    if state.climb is None and state.active is not None:
        return frozenset((state.active,))
    return frozenset()


def check(state: State, seat: int, move: Move) -> Rejected | None:
    """Why ``seat``, which the match waits on, may not make ``move`` now, or None when it may."""
    match move:
        case Prep():
            return check_no_climb(state)
        case ClimbBoulder(boulder=number):
            return check_no_climb(state) or check_can_climb(state, seat) or check_in_row(state, number)
        case PlayCard(card=number, face_down=face_down):
            return check_playing(state) or check_play_card(state, seat, number, face_down)
        case ChalkUp():
            return check_playing(state) or check_chalk_up(state, seat)
        case Join() | StayOff():
            return check_question(state)
        case Stay() | Withdraw():
            return check_countdown(state)
        case CancelValue(card=card):
            return check_boar(state, card)
        case CancelNothing():
            return check_boar(state, None)
        case PlaceInjury(boulder=number):
            return check_injury(state, number)
    return Rejected(Code.UNKNOWN_MOVE, "That is not a Boulder Bluff move.")


def check_no_climb(state: State) -> Rejected | None:
    """Ruling 2: prep or climb only at the start of your turn, with no climb under way."""
    if state.climb is None:
        return None
    return Rejected(Code.CLIMB_UNDER_WAY, "A climb is under way: prep or climb only to start your turn.")


def check_can_climb(state: State, seat: int) -> Rejected | None:
    if can_climb(state, seat):
        return None
    return Rejected(Code.NO_FACE_UP_CARD, "You hold no card you could play face up: prep instead.")


def check_in_row(state: State, number: int) -> Rejected | None:
    if any(boulder.number == number for boulder in state.row):
        return None
    return Rejected(Code.NOT_IN_THE_ROW, "Climb one of the boulders face up in the row.")


def check_playing(state: State) -> Rejected | None:
    if state.playing is not None:
        return None
    return Rejected(Code.NOT_PLAYING_CARDS, "No climb is waiting on your cards now.")


def check_play_card(state: State, seat: int, number: int, face_down: bool) -> Rejected | None:
    """Any card, face up or down, as long as one can still go face up (a Snake: face down only)."""
    hand = state.players[seat].hand
    card = next((c for c in hand if c.number == number), None)
    if card is None:
        return Rejected(Code.NO_SUCH_CARD, "That card is not in your hand.")
    if not face_down:
        return _face_down_only(card)
    climber = state.climb.climber(seat) if state.climb is not None else None
    if climber is not None and climber.face_up:
        return None
    if any(c.animal is not Animal.SNEAKY_SNAKE for c in hand if c.number != number):
        return None
    return Rejected(Code.NO_FACE_UP_CARD, "Keep a card you can play face up: a climb needs one card face up.")


def _face_down_only(card: Card) -> Rejected | None:
    if card.animal is not Animal.SNEAKY_SNAKE:
        return None
    return Rejected(Code.SNAKE_FACE_DOWN, "Sneaky Snake is only ever played face down.")


def check_chalk_up(state: State, seat: int) -> Rejected | None:
    """You chalk up once at least one of your cards is face up."""
    climber = state.climb.climber(seat) if state.climb is not None else None
    if climber is not None and climber.face_up:
        return None
    return Rejected(Code.NOTHING_FACE_UP, "Play a card face up before you chalk up.")


def check_question(state: State) -> Rejected | None:
    if state.question is not None:
        return None
    return Rejected(Code.NO_QUESTION, "Nobody is asking whether you join a climb now.")


def check_countdown(state: State) -> Rejected | None:
    """Ruling 15: stay or withdraw only during Sneaky Snake's countdown."""
    if state.snake is not None and not state.snake.closed:
        return None
    return Rejected(Code.NO_COUNTDOWN, "There is no Sneaky Snake countdown now.")


def check_boar(state: State, card: int | None) -> Rejected | None:
    """Ruling 13: cancel one of the values Boar Assault offers, or nothing when it offers that."""
    if state.boar is None:
        return Rejected(Code.NO_BOAR, "No Boar Assault is waiting for your pick.")
    if card in state.boar.options:
        return None
    return Rejected(Code.NOT_AN_OPTION, "Boar Assault does not offer that choice.")


def check_injury(state: State, number: int) -> Rejected | None:
    """The variant: an injury goes on one of the claimed boulders offered."""
    if state.injury is None:
        return Rejected(Code.NO_INJURY, "No injury is waiting to be placed.")
    if number in state.injury.options:
        return None
    return Rejected(Code.NOT_AN_OPTION, "Place the injury on one of the boulders offered.")


def candidates(state: State, seat: int) -> tuple[Move, ...]:
    """Every move worth asking ``check`` about; the legal moves are the ones it accepts."""
    if state.waiting is None:
        return (Prep(), *(ClimbBoulder(boulder.number) for boulder in state.row))
    if state.playing is not None:
        cards = state.players[seat].hand
        return (*(PlayCard(c.number, down) for c in cards for down in (False, True)), ChalkUp())
    if state.boar is not None:
        return tuple(CancelNothing() if card is None else CancelValue(card) for card in state.boar.options)
    if state.injury is not None:
        return tuple(PlaceInjury(boulder) for boulder in state.injury.options)
    return (Join(), StayOff()) if state.question is not None else (Stay(), Withdraw())
