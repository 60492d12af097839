"""The seed's commitment: what a match publishes before its first shuffle, so that the server cannot
pick the seed after seeing the cards (the commit-reveal of online poker sites).

The byte format is public and fixed (docs/frontend.md, "Provably fair shuffles"):

    commitment = lowercase hex of SHA-256(utf8("cliffside-seed-v1:" + seed + ":" + salt))

``seed`` and ``salt`` are the match's own strings (32 hex digits each for matches this server creates).
The salt keeps the commitment from being checked against guessed seeds before the reveal; both are
revealed with the full log, never before.
"""

from __future__ import annotations

import hashlib
import secrets

FORMAT = "cliffside-seed-v1"


def new_salt() -> str:
    return secrets.token_hex(16)


def commit(seed: str, salt: str) -> str:
    """The commitment to ``seed`` under ``salt``, in the documented format."""
    return hashlib.sha256(f"{FORMAT}:{seed}:{salt}".encode()).hexdigest()
