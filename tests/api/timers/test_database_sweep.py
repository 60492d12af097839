"""Timers without Redis (issue 23, finding 8 and must-hold 6): while the timer store cannot be reached,
workers fire due deadlines from the database, each once however many workers there are.

The workers' store is Redis on a port where nothing listens, as when Redis is down: every tick fails,
and only the database sweep (api/matches/timers/sweep.py) can fire anything.
"""

import threading
from collections import Counter

import pytest
from django.db import connections, transaction

from api.matches import services
from api.matches.models import Match
from api.matches.timers import TimerLoop
from api.matches.timers.redis_store import RedisStore
from api.matches.timers.store import clock_ms, key_prefix
from api.matches.timers.sweep import DatabaseSweep
from tests.api.timers.conftest import running, wait_for
from tests.toys import count_to_n

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

MATCHES = 12
DEAD_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1: connection refused at once


class Firing:
    """services.fire_deadline, counting every call per (match id, deadline id)."""

    def __init__(self, result: bool | None = None) -> None:
        self.calls: Counter[tuple[int, str]] = Counter()
        self.result = result  # None: really fire; else return this without touching the match
        self.lock = threading.Lock()

    def __call__(self, *, match_id: int, deadline_id: str, now_ms: int) -> bool:
        with self.lock:
            self.calls[(int(match_id), deadline_id)] += 1
        if self.result is not None:
            return self.result
        return services.fire_deadline(match_id=match_id, deadline_id=deadline_id, now_ms=now_ms)


def overdue_matches(make_player, count: int) -> list[Match]:
    """``count`` toy matches started two minutes ago: each turn deadline (30 s) is overdue."""
    started = clock_ms() - 120_000
    matches = []
    for number in range(count):
        host, guest = make_player(f"Host {number}"), make_player(f"Guest {number}")
        match = services.create_match(player=host, game=count_to_n.KEY, options={"target": 10})
        services.join_match(match_id=match.id, player=guest)
        matches.append(services.start_match(match_id=match.id, player=host, now_ms=started))
    return matches


def overdue(match: Match) -> tuple[int, str]:
    [deadline_id] = match.deadlines.values_list("deadline_id", flat=True)
    return match.id, deadline_id


def test_two_workers_without_redis_fire_every_overdue_deadline_from_the_database_once(settings, make_player):
    settings.TIMER_DATABASE_POLL_MS = 50
    # Nobody here is connected: a stand-in would take each missed seat and arm a bot's deadline, due at
    # once, which the sweeps would fire too. Only the overdue turns are counted here.
    settings.STAND_IN_AFTER_MISSED_DEADLINES = 0
    deadlines = {overdue(match) for match in overdue_matches(make_player, MATCHES)}
    firing = Firing()
    workers = [
        TimerLoop(poll_ms=20, store=RedisStore.from_url(DEAD_REDIS, prefix=key_prefix()), fire=firing)
        for _ in range(2)
    ]
    with running(workers[0]), running(workers[1]):
        assert wait_for(lambda: set(firing.calls) >= deadlines, seconds=30), "not every deadline fired"
        # Both sweeps read the same rows: give the slower one time to fire any of them again.
        assert not wait_for(lambda: set(firing.calls) - deadlines, seconds=1)
    assert firing.calls == Counter(dict.fromkeys(deadlines, 1)), "a deadline fired twice (or never)"
    for match_id, deadline_id in deadlines:  # each one's timeout is in the log, and the next turn armed
        match = Match.objects.get(pk=match_id)
        assert overdue(match) != (match_id, deadline_id)


def test_a_match_held_by_another_transaction_is_passed_over_and_fired_once_released(make_player):
    [match] = overdue_matches(make_player, 1)
    key = overdue(match)
    firing = Firing()
    sweep = DatabaseSweep(firing)
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:  # a move in flight: the match row locked until it commits
        try:
            with transaction.atomic():
                Match.objects.select_for_update().get(pk=match.id)
                locked.set()
                release.wait(10)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert locked.wait(10)
        assert sweep.sweep() == 0 and not firing.calls  # not waited for: passed over
    finally:
        release.set()
        holder.join()
    assert sweep.sweep() == 1
    assert firing.calls == Counter({key: 1})


def test_a_deadline_whose_firing_changed_nothing_is_not_fired_again_at_every_poll(make_player):
    [match] = overdue_matches(make_player, 1)
    firing = Firing(result=False)  # a stale deadline: the firing is a no-op and the row stays
    sweep = DatabaseSweep(firing)
    assert sweep.sweep() == 1
    assert sweep.sweep() == 0
    assert firing.calls == Counter({overdue(match): 1})
