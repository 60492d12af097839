"""Timers through Redis outages (issue 5, finding 7 and point 6): nothing waits for a 60 s re-arm or a
30 s lease.

The loop runs in a thread as `manage.py run_timers` runs it, against the shared Redis (under this
worker's prefix) or a redis-server of the test's own that the test kills and starts again, empty.
"""

import time

import pytest

from api.matches import services
from api.matches.timers import TimerLoop, get_store, mirror
from api.matches.timers.store import clock_ms, lease_ms
from tests.api.timers.conftest import new_redis_store, running, wait_for
from tests.api.timers.test_dispatch import Recorder

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]


@pytest.fixture
def open_deadlines(lobby, alice):
    """A started toy match whose turn deadline is 30 s away, and what the store holds for it."""
    match = services.start_match(match_id=lobby.id, player=alice, now_ms=clock_ms())
    armed = get_store().scheduled(match.id)
    assert armed  # mirrored on commit
    return match, armed


def test_a_store_flushed_under_a_running_worker_is_re_armed_at_its_next_tick(
    redis_client, open_deadlines, settings
):
    match, armed = open_deadlines
    store = get_store()
    store.clear()
    # A flush publishes nothing: an idle worker finds it at its next tick, TIMER_IDLE_MS at the latest.
    settings.TIMER_IDLE_MS = 200
    with running(TimerLoop(poll_ms=20)):  # re-arms every 60 s, and first thing
        assert wait_for(lambda: store.scheduled(match.id) == armed)
        store.clear()  # FLUSH of our keys: the periodic re-arm is a minute away
        assert wait_for(lambda: store.scheduled(match.id) == armed, seconds=1)


def test_when_redis_restarts_empty_the_worker_re_arms_as_soon_as_it_answers(
    private_redis, settings, lobby, alice
):
    settings.REDIS_URL = private_redis.url  # the store, and so the services' mirrors, on our own server
    match = services.start_match(match_id=lobby.id, player=alice, now_ms=clock_ms())
    store = get_store()
    armed = store.scheduled(match.id)
    assert armed
    store.clear()
    with running(TimerLoop(poll_ms=20)):
        assert wait_for(lambda: store.scheduled(match.id) == armed)
        private_redis.stop()
        time.sleep(0.3)  # ticks fail meanwhile
        private_redis.start()  # empty
        assert wait_for(lambda: store.scheduled(match.id) == armed, seconds=3)


@pytest.mark.slow
def test_a_deadline_claimed_by_a_worker_that_died_fires_again_within_seconds(redis_store):
    mirror(match_id=4, deadlines=[("turn-1", clock_ms(), "turn")], store=redis_store)
    assert len(redis_store.claim(limit=10, lease_ms=lease_ms())) == 1  # ...and that worker dies: no ack
    fire = Recorder()
    with running(TimerLoop(poll_ms=20, store=new_redis_store(), fire=fire, rearm=False)):
        assert wait_for(lambda: fire.calls, seconds=6)
    assert [call[:2] for call in fire.calls] == [(4, "turn-1")]
