"""What follows an append, in two steps.

``settle`` runs in the append's own transaction: the match's deadline rows (the timers' source of
truth), the end of a match whose log reached its limit, and the ratings of a finished match, so none of
them can ever disagree with the log. ``committed`` is the one step after commit, for everything outside
the database: the game cache and its snapshots, the timer store, and the subscribers' nudge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import structlog
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from api.common.statements import Statement
from api.leaderboards.services import match_ended
from api.matches import cache, notify, seating, stand_ins, standings, timers
from api.matches.models import Match, MatchEvent, MatchStatus
from api.matches.store import (
    DeadlineRow,
    deadline_statements,
    deadlines_for,
    replace_deadlines,
    same_deadlines,
    status_after,
)
from games.core.engine import Game
from games.core.visibility import Event

log = structlog.get_logger(__name__)


def max_events() -> int:
    """The longest log a match may have: the append that reaches it ends the match (see ``settle``)."""
    return int(getattr(settings, "MATCH_MAX_EVENTS", 10_000))


@dataclass(frozen=True)
class Deadlines:
    """The match's deadline rows after an append: ``rows``, or None when they stay as they were."""

    rows: list[DeadlineRow] | None

    def statements(self, match_id: int) -> list[Statement | None]:
        """What writes them, sent with the append itself (``store.append``'s ``with_it``)."""
        return [] if self.rows is None else deadline_statements(match_id, self.rows)


def deadlines_after(*, match: Match, before: Game, after: Game, now_ms: int) -> Deadlines:
    """The timers the match will wait on once ``after`` is appended (``match`` still at ``before``)."""
    seats, stood_in = seating.seats(match), stand_ins.seats(match)
    old_rows = deadlines_for(before, seats, match.status, now_ms, stood_in)
    new_rows = deadlines_for(after, seats, status_after(after), now_ms, stood_in)
    return Deadlines(None if same_deadlines(old_rows, new_rows) else new_rows)


def writes_after(*, after: Game) -> bool:
    """Might ``settle`` write to the database after the append that reaches ``after``? (A log at its
    limit ends its match; a finished match's ratings are written.)"""
    return after.version >= max_events() or after.outcome() is not None


def settle(
    *,
    match: Match,
    before: Game,
    after: Game,
    events: Sequence[Event],
    rows: Sequence[MatchEvent],
    deadlines: Deadlines,
    last: bool = False,
) -> None:
    """In the append's transaction, after it (which wrote ``deadlines`` with ``rows``): the rest of what
    the log now implies. ``match`` is already at ``after``; ``last``: the caller writes nothing after."""
    limit = max_events()
    if match.status == MatchStatus.ACTIVE and after.version >= limit:
        # No log grows without bound: the whole step is kept (its events belong together), then the
        # match ends. A match the step finished ends FINISHED as usual.
        abort(match=match, reason=f"the match reached its limit of {limit} events", game=after)
        return
    outcome = after.outcome()
    if outcome:
        match_ended(standings.as_ended(match, outcome), last=last)
    committed(
        match.id,
        after.version,
        game=after,
        deadlines=deadlines.rows,
        passed=(before, events),
        commit=notify.Commit(match, after, before.version, rows),
    )


def abort(*, match: Match, reason: str, game: Game | None = None) -> None:
    """End ``match`` as ABORTED for ``reason`` (a short sentence for people), in the caller's transaction.

    The log stays as it is; its timers are removed, and once committed subscribers are told (and
    ``game``, the match's game now, is cached).
    """
    changes = {"status": MatchStatus.ABORTED, "end_reason": reason, "updated_at": timezone.now()}
    Match.objects.filter(pk=match.pk).update(**changes)
    for field, value in changes.items():
        setattr(match, field, value)
    replace_deadlines(match.pk, [])
    match_ended(standings.as_ended(match))  # counts only where the game's policy counts aborted ones
    # seats=True: the match changed without a move, so subscribers read it afresh (its last update).
    committed(match.pk, match.version, game=game, deadlines=[], seats=True)


def committed(
    match_id: int,
    version: int,
    *,
    game: Game | None = None,
    deadlines: list[DeadlineRow] | None = None,
    passed: tuple[Game, Sequence[Event]] | None = None,
    commit: notify.Commit | None = None,
    seats: bool = False,
) -> None:
    """The one step after commit: cache ``game`` (and the snapshots its events ``passed``), arm the
    timers when ``deadlines`` changed (None: unchanged), nudge the subscribers (handing ``commit`` to
    those in this process; ``seats``: the seats changed at this version, see notify). Nothing here can undo the commit: each part logs its own failure and the
    next goes on."""

    def after_commit() -> None:
        if game is not None:
            cache.games.put(match_id, game)
            if passed is not None:
                cache.keep_passed_snapshots(match_id, *passed)
        if deadlines is not None:
            timers.mirror(match_id=match_id, deadlines=deadlines)
        notify.publish_match_advanced(match_id, version, commit, seats=seats)

    transaction.on_commit(after_commit, robust=True)
