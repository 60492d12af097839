"""WebSockets through the real ASGI application, in Redis mode, with the GraphQL tests' players and tables.

``private_redis`` is a redis-server of the test's own (tests/api/private_redis.py), so a test may stop and
restart it; ``layer_on`` points the channel layer at it and ``subscriber`` opens graphql-transport-ws
connections that are closed after the test.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings

from tests.api.graphql.conftest import (  # noqa: F401  the GraphQL tests' fixtures, shared
    _fresh_process_state,
    http,
    register,
    table,
)
from tests.api.graphql.test_subscriptions import subscriber  # noqa: F401  the same connections
from tests.api.private_redis import PrivateRedis, private_redis_server


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    yield from private_redis_server()


def layer_config_on(url: str) -> dict[str, Any]:
    """The configured channel layer (Redis mode), with every host pointed at ``url``."""
    layer = copy.deepcopy(django_settings.CHANNEL_LAYERS["default"])
    hosts = layer["CONFIG"]["hosts"]
    layer["CONFIG"]["hosts"] = [{**host, "address": url} if isinstance(host, dict) else url for host in hosts]
    return layer


@pytest.fixture
def layer_on_private_redis(private_redis: PrivateRedis, settings: Any) -> PrivateRedis:
    """The channel layer, and only it, on the private server (timers stay on the shared Redis).

    Changing CHANNEL_LAYERS makes channels drop its cached layers (a setting_changed receiver)."""
    settings.CHANNEL_LAYERS = {"default": layer_config_on(private_redis.url)}
    return private_redis
