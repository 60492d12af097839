"""Timer stores for the tests: the in-memory one, Redis under this worker's own key prefix, and a private
redis-server for outages."""

from collections.abc import Iterator

import pytest
import redis
from django.conf import settings

from api.matches.timers.memory_store import MemoryStore
from api.matches.timers.redis_store import RedisStore
from api.matches.timers.store import TimerStore, key_prefix
from tests.api.private_redis import PrivateRedis, private_redis_server


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
