"""Stand-ins: a bot plays the seat of a player who is away, until they come back.

A seat is taken over when its player has no live subscription to the match (api/matches/presence.py)
and lets ``STAND_IN_AFTER_MISSED_DEADLINES`` deadlines in a row pass while the match waited on them.
From the next decision on the game's bot plays it, on the same timers as a bot seat (store's "bot"
deadlines). The player takes the seat back by making a move of their own or with ``reclaimSeat``,
again from the next decision on.

Kept on the match row (``Match.stand_ins``), written only when something changes (a miss by an absent
player, a takeover, a return), in the transaction of the move or timeout that caused it::

    {"missed": {"2": 1}, "now": {"2": 14}, "spans": [[2, 14, 31]]}

``missed``: absent misses in a row per seat. ``now``: the seats stood in for, with the version the
stand-in took over at. ``spans``: finished stand-ins ``[seat, from, to]``. The events of a seat with
``from < seq <= to`` (``to`` open while it lasts) are the stand-in's, which is how the log shows them.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.conf import settings

from api.common.specs import require_spec
from api.matches import presence
from api.matches.models import Match
from games.core import engine
from games.core.engine import Game

DEFAULT_BOT = "heuristic"


def after_missed() -> int:
    """How many deadlines an absent player lets pass before a bot plays their seat (0: never)."""
    return int(getattr(settings, "STAND_IN_AFTER_MISSED_DEADLINES", 1))


def state(match: Match) -> dict[str, Any]:
    held = match.stand_ins or {}
    return {
        "missed": dict(held.get("missed", {})),
        "now": dict(held.get("now", {})),
        "spans": [list(span) for span in held.get("spans", [])],
    }


def seats(match: Match) -> frozenset[int]:
    """The seats a stand-in plays now."""
    return frozenset(int(seat) for seat in (match.stand_ins or {}).get("now", {}))


def pending(match: Match) -> bool:
    """A stand-in plays a seat, or a seat's missed deadlines are being counted: what a player's move
    or reclaimSeat undoes, the one change to a match that leaves its version as it was."""
    held = match.stand_ins or {}
    return bool(held.get("now") or held.get("missed"))


def since(match: Match, seat: int) -> int | None:
    """The version the stand-in of ``seat`` took over at, or None."""
    value = (match.stand_ins or {}).get("now", {}).get(str(seat))
    return None if value is None else int(value)


def ever(match: Match) -> frozenset[int]:
    """Every seat a stand-in played at some point of the match (for the leaderboards' policy)."""
    held = match.stand_ins or {}
    return seats(match) | frozenset(int(span[0]) for span in held.get("spans", []))


def by_stand_in(match: Match, seq: int, seat: int | None) -> bool:
    """Whether the event ``seq``, produced by ``seat``, was the stand-in's move."""
    if seat is None:
        return False
    held = match.stand_ins or {}
    start = held.get("now", {}).get(str(seat))
    if start is not None and seq > int(start):
        return True
    return any(span[0] == seat and span[1] < seq <= span[2] for span in held.get("spans", []))


def bot_level(match: Match, seat: int) -> str | None:
    """The bot that plays ``seat``: a bot seat's own, a stand-in's (the game's heuristic), or None."""
    taken = next((each for each in match.seats.all() if each.index == seat), None)
    if taken is not None and taken.is_bot:
        return taken.bot_level
    return game_bot(match) if seat in seats(match) else None


def _save(match: Match, held: dict[str, Any]) -> None:
    match.stand_ins = held
    Match.objects.filter(pk=match.pk).update(stand_ins=held)


def note_timeout(match: Match, game: Game, connected: Collection[int] | None = None) -> frozenset[int]:
    """A deadline of ``match`` (at ``game``) is about to apply: count a miss for each seat it waited on
    whose player is away, and hand to a stand-in those that reached the limit. In the timeout's
    transaction; returns the seats taken over now."""
    limit = after_missed()
    waited = engine.waiting_on(game)
    humans = {seat.index: seat.player_id for seat in match.seats.all() if seat.player_id and not seat.is_bot}
    candidates = [seat for seat in sorted(waited) if seat in humans and seat not in seats(match)]
    if limit <= 0 or not candidates or game_bot(match) is None:
        return frozenset()
    here = presence.connected_players(match.pk) if connected is None else connected
    away = [seat for seat in candidates if humans[seat] not in here]
    if not away:
        return frozenset()
    held = state(match)
    taken = set()
    for seat in away:
        missed = held["missed"].get(str(seat), 0) + 1
        if missed >= limit:
            held["missed"].pop(str(seat), None)
            # Its moves from here on; the timeout's own events are the server's (their seat is None).
            held["now"][str(seat)] = game.version
            taken.add(seat)
        else:
            held["missed"][str(seat)] = missed
    _save(match, held)
    return frozenset(taken)


def game_bot(match: Match) -> str | None:
    """The bot a stand-in is: the game's heuristic one (as a seated bot by default), or its first."""
    bots = require_spec(match.game).bots
    return DEFAULT_BOT if DEFAULT_BOT in bots else next(iter(bots), None)


def reclaim(match: Match, seat: int) -> bool:
    """The seat's player is back (a move of theirs, or ``reclaimSeat``): the stand-in stops and the
    missed deadlines are forgotten. True when there was anything to undo; writes only then."""
    held = state(match)
    start = held["now"].pop(str(seat), None)
    missed = held["missed"].pop(str(seat), None)
    if start is None and missed is None:
        return False
    if start is not None and match.version > int(start):
        held["spans"].append([seat, int(start), match.version])
    _save(match, held)
    return True
