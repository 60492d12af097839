"""A match's seats, read once per process after its lobby closes.

Seats change only in the lobby; from the deal on they are fixed, so every read of an ACTIVE or ended
match would otherwise repeat the same join of seats and players. ``attach`` puts the seats on a match
instance exactly where Django's ``prefetch_related("seats__player")`` would, so ``match.seats.all()``
answers from memory everywhere. The cached Seat rows are shared between requests and never written.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from api.common import statements
from api.matches.models import Match, MatchStatus, Seat
from api.players.models import Player

SIZE = 4096

_seats: OrderedDict[tuple[int, str], Any] = OrderedDict()  # (match id, seed) -> prefetched seats
_lock = threading.Lock()
_PLAYER = Seat.player.field  # what sets a seat's player in place


def _load(match: Match) -> Any:
    """The match's seats as a queryset that is never evaluated again: its result cache is filled, and
    each seat's player is in place as ``select_related("player")`` would put it.

    Compiled statements in one round trip, not the ORM's join: a lobby reads its seats afresh on
    every join and start, and building that query was most of its CPU (api/common/statements.py)."""
    seated, players = statements.select_each(
        (Seat, 'match_id = %s ORDER BY "index"', [match.pk]),
        (Player, f"id IN (SELECT player_id FROM {Seat._meta.db_table} WHERE match_id = %s)", [match.pk]),
    )
    by_id = {player.pk: player for player in players}
    for seat in seated:
        _PLAYER.set_cached_value(seat, by_id.get(seat.player_id))
    rows: Any = Seat.objects.filter(match_id=match.pk)
    rows._result_cache = seated
    rows._prefetch_done = True
    return rows


def _cached(match: Match) -> Any:
    key = (match.pk, match.seed)  # ids are reused by test databases; a seed never is
    with _lock:
        seats = _seats.get(key)
        if seats is not None:
            _seats.move_to_end(key)
            return seats
    seats = _load(match)
    with _lock:
        _seats[key] = seats
        while len(_seats) > SIZE:
            _seats.popitem(last=False)
    return seats


def attach(match: Match) -> Match:
    """``match`` with its seats (and their players) in its prefetch cache; one query in a lobby,
    none once the seats are fixed and this process has read them."""
    seats = _load(match) if match.status == MatchStatus.LOBBY else _cached(match)
    # Shared between requests (built once, never written): Django's related manager hands out this
    # very queryset for ``match.seats.all()``, and any further filtering clones it into a new query.
    match._prefetched_objects_cache = {"seats": seats}  # type: ignore[attr-defined]
    return match


def seats(match: Match) -> Any:
    """``match.seats.all()``, without building Django's related manager when they are attached: each
    access builds one, and a move and each of its updates asked for the seats several times."""
    cached = getattr(match, "_prefetched_objects_cache", {}).get("seats")
    return match.seats.all() if cached is None else cached


def with_host(match: Match) -> Match:
    """``match`` with its host in place (as ``select_related("host")`` would), taken from its seats
    when the host has one, so reading ``match.host`` costs no query."""
    seated = next((seat.player for seat in seats(match) if seat.player_id == match.host_id), None)
    if seated is not None:
        Match.host.field.set_cached_value(match, seated)
    return match


def clear() -> None:
    with _lock:
        _seats.clear()
