"""Daredevil Rock's ``GameSpec``: the table before the deal, the turn timer, and how a match ranks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.deadlines import Deadline
from games.core.outcome import Outcome, competition_ranks
from games.core.spec import GameSpec, RandomBot
from games.daredevil_rock.bots import HeuristicBot
from games.daredevil_rock.cards import COPIES, TABLEAU
from games.daredevil_rock.events import EVENTS
from games.daredevil_rock.evolve import evolve
from games.daredevil_rock.labels import describe_move
from games.daredevil_rock.moves import MOVES
from games.daredevil_rock.options import OPTIONS, Options
from games.daredevil_rock.rules import decide, legal_moves, waiting_on
from games.daredevil_rock.state import Climber, State, invariants
from games.daredevil_rock.views import DaredevilRockView, player_view, secrets


def initial_state(options: Mapping[str, Any], seats: int) -> State:
    """Climbers at the base, each with its cams in reserve; the cliff is laid out by ``Begin``."""
    if seats not in TABLEAU:
        raise ValueError(f"Daredevil Rock is for 1 to 4 players, not {seats}")
    typed = Options.build(options, seats)
    columns, levels = TABLEAU[seats]
    climbers = tuple(Climber(seat, reserve=typed.cams) for seat in range(seats))
    return State(typed, seats, columns, levels, climbers)


def deadlines(state: State) -> tuple[Deadline, ...]:
    if not state.running or state.turn is None:
        return ()
    return state.turn.deadlines()


def outcome(state: State) -> Outcome | None:
    """Ruling 11: the winner ranks first; then climbers still in the game by the level they reached
    (higher is better, ties share a rank); then climbers out of the game, later eliminations first.

    Scores: with two or more players, the level reached at the end (0 at the base or out of the game;
    reaching the summit counts as one level above the top row). Ruling 10, solitaire: the actions used
    to reach the summit, lower is better, and no score when the climber fell out of the game, resigned
    or reached the turn limit.
    """
    if not state.over:
        return None
    reason = state.reason or ""
    if state.solitaire:
        (climber,) = state.climbers
        return Outcome((1,), (climber.actions if state.winner == 0 else None,), reason)
    keys = tuple(_standing(state, climber) for climber in state.climbers)
    scores = tuple(float(_level_reached(state, climber)) for climber in state.climbers)
    return Outcome(competition_ranks(keys), scores, reason)


def _standing(state: State, climber: Climber) -> tuple[float, ...]:
    if climber.seat == state.winner:
        return (3, 0)
    if climber.eliminated:
        return (1, climber.out_order or 0)
    return (2, climber.level)


def _level_reached(state: State, climber: Climber) -> int:
    if climber.seat == state.winner and state.reason == "summit":
        return state.levels + 1
    return 0 if climber.eliminated else climber.level


SPEC: GameSpec[State] = GameSpec(
    key="daredevil-rock",
    name="Daredevil Rock",
    designer="Phil Leduc",
    min_players=1,
    max_players=4,
    rules_version=1,  # raise by one with every change of behaviour: see tests/golden/README.md
    options=OPTIONS,
    events=EVENTS,
    moves=MOVES,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    legal_moves=legal_moves,
    waiting_on=waiting_on,
    player_view=player_view,
    deadlines=deadlines,
    outcome=outcome,
    bots={"random": RandomBot(), "heuristic": HeuristicBot()},
    invariants=invariants,
    secrets=secrets,
    summary="Climb a cliff of face-down cards to ranks within three of your own, set cams against the "
    "Jokers that make you fall, and be first to hang from the top and reach the summit.",
    view_type=DaredevilRockView,
    describe_move=describe_move,
    copies=COPIES,
)
