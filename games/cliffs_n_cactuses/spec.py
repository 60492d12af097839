"""Cliffs n' Cactuses' ``GameSpec``: the cliff before the deal and how a match ranks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cliffs_n_cactuses.bots import HeuristicBot
from games.cliffs_n_cactuses.cards import CARD_COPIES
from games.cliffs_n_cactuses.events import EVENTS
from games.cliffs_n_cactuses.evolve import evolve
from games.cliffs_n_cactuses.labels import describe_move
from games.cliffs_n_cactuses.moves import MOVES
from games.cliffs_n_cactuses.options import OPTIONS, Options
from games.cliffs_n_cactuses.rules import deadlines, decide, legal_moves, may_act, waiting_on
from games.cliffs_n_cactuses.state import Racer, State, invariants
from games.cliffs_n_cactuses.views import CliffsNCactusesView, player_view, secrets
from games.core.outcome import Outcome, competition_ranks
from games.core.spec import GameSpec, RandomBot

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def initial_state(options: Mapping[str, Any], seats: int) -> State:
    """Racers at the start (the top of the cliff, or halfway), with empty hands; the deal is ``Begin``'s."""
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"Cliffs n' Cactuses is for 2 to 6 racers, not {seats}")
    built = OPTIONS.build(Options, options)
    return State(built, seats, tuple(Racer(seat, built.start) for seat in range(seats)))


def outcome(state: State) -> Outcome | None:
    """The winner ranks first, then everyone by how far down they are (ties share a rank); racers who
    left rank after those still in. Scores are metres run down the cliff."""
    if not state.winners:
        return None
    keys = tuple(
        (float(racer.seat in state.winners), float(racer.playing), float(-racer.position))
        for racer in state.racers
    )
    scores = tuple(float(state.options.start - racer.position) for racer in state.racers)
    return Outcome(competition_ranks(keys), scores, state.reason or "")


SPEC: GameSpec[State] = GameSpec(
    key="cliffs-n-cactuses",
    name="Cliffs n' Cactuses",
    designer="The Cliffs n' Cactuses team",  # the rulebook names no designer (README.md, Credits)
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
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
    may_act=may_act,
    view_type=CliffsNCactusesView,
    describe_move=describe_move,
    copies=CARD_COPIES,
    summary="Racers play cards at once onto each other's queues for 30 seconds, then reveal them in turn: "
    "Bonuses run, Sabotages climb, multipliers double and specials vaporize, swap and steal; first to "
    "the bottom of the cliff wins.",
)
