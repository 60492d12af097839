"""Shared fixtures and the backend policy.

A test marked `postgres` or `redis` needs that real server. Without it the test is skipped on a
developer's machine, but under CI=true it fails: CI must never go green by skipping the real backends.
"""

import os
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import psycopg
import pytest
import redis
from django.conf import settings

IN_CI = os.environ.get("CI", "").lower() == "true"


@cache
def postgres_available() -> bool:
    """Is DATABASE_URL a PostgreSQL URL whose server answers?"""
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.postgresql":
        return False
    try:
        # The maintenance database, not NAME: pytest-django creates test_<NAME> from there.
        psycopg.connect(
            host=database.get("HOST") or None,
            port=database.get("PORT") or None,
            user=database.get("USER") or None,
            password=database.get("PASSWORD") or None,
            dbname="postgres",
            connect_timeout=3,
        ).close()
    except psycopg.Error:
        return False
    return True


@cache
def redis_available() -> bool:
    """Is REDIS_URL set and does that server answer?"""
    if not settings.REDIS_URL:
        return False
    client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=3, socket_timeout=3)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()


BACKENDS: dict[str, tuple[Callable[[], bool], str]] = {
    "postgres": (postgres_available, "PostgreSQL (set DATABASE_URL=postgres://... to a running server)"),
    "redis": (redis_available, "Redis (set REDIS_URL=redis://... to a running server)"),
}


def require_backend(name: str) -> None:
    """Skip the current test without backend `name`; under CI=true, fail it instead."""
    available, what = BACKENDS[name]
    if available():
        return
    if IN_CI:
        pytest.fail(f"CI=true and this test needs {what}, which is not available", pytrace=False)
    pytest.skip(f"needs {what}")


def pytest_runtest_setup(item: pytest.Item) -> None:
    # Runs before the item's fixtures, so a missing server skips (or fails) before any setup uses it.
    for name in BACKENDS:
        if item.get_closest_marker(name):
            require_backend(name)


def _delete_worker_keys(client: redis.Redis) -> None:
    # Only this process's key space (see REDIS_KEY_PREFIX in config/settings.py).
    keys = list(client.scan_iter(match=f"{settings.REDIS_KEY_PREFIX}:*", count=500))
    if keys:
        client.unlink(*keys)


@pytest.fixture
def redis_client() -> Iterator[redis.Redis]:
    """A client for REDIS_URL; this worker's keys are deleted before and after the test."""
    require_backend("redis")
    client = redis.Redis.from_url(settings.REDIS_URL)
    _delete_worker_keys(client)
    try:
        yield client
    finally:
        _delete_worker_keys(client)
        client.close()


@pytest.fixture(autouse=True)
def _rate_limits_off(settings: Any) -> Iterator[None]:
    """Tests send requests far faster than any person: rate limits are off unless a test turns them
    on (tests/api/test_limits.py), and each test starts with empty counters."""
    from api.common import ratelimits

    settings.RATE_LIMITS = False
    ratelimits.reset()
    yield
    ratelimits.reset()


# The reliability suite's figures: each test records what it measured with ``record_property("figure",
# ...)``, and the end of the run prints them under "reliability figures", test by test (from every xdist
# worker), so that the README's reliability table quotes a run one can see. Here, not in
# tests/reliability/: under xdist only the conftest files of the paths given load in the controller.
FIGURE = "figure"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    lines = [
        f"{report.nodeid.split('::', 1)[-1]}: {value}"
        for report in terminalreporter.stats.get("passed", [])
        if report.when == "call"
        for name, value in report.user_properties
        if name == FIGURE
    ]
    if lines:
        terminalreporter.section("reliability figures")
        for line in sorted(lines):
            terminalreporter.line(line)
