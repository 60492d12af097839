"""Whether a move is allowed now: one predicate per move, shared by ``decide`` and ``legal_moves``.

Each ``check_*`` returns None when the move is allowed, or the ``Rejected`` saying why not, with a
stable code and a sentence for the player. ``legal_moves`` is exactly the candidates these accept.
"""

from __future__ import annotations

from games.core.decisions import Codes, Rejected
from games.core.seats import may_move
from games.daredevil_rock.cards import within_three
from games.daredevil_rock.cliff import guards, on_cliff, reaches, touching
from games.daredevil_rock.moves import (
    MOVE_TYPES,
    Climb,
    EndTurn,
    Examine,
    FreeClimb,
    Hang,
    Move,
    Probe,
    Repel,
    RetrieveCam,
    SetCam,
)
from games.daredevil_rock.state import Climber, Position, State, hangs_over_face_down


class Code(Codes):
    """Rejection codes: the ones every game shares, and Daredevil Rock's own."""

    NOT_ADJACENT = "NOT_ADJACENT"
    FACE_DOWN = "FACE_DOWN"
    ALREADY_FACE_UP = "ALREADY_FACE_UP"
    OCCUPIED = "OCCUPIED"
    OUT_OF_REACH = "OUT_OF_REACH"
    NO_CAM = "NO_CAM"
    NOT_BELOW_CAM = "NOT_BELOW_CAM"
    NOT_BELOW_YOU = "NOT_BELOW_YOU"
    NOT_AT_TOP = "NOT_AT_TOP"
    AT_THE_BASE = "AT_THE_BASE"
    MUST_EXAMINE_FIRST = "MUST_EXAMINE_FIRST"
    NO_FREE_CLIMB = "NO_FREE_CLIMB"
    DECK_EMPTY = "DECK_EMPTY"
    NO_CAMS_IN_RESERVE = "NO_CAMS_IN_RESERVE"
    CAM_ALREADY_HERE = "CAM_ALREADY_HERE"
    NOT_ON_YOUR_CAM = "NOT_ON_YOUR_CAM"
    LIMITED_CAMS_ONLY = "LIMITED_CAMS_ONLY"
    OFF_THE_CLIFF = "OFF_THE_CLIFF"


MUST_EXAMINE = Rejected(
    Code.MUST_EXAMINE_FIRST, "Your climber hangs over a face-down card: examine that card or repel first."
)


def gate(state: State, seat: int | None) -> Climber | Rejected:
    """The climber of ``seat`` if it may move now at all (only in its own turn), else why not."""
    climber = in_match(state, seat)
    if isinstance(climber, Rejected) or seat == state.active:
        return climber
    return Rejected(Code.NOT_YOUR_TURN, "It is not your turn.")


def in_match(state: State, seat: int | None) -> Climber | Rejected:
    """The climber of ``seat`` while it is still in a running match, whoever's turn it is (Ruling 16: a
    climber may resign at any time), else why not."""
    moving = may_move(
        started=state.started,
        over=state.over,
        seats=state.seats,
        seat=seat,
        playing=lambda index: not state.climbers[index].eliminated,
    )
    return moving if isinstance(moving, Rejected) else state.climbers[moving]


def check(state: State, climber: Climber, move: Move) -> Rejected | None:
    """Why ``climber`` (whose turn it is) may not make ``move`` now, or None when it may."""
    if not isinstance(move, MOVE_TYPES):
        return Rejected(Code.UNKNOWN_MOVE, "That is not a Daredevil Rock move.")
    if not isinstance(move, (FreeClimb, EndTurn)) and state.actions_left == 0:
        return Rejected(Code.NO_ACTIONS_LEFT, "You have used all four actions of this turn.")
    match move:
        case Examine(level=level, column=column):
            return check_examine(state, climber, level, column)
        case Climb(level=level, column=column):
            return check_climb(state, climber, level, column)
        case Probe(level=level, column=column):
            return check_probe(state, climber, level, column)
        case FreeClimb():
            return check_free_climb(state)
        case SetCam():
            return check_set_cam(state, climber)
        case RetrieveCam():
            return check_retrieve_cam(state, climber)
        case Repel(level=level):
            return check_repel(state, climber, level)
        case Hang():
            return check_hang(state, climber)
        case EndTurn():
            return None
    return Rejected(Code.UNKNOWN_MOVE, "That is not a Daredevil Rock move.")


def check_examine(state: State, climber: Climber, level: int, column: int) -> Rejected | None:
    """Rulings 2 and 3: an unoccupied face-down card the climber touches (from the base: any level-1
    card). A climber hanging over a face-down card may only examine that card, its own."""
    here, there = climber.position, (level, column)
    if hangs_over_face_down(state, climber):
        return None if there == here else MUST_EXAMINE
    if not on_cliff(state, level, column):
        return _off_the_cliff()
    if not reaches(here, there):
        return _not_adjacent(here, "examine")
    if state.space(there).face_up:
        return Rejected(Code.ALREADY_FACE_UP, "That card is already face up.")
    return _occupied(state, there)


def check_climb(state: State, climber: Climber, level: int, column: int) -> Rejected | None:
    """Ruling 4: a touching, face-up, unoccupied card within three ranks (cyclic) of the climber's card.
    From the base any unoccupied face-up level-1 card will do. The base itself is reached by Repel."""
    here, there = climber.position, (level, column)
    if hangs_over_face_down(state, climber):
        return MUST_EXAMINE
    if level == 0:
        return Rejected(Code.OFF_THE_CLIFF, "The base is not a card: repel to climb down to the base.")
    if not on_cliff(state, level, column):
        return _off_the_cliff()
    if not reaches(here, there):
        return _not_adjacent(here, "climb to")
    target = state.space(there)
    if not target.face_up:
        return Rejected(Code.FACE_DOWN, "You can only climb to a face-up card: examine it first.")
    occupied = _occupied(state, there)
    if occupied is not None or here is None:
        return occupied  # from the base there is no rank to be within three of
    mine = state.space(here).card
    if not within_three(mine.rank, target.card.rank):
        return Rejected(
            Code.OUT_OF_REACH, f"The {target.card.name} is not within three ranks of your {mine.name}."
        )
    return None


def check_probe(state: State, climber: Climber, level: int, column: int) -> Rejected | None:
    """Ruling 5: any touching unoccupied card, face up or face down, while a replacement card exists."""
    here, there = climber.position, (level, column)
    if hangs_over_face_down(state, climber):
        return MUST_EXAMINE
    if not on_cliff(state, level, column):
        return _off_the_cliff()
    if not reaches(here, there):
        return _not_adjacent(here, "probe")
    return _occupied(state, there) or _deck_problem(state)


def check_free_climb(state: State) -> Rejected | None:
    """Ruling 1: only right after an examine revealed the climber's own rank, before any other move."""
    if state.free_climb is None:
        return Rejected(
            Code.NO_FREE_CLIMB,
            "There is no free climb: it follows only an examine that "
            "reveals your card's rank, and lapses with your next move.",
        )
    return None


def check_set_cam(state: State, climber: Climber) -> Rejected | None:
    """Ruling 7: on the climber's face-up card; in Limited Cams, from reserve, one own cam per card."""
    here = climber.position
    if here is None:
        return Rejected(Code.AT_THE_BASE, "You can only set a cam on a card of the cliff.")
    if hangs_over_face_down(state, climber):
        return MUST_EXAMINE
    if here in climber.cams:
        return Rejected(Code.CAM_ALREADY_HERE, "Your cam is already on this card.")
    if state.options.limited_cams is not None and climber.reserve == 0:
        return Rejected(Code.NO_CAMS_IN_RESERVE, "You have no cams left in reserve: retrieve one first.")
    return None


def check_retrieve_cam(state: State, climber: Climber) -> Rejected | None:
    """Ruling 7: Limited Cams only, standing on one of your own cam cards."""
    if state.options.limited_cams is None:
        return Rejected(Code.LIMITED_CAMS_ONLY, "Cams are retrieved only when playing with Limited Cams.")
    if hangs_over_face_down(state, climber):
        return MUST_EXAMINE
    if climber.position is None or climber.position not in climber.cams:
        return Rejected(Code.NOT_ON_YOUR_CAM, "Your climber must be on one of your cam cards to retrieve it.")
    return None


def check_repel(state: State, climber: Climber, level: int) -> Rejected | None:
    """Ruling 7: from on or directly below any own cam, straight down the climber's column to an
    unoccupied card or the base (level 0), passing occupied cards on the way. Allowed while hanging
    over a face-down card."""
    here = climber.position
    if here is None:
        return Rejected(Code.AT_THE_BASE, "You are already at the base of the cliff.")
    if not climber.cams:
        return Rejected(Code.NO_CAM, "You need a cam on the cliff to repel.")
    if not any(guards(cam, here) for cam in climber.cams):
        return Rejected(Code.NOT_BELOW_CAM, "You can repel only from on or directly below one of your cams.")
    if not 0 <= level < here[0]:
        return Rejected(Code.NOT_BELOW_YOU, "Repelling goes straight down: pick a level below your climber.")
    return None if level == 0 else _occupied(state, (level, here[1]))


def check_hang(state: State, climber: Climber) -> Rejected | None:
    """Ruling 8: from a face-up card of the top level, while a card can be drawn."""
    if hangs_over_face_down(state, climber):
        return MUST_EXAMINE
    if climber.level != state.levels:
        return Rejected(
            Code.NOT_AT_TOP, "You can hang from Daredevil Rock only from the top level of the cliff."
        )
    return _deck_problem(state)


def candidates(state: State, climber: Climber) -> tuple[Move, ...]:
    """Every move worth asking ``check`` about; the legal moves are the ones it accepts."""
    here = climber.position
    near = touching(state, here)
    moves: list[Move] = [FreeClimb()]
    moves += [Examine(*position) for position in (*near, *((here,) if here else ()))]
    moves += [Climb(*position) for position in near]
    moves += [Probe(*position) for position in near]
    moves += [SetCam(), RetrieveCam(), Hang(), EndTurn()]
    moves += [Repel(level) for level in range(climber.level)]
    return tuple(moves)


def _occupied(state: State, there: Position) -> Rejected | None:
    if state.occupant(there) is None:
        return None
    return Rejected(Code.OCCUPIED, "Another climber is on that card.")


def _deck_problem(state: State) -> Rejected | None:
    """Ruling 5: an empty draw deck is refilled from the discards; with neither, no card can be drawn."""
    if state.deck or state.discards:
        return None
    return Rejected(Code.DECK_EMPTY, "The draw deck and the discard pile are both empty.")


def _off_the_cliff() -> Rejected:
    return Rejected(Code.OFF_THE_CLIFF, "There is no card there: that space is off the cliff.")


def _not_adjacent(here: Position | None, verb: str) -> Rejected:
    if here is None:
        return Rejected(Code.NOT_ADJACENT, f"From the base you can only {verb} a card of level 1.")
    return Rejected(Code.NOT_ADJACENT, f"You can only {verb} a card touching your climber's card.")
