"""Tap race: a tiny game for the service tests of tap rounds (games.core.taps).

The start opens one tap round to every seat over ``targets`` numbered targets; each seat taps one,
and the match ends when the round closes. The fastest tapper, the first claim in the log, wins.

Used by the service's tests of tap rounds (tests/api/test_taps.py), which race real threads at one
round: the log's order must be the order the taps reached the match, whatever the threads do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.core import taps
from games.core.chance import Chance
from games.core.codec import EventCodec, MoveCodec
from games.core.commands import Begin, Command, Timeout
from games.core.deadlines import Deadline, seconds_after
from games.core.decisions import Codes, Decision, Rejected, accept
from games.core.options import IntOption, OptionsSchema
from games.core.outcome import Outcome
from games.core.spec import GameSpec
from games.core.taps import TapRound, TapsOpened
from games.core.visibility import Event, Viewer
from tests.toys import toy_spec

KEY = "toy-taps"
ROUND = "taps-1"

OPTIONS = OptionsSchema(
    (
        IntOption("targets", 8, "How many targets there are to tap.", minimum=1, maximum=64),
        IntOption("tapSeconds", None, "Seconds to tap; empty: no timer.", minimum=1, nullable=True),
    )
)


@dataclass(frozen=True, slots=True)
class Tap:
    target: int


EVENTS = EventCodec(taps.TAP_EVENTS)
MOVES = MoveCodec((Tap,))


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    targets: int
    tap_seconds: int | None
    round: TapRound | None = None

    @property
    def over(self) -> bool:
        return self.round is not None and self.round.closed


def initial_state(options: Mapping[str, Any], seats: int) -> State:
    return State(seats, options["targets"], options["tapSeconds"])


def decide(state: State, command: Command[Any], chance: Chance) -> Decision:
    match command.move:
        case Begin():
            if state.round is not None:
                return Rejected(Codes.ALREADY_STARTED, "The taps are open.")
            seats, targets = frozenset(range(state.seats)), frozenset(range(state.targets))
            return accept(TapsOpened(ROUND, seats, targets, seconds_after(command.at, state.tap_seconds)))
        case Timeout(deadline_id):
            return accept(*taps.time_out(state.round, deadline_id))
        case Tap(target):
            if state.round is None:
                return Rejected(Codes.NOT_STARTED, "The taps have not opened.")
            tapped = taps.tap(state.round, command.seat, target)
            return tapped if isinstance(tapped, Rejected) else accept(*tapped)
    return Rejected(Codes.UNKNOWN_MOVE, f"Unknown move {command.move!r}.")


def evolve(state: State, event: Event) -> State:
    match event:
        case TapsOpened():
            return replace(state, round=TapRound.opened(event))
    return replace(state, round=state.round.apply(event)) if state.round else state


def waiting_on(state: State) -> frozenset[int]:
    return state.round.waiting_on if state.round else frozenset()


def legal_moves(state: State, seat: int) -> tuple[Any, ...]:
    if state.round is None:
        return ()
    return tuple(Tap(target) for target in range(state.targets) if state.round.check(seat, target) is None)


def player_view(state: State, viewer: Viewer) -> dict[str, Any]:
    claims = state.round.claims if state.round else ()
    return {"claims": [list(claim) for claim in claims], "targets": state.targets}


def deadlines(state: State) -> tuple[Deadline, ...]:
    return state.round.deadlines() if state.round else ()


def outcome(state: State) -> Outcome | None:
    if state.round is None or not state.over:
        return None
    fastest = state.round.fastest(lambda target: True)
    ranks = tuple(1 if seat == fastest else 2 for seat in range(state.seats))
    return Outcome(ranks, (None,) * state.seats, "fastest tap")


def make_spec() -> GameSpec[State]:
    return toy_spec(
        globals(),
        key=KEY,
        name="Tap race",
        designer="the test suite",
        min_players=2,
        max_players=16,
        options=OPTIONS,
        events=EVENTS,
        moves=MOVES,
    )
