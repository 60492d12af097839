"""The boards, kept as a projection of the log: counted as each match ends (``match_ended``, in the
transaction that ends it) and rebuilt from scratch (``rebuild``) with the very same ``projection.apply``,
in the order the matches ended, so a rebuild gives exactly what the live path gave."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from api.common import statements
from api.leaderboards import moderation, projection
from api.leaderboards.models import (
    Policy,
    Rating,
    RatingChange,
    Sanction,
    SanctionKind,
    Season,
    SolitaireBest,
    Void,
)
from api.leaderboards.projection import EVERY_BOARD
from games.registry import REGISTRY

# Where a rebuild reads the ended matches of a game (how many, then each in the order they ended): the
# matches app's ``standings.ended_matches``, handed over by its ``ready`` (the leaderboards never import
# the matches).
EndedMatches = Callable[[str], tuple[int, Iterator[projection.Ended]]]
_ended_matches: EndedMatches | None = None


def read_ended_with(source: EndedMatches) -> None:
    global _ended_matches
    _ended_matches = source


def match_ended(ended: projection.Ended | None, *, last: bool = False) -> None:
    """Count a match that just ended on its game's boards, in the transaction that ended it; ``last``:
    the caller writes nothing after this (its last write may carry the COMMIT)."""
    if ended is not None:
        boards = statements.queue_statement(_boards_of(ended.game), shared=True)
        projection.apply(ended, projection.Rules.for_ended(ended, first=boards), last=last)


def _boards_of(game: str) -> str:
    """The lock of a game's boards: matches ending share it; a rebuild holds it alone, so that a match
    ending meanwhile is counted after it (on the rebuilt boards), never into rows it is rewriting."""
    return f"leaderboards:{game}"


def rebuild(
    *, game: str, season: Season | str | None = EVERY_BOARD, progress: Callable[[int, int], Any] | None = None
) -> int:
    """Recompute ``game``'s boards from the log (``season``: that board alone, None the all-time one;
    by default every board), in one transaction; how many ended matches were read. ``progress(done, total)``
    is told after each."""
    with transaction.atomic():
        statements.queue_on(_boards_of(game))
        _clear(game, season)
        rules = projection.Rules.of(game)
        if _ended_matches is None:
            raise RuntimeError("no source of ended matches: api.matches.apps.MatchesConfig.ready wires it")
        total, ended_matches = _ended_matches(game)
        done = 0
        if progress:
            progress(done, total)  # the bar shows its length before the first match is read
        for ended in ended_matches:
            projection.apply(ended, rules, only=season)
            done += 1
            if progress:
                progress(done, total)
    return done


def _clear(game: str, season: Season | str | None) -> None:
    for model in (Rating, RatingChange, SolitaireBest):
        rows = model.objects.filter(game=game)
        if season != EVERY_BOARD:
            rows = rows.filter(season=season)
        rows.delete()


# --- the admins' decisions that change what the log rates: each rebuilds the boards it touches ---------


def games_of(game: str) -> list[str]:
    """The games a sanction of ``game`` applies to (blank: every game)."""
    return [game] if game else sorted(REGISTRY)


def sanction(*, player: Any, game: str, kind: str, reason: str, by: Any) -> Sanction:
    """Hide (at once) or ban (the boards rebuilt without the player's ratings) a player."""
    with transaction.atomic():
        made = moderation.sanction(player=player, game=game, kind=kind, reason=reason, by=by)
        _rebuild_after(made)
    return made


def lift(sanction: Sanction, *, by: Any) -> None:
    with transaction.atomic():
        moderation.lift(sanction, by=by)
        _rebuild_after(sanction)


def _rebuild_after(sanction: Sanction) -> None:
    """A ban changes who is rated; a hide only who is shown, which every read of a board applies."""
    if sanction.kind == SanctionKind.BAN:
        for key in games_of(sanction.game):
            rebuild(game=key)


def void(*, match: Any, reason: str, by: Any) -> Void:
    """Take a match off every board: its game's boards rebuilt without it."""
    with transaction.atomic():
        made = moderation.void(match=match, reason=reason, by=by)
        rebuild(game=match.game)
    return made


def undo(void: Void, *, by: Any) -> None:
    with transaction.atomic():
        moderation.undo(void, by=by)
        rebuild(game=void.match.game)


# --- seasons and policies: what a board counts; a change that alters it rebuilds the board ------------


def open_season(*, game: str, name: str, starts_at: datetime, ends_at: datetime | None) -> Season:
    """A new season of ``game``, its board counted at once from the matches that already ended in it (a
    season may start in the past; the live path only counts the matches that end from now on)."""
    with transaction.atomic():
        season = Season.objects.create(game=game, name=name, starts_at=starts_at, ends_at=ends_at)
        rebuild(game=game, season=season)
    return season


def close_season(season: Season, *, by: Any) -> bool:
    """Freeze a season's board: no match that ends from now on counts on it (``Season.covers``). Nothing
    to rebuild: every match on it ended before now. False when it was closed already: a closed board is a
    result, closed once, by one admin."""
    closed = Season.objects.filter(pk=season.pk, closed_at__isnull=True).update(
        closed_at=timezone.now(), closed_by=by
    )
    season.refresh_from_db(fields=["closed_at", "closed_by"])
    return closed == 1


def set_policy(policy: Policy) -> None:
    """Save a game's policy and rebuild its boards: what counts has changed for every match, past ones too."""
    with transaction.atomic():
        policy.save()
        rebuild(game=policy.game)
