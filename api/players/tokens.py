"""Bearer tokens: issued once in clear, stored and looked up only as their SHA-256, and retired after
TOKEN_IDLE_DAYS without use (sliding: each use starts the count again)."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from django.conf import settings

INVALID_TOKEN = "INVALID_TOKEN"
TOKEN_EXPIRED = "TOKEN_EXPIRED"
TOKEN_EXPIRED_MESSAGE = (
    "This bearer token expired: it went unused for longer than this server allows. An expired token "
    "cannot be rotated: register again (or ask the operator for a new token), or send no token."
)
TOKEN_REPLACED_MESSAGE = "This bearer token was rotated or revoked meanwhile: use the newer one."

# How stale the recorded last use may be: recording it costs a write, so at most one an hour per token
# (and process), which a lifetime counted in days cannot tell from one per request.
USE_RECORDED_EVERY = timedelta(hours=1)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def expired(used_at: datetime, now: datetime) -> bool:
    """Has a token last used at ``used_at`` gone unused for longer than TOKEN_IDLE_DAYS (0: never)?"""
    days = float(settings.TOKEN_IDLE_DAYS)
    return days > 0 and now - used_at > timedelta(days=days)


def use_worth_recording(used_at: datetime, now: datetime) -> bool:
    return now - used_at >= USE_RECORDED_EVERY
