"""Odds and Evens: a two-seat toy game built only from games.core, to test the engine contract.

Each round both seats seal a number from 0 to 5; when both have chosen (or the round's 10 s deadline
passes, silence counting as 0) the choices are revealed and an even sum scores for seat 0, an odd one
for seat 1. First to three points wins. At the deal a hidden "omen" card is drawn from a shuffled deck
so the tests can check that chance is recorded and hidden.

Used by tests/games/core/test_engine.py (the engine contract: sealed rounds, late choices, replay), by
tests/conformance, whose harness runs it beside the five games so that a harness that passes a game
without checking it shows on a game small enough to read, and by tests/api/graphql/test_bindings.py
(a spec with and without a view type for the schema).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.core import sealed
from games.core.chance import Chance
from games.core.codec import EventCodec, MoveCodec
from games.core.commands import Begin, Command, Resign, Timeout
from games.core.deadlines import Deadline, seconds_after
from games.core.decisions import Codes, Decision, Rejected, accept
from games.core.options import IntOption, OptionsSchema
from games.core.outcome import Outcome, competition_ranks
from games.core.spec import GameSpec
from games.core.visibility import Event, HiddenFields, Viewer
from tests.toys import toy_spec

OPTIONS = OptionsSchema((IntOption("roundSeconds", 10, "Seconds to choose.", minimum=0, maximum=60),))


@dataclass(frozen=True)
class Choose:
    number: int


@dataclass(frozen=True)
class Dealt(HiddenFields):
    hidden = ("omen",)

    omen: int | None


@dataclass(frozen=True, slots=True)
class NumberChosen(sealed.ChoiceSealed[Choose]):
    """A seat's secret number: the move itself, typed, so the log gives back a ``Choose``."""


@dataclass(frozen=True, slots=True)
class NumbersShown(sealed.ChoicesRevealed[Choose]):
    pass


@dataclass(frozen=True)
class Scored(Event):
    seat: int


@dataclass(frozen=True)
class Resigned(Event):
    seat: int


@dataclass(frozen=True)
class State:
    seats: int
    round_seconds: int
    started: bool = False
    omen: int | None = None
    round: sealed.SealedRound[Choose] | None = None
    rounds: int = 0
    points: tuple[int, int] = (0, 0)
    resigned: int | None = None


def initial_state(options: Mapping[str, Any], seats: int) -> State:
    return State(seats=seats, round_seconds=options["roundSeconds"])


def _open(state: State, now: int) -> sealed.RoundOpened:
    key = f"round-{state.rounds + 1}"
    return sealed.RoundOpened(key, frozenset(range(state.seats)), seconds_after(now, state.round_seconds))


def decide(state: State, command: Command[Any], chance: Chance) -> Decision:
    if over(state):
        return Rejected(Codes.MATCH_OVER, "The match is over.")
    match command.move:
        case Begin():
            if state.started:
                return Rejected(Codes.ALREADY_STARTED, "Already dealt.")
            return accept(Dealt(chance.pick(chance.shuffle(range(1, 7)))), _open(state, command.at))
        case _ if not state.started or state.round is None:
            return Rejected(Codes.NOT_STARTED, "Not dealt yet.")
        case Choose(number=number):
            if not 0 <= number <= 5 and state.round.check(command.seat) is None:
                return Rejected("OUT_OF_RANGE", "Choose a number from 0 to 5.")
            told = sealed.seal(state.round, command.seat, command.move, NumberChosen)
            if isinstance(told, Rejected):
                return told
            return accept(*told, *_reveal(state, told, command.at))
        case Timeout(deadline_id=deadline_id):
            closed = sealed.time_out(state.round, deadline_id)
            return accept(*closed, *_reveal(state, closed, command.at))
        case Resign():
            return accept(Resigned(command.seat or 0))
        case _:
            return Rejected(Codes.UNKNOWN_MOVE, "Unknown move.")


def _reveal(state: State, told: tuple[Event, ...], now: int) -> tuple[Event, ...]:
    """Once the round closes, its numbers are shown (silence counting as 0) and the sum scores."""
    assert state.round is not None
    if not any(isinstance(event, sealed.RoundClosed) for event in told):
        return ()
    round_ = state.round
    for event in told:
        round_ = round_.apply(event)
    scorer = sum(choice.number for choice in round_.choices.values()) % 2
    events: list[Event] = [sealed.reveal(round_, NumbersShown), Scored(scorer)]
    if state.points[scorer] + 1 < 3:
        events.append(_open(state, now))
    return tuple(events)


def evolve(state: State, event: Event) -> State:
    match event:
        case Dealt(omen=omen):
            return replace(state, started=True, omen=omen)
        case sealed.RoundOpened():
            return replace(state, round=sealed.SealedRound.opened(event), rounds=state.rounds + 1)
        case sealed.ChoiceSealed() | sealed.RoundClosed() | sealed.ChoicesRevealed():
            assert state.round is not None
            return replace(state, round=state.round.apply(event))
        case Scored(seat=seat):
            points = tuple(p + (1 if i == seat else 0) for i, p in enumerate(state.points))
            return replace(state, points=(points[0], points[1]), round=None)
        case Resigned(seat=seat):
            return replace(state, resigned=seat, round=None)
    return state


def over(state: State) -> bool:
    return state.resigned is not None or max(state.points) >= 3


def legal_moves(state: State, seat: int) -> tuple[Any, ...]:
    if over(state) or state.round is None or state.round.check(seat):
        return ()
    return tuple(Choose(n) for n in range(6))


def waiting_on(state: State) -> frozenset[int]:
    if over(state) or state.round is None:
        return frozenset()
    return state.round.still_to_choose


@dataclass(frozen=True)
class View:
    points: tuple[int, int]
    omen: int | None
    ready: tuple[int, ...]
    my_choice: int | None


def player_view(state: State, viewer: Viewer) -> View:
    chosen = state.round.choices if state.round else {}
    mine = next((c.number for s, c in chosen.items() if viewer.is_seat(s)), None)
    return View(state.points, state.omen if viewer.omniscient else None, tuple(sorted(chosen)), mine)


def deadlines(state: State) -> tuple[Deadline, ...]:
    if over(state) or state.round is None:
        return ()
    return state.round.deadlines()


def outcome(state: State) -> Outcome | None:
    if not over(state):
        return None
    if state.resigned is not None:
        ranks = tuple(2 if seat == state.resigned else 1 for seat in range(2))
        return Outcome(ranks, (None, None), "resigned")
    return Outcome(
        competition_ranks([(p,) for p in state.points]), tuple(float(p) for p in state.points), "three points"
    )


class FirstLegal:
    name = "first"

    def choose(self, view: Any, legal: Sequence[Any], chance: Chance) -> Any:
        return legal[0]


SPEC: GameSpec[State] = toy_spec(
    globals(),
    key="odds-and-evens",
    name="Odds and Evens",
    designer="Cliffside tests",
    min_players=2,
    max_players=2,
    options=OPTIONS,
    events=EventCodec((Dealt, Scored, Resigned, NumberChosen, NumbersShown, *sealed.SEALED_EVENTS)),
    moves=MoveCodec((Choose,)),
    bots={"first": FirstLegal()},
)
