"""``evolve``: apply one fact to the table. No rules here; every decision was made in ``rules``.

Action events (Examined, Climbed, CamSet, CamRetrieved, Probed, Repelled, HungFromRock) each count one
action for the acting climber and end any pending climb bonus. Events are applied in full: the public
forms of secret events lack the cards and are for viewers, not for folding.
"""

from __future__ import annotations

from typing import Any, TypeVar

from games.core.frozen import replacer
from games.core.turns import Turn, TurnEnded, TurnStarted
from games.core.visibility import Event
from games.daredevil_rock.events import (
    CamRetrieved,
    CamSet,
    CliffDealt,
    CliffTurnedFaceDown,
    Climbed,
    DeckRefreshed,
    Eliminated,
    Examined,
    Fell,
    FreeClimbed,
    FreeClimbOffered,
    HungFromRock,
    MatchEnded,
    Probed,
    Repelled,
    Resigned,
    Slipped,
    Summited,
)
from games.daredevil_rock.state import Climber, Position, Space, State

replace_state = replacer(State)
replace_climber = replacer(Climber)
replace_turn = replacer(Turn)

T = TypeVar("T")


def evolve(state: State, event: Event) -> State:
    match event:
        case CliffDealt(tableau=tableau, deck=deck):
            spaces = tuple(Space(card) for card in _known(tableau))
            return replace_state(state, started=True, spaces=spaces, deck=_known(deck))
        case TurnStarted(seat=seat):
            climbers = _changed(state, seat, turns=state.climbers[seat].turns + 1)
            return replace_state(
                state, climbers=climbers, turn=Turn.started(event), actions_used=0, free_climb=None
            )
        case Examined(seat=seat, level=level, column=column):
            return _action(state, seat, spaces=_flipped(state, ((level, column),), face_up=True))
        case FreeClimbOffered(level=level, column=column):
            return replace_state(state, free_climb=(level, column))
        case FreeClimbed(seat=seat, level=level, column=column):
            return replace_state(
                state, climbers=_changed(state, seat, position=(level, column)), free_climb=None
            )
        case Climbed(seat=seat, level=level, column=column):
            return _action(state, seat, {"position": (level, column)})
        case CamSet():
            return _action(state, event.seat, _cam_set(state, event))
        case CamRetrieved(seat=seat, level=level, column=column):
            climber = state.climbers[seat]
            cams = _without(climber.cams, (level, column))
            return _action(state, seat, {"cams": cams, "reserve": climber.reserve + 1})
        case Probed(seat=seat, level=level, column=column, discarded=discarded, placed=placed):
            spaces = _placed(state, (level, column), Space(_known(placed)))
            return _action(
                state, seat, spaces=spaces, deck=state.deck[1:], discards=(discarded, *state.discards)
            )
        case Repelled(seat=seat, level=level):
            return _action(state, seat, {"position": _below(state, seat, level)})
        case Fell(seat=seat, level=level, column=column):
            position = None if level == 0 or column is None else (level, column)
            return replace_state(state, climbers=_changed(state, seat, position=position))
        case Eliminated(seat=seat) | Resigned(seat=seat):
            return _eliminate(state, seat)
        case DeckRefreshed(deck=deck, refilled=refilled, refill=refill):
            spaces = state.spaces if refilled is None else _placed(state, refilled, Space(_known(refill)))
            return replace_state(state, spaces=spaces, deck=_known(deck), discards=())
        case HungFromRock(seat=seat, card=card):
            return _action(state, seat, deck=state.deck[1:], discards=(card, *state.discards))
        case CliffTurnedFaceDown(spaces=positions):
            return replace_state(state, spaces=_flipped(state, positions, face_up=False))
        case TurnEnded():
            return replace_state(state, actions_used=0, free_climb=None, turn=_without_deadline(state.turn))
        case MatchEnded(winner=winner, reason=reason):
            return replace_state(
                state, over=True, winner=winner, reason=reason, turn=_without_deadline(state.turn)
            )
        case Slipped() | Summited():
            return state  # the reveal counted the action; the match ends with MatchEnded
    raise ValueError(f"Daredevil Rock has no event {type(event).__name__}")


def _without_deadline(turn: Turn | None) -> Turn | None:
    return None if turn is None else replace_turn(turn, deadline=None)


def _known(value: T | None) -> T:
    if value is None:
        raise ValueError("evolve needs the full event, not its public form")
    return value


def _action(state: State, seat: int, climber_changes: dict[str, Any] | None = None, **changes: Any) -> State:
    """One action spent by ``seat``'s climber, with ``changes`` to it and to the table.

    A pending climb bonus lapses with any action. One ``replace`` per object: evolve runs for every
    event of every decision (``decide``'s story folds them; replays fold them again), so it is kept lean.
    """
    actions = state.climbers[seat].actions + 1
    climbers = _changed(state, seat, actions=actions, **(climber_changes or {}))
    return replace_state(
        state, climbers=climbers, actions_used=state.actions_used + 1, free_climb=None, **changes
    )


def _changed(state: State, seat: int, **changes: Any) -> tuple[Climber, ...]:
    climbers = list(state.climbers)
    climbers[seat] = replace_climber(climbers[seat], **changes)
    return tuple(climbers)


def _below(state: State, seat: int, level: int) -> Position | None:
    """Straight down the climber's own column; level 0 is the base."""
    here = state.climbers[seat].position
    return None if level == 0 or here is None else (level, here[1])


def _cam_set(state: State, event: CamSet) -> dict[str, Any]:
    climber = state.climbers[event.seat]
    if event.moved_from is None:
        return {"cams": (*climber.cams, (event.level, event.column)), "reserve": climber.reserve - 1}
    return {"cams": (*_without(climber.cams, event.moved_from), (event.level, event.column))}


def _without(cams: tuple[Position, ...], position: Position) -> tuple[Position, ...]:
    """``cams`` less the cam on ``position`` (a climber has at most one cam per card)."""
    index = cams.index(position)
    return cams[:index] + cams[index + 1 :]


def _eliminate(state: State, seat: int) -> State:
    """Out of the game (a fall or resigning, Ruling 16): the climber leaves the cliff, and so do its cams."""
    order = state.eliminations + 1
    climbers = _changed(state, seat, position=None, cams=(), eliminated=True, out_order=order)
    return replace_state(state, climbers=climbers, eliminations=order)


def _placed(state: State, position: Position, space: Space) -> tuple[Space, ...]:
    spaces = list(state.spaces)
    spaces[state.index(position)] = space
    return tuple(spaces)


def _flipped(state: State, positions: tuple[Position, ...], *, face_up: bool) -> tuple[Space, ...]:
    spaces = list(state.spaces)
    for position in positions:
        index = state.index(position)
        spaces[index] = Space(spaces[index].card, face_up)
    return tuple(spaces)
