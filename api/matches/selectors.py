"""Reads: matches, the game they are at, and what a given viewer may see of them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from api.common import statements
from api.common.errors import invalid_cursor
from api.common.pages import Page, decode_cursor, encode_cursor, is_id
from api.common.specs import require_spec
from api.matches import cache, eventlog, seating
from api.matches.models import Match, MatchDeadline, MatchEvent, MatchStatus
from api.matches.results import Deadline, VisibleEvent
from games.core import engine
from games.core.codec import camel_keys, encode
from games.core.engine import Game
from games.core.spec import GameSpec
from games.core.visibility import OMNISCIENT, SPECTATOR, Viewer, redact, seat_viewer

MAX_PAGE = 100
EVENT_BATCH = 500


def get_match(*, match_id: Any) -> Match | None:
    try:
        key = int(match_id)
    except (TypeError, ValueError):
        return None
    match = statements.by_pk(Match, key)
    return None if match is None else _seated(match)


def get_match_and_events(*, match_id: int, after: int) -> tuple[Match | None, list[MatchEvent]]:
    """``get_match`` and the match's event rows after ``after`` up to its version, in one round trip
    (the live updates' read each time a match moves on)."""
    match_rows, event_rows = statements.select_each(
        (Match, "id = %s", [match_id]), eventlog.after(match_id, after)
    )
    if not match_rows:
        return None, []
    match = _seated(match_rows[0])
    # The events' SELECT began after the match's: it may see moves committed in between.
    return match, [row for row in event_rows if row.seq <= match.version]


def _seated(match: Match) -> Match:
    """``match`` with its seats and its host in place, as every read of one match gives it."""
    return seating.with_host(seating.attach(match))


def list_matches(
    *,
    game: str | None = None,
    status: str | None = None,
    player_id: Any = None,
    first: int = 20,
    after: str | None = None,
) -> Page[Match]:
    """Matches, newest first; ``after`` is the ``end_cursor`` of the previous page."""
    matches = Match.objects.select_related("host").prefetch_related("seats__player").order_by("-id")
    if game is not None:
        matches = matches.filter(game=game)
    if status is not None:
        matches = matches.filter(status=status)
    if player_id is not None:
        player_pk = int(player_id) if str(player_id).isdigit() else -1  # GraphQL IDs arrive as strings
        matches = matches.filter(seats__player_id=player_pk)
    if after:
        last_id = decode_cursor(after)
        if not is_id(last_id):
            raise invalid_cursor()
        matches = matches.filter(id__lt=last_id)
    size = max(0, min(first, MAX_PAGE))
    items = list(matches[: size + 1])
    page = items[:size]
    return Page(page, len(items) > size, encode_cursor(page[-1].id) if page else None)


def _seat_count(match: Match) -> int:
    return len(match.seats.all())


def _usable(cached: Game | None, match: Match, spec: GameSpec[Any], upto: int) -> bool:
    return cached is not None and cached.spec is spec and cached.seed == match.seed and cached.version <= upto


# Event rows a caller has already read: (the version they follow, the rows in order).
RowsInHand = tuple[int, Sequence[MatchEvent]]


def _fold(
    match: Match, spec: GameSpec[Any], upto: int, *known: Game | None, rows: RowsInHand | None = None
) -> Game:
    """The game after events ``1..upto``, folding on top of the most advanced ``known`` game that fits
    (with the ``rows`` in hand when they reach back to it, else with the rows it reads).

    Snapshots passed on the way are kept (``cache.advance``), so the next read near them folds little.
    """
    usable = [game for game in known if _usable(game, match, spec, upto)]
    base = max(usable, key=lambda game: game.version) if usable else None
    if base is None:
        base = engine.new_game(spec, match.options, _seat_count(match), match.seed)
    if base.version == upto:
        return base
    if rows is not None and rows[0] <= base.version and len(rows[1]) == upto - rows[0]:
        # From the game folded furthest: another thread may have cached a newer one since the read.
        stored: Iterable[tuple[str, Any]] = [
            (row.type, row.data) for row in rows[1][base.version - rows[0] :]
        ]
    else:
        stored = eventlog.stored(match.id, after=base.version, upto=upto)
    events = eventlog.decode(spec, stored)
    game = cache.advance(match.id, base, events)
    if game.version != upto:
        raise RuntimeError(f"match {match.id}: log has {game.version} events, the match says {upto}")
    return game


def dealable(*, match: Match) -> bool:
    """Whether the match has a table to show: dealt, or a lobby with a seat count its game can deal
    (a Cactus lobby of one has none until a second player sits down)."""
    if match.version > 0:
        return True
    spec = require_spec(match.game)
    return spec.min_players <= _seat_count(match) <= spec.max_players


def load_game(*, match: Match, rows: RowsInHand | None = None) -> Game:
    """The engine's game at ``match.version``; ``rows``: events the caller read already (the live
    updates read them anyway), folded instead of read again when they follow the cached game."""
    spec = require_spec(match.game)
    if match.version == 0:  # seats may still change in the lobby: never cached
        return engine.new_game(spec, match.options, _seat_count(match), match.seed)
    cached = cache.games.get(match.id)
    snapshot = None
    if not _usable(cached, match, spec, match.version):  # the usual move finds its game cached
        snapshot = cache.games.snapshot(match.id, match.version)
    game = _fold(match, spec, match.version, cached, snapshot, rows=rows)
    if game is not cached:
        cache.put_after_commit(match.id, game)
    return game


def game_at(*, match: Match, version: int) -> Game:
    """The game after the first ``version`` events (clamped to ``0..match.version``).

    Once the match has been folded, this folds at most ``cache.snapshot_every()`` events.
    """
    version = max(0, min(version, match.version))
    if version == match.version:
        return load_game(match=match)
    games = cache.games
    known = (games.get(match.id), games.recent(match.id, version), games.snapshot(match.id, version))
    return _fold(match, require_spec(match.game), version, *known)


def seat_of(*, match: Match, player: Any) -> int | None:
    if player is None:
        return None
    return next((seat.index for seat in seating.seats(match) if seat.player_id == player.pk), None)


def viewer_for(*, match: Match, player: Any) -> Viewer:
    return viewer_of_seat(match=match, seat=seat_of(match=match, player=player))


def viewer_of_seat(*, match: Match, seat: int | None) -> Viewer:
    """What the holder of ``seat`` (None: a spectator) may see of ``match`` now."""
    if full_log_revealed(match=match):
        return OMNISCIENT
    return SPECTATOR if seat is None else seat_viewer(seat)


def full_log_revealed(*, match: Match) -> bool:
    """Whether everyone may now see the whole log: the match is over and revealAfterEnd holds."""
    return match.status == MatchStatus.FINISHED and match.options.get("revealAfterEnd", True)


def seat_shown(*, match: Match, player: Any, seat: int) -> bool:
    """Whether ``player`` may see ``match`` as ``seat`` saw it: their own seat, or any seat once the full
    log is revealed (a replay from each player's side)."""
    return full_log_revealed(match=match) or seat_of(match=match, player=player) == seat


def _rows_after(match: Match, after: int, batch: int) -> Iterator[MatchEvent]:
    rows = MatchEvent.objects.filter(match_id=match.id, seq__lte=match.version).order_by("seq")
    while True:
        page = list(rows.filter(seq__gt=after)[:batch])
        yield from page
        if len(page) < batch:
            return
        after = page[-1].seq


def visible(spec: GameSpec[Any], row: MatchEvent, viewer: Viewer) -> VisibleEvent | None:
    """``row`` as ``viewer`` may see it, or ``None`` when nothing of it is public to them."""
    if viewer.omniscient:
        return VisibleEvent(row.seq, row.type, row.at, row.seat, camel_keys(row.data))
    event = spec.events.load(row.type, row.data)
    shown = redact(event, viewer)
    if shown is None:
        return None
    data = row.data if shown is event else encode(shown)
    return VisibleEvent(row.seq, type(shown).__name__, row.at, row.seat, camel_keys(data))


def events_for(
    *, match: Match, viewer: Viewer, after: int | None = None, first: int | None = None
) -> list[VisibleEvent]:
    """The log after ``after`` as ``viewer`` may see it; ``first`` counts visible events.

    Only up to ``match.version``: a match object read earlier shows a consistent snapshot.
    """
    spec = require_spec(match.game)
    batch = EVENT_BATCH if first is None else max(1, min(first * 2, EVENT_BATCH))
    shown: list[VisibleEvent] = []
    if first is not None and first <= 0:
        return shown
    for row in _rows_after(match, after or 0, batch):
        event = visible(spec, row, viewer)
        if event is not None:
            shown.append(event)
            if first is not None and len(shown) >= first:
                break
    return shown


def legal_moves_for(*, match: Match, player: Any) -> list[dict[str, Any]]:
    """The caller's legal moves as move JSON; ``[]`` unless it is their seat's turn in an ACTIVE match."""
    if match.status != MatchStatus.ACTIVE:
        return []
    seat = seat_of(match=match, player=player)
    if seat is None:
        return []
    game = load_game(match=match)
    return [game.spec.moves.dump(move) for move in engine.legal_moves(game, seat)]


def waiting_on(*, match: Match) -> list[int]:
    """The seats an ACTIVE match waits on (it moves on when they act, or at its deadline); else none.
    As the table sees it: in a round whose silence is a choice, everyone asked until its deadline."""
    if match.status != MatchStatus.ACTIVE:
        return []
    return sorted(engine.shown_waiting_on(load_game(match=match)))


def current_deadline(*, match: Match) -> Deadline | None:
    """The earliest timer the match waits on, bots' thinking time excluded."""
    row = (
        MatchDeadline.objects.filter(match_id=match.id)
        .exclude(kind="bot")
        .order_by("at_ms", "deadline_id")
        .first()
    )
    return None if row is None else Deadline(row.deadline_id, eventlog.at_ms(row.at_ms), row.kind)
