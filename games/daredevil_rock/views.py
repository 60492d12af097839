"""What one viewer may see of the table: ``player_view(state, viewer)``.

Face-down cards and the order of the draw deck are secret from every seat and every spectator; only an
omniscient viewer (a finished match whose full log is shown) sees them, and which of the two Jokers
a face-up one is. Everything else is public: face-up cards, the discard pile, climbers, cams, the
deck's size, whose turn it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.moments import Millis
from games.core.visibility import Viewer
from games.daredevil_rock.cards import COPIES, Card
from games.daredevil_rock.state import Climber, Position, State, hangs_over_face_down


@dataclass(frozen=True, slots=True)
class Spot:
    """A card's place on the cliff: level 1 is the bottom row, column 0 the left."""

    level: int
    column: int


@dataclass(frozen=True, slots=True)
class SpaceView:
    level: int
    column: int
    face_up: bool
    card: Card | None  # None when face down, unless the viewer is omniscient
    climber: int | None  # the seat whose climber is on this card
    cams: tuple[int, ...]  # the seats with a cam on this card


@dataclass(frozen=True, slots=True)
class ClimberView:
    seat: int
    level: int  # 0: at the base
    column: int | None  # None: at the base
    eliminated: bool
    cams: tuple[Spot, ...]  # on the cliff, in the order they were set
    reserve: int  # cams not on the cliff
    actions: int  # actions used in the whole match (the solitaire score)
    turns: int  # turns started in the whole match (see the turn limit)
    must_examine: bool  # hangs over a face-down card


@dataclass(frozen=True, slots=True)
class DaredevilRockView:
    """The Daredevil Rock table as the caller may see it: face-down cards have card null (the draw
    deck's order is shown only once the match's full log is revealed)."""

    seat: int | None  # who is looking (None: a spectator)
    started: bool
    columns: int
    levels: int
    spaces: tuple[SpaceView, ...]  # bottom row first, left to right
    climbers: tuple[ClimberView, ...]
    deck_size: int
    deck: tuple[Card, ...] | None  # the draw deck's order, top first: omniscient viewers only
    discards: tuple[Card, ...]  # top first
    active: int | None
    turn: int
    actions_left: int
    free_climb: Spot | None
    must_examine: bool
    deadline: Millis | None  # when the turn times out
    over: bool
    winner: int | None
    limited_cams: int | None
    blind_mans_bluff: bool
    turn_limit: int | None


def player_view(state: State, viewer: Viewer) -> DaredevilRockView:
    running = state.running and state.active is not None
    return DaredevilRockView(
        seat=viewer.seat,
        started=state.started,
        columns=state.columns,
        levels=state.levels,
        spaces=_spaces(state, viewer) if state.started else (),
        climbers=tuple(_climber(state, climber) for climber in state.climbers),
        deck_size=len(state.deck),
        deck=state.deck if viewer.omniscient else None,
        discards=_seen(state.discards, viewer),
        active=state.active,
        turn=state.turn_number,
        actions_left=state.actions_left if running else 0,
        free_climb=_spot(state.free_climb),
        must_examine=state.must_examine,
        deadline=None if state.turn is None else state.turn.deadline,
        over=state.over,
        winner=state.winner,
        limited_cams=state.options.limited_cams,
        blind_mans_bluff=state.options.blind_mans_bluff,
        turn_limit=state.options.turn_limit,
    )


def secrets(state: State, viewer: Viewer) -> tuple[Card, ...]:
    """The cards ``viewer`` must not be able to learn now: every face-down card, every draw-deck card,
    and which Joker is which when one lies face up (copies are interchangeable)."""
    if viewer.omniscient or not state.started:
        return ()
    down = tuple(space.card for space in state.spaces if not space.face_up)
    shown = (*(space.card for space in state.spaces if space.face_up), *state.discards)
    return (*down, *state.deck, *(card for card in shown if COPIES.as_seen(card) != card))


def _seen(cards: tuple[Card, ...], viewer: Viewer) -> tuple[Card, ...]:
    """Face-up cards as ``viewer`` sees them: a Joker as a Joker, unless the viewer sees everything."""
    return cards if viewer.omniscient else tuple(COPIES.as_seen(card) for card in cards)


def _spaces(state: State, viewer: Viewer) -> tuple[SpaceView, ...]:
    on: dict[Position, int] = {}
    cams: dict[Position, list[int]] = {}
    for climber in state.climbers:
        if climber.position is not None:
            on[climber.position] = climber.seat
        for cam in climber.cams:
            cams.setdefault(cam, []).append(climber.seat)
    views = []
    for index, space in enumerate(state.spaces):
        position = (index // state.columns + 1, index % state.columns)
        shown = space.card if viewer.omniscient else COPIES.as_seen(space.card) if space.face_up else None
        views.append(
            SpaceView(*position, space.face_up, shown, on.get(position), tuple(cams.get(position, ())))
        )
    return tuple(views)


def _climber(state: State, climber: Climber) -> ClimberView:
    here = climber.position
    return ClimberView(
        seat=climber.seat,
        level=climber.level,
        column=None if here is None else here[1],
        eliminated=climber.eliminated,
        cams=tuple(Spot(*cam) for cam in climber.cams),
        reserve=climber.reserve,
        actions=climber.actions,
        turns=climber.turns,
        must_examine=state.started and hangs_over_face_down(state, climber),
    )


def _spot(position: Position | None) -> Spot | None:
    return None if position is None else Spot(*position)
