"""Database calls that survive a dropped connection, and typed errors for a database that is down.

A pooled connection can die while idle (a PostgreSQL restart, a failover, an idle-session kill). Django
only notices at the start of a Django request, and GraphQL requests never go through Django's request
cycle, so without this every request of a process would fail on its dead connection. ``call`` runs a
function on this thread's connection and, when that connection turns out to be dead before any
statement of the call went through, opens a new one and runs the function again: nothing was sent, so
running it again cannot apply anything twice.

A connection lost later fails the call, and what the caller is told depends on where it was lost:

- before the COMMIT of a transaction that wrote, or anywhere in one that only read: the server rolls
  the transaction back, so nothing was applied: ``DatabaseUnavailable`` (SERVICE_UNAVAILABLE);
- during the COMMIT of a transaction that wrote, or during a write outside a transaction (its own
  commit): the server may have committed before the connection went, and nobody can tell:
  ``CommitOutcomeUnknown`` (COMMIT_OUTCOME_UNKNOWN). A retry with the same idempotency key is the safe
  way on: it returns the first result if there was one, else applies the move once.

A lost connection is told by the error itself (its SQLSTATE) or by the state of the connection the
statement ran on, never by the thread's current connection: Django may already have opened a new one
(an ``atomic`` block that fails reconnects on its way out), which would look healthy.

No health check runs per request: the cost is paid only when a connection has actually failed.

``run`` is how async code calls the database: on a pool of DATABASE_THREADS threads, each with its own
persistent connection. (asgiref's thread-sensitive executor would put every query of the process on
one thread, where they queue behind each other's network waits: half of a loaded server's time.) A job
that waited for a thread longer than DATABASE_QUEUE_SECONDS is not run: the caller gets
SERVICE_UNAVAILABLE with Retry-After, as from a connection pool whose wait timed out, rather than a
queue that grows without bound.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import select
import threading
import time
import weakref
from collections.abc import Callable, Iterator
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
from django.db.backends.base.base import BaseDatabaseWrapper

from api.common import prepared, statements

log = structlog.get_logger(__name__)

SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE"
COMMIT_OUTCOME_UNKNOWN = "COMMIT_OUTCOME_UNKNOWN"
UNAVAILABLE_MESSAGE = "The service cannot reach its database right now; try again in a few seconds."
UNKNOWN_MESSAGE = (
    "The database connection was lost while this change was being committed: it may or may not have "
    "been applied. Send it again with the same idempotency key to find out (applied at most once)."
)
BUSY_MESSAGE = "The service is busy: every database connection is taken; try again in a few seconds."
RETRY_AFTER_S = 5
# SQLSTATE classes of a lost connection: 08 (connection exception), 57P (the server shut the session
# down: an administrator, a crash, a restart).
CONNECTION_SQLSTATES = ("08", "57P")
# Statements that change nothing (the rest may): only a write makes a lost COMMIT's outcome unknown.
# PREPARE and DEALLOCATE change only the session's prepared statements (api/common/prepared.py);
# BEGIN only starts the transaction whose statements follow it.
READS = (
    "BEGIN",
    "SELECT",
    "SHOW",
    "SET",
    "SAVEPOINT",
    "RELEASE",
    "ROLLBACK",
    "EXPLAIN",
    "VALUES",
    "PREPARE",
    "DEALLOCATE",
)
# Django sends COMMIT here, through the driver's commit(), which no execute wrapper sees.
_COMMIT = BaseDatabaseWrapper._commit.__code__  # type: ignore[attr-defined]  # django-stubs omit it
T = TypeVar("T")


class DatabaseUnavailable(Exception):
    """The database did not answer, and nothing of the request was applied: a retry is safe."""

    code = SERVICE_UNAVAILABLE
    message = UNAVAILABLE_MESSAGE
    retry_after = RETRY_AFTER_S


class CommitOutcomeUnknown(DatabaseUnavailable):
    """The connection was lost with a write's commit in flight: it may have been applied or not."""

    code = COMMIT_OUTCOME_UNKNOWN
    message = UNKNOWN_MESSAGE


def changes_data(sql: object) -> bool:
    """May ``sql`` change data: one statement, or a batch of them (api/common/statements.py), which a
    transaction's BEGIN may lead (api/common/prepared.py)?"""
    return any(_changes(statement) for statement in str(sql).split("; "))


def _changes(statement: str) -> bool:
    words = prepared.sql_of(statement.lstrip()).split(None, 1)  # an EXECUTE: what it runs
    return bool(words) and words[0].upper() not in READS


def _hung_up(raw: Any) -> bool:
    """Has the server closed this idle connection already? An idle session is sent nothing but its
    termination, so anything to read (without waiting) means it is gone."""
    fileno = getattr(raw, "fileno", None)
    if fileno is None:  # no connection yet, or one with no socket (SQLite, embedded mode)
        return False
    try:
        readable, _, _ = select.select([fileno()], [], [], 0)
    except Exception:  # closed already: no socket left
        return True
    return bool(readable)


class _Watch:
    """An execute wrapper that remembers what of the call reached the database, and on which driver
    connection (Django may replace the thread's connection before the caller looks)."""

    def __init__(self) -> None:
        self.completed = False  # a statement went through: running the call again could repeat it
        self.wrote = False  # a write was sent in a transaction: its COMMIT decides whether it counted
        self.committing = False  # a COMMIT was sent with statements (api/common/statements.py, run)
        self.applied = False  # a write was sent outside a transaction: it commits on its own
        self.raw: Any = None

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        wrapper = context["connection"]
        self.raw = wrapper.connection
        if changes_data(sql):
            if wrapper.in_atomic_block:
                self.wrote = True
                self.committing = self.committing or statements.ends_in_commit(sql)
            elif not self.completed and _hung_up(self.raw):
                # Found dead before the write was sent: nothing to be unsure about, so ``call`` may
                # open a new connection and run the function again.
                wrapper.close()
                raise OperationalError("the server closed the connection while it was idle")
            else:
                self.applied = True
        result = execute(sql, params, many, context)
        self.completed = True
        return result

    def outcome_unknown(self, error: BaseException) -> bool:
        return self.applied or (self.wrote and (self.committing or at_commit(error)))


def _chain(error: BaseException) -> Iterator[BaseException]:
    seen: BaseException | None = error
    while seen is not None:
        yield seen
        seen = seen.__cause__ or seen.__context__


def at_commit(error: BaseException) -> bool:
    """Was ``error`` raised while Django's COMMIT was in flight?"""
    for link in _chain(error):
        frame = link.__traceback__
        while frame is not None:
            if frame.tb_frame.f_code is _COMMIT:
                return True
            frame = frame.tb_next
    return False


def connection_failed(error: BaseException, raw: Any = None) -> bool:
    """Did ``error`` come from a dead or unreachable server rather than from the statement itself?

    Deadlocks, lock timeouts and constraint errors are OperationalErrors too, but they leave the
    connection usable. ``raw``: the driver connection the failing statement ran on, if known; closed,
    it was lost whatever the error says (a connection closed while its statement ran is an
    InternalError to psycopg: "got no result from the query").
    """
    if raw is not None and getattr(raw, "closed", False):
        return True
    if not isinstance(error, OperationalError | InterfaceError):
        return False
    for link in _chain(error):
        state = getattr(link, "sqlstate", None) or ""
        if state.startswith(CONNECTION_SQLSTATES):  # said by the server itself, before it hung up
            return True
        pgconn = getattr(link, "pgconn", None)
        if pgconn is not None and getattr(pgconn, "status", 0) != 0:  # libpq's CONNECTION_OK is 0
            return True
    if raw is not None:
        return False  # open (above): the statement failed, not the connection
    if connection.connection is None:  # never connected, or Django already closed it
        return True
    return not connection.is_usable()


def failure(error: BaseException) -> DatabaseUnavailable | None:
    """The typed error for ``error`` if it is a lost database (outside ``call``: error mapping)."""
    if isinstance(error, DatabaseUnavailable):
        return error
    if not isinstance(error, DatabaseError) or not connection_failed(error):
        return None
    if at_commit(error):
        return CommitOutcomeUnknown(UNKNOWN_MESSAGE)
    return DatabaseUnavailable(UNAVAILABLE_MESSAGE)


def call(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)`` on this thread's connection, reconnecting once if it was dead."""
    if connection.in_atomic_block:  # inside someone else's transaction: theirs to handle
        return function(*args, **kwargs)
    for attempt in (1, 2):
        watch = _Watch()
        try:
            with connection.execute_wrapper(watch):
                return function(*args, **kwargs)
        except DatabaseError as error:
            if not connection_failed(error, watch.raw):
                raise
            connection.close()
            unknown = watch.outcome_unknown(error)
            log.warning(
                "database_connection_failed",
                attempt=attempt,
                sent=watch.completed,
                outcome_unknown=unknown,
                error=str(error),
            )
            if unknown:
                raise CommitOutcomeUnknown(UNKNOWN_MESSAGE) from error
            if watch.completed or attempt == 2:
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


class DatabaseBusy(DatabaseUnavailable):
    """Every database thread stayed taken for DATABASE_QUEUE_SECONDS: the job was not run."""

    message = BUSY_MESSAGE


def track_connection() -> None:
    """This thread keeps its connection open between jobs: let ``close_pool_connections`` close it."""
    _opened.add(connections[DEFAULT_DB_ALIAS])


def _on_pool_thread(queued_at: float, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    track_connection()
    waited = time.monotonic() - queued_at
    if waited > float(settings.DATABASE_QUEUE_SECONDS):
        log.warning("database_queue_timeout", waited_s=round(waited, 3))
        raise DatabaseBusy(BUSY_MESSAGE)
    return call(function, *args, **kwargs)


def submit(function: Callable[..., T], *args: Any, **kwargs: Any) -> asyncio.Future[T]:
    """``call(function, ...)`` handed to a database thread now; its result to await. Context variables
    (logging) follow. Called from a coroutine, ``run`` hands it over only when that coroutine first
    runs: a turn of a busy loop later when it is a task of its own (api/graphql/updates.py)."""
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()
    context.run(calling_loop.set, loop)
    job = functools.partial(context.run, _on_pool_thread, time.monotonic(), function, *args, **kwargs)
    return loop.run_in_executor(_executor(), job)


async def run(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``call(function, ...)`` on a database thread, awaited; context variables (logging) follow."""
    return await submit(function, *args, **kwargs)


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
