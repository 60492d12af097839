"""run_due, mirror and the loop with a fake fire_deadline (the real one is in test_integration.py)."""

import threading
import time

import pytest
import redis

from api.matches.timers import TimerLoop, mirror, run_due
from api.matches.timers.firing import Firings
from api.matches.timers.memory_store import MemoryStore
from api.matches.timers.store import clock_ms
from tests.api.timers.conftest import new_redis_store, wait_for

T = 1_000_000
HANG_S = 30  # seconds: a loop that has not stopped by then never will


class Recorder:
    """Stands in for services.fire_deadline; ``fail`` names deadline ids that raise."""

    def __init__(self, fail: tuple[str, ...] = ()) -> None:
        self.calls: list[tuple[int, str, int]] = []
        self.fail = fail
        self.lock = threading.Lock()

    def __call__(self, *, match_id: int, deadline_id: str, now_ms: int) -> bool:
        with self.lock:
            self.calls.append((match_id, deadline_id, now_ms))
        if deadline_id in self.fail:
            raise RuntimeError("boom")
        return True


def test_run_due_fires_due_deadlines_once_with_the_claim_time(store):
    fire = Recorder()
    mirror(match_id=3, deadlines=[("turn-1", T, "turn"), ("turn-2", T + 50, "turn")], store=store)
    assert run_due(T + 10, store=store, fire=fire) == 1
    assert fire.calls == [(3, "turn-1", T + 10)]
    assert run_due(T + 10, store=store, fire=fire) == 0
    assert store.scheduled(3) == {"turn-2": T + 50}  # acked


def test_run_due_drains_more_than_one_batch(store, settings):
    settings.TIMER_BATCH = 4
    store.arm({1: [(f"d{i}", T, "turn") for i in range(10)]})
    fire = Recorder()
    assert run_due(T, store=store, fire=fire) == 10
    assert len({call[1] for call in fire.calls}) == 10


def test_a_failing_deadline_is_logged_not_acked_and_retried_after_the_retry_interval(store, settings):
    settings.TIMER_LEASE_MS = 1_000
    settings.TIMER_RETRY_MS = 5_000  # not at every short lease: a broken match would flood the log
    fire = Recorder(fail=("bad",))
    mirror(match_id=1, deadlines=[("bad", T, "turn"), ("good", T, "turn")], store=store)
    assert run_due(T, store=store, fire=fire) == 1
    assert sorted(call[1] for call in fire.calls) == ["bad", "good"]
    assert store.scheduled(1) == {"bad": T + 5_000}
    assert run_due(T + 4_999, store=store, fire=fire) == 0
    run_due(T + 5_000, store=store, fire=fire)
    assert [call[1] for call in fire.calls].count("bad") == 2


def test_a_batch_longer_than_the_lease_keeps_it_so_no_other_worker_fires_the_rest(store, settings):
    settings.TIMER_LEASE_MS = 300
    mirror(match_id=1, deadlines=[(f"d{i}", clock_ms() - 1, "turn") for i in range(4)], store=store)
    taken_by_another_worker = []

    def slow_fire(**deadline):
        time.sleep(0.2)  # four of these outlast the 300 ms lease the batch was claimed with
        taken_by_another_worker.extend(store.claim(limit=10, lease_ms=300))
        return True

    assert run_due(store=store, fire=slow_fire) == 4
    assert taken_by_another_worker == []


def test_mirror_accepts_deadline_objects(store):
    class Row:
        deadline_id, at_ms, kind = "turn-4", T, "turn"

    mirror(match_id=5, deadlines=[Row()], store=store)
    assert store.scheduled(5) == {"turn-4": T}


class Log:
    def __init__(self):
        self.events = []

    def exception(self, event, **fields):
        self.events.append((event, fields))


def test_mirror_logs_instead_of_raising_when_redis_is_down(monkeypatch):
    from api.matches.timers import dispatch
    from api.matches.timers.redis_store import RedisStore

    log = Log()  # not the real logger: rendering a Redis traceback with locals takes seconds
    monkeypatch.setattr(dispatch, "log", log)
    dead = RedisStore.from_url("redis://127.0.0.1:1/0", prefix="x")
    started = time.monotonic()
    mirror(match_id=1, deadlines=[("a", T, "turn")], store=dead)  # no exception
    assert log.events == [("timer_mirror_failed", {"match_id": 1})]
    assert time.monotonic() - started < 2  # a few short retries, not redis-py's default back-off


def fire_soon(store, loops: int) -> Recorder:
    """Start ``loops`` loops on ``store``, arm a deadline due now, return once it has fired."""
    fire = Recorder()
    running = [TimerLoop(poll_ms=20, store=store, fire=fire, rearm=False) for _ in range(loops)]
    threads = [threading.Thread(target=loop.run_forever) for loop in running]
    for thread in threads:
        thread.start()
    try:
        mirror(match_id=9, deadlines=[("turn-1", clock_ms(), "turn")], store=store)
        give_up = time.monotonic() + 2
        while not fire.calls and time.monotonic() < give_up:
            time.sleep(0.01)
        time.sleep(0.05)  # long enough for a duplicate to show up
    finally:
        for loop in running:
            loop.stop()
        for thread in threads:
            thread.join(timeout=2)
    assert not any(thread.is_alive() for thread in threads)
    return fire


def test_the_loop_fires_a_due_deadline_and_stops_cleanly(store):
    fire = fire_soon(store, loops=1)
    assert [call[:2] for call in fire.calls] == [(9, "turn-1")]


@pytest.mark.redis
def test_two_loops_on_redis_fire_a_deadline_once(redis_store):
    fire = fire_soon(redis_store, loops=2)
    assert [call[:2] for call in fire.calls] == [(9, "turn-1")]


def test_the_loop_survives_a_failing_tick(store):
    class Flaky:
        def __init__(self):
            self.claims = 0

        def claim(self, **kwargs):
            self.claims += 1
            raise redis.ConnectionError("down")

        def listen_for_sooner(self, wake):
            return MemoryStore().listen_for_sooner(wake)

    loop = TimerLoop(poll_ms=10, store=Flaky(), rearm=False)
    thread = threading.Thread(target=loop.run_forever)
    thread.start()
    time.sleep(0.05)
    loop.stop()
    # A hang guard, not a speed test: on a busy machine, logging the failure alone can take seconds.
    thread.join(timeout=HANG_S)
    assert not thread.is_alive() and loop.store.claims == 1  # backed off instead of spinning, then stopped


@pytest.mark.redis
def test_processes_share_one_redis_store(redis_store):
    other = new_redis_store()
    mirror(match_id=2, deadlines=[("a", T, "turn")], store=redis_store)
    assert [c.deadline_id for c in other.claim(limit=5, lease_ms=100, now_ms=T)] == ["a"]
    other.client.close()


def another_process(store):
    """``store`` as another process sees it: Redis through a connection of its own."""
    return store if isinstance(store, MemoryStore) else new_redis_store()


def test_an_idle_loop_sleeps_until_the_next_deadline_and_a_sooner_one_wakes_it(store, settings):
    settings.TIMER_IDLE_MS = 60_000  # asleep for a minute, unless a sooner deadline is heard of
    claims, claim = [], store.claim
    store.claim = lambda **kwargs: claims.append(1) or claim(**kwargs)
    fire = Recorder()
    loop = TimerLoop(poll_ms=10, store=store, fire=fire, rearm=False)
    thread = threading.Thread(target=loop.run_forever)
    thread.start()
    try:
        assert wait_for(lambda: loop.hears_sooner)
        before = len(claims)
        time.sleep(0.3)  # 30 claims, polling every 10 ms
        assert len(claims) - before <= 1
        due = clock_ms() + 100
        mirror(match_id=9, deadlines=[("turn-1", due, "turn")], store=another_process(store))
        assert wait_for(lambda: fire.calls, seconds=HANG_S)  # a minute, had it not heard
        assert fire.calls[0][:2] == (9, "turn-1") and fire.calls[0][2] >= due
    finally:
        loop.stop()
        thread.join(timeout=HANG_S)
    assert not thread.is_alive()


def test_a_loop_polls_while_it_holds_claims_or_cannot_hear_the_store(store):
    class Deaf:
        def live(self):
            return False

    loop = TimerLoop(poll_ms=10, store=store, rearm=False)
    firings = Firings(store, Recorder(), threads=2, lease_ms=1_000)  # its threads never started
    hearing = store.listen_for_sooner(lambda: None)
    try:
        assert wait_for(hearing.live)
        store.claim(limit=1, lease_ms=1_000)
        assert loop.pause(firings, hearing) == loop.idle_s  # nothing armed
        assert loop.pause(firings, Deaf()) == loop.poll_s
        store.mirror(1, [("turn", clock_ms() + 30_000, "turn"), ("now", clock_ms() - 1, "turn")])
        firings.submit(store.claim(limit=1, lease_ms=1_000))
        assert loop.pause(firings, hearing) == loop.poll_s  # its lease is renewed at ticks
    finally:
        hearing.close()
