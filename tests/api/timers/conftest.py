"""Timer stores for the tests: the in-memory one, Redis under this worker's own key prefix, and a private
redis-server for outages."""

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
import redis
from django.conf import settings

from api.matches.timers import TimerLoop
from api.matches.timers.memory_store import MemoryStore
from api.matches.timers.redis_store import RedisStore
from api.matches.timers.store import TimerStore, key_prefix
from tests.api.private_redis import PrivateRedis, private_redis_server


def wait_for(predicate: Callable[[], object], seconds: float = 3.0) -> bool:
    """Whether ``predicate`` holds within ``seconds`` (checked every 20 ms)."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if predicate():
            return True
        time.sleep(0.02)
    return False


async def eventually(predicate: Callable[[], object], seconds: float = 3.0) -> None:
    """Wait, without blocking the event loop, until ``predicate`` holds or ``seconds`` pass."""
    give_up = time.monotonic() + seconds
    while not predicate() and time.monotonic() < give_up:
        await asyncio.sleep(0.02)


@contextmanager
def running(loop: TimerLoop) -> Iterator[TimerLoop]:
    """``loop`` running on a thread of its own, stopped (and its thread gone) at the end."""
    thread = threading.Thread(target=loop.run_forever)
    thread.start()
    try:
        yield loop
    finally:
        loop.stop()
        thread.join(timeout=5)
    assert not thread.is_alive()


def new_redis_store() -> RedisStore:
    """A store with its own connection pool, as a separate worker process would have."""
    return RedisStore(redis.Redis.from_url(settings.REDIS_URL), prefix=key_prefix())


@pytest.fixture
def redis_store(redis_client: redis.Redis) -> Iterator[RedisStore]:
    # redis_client (tests/conftest.py) deletes this worker's keys before and after, timers included.
    store = new_redis_store()
    yield store
    store.client.close()


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
def store(request: pytest.FixtureRequest) -> TimerStore:
    if request.param == "memory":
        return MemoryStore()
    return request.getfixturevalue("redis_store")


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    """A redis-server of this test's own, which it may stop and start again (empty)."""
    yield from private_redis_server()
