"""Client idempotency keys: a retried ``submit_move`` returns the first result and appends nothing."""

from __future__ import annotations

import hashlib
from typing import Any

from api.matches.models import IdempotencyRecord, Match, MatchEvent
from api.matches.results import MoveAccepted

MAX_KEY = 128


def normalize_key(key: str | None) -> str | None:
    """The key as stored: empty means none; a key too long for the column is stored as its hash."""
    if not key:
        return None
    if len(key) <= MAX_KEY:
        return key
    return "sha256:" + hashlib.sha256(key.encode()).hexdigest()


def recall(*, match: Match, player: Any, key: str) -> MoveAccepted | None:
    """The accepted result first recorded under ``key``, or ``None``."""
    record = IdempotencyRecord.objects.filter(match_id=match.id, player_id=player.pk, key=key).first()
    if record is None:
        return None
    seqs = record.result.get("seqs", [])
    events = list(MatchEvent.objects.filter(match_id=match.id, seq__in=seqs).order_by("seq")) if seqs else []
    return MoveAccepted(match=match, version=record.result["version"], events=events)


def remember(*, match: Match, player: Any, key: str, result: MoveAccepted) -> None:
    """Record ``result`` under ``key``, in the move's own transaction."""
    IdempotencyRecord.objects.create(
        match=match,
        player=player,
        key=key,
        result={"version": result.version, "seqs": [event.seq for event in result.events]},
    )
