"""Writes (HackSoft style: keyword-only; a bad request raises ``ServiceError`` and changes nothing).

Lobby: create_match, join_match, add_bot, remove_seat, leave_match, start_match, expire_lobby. Play: submit_move, resign, fire_deadline, reclaim_seat.
Admin: abort_match. The append itself lives in ``store``; the retry loop in ``play``.
"""

from __future__ import annotations

import contextlib
from typing import Any

import structlog
from django.db import transaction
from django.utils import timezone

from api.common import statements
from api.common.errors import Codes, ServiceError
from api.common.specs import require_spec
from api.matches import aftermath, expected, game_keys, idempotency, lobby, quick, selectors, stand_ins, store
from api.matches.models import Match, MatchDeadline, MatchStatus, Seat
from api.matches.play import (
    Held,
    bot_turn,
    fetch,
    fetch_with_game,
    pk_of,
    play,
    require_active,
    unlocked,
    with_retries,
)
from api.matches.results import MoveAccepted
from games.core.commands import Begin, Resign, Timeout
from games.core.decisions import Rejected
from games.core.engine import Game

DEFAULT_BOT = "heuristic"
ADMIN_ABORT_REASON = "aborted by an admin"

log = structlog.get_logger(__name__)


def _require_player(player: Any) -> None:
    if player is None or getattr(player, "pk", None) is None:
        raise ServiceError(Codes.AUTH_REQUIRED, "Sign in (Authorization: Bearer <token>) to do this.")


def _require_host(match: Match, player: Any) -> None:
    if match.host_id != player.pk:
        raise ServiceError(Codes.NOT_HOST, "Only the match's host may do this.")


def _reload(match_id: Any) -> Match:
    match = selectors.get_match(match_id=match_id)
    if match is None:
        raise ServiceError(Codes.MATCH_NOT_FOUND, f"No match {match_id}.")
    return match


def _lock_lobby(match_id: Any, now_ms: int) -> Match:
    """The match, still in an open lobby, with its seats; its row stays locked until the transaction ends.

    Locking first serializes joins, bots and the start on PostgreSQL, so the start deals to exactly
    the seats that were taken; ``fetch`` takes the lock, in turn with every other writer of the match
    (a writer that locked the row some other way first could deadlock with one queued in ``fetch``).
    """
    match = fetch(match_id)
    changes = {"updated_at": timezone.now()}
    (locked,) = statements.run(
        statements.update_statement(Match, changes, id=match.pk, status=MatchStatus.LOBBY)
    )
    if not locked:
        raise ServiceError(Codes.NOT_IN_LOBBY, f"The match is {match.status}, not in its lobby.")
    lobby.require_open(match, now_ms)
    return match


def _next_index(match: Match) -> int:
    seats = match.seats.all()
    if len(seats) >= require_spec(match.game).max_players:
        raise ServiceError(Codes.MATCH_FULL, "Every seat is taken.")
    return max((seat.index for seat in seats), default=-1) + 1


def create_match(
    *, player: Any, game: str, options: dict[str, Any] | None = None, now_ms: int | None = None
) -> Match:
    """A new match in its lobby, with ``player`` as host in seat 0."""
    _require_player(player)
    spec = require_spec(game)
    parsed = spec.options.parse(options)
    if isinstance(parsed, Rejected):
        raise ServiceError(Codes.INVALID_OPTIONS, parsed.message)
    with transaction.atomic():
        lobby.require_room_for(player)
        match = Match.objects.create(game=game, options=parsed, host=player, rules_version=spec.rules_version)
        Seat.objects.create(match=match, index=0, player=player)
        lobby.extend(match, store.clock_ms() if now_ms is None else now_ms)
    return _reload(match.id)


def join_match(*, match_id: Any, player: Any, now_ms: int | None = None) -> Match:
    _require_player(player)
    now = store.clock_ms() if now_ms is None else now_ms
    with transaction.atomic():
        match = _lock_lobby(match_id, now)
        if selectors.seat_of(match=match, player=player) is not None:
            raise ServiceError(Codes.ALREADY_SEATED, "You already have a seat in this match.")
        lobby.require_room_for(player)
        if quick.is_table(match):  # a friend sits at a quick-match table by its id: its wait stays
            quick.join(match, player, now)
        else:
            Seat.objects.create(match=match, index=_next_index(match), player=player)
            lobby.extend(match, now)
    return _reload(match_id)


def add_bot(*, match_id: Any, player: Any, level: str | None = None, now_ms: int | None = None) -> Match:
    """Seat a bot (host only); ``level`` names one of the game's bots, "heuristic" by default."""
    _require_player(player)
    now = store.clock_ms() if now_ms is None else now_ms
    with transaction.atomic():
        match = _lock_lobby(match_id, now)
        _require_host(match, player)
        quick.refuse_hosting(match)
        bots = require_spec(match.game).bots
        level = level or (DEFAULT_BOT if DEFAULT_BOT in bots else next(iter(bots), DEFAULT_BOT))
        if level not in bots:
            known = ", ".join(bots) or "none"
            raise ServiceError(Codes.UNKNOWN_BOT, f"Unknown bot {level!r}; known: {known}.")
        Seat.objects.create(match=match, index=_next_index(match), is_bot=True, bot_level=level)
        lobby.extend(match, now)
    return _reload(match_id)


def remove_seat(*, match_id: Any, player: Any, seat: int, now_ms: int | None = None) -> Match:
    """Host only, before the start: free another seat (a player or a bot); later seats move down."""
    _require_player(player)
    now = store.clock_ms() if now_ms is None else now_ms
    with transaction.atomic():
        match = _lock_lobby(match_id, now)
        _require_host(match, player)
        quick.refuse_hosting(match)
        if seat == 0 or seat not in {taken.index for taken in match.seats.all()}:
            raise ServiceError(Codes.NO_SUCH_SEAT, f"Seat {seat} is not a guest's seat in this lobby.")
        lobby.vacate(match, seat)
        lobby.extend(match, now)
    return _reload(match_id)


def leave_match(*, match_id: Any, player: Any, now_ms: int | None = None) -> Match:
    """Give up your seat in a lobby; when the host leaves, the lobby closes (ABORTED)."""
    _require_player(player)
    now = store.clock_ms() if now_ms is None else now_ms
    with transaction.atomic():
        match = _lock_lobby(match_id, now)
        seat = _seat(match, player)
        if quick.is_table(match):  # as leaveQuickMatch: only the last to leave closes it
            quick.leave(match, player)
        elif match.host_id == player.pk:
            aftermath.abort(match=match, reason=lobby.HOST_LEFT_REASON)
        else:
            lobby.vacate(match, seat)
            lobby.extend(match, now)
    return _reload(match_id)


def expire_lobby(*, match_id: Any, now_ms: int) -> bool:
    """The lobby's deadline passed: it ends ABORTED. True when it did (False: started or extended)."""
    with transaction.atomic():
        match = fetch(match_id)
        if match.status != MatchStatus.LOBBY or not lobby.expired(match, now_ms):
            return False
        aftermath.abort(match=match, reason=lobby.EXPIRED_REASON)
    return True


def _start(match_id: Any, player: Any, now_ms: int) -> Match:
    match = _lock_lobby(match_id, now_ms)
    _require_host(match, player)
    quick.refuse_hosting(match)
    spec = require_spec(match.game)
    if len(match.seats.all()) < spec.min_players:
        raise ServiceError(
            Codes.NOT_ENOUGH_PLAYERS, f"{spec.name} needs at least {spec.min_players} players."
        )
    lobby.end_timer(match)
    play(match, None, Begin(), now_ms)
    return match


def start_match(*, match_id: Any, player: Any, now_ms: int | None = None) -> Match:
    """Host only: deal (the game's ``Begin`` events) and go ACTIVE with the seats as they are."""
    _require_player(player)
    now = store.clock_ms() if now_ms is None else now_ms
    with_retries(lambda: _start(match_id, player, now))
    return _reload(match_id)


def _seat(match: Match, player: Any) -> int:
    seat = selectors.seat_of(match=match, player=player)
    if seat is None:
        raise ServiceError(Codes.NOT_SEATED, "You have no seat in this match.")
    return seat


def _submit(
    match_id: Any,
    player: Any,
    move: Any,
    expected_version: int | None,
    key: str | None,
    now_ms: int,
    held: Held | None = None,
) -> MoveAccepted:
    # A key's record is read under the lock: a retry must find the first attempt's, never race it.
    known = (
        None if key or held is None else unlocked(held, selectors.seat_of(match=held.match, player=player))
    )
    if known is not None:
        # Refused on what this process held, which may be behind what the player was shown: the
        # refusal must come from the match as it is, read under the lock. Nothing was written.
        with contextlib.suppress(ServiceError):
            return _move(*known, player, move, expected_version, None, now_ms)
    match, game = fetch_with_game(match_id)
    earlier = key and idempotency.recall(match=match, player=player, key=key, move=move)
    if earlier:
        return earlier
    return _move(match, game, player, move, expected_version, key, now_ms)


def _move(
    match: Match,
    game: Game | None,
    player: Any,
    move: Any,
    expected_version: int | None,
    key: str | None,
    now_ms: int,
) -> MoveAccepted:
    require_active(match)
    seat = _seat(match, player)
    parsed = require_spec(match.game).moves.load(move)
    if isinstance(parsed, Rejected):
        raise ServiceError(parsed.code, parsed.message)
    assert game is not None  # an ACTIVE match comes with its game (fetch_with_game, unlocked)
    if expected_version is not None:
        expected.refuse_if_moved_on(
            match=match, game=game, seat=seat, move=parsed, expected=expected_version, now_ms=now_ms
        )
    stand_ins.reclaim(match, seat)  # a move of their own: they are back (undone if it is refused)
    result = play(match, seat, parsed, now_ms, game, last=not key)  # a key's record is written after it
    if key:
        idempotency.remember(match=match, player=player, key=key, move=move, result=result)
    return result


def submit_move(
    *,
    match_id: Any,
    player: Any,
    move: dict[str, Any],
    game: str | None = None,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    now_ms: int | None = None,
    held: Held | None = None,
) -> MoveAccepted:
    """Play ``move`` (the JSON of a move of ``game``; None: of the match's game) from the player's seat;
    any refusal raises ServiceError. ``held``: the match as this process last saw it committed, which
    spares a move in a turn of its own the locked read (``play.unlocked``).

    The write path, in order: check what needs no lock (the player, the key, the match's game), then in
    one transaction with retries: load the match and its game, decide (``play``: the engine), append
    (``store``), and once committed notify (``aftermath``).
    """
    _require_player(player)
    key = idempotency.normalize_key(idempotency_key)
    if game is not None:
        _require_game(match_id, game)
    now = store.clock_ms() if now_ms is None else now_ms
    first = [held]  # after a conflict the match is read again, locked
    return with_retries(
        lambda: _submit(match_id, player, move, expected_version, key, now, first.pop() if first else None)
    )


def _require_game(match_id: Any, game: str) -> None:
    pk = pk_of(match_id)
    played = None if pk is None else game_keys.games.get(pk)
    if played is None:
        raise ServiceError(Codes.MATCH_NOT_FOUND, f"There is no match {match_id}.")
    if played != game:
        raise ServiceError(Codes.WRONG_GAME, f"Match {match_id} plays {played}: send that member.")


def _resign(match_id: Any, player: Any, now_ms: int) -> Match:
    match = fetch(match_id)
    require_active(match)
    seat = _seat(match, player)
    play(match, seat, Resign(), now_ms)
    return match


def resign(*, match_id: Any, player: Any, now_ms: int | None = None) -> Match:
    _require_player(player)
    now = store.clock_ms() if now_ms is None else now_ms
    with_retries(lambda: _resign(match_id, player, now))
    return _reload(match_id)


def _timeout(match_id: Any, deadline_id: str, now_ms: int) -> MoveAccepted:
    match = fetch(match_id)
    require_active(match)
    game = selectors.load_game(match=match)
    stand_ins.note_timeout(match, game)  # absent players' misses; undone with the timeout if it is stale
    return play(match, None, Timeout(deadline_id), now_ms, game)


def _reclaim(match_id: Any, player: Any, now_ms: int) -> Match:
    match = fetch(match_id)
    require_active(match)
    seat = _seat(match, player)
    if seat not in stand_ins.seats(match):
        raise ServiceError(Codes.NOT_STOOD_IN, "Nobody stands in for your seat: it is yours already.")
    stand_ins.reclaim(match, seat)
    game = selectors.load_game(match=match)
    seats, stood_in = match.seats.all(), stand_ins.seats(match)
    rows = store.deadlines_for(game, seats, match.status, now_ms, stood_in)
    store.replace_deadlines(match.pk, rows)  # the stand-in's pending move is called off
    aftermath.committed(match.pk, match.version, deadlines=rows, seats=True)  # standIn false for all
    return match


def reclaim_seat(*, match_id: Any, player: Any, now_ms: int | None = None) -> Match:
    """Take your seat back from the bot that stood in for you, from the match's next decision on."""
    _require_player(player)
    now = store.clock_ms() if now_ms is None else now_ms
    with_retries(lambda: _reclaim(match_id, player, now))
    return _reload(match_id)


def fire_deadline(*, match_id: Any, deadline_id: str, now_ms: int | None = None) -> bool:
    """A timer is due: a bot thinks and moves, or the game's ``Timeout`` applies.

    True when events were appended (or a lobby expired); a stale or unknown id is a harmless no-op
    (False).
    """
    now = store.clock_ms() if now_ms is None else now_ms
    fired = _fire(match_id, deadline_id, now)
    appended = fired.events if isinstance(fired, MoveAccepted) else []
    # A repeated firing appends nothing (it is stale by then), so the log of the match cannot show it:
    # this line, one per firing at DEBUG, is what shows that several timer workers fired each deadline
    # once. ``seqs``: the first and last event the firing appended.
    log.debug(
        "deadline_fired",
        match_id=pk_of(match_id),
        deadline_id=deadline_id,
        seqs=[appended[0].seq, appended[-1].seq] if appended else None,
    )
    return bool(appended) if isinstance(fired, MoveAccepted) else fired


def _fire(match_id: Any, deadline_id: str, now_ms: int) -> MoveAccepted | bool:
    """What the deadline did: the bot's move or the timeout, or whether the lobby expired (False: a
    stale deadline)."""
    pk = pk_of(match_id)
    kind = None if pk is None else statements.value(MatchDeadline, "kind", match=pk, deadline_id=deadline_id)
    if kind is None:
        return False
    if kind == lobby.LOBBY:
        return expire_lobby(match_id=match_id, now_ms=now_ms)
    if kind == quick.FILL:  # a quick-match table's wait is over: bots take the empty seats
        return quick.fill_table(match_id=match_id, now_ms=now_ms)
    attempt = bot_turn if kind == store.BOT else _timeout
    try:
        return with_retries(lambda: attempt(match_id, deadline_id, now_ms))
    except ServiceError:
        return False  # the match moved on, ended, or the bot may not act: the deadline is stale


def abort_match(*, match_id: Any) -> Match:
    """Stop a match for good (admin): status ABORTED, no more timers. The log stays as it is."""
    with transaction.atomic():
        match = fetch(match_id)
        if match.status != MatchStatus.ABORTED:
            aftermath.abort(match=match, reason=ADMIN_ABORT_REASON)
    return _reload(match_id)
