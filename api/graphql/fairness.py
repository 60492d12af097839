"""``Match.verification``: whether a finished match's revealed seed opens its commitment and whether the
engine, from that seed, gives exactly its logged events (api/matches/fairness.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import strawberry

from api.graphql.context import run_sync
from api.matches import fairness, selectors


@strawberry.type(description="The check of a finished match's shuffles against the seed it committed to.")
class SeedVerification:
    commitment_matches: bool = strawberry.field(
        description='Whether SHA-256("cliffside-seed-v1:<seed>:<salt>") equals seedCommitment.'
    )
    events_reproduced: bool = strawberry.field(
        description="Whether the engine, deciding from the seed, gives exactly every logged event."
    )
    events: int = strawberry.field(description="The events in the log.")
    problem: str | None = strawberry.field(
        description="What failed, in a sentence (seed or salt vs the commitment; the first event that "
        "differs, expected vs got); null when the match is verified."
    )
    verified: bool = strawberry.field(description="Both checks hold.")


async def verification_of(match: Any) -> SeedVerification | None:
    """The verification of ``match``, or None until its full log (and so its seed) is revealed."""
    if not selectors.full_log_revealed(match=match):
        return None
    evidence = await run_sync(fairness.evidence)(match)
    # Folding the log is CPU work: off the database threads, which hold sessions others wait for.
    result = await asyncio.to_thread(fairness.check, evidence)
    return SeedVerification(
        commitment_matches=result.commitment_matches,
        events_reproduced=result.events_reproduced,
        events=result.events,
        problem=result.problem,
        verified=result.verified,
    )
