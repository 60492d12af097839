"""The timer operations the rest of the service calls: mirror, run_due, rearm_all.

The database (MatchDeadline rows) is the source of truth; the store is a fast index of it. Losing the
index only delays timeouts (lazy enforcement still applies them before the next command), and
``rearm_all`` rebuilds it, so a store failure is logged rather than allowed to fail a committed move.
"""

from __future__ import annotations

import contextvars
import time
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

import redis
import structlog

from api.common import database
from api.matches.models import MatchDeadline
from api.matches.timers.store import (
    Claim,
    TimerStore,
    batch_size,
    get_store,
    lease_ms,
    normalize,
    retry_ms,
)

log = structlog.get_logger(__name__)

Fire = Callable[..., Any]  # fire_deadline(*, match_id, deadline_id, now_ms) -> bool

# Set by a thread that fires while the store is known to be unreachable (sweep.DatabaseSweep): its
# mirrors are skipped instead of each waiting on the store's connect timeout and retries; the loop
# re-arms the store from the database as soon as it answers again.
store_unreachable: contextvars.ContextVar[bool] = contextvars.ContextVar("store_unreachable", default=False)


def mirror(*, match_id: int, deadlines: Iterable[Any], store: TimerStore | None = None) -> None:
    """Make the store hold exactly ``deadlines`` ((deadline_id, at_ms, kind) tuples) for the match."""
    if store_unreachable.get():
        return
    try:
        (store or get_store()).mirror(int(match_id), normalize(deadlines))
    except redis.RedisError:
        # Called from on_commit: the move is already durable. The worker's periodic rearm_all and
        # lazy enforcement cover the gap, so a Redis hiccup must not turn it into a failed request.
        log.exception("timer_mirror_failed", match_id=match_id)


def run_due(now_ms: int | None = None, *, store: TimerStore | None = None, fire: Fire | None = None) -> int:
    """Claim every due deadline and fire each; return how many were fired without error.

    ``now_ms`` overrides the store's clock (tests); by default Redis's own clock decides.
    """
    store = store or get_store()
    fire = fire or _fire_deadline
    limit, lease = batch_size(), lease_ms()
    fired = 0
    while True:
        claims = store.claim(limit=limit, lease_ms=lease, now_ms=now_ms)
        fired += _fire_batch(store, claims, fire, lease=lease, now_ms=now_ms)
        if len(claims) < limit:
            return fired


def _fire_batch(
    store: TimerStore, claims: Sequence[Claim], fire: Fire, *, lease: int, now_ms: int | None
) -> int:
    """Fire claims in order, renewing the lease of those still waiting before it can run out.

    Leases are short so that a dead worker's claims come back within seconds; renewing them keeps a
    live worker's long batch its own, instead of letting other workers fire the rest a second time."""
    waiting = list(claims)
    fired = 0
    renew_at = time.monotonic() + lease / 2000
    while waiting:
        if time.monotonic() >= renew_at:
            waiting = store.renew(waiting, lease_ms=lease, now_ms=now_ms)
            renew_at = time.monotonic() + lease / 2000
            continue
        fired += _fire_one(store, waiting.pop(0), fire, now_ms=now_ms)
    return fired


def _fire_one(store: TimerStore, claim: Claim, fire: Fire | None = None, *, now_ms: int | None = None) -> int:
    """Fire one claimed deadline and settle it; 1 if it fired, 0 if the firing raised."""
    fired = fire_once(claim, fire)
    settle(store, claim, fired=fired, now_ms=now_ms)
    return int(fired)


def fire_once(claim: Claim, fire: Fire | None = None) -> bool:
    """Fire a claimed deadline; False (logged) if the firing raised."""
    try:
        # The claim's clock, not ours: the store found it due at that instant, so the engine must too.
        # Through database.call: a connection the database closed while it was idle (a restart, a
        # failover) is replaced and the firing runs at once, instead of failing and waiting
        # TIMER_RETRY_MS; it runs again only if none of its statements reached the database.
        database.call(
            fire or _fire_deadline,
            match_id=claim.match_id,
            deadline_id=claim.deadline_id,
            now_ms=claim.now_ms,
        )
    except database.DatabaseUnavailable as error:
        # An outage, not a bug: the firing is retried after TIMER_RETRY_MS and is safe to repeat (a
        # deadline already fired is gone from the database), so no traceback per lost firing.
        log.warning(
            "timer_fire_database_unavailable",
            match_id=claim.match_id,
            deadline_id=claim.deadline_id,
            code=error.code,
        )
        return False
    except Exception:
        log.exception("timer_fire_failed", match_id=claim.match_id, deadline_id=claim.deadline_id)
        return False
    return True


def settle(store: TimerStore, claim: Claim, *, fired: bool, now_ms: int | None = None) -> None:
    """Ack a claim that fired. One whose firing raised is not acked but leased for TIMER_RETRY_MS, then
    a worker retries it: one bad match never stops the loop, nor floods the log at every short lease."""
    if fired:
        store.ack(claim)
    else:
        store.renew([claim], lease_ms=retry_ms(), now_ms=now_ms)


# What a due deadline does: ``services.fire_deadline``, wired by the app's ``ready`` (api/matches/apps.py)
# so that the timers, which the write path arms, never import the services that write.
_firing: Fire | None = None


def fire_with(fire: Fire) -> None:
    """Set what every worker does with a due deadline (once, at start-up)."""
    global _firing
    _firing = fire


def handler(fire: Fire | None = None) -> Fire:
    """``fire`` if given (tests), else what the app wired with ``fire_with``."""
    return fire or _fire_deadline


def _fire_deadline(**kwargs: Any) -> Any:
    if _firing is None:
        raise RuntimeError("no deadline handler: api.matches.apps.MatchesConfig.ready wires it")
    return _firing(**kwargs)


def rearm_all(*, store: TimerStore | None = None, held: Collection[tuple[int, str]] = ()) -> int:
    """Arm every open deadline of every ACTIVE match (and every lobby's expiry) from the database;
    return how many rows.

    Additive: entries already in the store keep their score (a lease, or a newer mirror that raced
    this read), so running it while moves are being made never loses a fresher deadline; a stale
    one added back fires as a harmless no-op.

    ``held``: the (match id, deadline id) claims the calling worker holds as it starts, which its own
    threads may fire while this runs. Those are never armed: a row read before its firing committed
    would otherwise come back as "missing" once the firing's mirror removed it, and fire again.
    """
    rows = MatchDeadline.objects.filter(match__status__in=("ACTIVE", "LOBBY")).values_list(
        "match_id", "deadline_id", "at_ms", "kind"
    )
    by_match: dict[int, list[tuple[str, int, str]]] = defaultdict(list)
    count = 0
    for match_id, deadline_id, at_ms, kind in rows.iterator(chunk_size=2000):
        count += 1
        if (match_id, deadline_id) not in held:
            by_match[match_id].append((deadline_id, at_ms, kind))
    (store or get_store()).arm(by_match)
    log.info("timers_rearmed", deadlines=count, matches=len(by_match), held=len(held))
    return count
