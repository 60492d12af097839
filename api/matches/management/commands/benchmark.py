"""``manage.py benchmark``: engine throughput per game, measured on one core.

Records the commands of random-bot matches, then times replaying them through ``decide`` and
``evolve`` alone (the engine's share of every move), separately from choosing moves. The design
target is 10,000 commands/s for every game.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from rich.console import Console
from rich.table import Table

from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin
from games.core.commands import Command as Move
from games.core.decisions import Accepted
from games.registry import REGISTRY

TARGET = 10_000


class Command(BaseCommand):
    help = "Measure engine throughput (decide + evolve) for every game."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--matches", type=int, default=100, help="random matches recorded per game")
        parser.add_argument("--game", choices=sorted(REGISTRY), help="only this game")

    def handle(self, *args: Any, **options: Any) -> None:
        table = Table(title="Engine throughput, one core")
        for column in ("game", "matches", "commands", "decide+evolve cmd/s", "playouts/s", "target"):
            table.add_column(column)
        failed = False
        for key in [options["game"]] if options["game"] else sorted(REGISTRY):
            row = _measure(REGISTRY[key], options["matches"])
            failed |= row["rate"] < TARGET
            table.add_row(
                key,
                str(options["matches"]),
                str(row["commands"]),
                f"{row['rate']:,.0f}",
                f"{row['playouts']:,.1f}",
                "met" if row["rate"] >= TARGET else "MISSED",
            )
        Console().print(table)
        if failed:
            raise SystemExit(1)


def _record(spec: Any, seed: int) -> tuple[Any, list[Any]]:
    seats = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
    game = engine.new_game(spec, spec.options.defaults(), seats, f"bench-{seed}")
    chance, now = Chance(f"bench-{seed}", 0), 1_700_000_000_000
    commands: list[Any] = [Move(Begin(), None, now)]
    start = game
    while True:
        step = engine.step(game, commands[-1])
        assert isinstance(step.decision, Accepted), step.decision
        game = step.game
        if game.over:
            return start, commands
        now += 1_000
        seat = chance.pick(sorted(spec.to_act(game.state)))
        commands.append(Move(chance.pick(engine.legal_moves(game, seat)), seat, now))


def _measure(spec: Any, matches: int) -> dict[str, Any]:
    began = time.process_time()
    recorded = [_record(spec, seed) for seed in range(matches)]
    playouts = matches / (time.process_time() - began)
    count = sum(len(commands) for _, commands in recorded)
    began = time.process_time()
    for game, commands in recorded:
        for command in commands:
            decision = engine.decide(game, command)
            game = engine.advance(game, decision.events)  # type: ignore[union-attr]
    elapsed = time.process_time() - began
    return {"commands": count, "rate": count / elapsed, "playouts": playouts}
