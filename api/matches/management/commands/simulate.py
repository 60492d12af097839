"""`manage.py simulate --game KEY --matches N --bots a,b [--seed S] [--players P]`.

Plays N bot-only matches in-process on the pure engine (no database), checking invariants (see
api/matches/management/simulation.py), and prints per-bot results. Exits 1 on any invariant failure.
"""

from __future__ import annotations

import secrets
import time
from collections import Counter
from typing import IO, Any, cast

from django.core.management.base import BaseCommand, CommandError, CommandParser
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from api.common.progress import PROGRESS_COLUMNS
from api.matches.management.simulation import MatchResult, play_match, seat_bots
from games.core.decisions import Rejected
from games.core.spec import GameSpec


def find_spec(key: str) -> GameSpec[Any] | None:
    from games.registry import REGISTRY  # imported late: tests swap the lookup for a toy game

    return REGISTRY.get(key)


class Command(BaseCommand):
    help = "Play bot-only matches on the pure engine and check invariants."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True, help="Game key, e.g. daredevil-rock.")
        parser.add_argument("--matches", type=int, default=100)
        parser.add_argument("--bots", default="random,heuristic", help="Comma-separated bot names.")
        parser.add_argument("--players", type=int, default=None, help="Seats per match.")
        parser.add_argument("--seed", default=None, help="Base seed (match i uses '<seed>:<i>').")
        parser.add_argument(
            "--move-cap", type=int, default=20_000, help="Fail a match after this many moves."
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        spec = find_spec(opts["game"])
        if spec is None:
            raise CommandError(f"Unknown game {opts['game']!r}.")
        bots = [name.strip() for name in opts["bots"].split(",") if name.strip()]
        players = self._players(spec, bots, opts["players"])
        options = spec.options.parse({})
        if isinstance(options, Rejected):
            raise CommandError(options.message)
        if opts["matches"] < 1:
            raise CommandError("--matches must be at least 1.")
        seed = opts["seed"] or secrets.token_hex(8)
        console = Console(file=cast(IO[str], self.stdout), width=100)
        started = time.perf_counter()
        with Progress(*PROGRESS_COLUMNS, console=console) as progress:
            task = progress.add_task(f"{spec.key} x{players}", total=opts["matches"])
            results = []
            for index in range(opts["matches"]):
                seated = seat_bots(bots, players, index)
                match_seed = f"{seed}:{index}"
                results.append(play_match(spec, options, seated, match_seed, move_cap=opts["move_cap"]))
                progress.advance(task)
        elapsed = time.perf_counter() - started
        self._report(console, spec, results, seed, elapsed)
        failures = [result for result in results if result.failure]
        if failures:
            raise CommandError(f"{len(failures)} of {len(results)} matches broke an invariant.")

    def _players(self, spec: GameSpec[Any], bots: list[str], players: int | None) -> int:
        unknown = [name for name in bots if name not in spec.bots]
        if not bots or unknown:
            named = ", ".join(unknown) or "(none given)"
            raise CommandError(f"Unknown bot {named}; {spec.key} has: {', '.join(spec.bots)}.")
        count = players or min(max(len(bots), spec.min_players), spec.max_players)
        if not spec.min_players <= count <= spec.max_players:
            raise CommandError(f"{spec.key} takes {spec.min_players}-{spec.max_players} players.")
        return count

    def _report(
        self, console: Console, spec: GameSpec[Any], results: list[MatchResult], seed: str, elapsed: float
    ) -> None:
        seats: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        for result in results:
            seats.update(result.bots)
            wins.update(result.bots[seat] for seat in result.winners)
        table = Table(title=f"{spec.name}: {len(results)} matches")
        for column in ("bot", "seats", "wins", "win rate"):
            table.add_column(column, justify="left" if column == "bot" else "right")
        for name in sorted(seats):
            table.add_row(name, str(seats[name]), str(wins[name]), f"{wins[name] / seats[name]:.1%}")
        console.print(table)
        finished = [result for result in results if not result.failure] or results
        console.print(
            f"average length: {sum(r.moves for r in finished) / len(finished):.1f} moves, "
            f"{sum(r.turns for r in finished) / len(finished):.1f} turns; "
            f"{len(results) / elapsed:.1f} matches/s; seed {seed} (match i uses '{seed}:i')"
        )
        self._report_failures(console, results)

    def _report_failures(self, console: Console, results: list[MatchResult]) -> None:
        failures = [(index, result) for index, result in enumerate(results) if result.failure]
        if not failures:
            console.print("invariants: all held (moves accepted, events round-trip, replay = live, ended)")
            return
        table = Table(title=f"{len(failures)} invariant failures", title_style="bold red")
        for column in ("match", "seed", "bots", "failure"):
            table.add_column(column, overflow="fold")
        for index, result in failures[:50]:
            table.add_row(str(index), result.seed, ",".join(result.bots), result.failure)
        console.print(table)
