"""PostgreSQL: the statements of api/common/statements.py as prepared statements of each session.

PostgreSQL parses and plans every statement it is sent as text. For a move's small statements that
was most of its CPU: about 0.3 ms of the 0.8 ms it spent per move (docs/performance-log.md). So each
session keeps them prepared (``PREPARE``, once per session and statement), and a batch is sent as
``EXECUTE name(params); EXECUTE ...``, which PostgreSQL parses in microseconds and runs on the plan it
kept. The parameters are still bound on the client, so a batch of several statements still travels
in one round trip (psycopg's own prepared statements bind on the server, which allows one statement
per round trip, and its pipeline mode cost the workers more CPU than PostgreSQL saved).

Prepared statements belong to the session: behind a pooler that hands one server session to many
clients' transactions (PgBouncer's transaction mode), set DATABASE_PREPARED_STATEMENTS=false.
``PREPARE`` and ``DEALLOCATE`` are not transactional: a rollback keeps what they did.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import threading
import weakref
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any, NamedTuple

from django.conf import settings
from django.db import DatabaseError
from django.db.backends.base.base import BaseDatabaseWrapper
from psycopg import pq

# SQLSTATEs of a session whose prepared statements are not what this process thinks: one missing
# (a pooler or DISCARD ALL dropped it), one there already (a PREPARE the process did not see end), or
# one whose table a migration changed under it ("cached plan must not change result type").
UNSURE = ("26000", "42P05", "0A000")
PREPARABLE = ("SELECT", "INSERT", "UPDATE", "DELETE", "VALUES")  # what PREPARE accepts
# Each driver connection (one server session) -> the names prepared on it so far.
_sessions: weakref.WeakKeyDictionary[Any, set[str]] = weakref.WeakKeyDictionary()
_unsure: weakref.WeakSet[Any] = weakref.WeakSet()  # sessions to clear before the next PREPARE
_named: dict[str, str] = {}  # name -> the SQL it was prepared from
_lock = threading.Lock()  # for the two shared collections above; a session is used by one thread


class Prepared(NamedTuple):
    name: str
    prepare: str  # the PREPARE statement
    execute: str  # the EXECUTE statement, with a %s per parameter


def sqlstate(error: BaseException) -> str | None:
    """The SQLSTATE PostgreSQL gave for ``error`` (a Django error wrapping psycopg's), if any."""
    return getattr(error.__cause__, "sqlstate", None)


def enabled() -> bool:
    return bool(getattr(settings, "DATABASE_PREPARED_STATEMENTS", True))


@cache
def form(sql: str) -> Prepared | None:
    """``sql`` (``%s`` placeholders) as a prepared statement; None when it cannot be one."""
    if "%%" in sql or not sql.lstrip().upper().startswith(PREPARABLE):
        return None
    first, *rest = sql.split("%s")
    body = first + "".join(f"${number}{part}" for number, part in enumerate(rest, start=1))
    table = re.search(r'(?:FROM|INTO|UPDATE)\s+"?(\w+)', sql)
    verb = sql.split(None, 1)[0].lower()
    digest = hashlib.blake2b(sql.encode(), digest_size=6).hexdigest()
    name = f"{verb}_{table.group(1) if table else 'of'}"[:46] + f"_{digest}"  # under 64, PostgreSQL's limit
    with _lock:
        _named[name] = sql
    arguments = "(" + ", ".join(["%s"] * len(rest)) + ")" if rest else ""
    return Prepared(name, f"PREPARE {name} AS {body}", f"EXECUTE {name}{arguments}")


def sql_of(statement: str) -> str:
    """The SQL an ``EXECUTE name(...)`` statement runs (the statement itself when it is none of ours)."""
    words = statement.split(None, 2)
    if len(words) < 2 or words[0].upper() != "EXECUTE":
        return statement
    return _named.get(words[1].split("(", 1)[0], statement)


def execute(db: BaseDatabaseWrapper, cursor: Any, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
    """Run ``statements`` on ``cursor`` in one round trip (PostgreSQL), as prepared statements when
    DATABASE_PREPARED_STATEMENTS allows; the results follow one another (``cursor.nextset()``)."""
    sqls = [sql for sql, _ in statements]
    if enabled():
        sqls = _executes(db, cursor, sqls)
    params = [param for _, params in statements for param in params]
    try:
        with _begun(db.connection) as begin:
            cursor.execute("; ".join([*begin, *sqls]), params)
        if begin:
            cursor.nextset()
    except DatabaseError as error:
        if sqlstate(error) in UNSURE:
            _unsure.add(db.connection)
        raise


@contextlib.contextmanager
def _begun(raw: Any) -> Iterator[list[str]]:
    """``["BEGIN"]`` when psycopg is about to start a transaction for the next statement, which it
    would send as a round trip of its own: the caller sends it at the head of its batch instead, while
    psycopg is kept from sending its own (its private ``_autocommit``, which only decides that). Under
    load each round trip costs a database thread the interpreter's hand-over and the loopback's
    system calls (docs/performance-log.md); a move's transaction begins with the lock's batch."""
    if not _may_begin(raw):
        yield []
        return
    raw._autocommit = True
    try:
        yield ["BEGIN"]
    finally:
        raw._autocommit = False


def _may_begin(raw: Any) -> bool:
    """Would psycopg send a plain ``BEGIN`` first (no isolation level or access mode of its own)?"""
    return (
        getattr(raw, "_autocommit", True) is False
        and (raw.isolation_level, raw.read_only, raw.deferrable) == (None, None, None)
        and raw.pgconn.transaction_status == pq.TransactionStatus.IDLE
    )


def _executes(db: BaseDatabaseWrapper, cursor: Any, sqls: list[str]) -> list[str]:
    """Each of ``sqls`` as the EXECUTE of its prepared statement, preparing first (in a round trip of
    its own, once per session) those this session lacks."""
    raw = db.connection
    with _lock:
        if raw in _unsure:
            _sessions.pop(raw, None)
        session = _sessions.setdefault(raw, set())
    forms = [form(sql) for sql in sqls]
    missing = {each.name: each.prepare for each in forms if each is not None and each.name not in session}
    if missing:
        clear = ["DEALLOCATE ALL"] if raw in _unsure else []
        try:
            cursor.execute("; ".join([*clear, *missing.values()]))
        except DatabaseError:
            _unsure.add(raw)  # some of them may have been prepared before the failure
            raise
        _unsure.discard(raw)
        session.update(missing)
    return [sql if each is None else each.execute for sql, each in zip(sqls, forms, strict=True)]
