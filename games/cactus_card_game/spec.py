"""The Cactus Card Game's ``GameSpec``: the table before the deal, and how a match ranks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cactus_card_game.bots import HeuristicBot
from games.cactus_card_game.cards import Card
from games.cactus_card_game.events import EVENTS
from games.cactus_card_game.evolve import evolve
from games.cactus_card_game.labels import describe_move
from games.cactus_card_game.moves import MOVES
from games.cactus_card_game.options import OPTIONS, Options
from games.cactus_card_game.rules import deadlines, decide, legal_moves, may_act, waiting_on
from games.cactus_card_game.state import Player, State, invariants
from games.cactus_card_game.views import CactusView, player_view, secrets
from games.core.copies import Copies
from games.core.outcome import Outcome, competition_ranks
from games.core.spec import GameSpec, RandomBot

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def initial_state(options: Mapping[str, Any], seats: int) -> State:
    """Players with empty hands and no points; the deal is ``Begin``'s."""
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"The Cactus Card Game is for 2 to 6 players, not {seats}")
    return State(OPTIONS.build(Options, options), seats, tuple(Player(seat) for seat in range(seats)))


def outcome(state: State) -> Outcome | None:
    """Rulings 16 and 17: the winners rank first (sharing the rank), then everyone by points (ties
    share a rank), players who left included. Scores are points."""
    if not state.over:
        return None
    keys = tuple((float(player.seat in state.winners), float(player.points)) for player in state.players)
    scores = tuple(float(player.points) for player in state.players)
    return Outcome(competition_ranks(keys), scores, state.reason or "")


SPEC: GameSpec[State] = GameSpec(
    key="cactus-card-game",
    name="The Cactus Card Game",
    designer="Ryan Wallace",
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
    may_act=may_act,
    player_view=player_view,
    deadlines=deadlines,
    outcome=outcome,
    bots={"random": RandomBot(), "heuristic": HeuristicBot()},
    invariants=invariants,
    secrets=secrets,
    view_type=CactusView,
    describe_move=describe_move,
    copies=Copies(Card, "number"),
    summary="Play action cards to steal points and cards, lay sets of Charlies, Spikes and Walters, and "
    "STOP what the others play (STOPs can be stopped too) to reach the points goal first.",
)
