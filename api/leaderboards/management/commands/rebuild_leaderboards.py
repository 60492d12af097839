"""`manage.py rebuild_leaderboards [--game G] [--season S]`: recompute the boards from the log."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from rich.console import Console
from rich.progress import Progress

from api.common.progress import PROGRESS_COLUMNS
from api.leaderboards.models import Season
from api.leaderboards.projection import EVERY_BOARD
from api.leaderboards.services import rebuild
from games.registry import REGISTRY


class Command(BaseCommand):
    help = (
        "Recompute ratings, rating history and solitaire bests from the matches' logs, from scratch: "
        "every game, or --game; every board, or --season (a season's name or id; 'all-time' for the "
        "all-time board). Each game is rebuilt in one transaction: readers see the old board until then."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", choices=sorted(REGISTRY), help="Only this game (default: every game).")
        parser.add_argument("--season", help="Only this board: a season's name or id, or 'all-time'.")

    def handle(self, *args: Any, game: str | None = None, season: str | None = None, **options: Any) -> None:
        if game is not None and game not in REGISTRY:  # call_command does not check choices
            raise CommandError(f"Unknown game {game!r}; known: {', '.join(sorted(REGISTRY))}.")
        if season is not None and game is None:
            raise CommandError("--season needs --game: seasons belong to one game.")
        console = Console(file=self.stdout, stderr=False)
        for key in [game] if game else sorted(REGISTRY):
            board = _board(key, season)
            with Progress(*PROGRESS_COLUMNS, console=console) as progress:
                task = progress.add_task(key, total=None)

                def told(done: int, total: int, task: Any = task) -> None:
                    progress.update(task, completed=done, total=total)

                read = rebuild(game=key, season=board, progress=told)
            self.stdout.write(f"{key}: {read} ended matches read")


def _board(game: str, season: str | None) -> Season | str | None:
    if season is None:
        return EVERY_BOARD
    if season == "all-time":
        return None
    found = Season.objects.filter(game=game, name=season).first()
    if found is None and season.isdigit():
        found = Season.objects.filter(game=game, id=int(season)).first()
    if found is None:
        raise CommandError(f"{game} has no season {season!r}.")
    return found
