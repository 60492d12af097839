"""Client idempotency keys: a retried ``submit_move`` returns the first result and appends nothing.

A key names one move: the record keeps a digest of the move it was first used with, and the same key
sent with another move is refused (``IDEMPOTENCY_KEY_REUSED``) rather than answered with the first
move's result, which the client would take for its new move's.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from typing import Any

from api.common.errors import Codes, ServiceError
from api.matches.models import IdempotencyRecord, Match, MatchEvent
from api.matches.results import MoveAccepted

MAX_KEY = 128


def normalize_key(key: str | None) -> str | None:
    """The key as stored: empty means none; a key too long for the column is stored as its hash.

    A key with control characters (NUL, which PostgreSQL cannot store, among them) is refused.
    """
    if not key:
        return None
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in key):
        raise ServiceError(
            Codes.INVALID_IDEMPOTENCY_KEY, "An idempotency key may not contain control characters."
        )
    if len(key) <= MAX_KEY:
        return key
    return "sha256:" + hashlib.sha256(key.encode()).hexdigest()


def move_digest(move: Any) -> str:
    """A digest of the move JSON, independent of key order."""
    text = json.dumps(move, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def recall(*, match: Match, player: Any, key: str, move: Any) -> MoveAccepted | None:
    """The accepted result first recorded under ``key`` (refused if that was another move), or None."""
    record = IdempotencyRecord.objects.filter(match_id=match.id, player_id=player.pk, key=key).first()
    if record is None:
        return None
    if record.result.get("move", move_digest(move)) != move_digest(move):
        raise ServiceError(
            Codes.IDEMPOTENCY_KEY_REUSED,
            "This idempotency key was already used for another move: send a new key with each new move.",
        )
    seqs = record.result.get("seqs", [])
    events = list(MatchEvent.objects.filter(match_id=match.id, seq__in=seqs).order_by("seq")) if seqs else []
    return MoveAccepted(match=match, version=record.result["version"], events=events)


def remember(*, match: Match, player: Any, key: str, move: Any, result: MoveAccepted) -> None:
    """Record ``result`` of ``move`` under ``key``, in the move's own transaction."""
    IdempotencyRecord.objects.create(
        match=match,
        player=player,
        key=key,
        result={
            "version": result.version,
            "seqs": [event.seq for event in result.events],
            "move": move_digest(move),
        },
    )
