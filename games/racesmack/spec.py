"""Racesmack's ``GameSpec``: the table before the deal, how a match ranks, and the bots' tap time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.outcome import Outcome, competition_ranks
from games.core.spec import GameSpec, RandomBot
from games.racesmack.bots import HeuristicBot
from games.racesmack.cards import COPIES
from games.racesmack.events import EVENTS
from games.racesmack.evolve import evolve
from games.racesmack.labels import describe_move
from games.racesmack.moves import MOVES
from games.racesmack.options import OPTIONS, Options
from games.racesmack.rules import deadlines, decide, legal_moves, waiting_on
from games.racesmack.state import Player, State, invariants
from games.racesmack.views import RacesmackView, player_view, secrets

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def initial_state(options: Mapping[str, Any], seats: int) -> State:
    """Players with empty hands and Races; the deal is ``Begin``'s."""
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"Racesmack is for 2 to 6 players, not {seats}")
    return State(OPTIONS.build(Options, options), seats, tuple(Player(seat) for seat in range(seats)))


def outcome(state: State) -> Outcome | None:
    """Rulings 14 and 15: the winners rank first, then everyone by the length of their Race (ties share
    a rank); players who left rank after those still in. Scores are Race lengths."""
    if not state.over:
        return None
    keys = tuple(
        (float(player.seat in state.winners), float(player.playing), float(len(player.race)))
        for player in state.players
    )
    return Outcome(
        competition_ranks(keys), tuple(float(len(p.race)) for p in state.players), state.reason or ""
    )


def bot_delay_ms(state: State, seat: int) -> int | None:
    """A bot taps like a person, ``botTapMs`` after the reveal; any other move takes the service's time."""
    tapping = state.taps is not None and not state.taps.closed and not state.asks
    return state.options.bot_tap_ms if tapping else None


SPEC: GameSpec[State] = GameSpec(
    key="racesmack",
    name="Racesmack",
    designer="Pandaqi",
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
    bot_delay_ms=bot_delay_ms,
    view_type=RacesmackView,
    describe_move=describe_move,
    copies=COPIES,
    summary="Everyone plays a card face down, all are revealed at once, then the fastest to tap a correct "
    "card wins the leftovers; build a Race that meets its Rules Card's finish requirement first.",
)
