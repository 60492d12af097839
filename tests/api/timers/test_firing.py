"""The loop's firing threads (api/matches/timers/firing.py), with fake fire_deadlines that take a while:
how many fire at once, one match at a time and in order, leases kept while firing, retries."""

import asyncio
import threading
import time
from collections import Counter

import redis

from api.common.database import calling_loop
from api.matches.timers import TimerLoop, mirror
from api.matches.timers.firing import Firings
from api.matches.timers.memory_store import MemoryStore
from api.matches.timers.store import clock_ms
from tests.api.timers.conftest import eventually, running, wait_for
from tests.api.timers.test_dispatch import Recorder, T


class Overlap:
    """A fire_deadline that takes ``seconds`` and notes how many firings overlap, in all and per match."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.lock = threading.Lock()
        self.calls: list[tuple[int, str]] = []
        self.running: Counter[int] = Counter()
        self.most = 0
        self.most_of_one_match = 0

    def __call__(self, *, match_id: int, deadline_id: str, now_ms: int) -> bool:
        with self.lock:
            self.calls.append((match_id, deadline_id))
            self.running[match_id] += 1
            self.most = max(self.most, sum(self.running.values()))
            self.most_of_one_match = max(self.most_of_one_match, self.running[match_id])
        time.sleep(self.seconds)
        with self.lock:
            self.running[match_id] -= 1
        return True


def arm_due(store, matches: range, *, per_match: int = 1) -> None:
    now = clock_ms()
    for match_id in matches:
        deadlines = [(f"d{i}", now - 1_000 + i, "turn") for i in range(per_match)]
        mirror(match_id=match_id, deadlines=deadlines, store=store)


def test_different_matches_fire_at_once_but_never_more_than_the_threads(store):
    fire = Overlap(0.1)
    arm_due(store, range(1, 8))
    with running(TimerLoop(poll_ms=10, store=store, fire=fire, rearm=False, threads=3)) as loop:
        assert wait_for(lambda: loop.fired == 7)
    assert fire.most == 3
    assert sorted(fire.calls) == [(match_id, "d0") for match_id in range(1, 8)]


def test_one_match_fires_one_deadline_at_a_time_in_due_order(store):
    fire = Overlap(0.05)
    arm_due(store, range(1, 2), per_match=4)
    arm_due(store, range(2, 4))
    with running(TimerLoop(poll_ms=10, store=store, fire=fire, rearm=False, threads=4)) as loop:
        assert wait_for(lambda: loop.fired == 6)
    assert fire.most_of_one_match == 1
    assert [deadline for match_id, deadline in fire.calls if match_id == 1] == ["d0", "d1", "d2", "d3"]


def test_a_worker_claims_no_more_than_its_threads_can_fire_and_leaves_the_rest_to_others(store):
    taken_by_another_worker = []

    def fire(**deadline):
        if not taken_by_another_worker:
            taken_by_another_worker.extend(store.claim(limit=10, lease_ms=60_000))
        time.sleep(0.1)
        return True

    arm_due(store, range(1, 6))
    with running(TimerLoop(poll_ms=10, store=store, fire=fire, rearm=False, threads=2)) as loop:
        assert wait_for(lambda: loop.fired == 2)
        time.sleep(0.1)
    assert len(taken_by_another_worker) == 3
    assert loop.fired == 2


def test_a_firing_longer_than_the_lease_keeps_it_and_fires_once(store, settings):
    settings.TIMER_LEASE_MS = 300
    fire = Recorder()
    taken_by_another_worker = []

    def slow_fire(**deadline):
        fire(**deadline)
        time.sleep(0.8)  # well past the 300 ms lease it was claimed with
        taken_by_another_worker.extend(store.claim(limit=10, lease_ms=300))
        return True

    arm_due(store, range(1, 2))
    with running(TimerLoop(poll_ms=10, store=store, fire=slow_fire, rearm=False, threads=2)) as loop:
        assert wait_for(lambda: loop.fired == 1)
        time.sleep(0.4)  # a lease that had run out would have brought it back by now
    assert taken_by_another_worker == []
    assert [call[1] for call in fire.calls] == ["d0"]
    assert store.scheduled(1) == {}  # acked with its renewed lease


def test_a_failed_firing_is_retried_after_the_retry_interval_by_the_threads(store, settings):
    settings.TIMER_RETRY_MS = 300
    fire = Recorder(fail=("d0",))
    arm_due(store, range(1, 2))
    with running(TimerLoop(poll_ms=10, store=store, fire=fire, rearm=False)):
        assert wait_for(lambda: len(fire.calls) == 2)
    first, second = (now_ms for _, _, now_ms in fire.calls[:2])
    assert second - first >= 300


def test_a_firing_thread_survives_an_ack_that_fails():
    class AckFailsOnce(MemoryStore):
        failed = False

        def ack(self, claim):
            if not self.failed:
                self.failed = True
                raise redis.ConnectionError("down")
            return super().ack(claim)

    store = AckFailsOnce()
    fire = Recorder()
    arm_due(store, range(1, 3))
    with running(TimerLoop(poll_ms=10, store=store, fire=fire, rearm=False, threads=1)):
        assert wait_for(lambda: len(fire.calls) >= 2)
    assert {call[0] for call in fire.calls} == {1, 2}


def test_stop_lets_the_firings_under_way_finish():
    store, fire = MemoryStore(), Overlap(0.3)
    arm_due(store, range(1, 3))
    with running(TimerLoop(poll_ms=10, store=store, fire=fire, rearm=False, threads=2)) as loop:
        assert wait_for(lambda: len(fire.calls) == 2)
    assert loop.fired == 2 and store.scheduled(1) == store.scheduled(2) == {}


class NudgeLoopSeen:
    """A fire_deadline that notes the running event loop its thread hands nudges to (``calling_loop``)."""

    def __init__(self) -> None:
        self.seen: list[asyncio.AbstractEventLoop | None] = []

    def __call__(self, **deadline) -> bool:
        loop = calling_loop.get()
        self.seen.append(loop if loop is not None and loop.is_running() else None)
        return True


def loop_with_a_due_deadline(fire: NudgeLoopSeen) -> TimerLoop:
    store = MemoryStore()
    arm_due(store, range(1, 2))
    return TimerLoop(poll_ms=10, store=store, fire=fire, rearm=False)


def test_a_worker_s_firings_nudge_on_an_event_loop_of_the_worker_s_own():
    fire = NudgeLoopSeen()
    with running(loop_with_a_due_deadline(fire)):
        assert wait_for(lambda: fire.seen)
    assert fire.seen[0] is not None  # not async_to_sync: a new loop and Redis connection per nudge


async def test_the_embedded_loop_s_firings_nudge_on_the_server_s_event_loop():
    fire = NudgeLoopSeen()
    loop = loop_with_a_due_deadline(fire)
    task = loop.start_task()
    try:
        await eventually(lambda: fire.seen)
    finally:
        await loop.aclose(task)
    assert fire.seen == [asyncio.get_running_loop()]


def test_a_claim_of_a_deadline_the_worker_still_holds_takes_over_its_lease_instead_of_firing_again(store):
    # The loop thread renews leases between its own ticks; one stalled past a lease (a long re-arm, a
    # starved process) claims again an entry it is still firing. That claim is the same deadline.
    release = threading.Event()
    fire = Recorder()

    def fire_until_released(**deadline):
        fire(**deadline)
        release.wait(5)
        return True

    firings = Firings(store, fire_until_released, threads=2, lease_ms=200)
    firings.start()
    mirror(match_id=1, deadlines=[("d0", T, "turn")], store=store)
    firings.submit(store.claim(limit=10, lease_ms=200, now_ms=T))
    assert wait_for(lambda: fire.calls)
    again = store.claim(limit=10, lease_ms=200, now_ms=T + 201)  # the first lease has run out
    assert [claim.deadline_id for claim in again] == ["d0"]
    firings.submit(again)
    assert firings.room == 1
    release.set()
    firings.close()
    assert [call[1] for call in fire.calls] == ["d0"]
    assert firings.fired == 1
    assert store.scheduled(1) == {}  # acked with the lease it was claimed again with
