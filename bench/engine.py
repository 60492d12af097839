"""The engine figure: decide + evolve commands/s per game, on one core, with no service around it.

Records the commands of random-bot matches, then times replaying them through ``decide`` and
``evolve`` alone (the engine's share of every move), apart from choosing the moves. Each decision is
settled as the service settles it (``engine.settle``): a game whose ``decide`` folds its events as it
tells them (``Story``) hands over the state it reached, and no event is applied twice.
"""

from __future__ import annotations

import time
from typing import Any

from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command, Timeout
from games.core.deadlines import overdue
from games.core.decisions import Accepted
from games.core.spec import GameSpec


def record(spec: GameSpec[Any], seed: int) -> tuple[engine.Game, list[Command[Any]]]:
    """A random match of ``spec`` (seat count varies with the seed): its start and every command."""
    seats = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
    game = engine.new_game(spec, spec.options.defaults(), seats, f"bench-{seed}")
    chance, now = Chance(f"bench-{seed}", 0), 1_700_000_000_000
    commands: list[Command[Any]] = [Command(Begin(), None, now)]
    start = game
    while True:
        step = engine.step(game, commands[-1])
        assert isinstance(step.decision, Accepted), step.decision
        game = step.game
        if game.over:
            return start, commands
        now += 1_000
        # A deadline that passed fires first, as the timer worker fires it: a move chosen from the
        # table before it could answer what is no longer open (a STOP window that timed out).
        due = overdue(spec.deadlines(game.state), now)
        if due:
            commands.append(Command(Timeout(due[0].id), None, due[0].at))
            continue
        seat = chance.pick(sorted(engine.waiting_on(game)))
        commands.append(Command(chance.pick(engine.legal_moves(game, seat)), seat, now))


def measure(spec: GameSpec[Any], matches: int) -> dict[str, Any]:
    """Commands/s through decide + evolve over ``matches`` recorded matches (process CPU time)."""
    began = time.process_time()
    recorded = [record(spec, seed) for seed in range(matches)]
    playouts = matches / (time.process_time() - began)
    count = sum(len(commands) for _, commands in recorded)
    began = time.process_time()
    for game, commands in recorded:
        for command in commands:
            decision = engine.decide(game, command)
            assert isinstance(decision, Accepted)
            # As the service settles a move (engine.step): each event applied once, from the state a
            # game's decide already folded when it has one.
            game = engine.settle(game, decision)
    elapsed = time.process_time() - began
    return {
        "game": spec.key,
        "matches": matches,
        "commands": count,
        "commands_per_s": round(count / elapsed),
        "playouts_per_s": round(playouts, 1),
    }
