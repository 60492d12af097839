"""A tiny game for exercising the simulator: seats take turns adding 1 or 2; reaching the target wins.

Each turn has a 5 s deadline; timing out passes the turn. Landing on a multiple of 5 is a rest: nobody
may move until the deadline passes, which exercises the simulator's timeout path. The "broken" bot
plays an illegal move so tests can see invariant failures reported.

Used by tests/api/timers/test_commands.py, which runs the ``simulate`` command and its playouts on it:
a real game's matches are too long to show a timeout, a rejected bot move and the move cap in a few tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.core import (
    Accepted,
    Begin,
    Chance,
    Command,
    Deadline,
    Event,
    EventCodec,
    MoveCodec,
    Outcome,
    Rejected,
    Resign,
    Timeout,
    Viewer,
    accept,
)
from games.core.options import IntOption, OptionsSchema
from games.core.outcome import competition_ranks
from games.core.spec import GameSpec
from tests.toys import toy_spec

TURN_MS = 5_000


@dataclass(frozen=True, slots=True)
class Add:
    amount: int


@dataclass(frozen=True, slots=True)
class Started(Event):
    at: int


@dataclass(frozen=True, slots=True)
class Added(Event):
    seat: int
    amount: int
    at: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int
    at: int


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    target: int
    total: int = 0
    turn: int = -1  # -1 before Begin
    turn_at: int = 0
    winner: int | None = None
    resting: bool = False


def initial_state(options: Mapping[str, Any], seats: int) -> State:
    return State(seats=seats, target=options["target"])


def _deadline_id(state: State) -> str:
    return f"turn-{state.turn}"


def decide(state: State, command: Command[Any], chance: Chance) -> Accepted | Rejected:
    move, now = command.move, command.at
    if isinstance(move, Begin):
        return accept(Started(now)) if state.turn < 0 else Rejected("ALREADY_STARTED", "started")
    if state.winner is not None:
        return Rejected("MATCH_OVER", "over")
    if isinstance(move, Timeout):
        return accept(Passed(_seat(state), now)) if move.deadline_id == _deadline_id(state) else accept()
    if isinstance(move, Resign) or state.resting or command.seat != _seat(state):
        return Rejected("NOT_YOUR_TURN", "not your turn")
    if not isinstance(move, Add) or move.amount not in (1, 2):
        return Rejected("INVALID_MOVE", "add 1 or 2")
    return accept(Added(command.seat, move.amount, now))


def _seat(state: State) -> int:
    return state.turn % state.seats


def evolve(state: State, event: Event) -> State:
    if isinstance(event, Started):
        return replace(state, turn=0, turn_at=event.at)
    if isinstance(event, Added):
        total = state.total + event.amount
        winner = event.seat if total >= state.target else None
        resting = total % 5 == 0
        return replace(
            state, total=total, turn=state.turn + 1, turn_at=event.at, winner=winner, resting=resting
        )
    if isinstance(event, Passed):
        return replace(state, turn=state.turn + 1, turn_at=event.at, resting=False)
    return state


def legal_moves(state: State, seat: int) -> tuple[Any, ...]:
    if state.turn < 0 or state.winner is not None or state.resting or seat != _seat(state):
        return ()
    return (Add(1), Add(2))


def waiting_on(state: State) -> frozenset[int]:
    if state.turn < 0 or state.winner is not None or state.resting:
        return frozenset()
    return frozenset({_seat(state)})


def deadlines(state: State) -> tuple[Deadline, ...]:
    if state.turn < 0 or state.winner is not None:
        return ()
    return (Deadline(_deadline_id(state), state.turn_at + TURN_MS, "turn"),)


def outcome(state: State) -> Outcome | None:
    if state.winner is None:
        return None
    keys = [(1.0 if seat == state.winner else 0.0,) for seat in range(state.seats)]
    return Outcome(competition_ranks(keys), tuple(None for _ in keys), "target reached")


def player_view(state: State, viewer: Viewer) -> State:
    return state


@dataclass(frozen=True)
class PickBot:
    name: str
    broken: bool = False

    def choose(self, view: State, legal: Sequence[Any], chance: Chance) -> Any:
        if self.broken:
            return Add(5)
        if self.name == "heuristic" and Add(2) in legal and view.total + 2 >= view.target:
            return Add(2)
        return chance.pick(legal)


SPEC: GameSpec[State] = toy_spec(
    globals(),
    key="toy-sim",
    name="Toy Sim",
    designer="tests",
    min_players=1,
    max_players=4,
    options=OptionsSchema((IntOption("target", 21, "Total that wins.", minimum=1),)),
    events=EventCodec((Started, Added, Passed)),
    moves=MoveCodec((Add,)),
    bots={name: PickBot(name) for name in ("random", "heuristic")} | {"broken": PickBot("broken", True)},
)
