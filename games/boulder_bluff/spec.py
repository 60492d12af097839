"""Boulder Bluff's ``GameSpec``: the table before the deal, and how a match ranks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.boulder_bluff.bots import HeuristicBot
from games.boulder_bluff.cards import COPIES
from games.boulder_bluff.checks import waiting_on
from games.boulder_bluff.events import EVENTS
from games.boulder_bluff.evolve import evolve
from games.boulder_bluff.injuries import score
from games.boulder_bluff.labels import describe_move
from games.boulder_bluff.moves import MOVES
from games.boulder_bluff.options import OPTIONS, Options
from games.boulder_bluff.rules import deadlines, decide, legal_moves, shown_waiting_on
from games.boulder_bluff.state import Player, State, invariants
from games.boulder_bluff.views import BoulderBluffView, player_view, secrets
from games.core.outcome import Outcome, competition_ranks
from games.core.spec import GameSpec, RandomBot

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def initial_state(options: Mapping[str, Any], seats: int) -> State:
    """Players with empty hands and no boulders; the setup is ``Begin``'s."""
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"Boulder Bluff is for 2 to 4 players, not {seats}")
    return State(OPTIONS.build(Options, options), seats, tuple(Player(seat) for seat in range(seats)))


def outcome(state: State) -> Outcome | None:
    """Ruling 9: by score; a tie goes to whoever claimed a boulder last. Ruling 20: who resigned ranks
    below who did not, the first to resign last; its claimed boulders still score. Scores are the scores."""
    if not state.over:
        return None
    scores = tuple(float(score(state, player.seat)) for player in state.players)
    out = state.out
    keys = tuple(
        (
            float(out.index(player.seat) if player.seat in out else len(out)),
            scores[player.seat],
            float(player.last_claim),
        )
        for player in state.players
    )
    return Outcome(competition_ranks(keys), scores, state.reason or "")


SPEC: GameSpec[State] = GameSpec(
    key="boulder-bluff",
    name="Boulder Bluff",
    designer="Brecht Hanssens",
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
    shown_waiting_on=shown_waiting_on,
    player_view=player_view,
    deadlines=deadlines,
    outcome=outcome,
    bots={"random": RandomBot(), "heuristic": HeuristicBot()},
    invariants=invariants,
    secrets=secrets,
    view_type=BoulderBluffView,
    describe_move=describe_move,
    copies=COPIES,
    summary="Climb boulders with climb cards played face up or face down, and dare the others to join "
    "you: alone, nobody can check your bluff; together, the strongest climber claims the boulder.",
)
