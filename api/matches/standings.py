"""The ended matches as the leaderboards see them (``projection.Ended``), read from the log: what a
match's end hands to the boards, and what a rebuild reads again. Here, in the matches app, because the
leaderboards never import the matches (the layers in pyproject.toml): ``apps.ready`` hands them
``ended_matches``."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

from django.db.models import Max

from api.common.specs import require_spec
from api.leaderboards.projection import Ended
from api.matches import eventlog, stand_ins
from api.matches.models import Match, MatchEvent, MatchStatus
from games.core import engine
from games.core.outcome import Outcome

ENDED = (MatchStatus.FINISHED, MatchStatus.ABORTED)


def as_ended(match: Match, outcome: Outcome | None = None, ended_at: datetime | None = None) -> Ended | None:
    """``match`` (FINISHED with ``outcome``, or ABORTED) as the boards see it, ended at ``ended_at`` (by
    default its last event's time); None when it never started: nothing to count."""
    ended_at = ended_at or match.finished_at or _last_event_at(match)
    if ended_at is None:
        return None
    seats = sorted(match.seats.all(), key=lambda seat: seat.index)
    return Ended(
        match_id=match.id,
        game=match.game,
        ended_at=ended_at,
        seats=tuple(None if seat.is_bot else seat.player_id for seat in seats),
        has_bot=any(seat.is_bot for seat in seats),
        ranks=tuple(outcome.ranks) if outcome else None,
        scores=tuple(outcome.scores) if outcome else (None,) * len(seats),
        stood_in=stand_ins.ever(match),
    )


def _last_event_at(match: Match) -> datetime | None:
    return MatchEvent.objects.filter(match=match).aggregate(at=Max("at"))["at"]


def outcome_from_log(match: Match) -> Outcome | None:
    """The match's outcome as its log says: every event folded by the engine from the seed, no cache."""
    spec = require_spec(match.game)
    game = engine.new_game(spec, match.options, len(match.seats.all()), match.seed)
    stored = eventlog.stored(match.id, after=0, upto=match.version)
    return engine.advance(game, eventlog.decode(spec, stored)).outcome()


def ended_matches(game: str) -> tuple[int, Iterator[Ended]]:
    """How many started matches of ``game`` ended, and each, as the log says, in the order they ended
    (their last event's time, then id: a finished match's ``finished_at`` is that time)."""
    matches = Match.objects.filter(game=game, status__in=ENDED, version__gt=0)
    ordered = matches.annotate(last_at=Max("events__at")).prefetch_related("seats").order_by("last_at", "id")

    def each() -> Iterator[Ended]:
        for match in ordered.iterator(chunk_size=200):
            outcome = outcome_from_log(match) if match.status == MatchStatus.FINISHED else None
            ended = as_ended(match, outcome, match.last_at)
            if ended is not None:
                yield ended

    return matches.count(), each()
