"""Provably fair shuffles: whether a match's revealed seed opens its commitment, and whether the engine,
from that seed, gives exactly the events the match logged.

How the log is re-decided is api/matches/reproduce.py's (pure Python: anyone can run it on a
replay.json). No cache is read: the match is folded from its stored rows alone, so a tampered row is seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from api.common.specs import require_spec
from api.matches import commitment
from api.matches.models import Match, MatchEvent
from api.matches.reproduce import Logged, ms, reproduce
from games.core.spec import GameSpec


@dataclass(frozen=True, slots=True)
class Verification:
    commitment_matches: bool
    events_reproduced: bool
    events: int  # the events in the log
    problem: str | None  # None: verified

    @property
    def verified(self) -> bool:
        return self.problem is None


@dataclass(frozen=True, slots=True)
class Evidence:
    """What verifying a match reads: its stored row, seat count and log. Checking it reads nothing."""

    spec: GameSpec[Any]
    options: Any
    seats: int
    seed: str
    salt: str
    committed: str
    log: Sequence[Logged]


def verify(match: Match) -> Verification:
    """Check ``match`` from its stored row, seats and log, whatever its status: whether its seed may be
    shown is the caller's decision (``selectors.full_log_revealed``)."""
    return check(evidence(match))


def evidence(match: Match) -> Evidence:
    """The match's evidence, read from the database (no cache: a tampered row must be seen)."""
    rows = MatchEvent.objects.filter(match_id=match.pk).order_by("seq")
    log = [
        Logged(seq, kind, data, seat, ms(at))
        for seq, kind, data, seat, at in rows.values_list("seq", "type", "data", "seat", "at")
    ]
    seats = len(match.seats.all())
    return Evidence(
        require_spec(match.game),
        match.options,
        seats,
        match.seed,
        match.seed_salt,
        match.seed_commitment,
        log,
    )


def check(evidence: Evidence) -> Verification:
    """The verdict on ``evidence``: CPU only, so it may run off the database threads."""
    seed, salt, committed = evidence.seed, evidence.salt, evidence.committed
    opened = commitment.commit(seed, salt)
    matches = bool(committed) and opened == committed
    replayed = reproduce(
        spec=evidence.spec, options=evidence.options, seats=evidence.seats, seed=seed, log=evidence.log
    )
    problems = []
    if not committed:
        problems.append("the match published no commitment")
    elif not matches:
        # Only the seed the match was played with reproduces its shuffles: if this one does, the seed is
        # right and the salt (or the commitment) is what changed.
        culprit = "salt" if replayed.problem is None else "seed"
        problems.append(
            f'the {culprit} does not match the commitment: sha256("{commitment.FORMAT}:{seed}:{salt}") '
            f"is {opened}, the match committed to {committed}"
        )
    if replayed.problem is not None:
        problems.append(replayed.problem)
    return Verification(matches, replayed.problem is None, len(evidence.log), "; ".join(problems) or None)
