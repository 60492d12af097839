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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import structlog
from django.db import DatabaseError, InterfaceError, OperationalError, connection

log = structlog.get_logger(__name__)

SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE"
UNAVAILABLE_MESSAGE = "The service cannot reach its database right now; try again in a few seconds."
RETRY_AFTER_S = 5
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
