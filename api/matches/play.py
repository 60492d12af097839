"""Commands through the engine: check -> load -> decide -> append -> settle (and, once committed, the
one after-commit step of ``aftermath``), in one transaction with retries.

``attempt`` functions run inside ``transaction.atomic()``; ``with_retries`` repeats one when another
writer won the race for the next ``seq`` (unique constraint or guarded UPDATE), at most
``MAX_ATTEMPTS`` times, re-reading the match each time.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import structlog
from django.db import IntegrityError, transaction

from api.common import statements
from api.common.errors import Codes, ServiceError
from api.matches import aftermath, cache, eventlog, seating, selectors, stand_ins, store
from api.matches.models import Match, MatchEvent, MatchStatus
from api.matches.results import MoveAccepted
from games.core import engine
from games.core.chance import Chance
from games.core.commands import Command
from games.core.decisions import Rejected
from games.core.engine import Game
from games.core.visibility import seat_viewer

log = structlog.get_logger(__name__)

MAX_ATTEMPTS = 5
BACKOFF_S = 0.001  # random pause before retry n: up to 2**n ms, so racing writers spread out
T = TypeVar("T")


def with_retries(attempt: Callable[[], T]) -> T:
    for tries in range(1, MAX_ATTEMPTS + 1):
        try:
            with transaction.atomic():
                return attempt()
        except (IntegrityError, store.Conflict):
            # Someone else appended first: decide again from what the database now holds. The cache
            # needs no invalidation: it only ever holds committed prefixes (see api/matches/cache.py),
            # so the next load folds just the events the winner appended.
            if tries < MAX_ATTEMPTS:
                time.sleep(random.uniform(0, BACKOFF_S * 2**tries))
    raise ServiceError(Codes.CONFLICT, "The match kept changing under this move; try again.")


def pk_of(match_id: Any) -> int | None:
    """``match_id`` as a primary key (GraphQL sends IDs as strings), or ``None`` if it cannot be one."""
    try:
        return int(match_id)
    except (TypeError, ValueError):
        return None


def fetch(match_id: Any) -> Match:
    """The match with its seats, for writing; ``MATCH_NOT_FOUND`` when there is none.

    The row stays locked until the transaction ends, so on PostgreSQL concurrent writers to one match
    queue in arrival order instead of racing and retrying (which would reorder simultaneous taps):
    ``statements.by_pk`` serves the queue first come, first served. The unique ``(match, seq)``
    constraint remains the guarantee against lost or doubled moves; SQLite serializes writers anyway.
    """
    return _locked(match_id, pk_of(match_id), None)[0]


def fetch_with_game(match_id: Any) -> tuple[Match, Game | None]:
    """``fetch``, and the game at the match's version when it is ACTIVE (None: no move to play on it).
    What another process appended since the game this one holds is read in the lock's round trip,
    not in one of its own: in the games where seats act at once, most moves fold the other seat's
    move first."""
    pk = pk_of(match_id)
    held = None if pk is None else cache.games.get(pk)
    after = None if held is None else held.version
    match, rows = _locked(match_id, pk, after)
    if match.status != MatchStatus.ACTIVE:
        return match, None
    if after is None or rows is None:
        return match, selectors.load_game(match=match)
    # Under the lock nothing is appended beyond the row's version; the fold checks the rows fit.
    return match, selectors.load_game(match=match, rows=(after, rows))


def _locked(match_id: Any, pk: int | None, after: int | None) -> tuple[Match, list[MatchEvent] | None]:
    """The match locked, with its seats; and its event rows after ``after`` (None: none read)."""
    queries = [] if pk is None or after is None else [eventlog.after(pk, after)]
    match, read = (None, []) if pk is None else statements.locked_with(Match, pk, *queries)
    if match is None:
        raise ServiceError(Codes.MATCH_NOT_FOUND, f"No match {match_id}.")
    rows = [row for row in read[0] if row.seq <= match.version] if read else None
    return seating.attach(match), rows


@dataclass(frozen=True)
class Held:
    """A match as this process last saw it committed, with its game at that version: the live updates
    hold the latest of each match they follow (api/graphql/updates.py). Shared: never written."""

    match: Match
    game: Game | None


def unlocked(held: Held | None, seat: int | None) -> tuple[Match, Game] | None:
    """``held``'s match (a copy of its own, to write) and game, when a move of ``seat`` may be appended
    without first locking and reading the row: no other seat may act, so no one's move can be queued
    behind it, and nothing a move undoes is pending (a stand-in, missed deadlines). The append's guard
    still refuses a match that moved on since, or ended; the move is then decided again, locked.

    Reading under the lock is one round trip of a move's two; in a game of turns the mover's own
    process holds the match at the version its player was shown (docs/performance-log.md)."""
    if held is None or held.game is None or seat is None:
        return None
    match, game = held.match, held.game
    if match.status != MatchStatus.ACTIVE or game.version != match.version or stand_ins.pending(match):
        return None
    if engine.may_act(game) != {seat}:
        return None
    return seating.attach(copy.copy(match)), game


def require_active(match: Match) -> None:
    if match.status != MatchStatus.ACTIVE:
        raise ServiceError(Codes.NOT_ACTIVE, f"The match is {match.status}, not ACTIVE.")


def play(
    match: Match, seat: int | None, move: Any, now_ms: int, game: Game | None = None, *, last: bool = False
) -> MoveAccepted:
    """Decide ``move`` for ``seat`` (``None``: the server) and append what follows. In a transaction;
    ``last``: the caller writes nothing after it (the COMMIT may travel with the append)."""
    game = game or selectors.load_game(match=match)
    step = engine.step(game, Command(move, seat, now_ms))
    if isinstance(step.decision, Rejected):
        # Writes nothing, not even the overdue timeouts it was decided after: their timers append them.
        raise ServiceError(step.decision.code, step.decision.message)
    deadlines = aftermath.deadlines_after(match=match, before=game, after=step.game, now_ms=now_ms)
    with_it = deadlines.statements(match.id)
    settles = aftermath.writes_after(after=step.game)  # then the COMMIT may travel with settle's writes
    events = store.append(
        match=match,
        game=game,
        step=step,
        seat=seat,
        now_ms=now_ms,
        with_it=with_it,
        last=last and not settles,
    )
    if events:
        aftermath.settle(
            match=match,
            before=game,
            after=step.game,
            events=step.events,
            rows=events,
            deadlines=deadlines,
            last=last,
        )
    return MoveAccepted(match=match, version=match.version, events=events)


def bot_turn(match_id: Any, deadline_id: str, now_ms: int) -> MoveAccepted:
    """The bot seat named by a ``bot-<seat>-<version>`` deadline plays, if that is still current."""
    parsed = store.parse_bot_deadline_id(deadline_id)
    if parsed is None:
        raise ServiceError(Codes.NOT_SEATED, f"{deadline_id!r} names no bot seat.")
    seat, version = parsed
    match, game = fetch_with_game(match_id)
    require_active(match)
    assert game is not None  # ACTIVE
    if match.version != version:
        raise ServiceError(Codes.VERSION_MISMATCH, f"The match is at {match.version}, not {version}.")
    level = stand_ins.bot_level(match, seat)  # a bot seat's, or a stand-in's for an absent player
    legal = engine.legal_moves(game, seat)
    bot = game.spec.bots.get(level) if level else None
    if bot is None or seat not in engine.waiting_on(game) or not legal:
        raise ServiceError(Codes.NOT_SEATED, f"Seat {seat} is not a bot that may act now.")
    view = engine.view(game, seat_viewer(seat))
    move = bot.choose(view, legal, Chance(match.seed + ":bot", version))
    try:
        return play(match, seat, move, now_ms, game)
    except ServiceError as error:
        log.warning("bot_move_rejected", match_id=match.id, seat=seat, move=repr(move), code=error.code)
        raise
