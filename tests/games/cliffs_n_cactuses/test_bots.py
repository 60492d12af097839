"""The computer racers: each sees only its own view and the legal moves, always chooses one of them, and
bots alone finish whole matches for 2 to 6 racers. The heuristic racer plays a Bonus onto itself and a
Sabotage onto the racer farthest down other than itself, then draws at once (Ruling 6): it never leaves
the Race phase to its deadline.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.cliffs_n_cactuses import SPEC
from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.bots import HeuristicBot
from games.cliffs_n_cactuses.cards import CARDS
from games.cliffs_n_cactuses.moves import Draw, PlayCard
from games.cliffs_n_cactuses.state import Phase, State
from games.cliffs_n_cactuses.views import player_view
from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command, Timeout
from games.core.decisions import Accepted
from games.core.engine import Game
from games.core.quotas import QuotaClosed
from games.core.visibility import Event, seat_viewer
from tests.games.cliffs_n_cactuses.table import name_of, play, table
from tests.games.kit import T0

MAX_COMMANDS = 20_000
THINKING_MS = 200  # between two bot moves
SILENCE = 12  # about one time in this many, the bot waited on stays silent until the deadline
SEEDS = 3


def bot_match(name: str, seats: int, seed: str, *, silences: bool) -> tuple[Game, list[Event]]:
    """Bots of kind ``name`` in every seat, through the engine: a seat the match waits on moves, and
    when nobody is waited on the earliest deadline passes (now and then even when someone is, with
    ``silences``: a bot too slow for a question or a throw). Every choice must be a legal move."""
    bot = SPEC.bots[name]
    game = engine.new_game(SPEC, SPEC.options.defaults(), seats, seed)
    chance = Chance(f"bots:{seed}", 0)
    command: Command[Any] = Command(Begin(), None, T0)
    log: list[Event] = []
    for _ in range(MAX_COMMANDS):
        step = engine.step(game, command)
        assert isinstance(step.decision, Accepted), (command, step.decision)
        log += step.events
        game = step.game
        assert SPEC.invariants(game.state) == ()
        if game.over:
            return game, log
        now = command.at + THINKING_MS
        waiting = sorted(engine.waiting_on(game))
        deadlines = sorted(SPEC.deadlines(game.state), key=lambda due: (due.at, due.id))
        if deadlines and (not waiting or (silences and chance.below(SILENCE) == 0)):
            command = Command(Timeout(deadlines[0].id), None, max(now, deadlines[0].at))
        elif waiting:
            seat = chance.pick(waiting)
            legal = engine.legal_moves(game, seat)
            move = bot.choose(engine.view(game, seat_viewer(seat)), legal, chance)
            assert move in legal, (name, seat, move)
            command = Command(move, seat, now)
        else:
            raise AssertionError(f"nobody is waited on and no deadline is set: {game.state.phase}")
    raise AssertionError(f"{name} bots, {seats} seats: no end after {MAX_COMMANDS} commands")


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_bots_choose_legal_moves_and_finish_whole_matches(name, seats):
    for seed in range(SEEDS):
        game, log = bot_match(name, seats, f"{name}-{seats}-{seed}", silences=True)
        state: State = game.state
        assert state.phase is Phase.OVER and len(state.winners) == 1
        winner = state.winners[0]
        assert state.racers[winner].position == 0
        outcome = game.outcome()
        assert outcome is not None and outcome.winners == (winner,)
        assert any(isinstance(event, ev.Tallied) for event in log)


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_heuristic_bots_never_wait_for_the_race_deadline(seats):
    """Ruling 6: with nothing it wants to play, the heuristic racer draws; a table of them ends every
    Race phase by drawing, never at the deadline."""
    _, log = bot_match("heuristic", seats, f"quick-{seats}", silences=False)
    closed = [event for event in log if isinstance(event, QuotaClosed)]
    assert closed and not [event for event in closed if event.timed_out]


def choice(state: State, seat: int) -> Any:
    """What the heuristic racer at ``seat`` does now, seeing only its view and its legal moves."""
    legal = SPEC.legal_moves(state, seat)
    move = HeuristicBot().choose(player_view(state, seat_viewer(seat)), legal, Chance("bot", 0))
    assert move in legal
    return move


def race(state: State, seat: int) -> tuple[State, list[tuple[str, int]]]:
    """The racer at ``seat`` plays until it draws: the table after, and (card, queue) for each play."""
    plays: list[tuple[str, int]] = []
    while True:
        move = choice(state, seat)
        if isinstance(move, Draw):
            state, _ = play(state, seat, move)
            return state, plays
        assert isinstance(move, PlayCard)
        plays.append((name_of(CARDS[move.card]), move.racer))
        state, _ = play(state, seat, move)


def test_the_heuristic_bot_plays_bonuses_on_itself_and_sabotages_on_the_racer_farthest_down():
    """Seat 1 leads at 700 m (stage 2: 3 cards); the racer farthest down but itself is seat 2."""
    state = table({1: ("Cow Crossing", "Nitroooooo!", "Banana", "Coffee")}, positions=(900, 700, 800, 1000))
    state, plays = race(state, 1)
    assert sorted(plays) == [("Banana", 2), ("Cow Crossing", 2), ("Nitroooooo!", 1)]
    assert len(state.racers[1].hand) == 5 and state.phase is Phase.RACE


def test_the_heuristic_bot_sabotages_the_leader_when_it_is_not_the_leader():
    state = table({0: ("Death Rays", "Shortcut!")}, positions=(900, 700, 800, 1000))
    _, plays = race(state, 0)
    assert sorted(plays) == [("Death Rays", 1), ("Shortcut!", 0)]


def test_the_heuristic_bot_draws_when_it_has_nothing_left_to_play():
    """An empty hand, or every play of the stage spent: it draws at once rather than wait."""
    state = table({0: (), 1: ("Coffee", "Banana", "Giant Worm", "Drone Swarm")}, positions=(1200, 1100))
    assert choice(state, 0) == Draw()
    state, plays = race(state, 1)  # stage 1: two plays, then a draw with cards still in hand
    assert len(plays) == 2 and len(state.racers[1].hand) == 5
    assert state.race is not None and 1 in state.race.done


def test_the_heuristic_racer_picks_among_equal_rivals_by_the_stream():
    """Ruling 9 (audit Q3): seat 0 leads; seats 1 and 2 are equally far down. Its Sabotage goes to
    either, as the seeded stream says, never to the lower seat first."""
    state = table({0: ("Banana",)}, positions=(400, 500, 500))
    view = player_view(state, seat_viewer(0))
    legal = SPEC.legal_moves(state, 0)
    victims = {HeuristicBot().choose(view, legal, Chance(f"tie-{n}", 0)).racer for n in range(12)}
    assert victims == {1, 2}
