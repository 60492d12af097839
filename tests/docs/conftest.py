"""The docs tests run the documented operations through the real ASGI application (HTTP with httpx,
WebSockets with channels' communicator) and a real uvicorn server, whose database work runs on other
threads: those tests use ``django_db(transaction=True)``."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connections

from api.common import database
from api.matches.game_keys import games as game_keys


@pytest.fixture(scope="session", autouse=True)
def _close_database_thread_connections(django_db_setup: Any) -> Iterator[None]:
    """Close the connections of asgiref's database thread and of the database pool before the test
    database is dropped (PostgreSQL refuses to drop a database that still has sessions)."""
    yield
    asyncio.run(sync_to_async(connections.close_all, thread_sensitive=True)())
    database.close_pool_connections()


@pytest.fixture(autouse=True)
def _fresh_process_state(settings: Any) -> None:
    settings.BOT_DELAY_MS = 0
    # Test databases reuse ids between tests; the per-process game-of-match memo must not outlive one.
    game_keys.clear()
