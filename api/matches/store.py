"""The append of the write path (DESIGN.md, "Write path"): runs inside the caller's transaction.

Concurrency control is optimistic: the unique ``(match, seq)`` constraint and a guarded
``UPDATE ... WHERE version = <old>``. A writer that lost the race gets an ``IntegrityError`` or a
``Conflict``; the services retry the whole transaction from a fresh read. What follows an append
(deadline rows, ratings, the after-commit step) is ``aftermath``'s.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import DataError
from django.utils import timezone

from api.common import statements
from api.common.statements import Statement
from api.matches import eventlog
from api.matches.models import Match, MatchDeadline, MatchEvent, MatchStatus, Seat
from games.core import engine
from games.core.chance import Chance
from games.core.decisions import Accepted
from games.core.engine import Game, Step
from games.core.outcome import Outcome

DeadlineRow = tuple[str, int, str]  # (deadline_id, at_ms, kind)
BOT = "bot"


class Conflict(Exception):
    """Another writer advanced the match first: reload and decide again."""


def clock_ms() -> int:
    return int(time.time() * 1000)


def bot_delay_ms() -> int:
    return int(getattr(settings, "BOT_DELAY_MS", 300))


def bot_deadline_id(seat: int, version: int) -> str:
    return f"bot-{seat}-{version}"


def parse_bot_deadline_id(deadline_id: str) -> tuple[int, int] | None:
    """``(seat, version)`` of a bot deadline id, or ``None`` when it is not one."""
    prefix, _, rest = deadline_id.partition("-")
    seat, _, version = rest.partition("-")
    if prefix != BOT or not seat.isdigit() or not version.isdigit():
        return None
    return int(seat), int(version)


def deadlines_for(
    game: Game, seats: Sequence[Seat], status: str, now_ms: int, stood_in: frozenset[int] = frozenset()
) -> list[DeadlineRow]:
    """The timers a match at ``game`` waits on: the game's own, plus a thinking delay per bot to act
    (a bot seat, or a seat ``stood_in`` for while its player is away: api/matches/stand_ins.py)."""
    if status != MatchStatus.ACTIVE or game.over:
        return []
    rows = [(deadline.id, deadline.at, deadline.kind) for deadline in game.spec.deadlines(game.state)]
    bots = {seat.index for seat in seats if seat.is_bot} | stood_in
    acting = _bot_order(game, [seat for seat in sorted(engine.waiting_on(game)) if seat in bots])
    rows += [
        (bot_deadline_id(seat, game.version), now_ms + _thinking_ms(game, seat) + place, BOT)
        for place, seat in enumerate(acting)
    ]
    return rows


def _bot_order(game: Game, bots: list[int]) -> tuple[int, ...]:
    """The bots due to act, in an order drawn from the match's seeded stream: each is due a
    millisecond after the one before it. Bots wishing for the same time (Racesmack's tap) would
    otherwise fire in the timer store's tie order, by id, so seat 0's bot would always tap first
    (owner ruling: a bot's tie-break comes from the seeded stream, never the lowest seat)."""
    return Chance(f"{game.seed}:bots", game.version).shuffle(bots) if len(bots) > 1 else tuple(bots)


def _thinking_ms(game: Game, seat: int) -> int:
    """The game's wish for this bot's time (a human-like tap), else the service's BOT_DELAY_MS."""
    wished = engine.bot_delay_ms(game, seat)
    return bot_delay_ms() if wished is None else max(0, wished)


def same_deadlines(old: list[DeadlineRow], new: list[DeadlineRow]) -> bool:
    # A bot row's id carries the version, so it never survives an append; only its time is "now".
    def keys(rows: list[DeadlineRow]) -> set[tuple[str, int | None, str]]:
        return {(ident, None if kind == BOT else at, kind) for ident, at, kind in rows}

    return keys(old) == keys(new)


def deadline_statements(match_id: int, rows: list[DeadlineRow]) -> list[Statement | None]:
    """What replaces the match's deadline rows with ``rows``."""
    fresh = [
        MatchDeadline(match_id=match_id, deadline_id=ident, at_ms=at, kind=kind) for ident, at, kind in rows
    ]
    return [
        statements.delete_statement(MatchDeadline, match=match_id),
        statements.insert_statement(MatchDeadline, fresh),
    ]


def replace_deadlines(match_id: int, rows: list[DeadlineRow]) -> None:
    statements.run(*deadline_statements(match_id, rows))


def status_after(game: Game) -> str:
    """The match's status once its log reaches ``game``."""
    return MatchStatus.FINISHED if game.outcome() else MatchStatus.ACTIVE


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    return {"ranks": list(outcome.ranks), "scores": list(outcome.scores), "reason": outcome.reason}


def _producers(step: Step, seat: int | None) -> list[int | None]:
    """Which seat produced each event: overdue timeouts come first and belong to the server."""
    own = len(step.decision.events) if isinstance(step.decision, Accepted) else 0
    return [None] * (len(step.events) - own) + [seat] * own


def append(
    *,
    match: Match,
    game: Game,
    step: Step,
    seat: int | None,
    now_ms: int,
    with_it: Sequence[Statement | None] = (),
    last: bool = False,
) -> list[MatchEvent]:
    """Append ``step``'s events after ``game`` (the match's game at ``match.version``): the rows and
    the match's new version, status and outcome, and the statements ``with_it`` (what follows from
    them in the same transaction, see ``aftermath``), all in one round trip. ``last``: the caller
    writes nothing after this, so the transaction's COMMIT may travel with them (``statements.
    may_commit``), behind a guard that fails the batch if the match had moved on.

    Updates ``match`` in place; raises ``Conflict`` (or ``IntegrityError``) when another writer got
    there first. Writes nothing when the step changes nothing.
    """
    new = step.game
    outcome = new.outcome()
    old_status = match.status
    status = status_after(new)
    if not step.events and status == old_status:
        return []
    at = eventlog.at_ms(now_ms)
    rows = eventlog.to_rows(
        new.spec,
        match_id=match.id,
        first_seq=game.version + 1,
        events=step.events,
        seats=_producers(step, seat),
        at=at,
    )
    changes: dict[str, Any] = {"version": new.version, "status": status, "updated_at": timezone.now()}
    if outcome:
        changes |= {"outcome": outcome_json(outcome), "finished_at": at}
    commit = last and statements.may_commit()
    try:
        moved, *_ = statements.run(
            # First, so its row count comes first: the guard that no other writer moved the match on.
            statements.update_statement(Match, changes, id=match.pk, version=game.version, status=old_status),
            # With the COMMIT aboard, the row count comes too late: fail the batch unless the row is at
            # the new version, ours or another writer's (whose events hold these seqs: the INSERT fails).
            statements.guard_statement(Match, id=match.pk, version=new.version) if commit else None,
            statements.insert_statement(MatchEvent, rows),
            *with_it,
            commit=commit,
        )
    except DataError as error:
        if statements.guard_failed(error):
            raise Conflict(f"match {match.pk} moved on from version {game.version}") from error
        raise
    if moved != 1:
        raise Conflict(f"match {match.pk} moved on from version {game.version}")
    for field, value in changes.items():
        setattr(match, field, value)
    return rows
