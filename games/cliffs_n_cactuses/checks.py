"""Why a racer may not make a move now: one check per move, shared by ``decide`` and ``legal_moves``."""

from __future__ import annotations

from games.cliffs_n_cactuses.moves import (
    THROWS,
    ChooseTarget,
    Draw,
    KeepLarry,
    Move,
    PlayCard,
    PlayLarry,
    Throw,
)
from games.cliffs_n_cactuses.state import Phase, State
from games.core.decisions import Codes, Rejected
from games.core.seats import may_move


class Code(Codes):
    """Rejection codes: the ones every game shares, and Cliffs n' Cactuses' own."""

    NO_SUCH_CARD = "NO_SUCH_CARD"
    NO_SUCH_RACER = "NO_SUCH_RACER"
    LARRY_USED = "LARRY_USED"
    NOT_NOW = "NOT_NOW"
    EMPTY_DECK = "EMPTY_DECK"
    NOT_A_SHAPE = "NOT_A_SHAPE"


def gate(state: State, seat: int | None) -> int | Rejected:
    """``seat``, when it is a racer still in a running match, else why not."""
    return may_move(
        started=state.started,
        over=state.phase is Phase.OVER,
        seats=state.seats,
        seat=seat,
        playing=lambda index: state.racers[index].playing,
    )


def larry_time(state: State) -> bool:
    """Last-Ditch Larry may be played "at ANY TIME" before the tally: in the Race phase, during
    Resolution and at its last call (GAMES.md), while there is a card to draw."""
    if state.phase not in (Phase.RACE, Phase.RESOLUTION, Phase.LAST_CALL):
        return False
    return bool(state.deck or state.discards)


def check(state: State, seat: int, move: Move) -> Rejected | None:
    match move:
        case PlayCard(card=card, racer=racer):
            return _play_card(state, seat, card, racer)
        case Draw():
            if state.phase is not Phase.RACE or state.race is None:
                return Rejected(Code.NOT_NOW, "You draw in the Race phase.")
            return state.race.check_done(seat)
        case PlayLarry(racer=racer):
            return _larry(state, seat, racer)
        case KeepLarry():
            if state.last_call is None or seat not in state.last_call.waiting:
                return Rejected(Code.NOT_WAITING_FOR_YOU, "Nobody is asking whether you play Larry now.")
            return None
        case ChooseTarget(option=option):
            if state.question is None:
                return Rejected(Code.NOT_WAITING_FOR_YOU, "No target is being asked for.")
            return state.question.prompt.check(seat, option)
        case Throw(shape=shape):
            return _throw(state, seat, shape)
    return Rejected(Code.UNKNOWN_MOVE, f"{move!r} is not a Cliffs n' Cactuses move.")


def _play_card(state: State, seat: int, card: int, racer: int) -> Rejected | None:
    if state.phase is not Phase.RACE or state.race is None:
        if state.race is not None and state.race.timed_out:  # Ruling 6: everybody stops
            return Rejected(Code.TIME_UP, "Time is up: the Race phase is over.")
        return Rejected(Code.NOT_NOW, "Cards are played in the Race phase.")
    problem = state.race.check(seat)
    if problem is not None:
        return problem
    if state.racers[seat].holds(card) is None:
        return Rejected(Code.NO_SUCH_CARD, f"Card {card} is not in your hand.")
    return _racer(state, racer)


def _racer(state: State, racer: int) -> Rejected | None:
    if not 0 <= racer < state.seats or not state.racers[racer].playing:
        return Rejected(Code.NO_SUCH_RACER, f"There is no racer {racer} in this race.")
    return None


def _larry(state: State, seat: int, racer: int) -> Rejected | None:
    if not state.racers[seat].larry:
        return Rejected(Code.LARRY_USED, "You have played Last-Ditch Larry already: once per game.")
    if state.phase not in (Phase.RACE, Phase.RESOLUTION, Phase.LAST_CALL):
        return Rejected(Code.NOT_NOW, "Larry is played in the Race phase or Resolution, before the tally.")
    if not larry_time(state):
        return Rejected(Code.EMPTY_DECK, "There is no card left for Larry to draw.")
    return _racer(state, racer)


def _throw(state: State, seat: int, shape: str) -> Rejected | None:
    if state.tiebreak is None or state.tiebreak.throws is None:
        return Rejected(Code.NOT_NOW, "There is no tiebreak to throw in.")
    if shape not in THROWS:
        return Rejected(Code.NOT_A_SHAPE, f"Throw ROCK, PAPER or SCISSORS, not {shape!r}.")
    return state.tiebreak.throws.check(seat)
