"""Quick-match: a player asks for a game and is seated at a waiting table that fits, or opens one.

A quick-match table is a lobby (a Match in LOBBY) with a ``QuickTable`` row: its pairing key (game,
seat count and options, all equal), its rating (its players' mean ordinal) and when it opened. The
queue is those rows in PostgreSQL, so every server process pairs from the same queue:

- ``quick_match`` takes, under a lock on the pairing key (one decision at a time per key, so two
  players arriving together sit at one table rather than each open their own), the fitting table of
  closest rating (api/matches/pairing.py), skipping a table whose row another writer holds (``SKIP
  LOCKED``: the timer filling it); none fits, it opens one. The last seat taken deals at once.
- The table's lobby deadline (id ``lobby``, kind ``quick``) is at ``opened + wait``; the timer worker
  then seats bots in the empty places and deals (``fill_table``). So the wait is the lobby timer
  every lobby has, and a table past it refuses joins like an expired lobby.
- ``leave_quick_match`` gives the seat up; the last person to leave closes the table.

A friend may also sit at a table by its id (``joinMatch``) and leave it with ``leaveMatch``: both act
as here (the wait stays the table's, the table deals when full, nobody's leaving closes it but the
last). What only a host's lobby has (``addBot``, ``removeSeat``, ``startMatch``) is refused with
``QUICK_MATCH_TABLE``: nobody hosts a quick-match table, its wait and its bots are the server's.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count, F

from api.common import statements
from api.common.errors import Codes, ServiceError
from api.common.specs import require_spec
from api.leaderboards.models import DEFAULT_MU, DEFAULT_SIGMA, Rating
from api.matches import aftermath, lobby, pairing, seating, selectors, store
from api.matches.models import Match, MatchDeadline, MatchStatus, QuickTable, Seat
from api.matches.play import fetch, play, with_retries
from games.core.commands import Begin
from games.core.decisions import Rejected
from games.core.spec import GameSpec

FILL = "quick"  # the kind of a quick-match table's lobby deadline: bots fill it, it does not expire
INVALID_SEATS = "INVALID_SEATS"
ALREADY_QUEUED = "ALREADY_QUEUED"
NOT_QUICK_MATCH = "NOT_QUICK_MATCH"
QUICK_MATCH_TABLE = "QUICK_MATCH_TABLE"
EVERYONE_LEFT_REASON = "everyone left the quick-match table"
NEW_PLAYER_RATING = DEFAULT_MU - 3 * DEFAULT_SIGMA  # an unrated player's ordinal
CANDIDATES = 50  # tables looked at per request, the oldest first: plenty for one key's queue

WAITING, MATCHED, CANCELLED = "WAITING", "MATCHED", "CANCELLED"


def wait_ms(game: str) -> int:
    """How long a table of ``game`` waits for people before bots take the empty seats."""
    per_game = settings.QUICK_MATCH_WAIT_SECONDS_PER_GAME or {}
    return int(float(per_game.get(game, settings.QUICK_MATCH_WAIT_SECONDS)) * 1000)


def window() -> pairing.Window:
    return pairing.Window(
        base=float(settings.QUICK_MATCH_RATING_WINDOW),
        per_second=float(settings.QUICK_MATCH_WINDOW_PER_SECOND),
    )


def table_size(spec: GameSpec[Any], seats: int | None) -> int:
    """The seats asked for; by default two (heads-up), or the game's minimum when that is more."""
    size = max(spec.min_players, 2) if seats is None else seats
    if not spec.min_players <= size <= spec.max_players:
        raise ServiceError(
            INVALID_SEATS, f"{spec.name} is played by {spec.min_players} to {spec.max_players}, not {size}."
        )
    return size


def pairing_key(game: str, seats: int, options: dict[str, Any]) -> str:
    """Who may sit together: the same game, seat count and options (defaults filled in)."""
    digest = hashlib.sha256(json.dumps(options, sort_keys=True).encode()).hexdigest()[:32]
    return f"{game}/{seats}/{digest}"


def ratings_of(game: str, player_ids: list[int]) -> list[float]:
    """Each player's all-time ordinal in ``game`` (a new player's where they have none)."""
    held = dict(
        Rating.objects.filter(game=game, season=None, player_id__in=player_ids).values_list(
            "player_id", "ordinal"
        )
    )
    return [held.get(pk, NEW_PLAYER_RATING) for pk in player_ids]


def quick_match(
    *,
    player: Any,
    game: str,
    seats: int | None = None,
    options: dict[str, Any] | None = None,
    now_ms: int | None = None,
) -> Match:
    """Seat ``player`` at a waiting table that fits, or open one; the table that fills deals."""
    if player is None or getattr(player, "pk", None) is None:
        raise ServiceError(Codes.AUTH_REQUIRED, "Sign in (Authorization: Bearer <token>) to do this.")
    spec = require_spec(game)
    size = table_size(spec, seats)
    parsed = spec.options.parse(options)
    if isinstance(parsed, Rejected):
        raise ServiceError(Codes.INVALID_OPTIONS, parsed.message)
    now = store.clock_ms() if now_ms is None else now_ms
    match_id = with_retries(lambda: _seat(player, game, size, parsed, now))
    return _reload(match_id)


def _seat(player: Any, game: str, size: int, options: dict[str, Any], now_ms: int) -> int:
    key = pairing_key(game, size, options)
    statements.queue_on(f"quick:{key}")
    queued = Seat.objects.filter(
        player_id=player.pk, match__game=game, match__status=MatchStatus.LOBBY, match__quick__isnull=False
    ).first()
    if queued is not None:
        raise ServiceError(ALREADY_QUEUED, f"You already wait at quick-match table {queued.match_id}.")
    lobby.require_room_for(player)
    (rating,) = ratings_of(game, [player.pk])
    for table in pairing.preferred(_waiting(key, now_ms), rating, now_ms, window()):
        match = _lock(table.match_id, now_ms)
        if match is not None:
            _join(match, player, now_ms)
            return match.pk
    return _open(player, game, size, options, key, rating, now_ms)


def _waiting(key: str, now_ms: int) -> list[pairing.Waiting]:
    tables = (
        QuickTable.objects.filter(pairing=key, fill_at_ms__gt=now_ms, match__status=MatchStatus.LOBBY)
        .annotate(seated=Count("match__seats"))
        .filter(seated__lt=F("seats"))
        .order_by("opened_at_ms")
        .values_list("match_id", "rating", "opened_at_ms")[:CANDIDATES]
    )
    return [pairing.Waiting(*table) for table in tables]


def _lock(match_id: int, now_ms: int) -> Match | None:
    """The table, locked, if it still takes players; None when another writer holds it (skipped, not
    waited for) or it filled, dealt or closed meanwhile."""
    match = (
        Match.objects.select_for_update(skip_locked=True)
        .filter(pk=match_id, status=MatchStatus.LOBBY)
        .first()
    )
    if match is None or lobby.expired(match, now_ms):
        return None
    seating.attach(match)
    return match if len(match.seats.all()) < match.quick.seats else None


def join(match: Match, player: Any, now_ms: int) -> None:
    """Seat ``player`` at the locked table ``match`` (with its seats attached); the last seat deals."""
    table = match.quick
    if len(match.seats.all()) >= table.seats:
        raise ServiceError(Codes.MATCH_FULL, "Every seat is taken.")
    _join(match, player, now_ms)


def _join(match: Match, player: Any, now_ms: int) -> None:
    table = match.quick
    seats = list(match.seats.all())
    Seat.objects.create(match=match, index=len(seats), player=player)
    if len(seats) + 1 >= table.seats:
        _deal(match, now_ms)
        return
    _rate(table, [seat.player_id for seat in seats if seat.player_id] + [player.pk])
    aftermath.committed(match.pk, match.version)  # the table's subscribers see one more seated


def _open(
    player: Any, game: str, size: int, options: dict[str, Any], key: str, rating: float, now_ms: int
) -> int:
    rules_version = require_spec(game).rules_version  # as create_match records it
    match = Match.objects.create(game=game, options=options, host=player, rules_version=rules_version)
    Seat.objects.create(match=match, index=0, player=player)
    fill_at = now_ms + wait_ms(game)
    QuickTable.objects.create(
        match=match, pairing=key, seats=size, rating=rating, opened_at_ms=now_ms, fill_at_ms=fill_at
    )
    if size == 1:  # a solitaire table is full as it opens
        _deal(match, now_ms)
        return match.pk
    MatchDeadline.objects.create(match=match, deadline_id=lobby.LOBBY, at_ms=fill_at, kind=FILL)
    aftermath.committed(match.pk, match.version, deadlines=[(lobby.LOBBY, fill_at, FILL)])
    return match.pk


def _rate(table: QuickTable, player_ids: list[int]) -> None:
    game = table.pairing.split("/", 1)[0]
    table.rating = pairing.mean(ratings_of(game, player_ids), table.rating)
    table.save(update_fields=["rating"])


def _deal(match: Match, now_ms: int) -> None:
    """Every seat is taken: the lobby's timer ends and the game's ``Begin`` deals."""
    lobby.end_timer(match)
    seating.attach(match)  # with the seats just taken
    play(match, None, Begin(), now_ms)


def fill_table(*, match_id: Any, now_ms: int) -> bool:
    """The wait is over: bots take the empty seats and the table deals (True when it did; False when it
    dealt, closed or stopped being quick meanwhile)."""
    return with_retries(lambda: _fill(match_id, now_ms))


def _fill(match_id: Any, now_ms: int) -> bool:
    match = fetch(match_id)
    due = MatchDeadline.objects.filter(
        match_id=match.pk, deadline_id=lobby.LOBBY, kind=FILL, at_ms__lte=now_ms
    )
    if match.status != MatchStatus.LOBBY or not due.exists():
        return False
    seats = list(match.seats.all())
    if not any(seat.player_id for seat in seats):
        aftermath.abort(match=match, reason=EVERYONE_LEFT_REASON)
        return True
    level = _bot_level(require_spec(match.game))
    for index in range(len(seats), match.quick.seats):
        Seat.objects.create(match=match, index=index, is_bot=True, bot_level=level)
    _deal(match, now_ms)
    return True


def _bot_level(spec: GameSpec[Any]) -> str:
    return "heuristic" if "heuristic" in spec.bots else next(iter(spec.bots))


def leave_quick_match(*, match_id: Any, player: Any, now_ms: int | None = None) -> Match:
    """Leave a table still waiting; the last person to leave closes it (ABORTED)."""
    if player is None or getattr(player, "pk", None) is None:
        raise ServiceError(Codes.AUTH_REQUIRED, "Sign in (Authorization: Bearer <token>) to do this.")
    with transaction.atomic():
        match = fetch(match_id)
        _table_of(match)
        if match.status != MatchStatus.LOBBY:
            raise ServiceError(Codes.NOT_IN_LOBBY, f"The table is {match.status}: nothing to leave.")
        leave(match, player)
    return _reload(match_id)


def leave(match: Match, player: Any) -> None:
    """``player`` gives up their seat at the waiting table ``match``; the last to leave closes it."""
    seat = selectors.seat_of(match=match, player=player)
    if seat is None:
        raise ServiceError(Codes.NOT_SEATED, "You have no seat at this table.")
    lobby.vacate(match, seat)
    people = list(
        Seat.objects.filter(match=match, player__isnull=False)
        .order_by("index")
        .values_list("player_id", flat=True)
    )
    if not people:
        aftermath.abort(match=match, reason=EVERYONE_LEFT_REASON)
        return
    if match.host_id == player.pk:  # the table is nobody's: the next person holds it
        Match.objects.filter(pk=match.pk).update(host_id=people[0])
    _rate(match.quick, people)
    aftermath.committed(match.pk, match.version)


def is_table(match: Match) -> bool:
    """Is ``match`` a quick-match table (waiting, or dealt from one)?"""
    return QuickTable.objects.filter(match_id=match.pk).exists()


def refuse_hosting(match: Match) -> None:
    """What only a host's lobby has is refused at a quick-match table (see the module's docstring)."""
    if is_table(match):
        raise ServiceError(
            QUICK_MATCH_TABLE,
            "Nobody hosts a quick-match table: it deals when full, and bots take the empty seats after "
            "its wait.",
        )


def _table_of(match: Match) -> QuickTable:
    table = QuickTable.objects.filter(match_id=match.pk).first()
    if table is None:
        raise ServiceError(NOT_QUICK_MATCH, f"Match {match.pk} is not a quick-match table.")
    return table


@dataclass(frozen=True)
class QueueState:
    """Where a player stands in a table's queue: WAITING (with how many sit and when bots fill),
    MATCHED (the table dealt with them seated) or CANCELLED (they left, or it closed)."""

    state: str
    match_id: int
    seated: int
    seats: int
    opened_at_ms: int
    fill_at_ms: int


def queue_state(*, match_id: Any, player: Any) -> QueueState:
    match = selectors.get_match(match_id=match_id)
    if match is None:
        raise ServiceError(Codes.MATCH_NOT_FOUND, f"No match {match_id}.")
    table = _table_of(match)
    seats = list(match.seats.all())
    mine = player is not None and any(seat.player_id == player.pk for seat in seats)
    if not mine or match.status == MatchStatus.ABORTED:
        state = CANCELLED
    else:
        state = WAITING if match.status == MatchStatus.LOBBY else MATCHED
    return QueueState(state, match.pk, len(seats), table.seats, table.opened_at_ms, table.fill_at_ms)


def _reload(match_id: Any) -> Match:
    match = selectors.get_match(match_id=match_id)
    if match is None:
        raise ServiceError(Codes.MATCH_NOT_FOUND, f"No match {match_id}.")
    return match
