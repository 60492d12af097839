"""Timers against the real persistence services: the store is fed by on_commit and fires fire_deadline.

Every test is transactional: mirror runs in on_commit, and the loop tests fire from another thread.
"""

import asyncio
import io
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.core.management import call_command
from django.db import connections

from api.matches import services
from api.matches.models import Match, MatchDeadline, MatchEvent
from api.matches.results import MoveAccepted
from api.matches.timers import TimerLoop, get_store, rearm_all, run_due
from api.matches.timers.store import clock_ms
from api.realtime import lifespan
from tests.api.conftest import T0, count
from tests.api.timers.conftest import eventually, wait_for
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
def timers(request, settings):
    """The store the services mirror into: this process's memory, or Redis under our own prefix."""
    if request.param == "redis":
        request.getfixturevalue("redis_client")  # deletes this worker's keys before and after
    else:
        settings.REDIS_URL = ""
    store = get_store()
    store.clear()
    yield store
    store.clear()


def log_of(match):
    return list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("type", "seat"))


def version_of(match) -> int:
    return Match.objects.get(pk=match.pk).version


@pytest.fixture
def due_now(lobby, alice):
    """A toy match whose first turn deadline (30 s) passed half a second ago, by the real clock."""
    return services.start_match(match_id=lobby.id, player=alice, now_ms=clock_ms() - 30_500)


def test_the_services_mirror_each_commit_into_the_store(timers, active, alice):
    assert timers.scheduled(active.id) == {"turn-0": T0 + 30_000}
    count(active, alice, 1, at=T0 + 1_000)
    assert timers.scheduled(active.id) == {"turn-1": T0 + 31_000}
    services.abort_match(match_id=active.id)
    assert timers.scheduled(active.id) == {}


def test_run_due_fires_an_overdue_turn_through_fire_deadline(timers, active):
    assert run_due(T0 + 30_500) == 1
    assert log_of(active)[-1] == ("TurnTimedOut", None)
    assert timers.scheduled(active.id) == {"turn-1": T0 + 60_000}  # re-armed by the commit
    assert run_due(T0 + 30_500) == 0


def test_a_bot_moves_when_its_deadline_fires(timers, alice, settings):
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 50})
    services.add_bot(match_id=match.id, player=alice, level="heuristic")
    services.start_match(match_id=match.id, player=alice, now_ms=T0)
    count(match, alice, 1, at=T0 + 1_000)
    assert timers.scheduled(match.id)["bot-1-3"] == T0 + 1_000  # BOT_DELAY_MS is 0 in these tests
    assert run_due(T0 + 1_000) == 1
    assert log_of(match)[-1] == ("Counted", 1)


def test_a_late_move_without_any_worker_applies_the_overdue_timeout_first(timers, active, bob):
    # No worker ran: turn-0 (T0 + 30 s) is still waiting in the store when Bob moves late.
    assert timers.scheduled(active.id) == {"turn-0": T0 + 30_000}
    result = count(active, bob, 1, at=T0 + 31_000)
    assert isinstance(result, MoveAccepted)
    assert [(e.type, e.seat) for e in result.events] == [("TurnTimedOut", None), ("Counted", 1)]
    assert timers.scheduled(active.id) == {"turn-2": T0 + 61_000}
    # A worker that wakes up late and fires the old id anyway changes nothing.
    version = version_of(active)
    assert services.fire_deadline(match_id=active.id, deadline_id="turn-0", now_ms=T0 + 32_000) is False
    assert version_of(active) == version


def test_rearm_all_restores_every_open_deadline_after_the_store_is_flushed(timers, active, alice, bob):
    other = services.create_match(player=bob, game=count_to_n.KEY)
    services.join_match(match_id=other.id, player=alice)
    services.start_match(match_id=other.id, player=bob, now_ms=T0 + 5)
    aborted = services.create_match(player=alice, game=count_to_n.KEY)
    services.join_match(match_id=aborted.id, player=bob)
    services.start_match(match_id=aborted.id, player=alice, now_ms=T0)
    services.abort_match(match_id=aborted.id)
    lobby = services.create_match(player=alice, game=count_to_n.KEY)  # one deadline: its expiry
    before = {m.id: timers.scheduled(m.id) for m in (active, other, lobby)}
    assert set(before[lobby.id]) == {"lobby"}
    timers.clear()  # a Redis FLUSH of our keys, or a restarted embedded server
    assert rearm_all() == 3
    assert {m.id: timers.scheduled(m.id) for m in (active, other, lobby)} == before
    assert timers.scheduled(aborted.id) == {}
    rows = dict(MatchDeadline.objects.filter(match=active).values_list("deadline_id", "at_ms"))
    assert timers.scheduled(active.id) == rows


def test_the_in_process_loop_fires_a_deadline_that_is_already_past(timers, due_now, settings):
    # Wait on the loop's own counter, not the database: the SQLite test database is in-memory with a
    # shared cache, where a concurrent reader makes the writer fail at once ("table is locked")
    # instead of waiting. A short lease makes such a failed attempt come back quickly anyway.
    settings.TIMER_LEASE_MS = 200
    loop = TimerLoop(poll_ms=20)
    thread = threading.Thread(target=loop.run_forever)
    thread.start()
    try:
        assert wait_for(lambda: loop.fired >= 1)
    finally:
        loop.stop()
        thread.join(timeout=3)
    assert not thread.is_alive()
    assert log_of(due_now)[-1] == ("TurnTimedOut", None)
    assert loop.fired == 1


def test_a_re_arm_that_read_a_deadline_before_it_fired_does_not_bring_it_back(
    timers, due_now, settings, monkeypatch
):
    # The first tick claims turn-0, hands it to a firing thread and re-arms from the database while it
    # fires. Forced here: the re-arm reads turn-0's row, then the firing commits (its mirror removes
    # turn-0 from the store), then the re-arm arms what it read. turn-0 must not come back to fire again.
    settings.TIMER_LEASE_MS = 200
    read, fired = threading.Event(), threading.Event()
    calls = []
    fire_deadline, arm = services.fire_deadline, timers.arm

    def fire_after_the_read(**deadline):
        read.wait(5)
        calls.append((deadline["deadline_id"], fire_deadline(**deadline)))
        fired.set()
        return calls[-1][1]

    def arm_after_the_firing(by_match):
        read.set()  # rearm_all calls arm once it has read every row
        fired.wait(5)
        arm(by_match)

    monkeypatch.setattr(timers, "arm", arm_after_the_firing)
    loop = TimerLoop(poll_ms=20, fire=fire_after_the_read)
    thread = threading.Thread(target=loop.run_forever)
    thread.start()
    try:
        assert wait_for(lambda: loop.fired >= 1)
    finally:
        loop.stop()  # the tick under way still re-arms and claims, and close() fires what it claimed
        thread.join(timeout=3)
    assert read.is_set() and not thread.is_alive()
    assert calls == [("turn-0", True)]
    assert loop.fired == 1
    assert set(timers.scheduled(due_now.id)) == {"turn-1"}


@pytest.mark.redis
def test_run_timers_once_re_arms_from_the_database_and_fires(redis_client, due_now):
    get_store().clear()  # as if Redis had been flushed
    out = io.StringIO()
    call_command("run_timers", "--once", stdout=out)
    assert out.getvalue().strip() == "re-armed 1 deadlines, fired 1"
    assert log_of(due_now)[-1] == ("TurnTimedOut", None)


async def test_the_embedded_server_fires_overdue_deadlines_from_its_lifespan(settings, lobby, alice):
    settings.REDIS_URL = ""
    settings.TIMER_POLL_MS = 20
    settings.TIMER_LEASE_MS = 200  # see the in-process loop test: SQLite's shared cache may say "locked"
    try:
        start = sync_to_async(services.start_match)
        match = await start(match_id=lobby.id, player=alice, now_ms=clock_ms() - 30_500)
        get_store().clear()  # a fresh process: the loop re-arms from the database at startup
        await lifespan.on_startup()
        assert lifespan._running is not None
        loop, _task = lifespan._running
        try:
            await eventually(lambda: loop.fired)
        finally:
            await lifespan.on_shutdown()
        assert (await sync_to_async(log_of)(match))[-1] == ("TurnTimedOut", None)
    finally:
        # sync_to_async ran the ORM in asgiref's worker thread: close its connection there, or
        # PostgreSQL refuses to drop the test database at the end of the session.
        await sync_to_async(connections.close_all)()


@pytest.mark.redis
async def test_the_worker_nudges_subscribers_of_a_timed_out_match_over_its_own_loop(
    redis_client, due_now, monkeypatch
):
    def no_new_loop_per_nudge(function):
        raise AssertionError("async_to_sync: a new event loop and Redis connection for this nudge")

    monkeypatch.setattr("api.matches.notify.async_to_sync", no_new_loop_per_nudge)
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(f"match.{due_now.id}", channel)
    loop = TimerLoop(poll_ms=20)
    worker = threading.Thread(target=loop.run_forever)
    worker.start()
    try:
        message = await asyncio.wait_for(layer.receive(channel), timeout=5)
    finally:
        loop.stop()
        await asyncio.to_thread(worker.join, 5)
    assert message == {"type": "match.advanced", "match_id": due_now.id, "version": due_now.version + 1}
    await layer.group_discard(f"match.{due_now.id}", channel)
