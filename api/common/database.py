"""Database calls that survive a dropped connection, and one typed error for a database that is down.

A pooled connection can die while idle (a PostgreSQL restart, a failover, an idle-session kill). Django
only notices at the start of a Django request, and GraphQL requests never go through Django's request
cycle, so without this every request of a process would fail on its dead connection. ``call`` runs a
function on this thread's connection and, when that connection turns out to be dead before any
statement of the call went through, opens a new one and runs the function again: nothing was sent, so
running it again cannot apply anything twice. A connection that dies after a statement went through is
closed (the next call reconnects) and the call fails with ``DatabaseUnavailable``: whether the server
committed is then unknowable, and a client retry with its idempotency key is the safe way on.

No health check runs per request: the cost is paid only when a connection has actually failed.

``run`` is how async code calls the database: on a pool of DATABASE_THREADS threads, each with its own
persistent connection. (asgiref's thread-sensitive executor would put every query of the process on
one thread, where they queue behind each other's network waits: half of a loaded server's time.)
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import structlog
from django.conf import settings
from django.db import (
    DEFAULT_DB_ALIAS,
    DatabaseError,
    InterfaceError,
    OperationalError,
    connection,
    connections,
)

log = structlog.get_logger(__name__)

SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE"
UNAVAILABLE_MESSAGE = "The service cannot reach its database right now; try again in a few seconds."
RETRY_AFTER_S = 5
# SQLSTATE classes of a lost connection: 08 (connection exception), 57P (the server shut the session
# down: an administrator, a crash, a restart).
CONNECTION_SQLSTATES = ("08", "57P")
T = TypeVar("T")


class DatabaseUnavailable(Exception):
    """The database did not answer: the request changed nothing that the caller can rely on."""

    code = SERVICE_UNAVAILABLE
    message = UNAVAILABLE_MESSAGE
    retry_after = RETRY_AFTER_S


class _Sent:
    """An execute wrapper that remembers whether any statement of the call completed."""

    def __init__(self) -> None:
        self.any = False

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        result = execute(sql, params, many, context)
        self.any = True
        return result


def connection_failed(error: DatabaseError) -> bool:
    """Did ``error`` come from a dead or unreachable server rather than from the statement itself?

    Deadlocks, lock timeouts and constraint errors are OperationalErrors too, but they leave the
    connection usable.
    """
    if not isinstance(error, OperationalError | InterfaceError):
        return False
    state = getattr(error.__cause__, "sqlstate", None) or ""
    if state.startswith(CONNECTION_SQLSTATES):  # said by the server itself, before it hung up
        return True
    if connection.connection is None:  # never connected, or Django already closed it
        return True
    return not connection.is_usable()


def call(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)`` on this thread's connection, reconnecting once if it was dead."""
    if connection.in_atomic_block:  # inside someone else's transaction: theirs to handle
        return function(*args, **kwargs)
    for attempt in (1, 2):
        sent = _Sent()
        try:
            with connection.execute_wrapper(sent):
                return function(*args, **kwargs)
        except DatabaseError as error:
            if not connection_failed(error):
                raise
            connection.close()
            log.warning("database_connection_failed", attempt=attempt, sent=sent.any, error=str(error))
            if sent.any or attempt == 2:
                raise DatabaseUnavailable(UNAVAILABLE_MESSAGE) from error
    raise AssertionError("unreachable")  # the loop returns or raises


# The event loop that handed the current database work to a pool thread, if any: work that must
# happen on the loop (publishing to the channel layer, whose connections belong to it) goes back there.
calling_loop: contextvars.ContextVar[asyncio.AbstractEventLoop | None] = contextvars.ContextVar(
    "calling_loop", default=None
)

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()
# Every connection a pool thread opened, so tests and shutdown can close them from outside.
_opened: weakref.WeakSet[Any] = weakref.WeakSet()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=int(settings.DATABASE_THREADS), thread_name_prefix="db")
        return _pool


def _on_pool_thread(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    _opened.add(connections[DEFAULT_DB_ALIAS])
    return call(function, *args, **kwargs)


async def run(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``call(function, ...)`` on a database thread, awaited; context variables (logging) follow."""
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()
    context.run(calling_loop.set, loop)
    job = functools.partial(context.run, _on_pool_thread, function, *args, **kwargs)
    return await loop.run_in_executor(_executor(), job)


def pool_connections() -> list[Any]:
    """The Django connections of the pool's threads (open or not)."""
    return list(_opened)


def close_pool_connections() -> None:
    """Close every connection the pool's threads hold (tests, before the test database is dropped)."""
    for held in pool_connections():
        held.inc_thread_sharing()
        try:
            held.close()
        finally:
            held.dec_thread_sharing()
