"""The few statements every move runs, compiled once per model instead of once per call.

The ORM builds and compiles a query on every call: the profile of a loaded server put that at about
half a millisecond of CPU for each ``filter(pk=...)`` read, more than PostgreSQL spends answering it.
These helpers take their table, columns and value conversions from the model's own fields (so they
follow every migration) and run on Django's connection: inside its transactions, its error mapping
(``IntegrityError``) and its execute wrappers, like any ORM query.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, TypeVar

import orjson
from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper

from api.common import prepared

M = TypeVar("M", bound=models.Model)
Converter = Callable[[Any, Any, Any], Any]
Statement = tuple[str, list[Any]]  # SQL with %s placeholders, and its parameters


def _db() -> BaseDatabaseWrapper:
    """The default connection, looked up once per call: each attribute read through Django's
    ``connection`` proxy looks it up again in a thread-critical local, and under load those lookups
    were about 2% of a worker's time."""
    return connections[DEFAULT_DB_ALIAS]


def _quote(name: str) -> str:
    return str(_db().ops.quote_name(name))


def _table(model: type[models.Model]) -> str:
    return _quote(model._meta.db_table)


def _field(model: type[models.Model], name: str) -> Any:
    return model._meta.get_field(name)


@cache
def _matching(model: type[models.Model], names: tuple[str, ...], vendor: str) -> str:
    """``a = %s AND b = %s`` over the columns of the fields ``names``."""
    return " AND ".join(f"{_quote(_field(model, name).column)} = %s" for name in names)


def _db_values(db: BaseDatabaseWrapper, model: type[models.Model], values: Mapping[str, Any]) -> list[Any]:
    """Each value as its field writes it to the database."""
    return [_field(model, name).get_db_prep_save(value, db) for name, value in values.items()]


@cache
def _converters(model: type[models.Model], vendor: str) -> dict[str, tuple[Converter, ...]]:
    """What the ORM would apply to each column read (the backend's, then the field's own), by field."""
    db, table = _db(), model._meta.db_table
    return {
        field.name: tuple(db.ops.get_db_converters(field.get_col(table)) + field.get_db_converters(db))
        for field in model._meta.concrete_fields
    }


Converted = list[tuple[int, Any, tuple[Converter, ...]]]  # (position, field, its converters)


@cache
def _converted(model: type[models.Model], names: tuple[str, ...], vendor: str) -> Converted:
    """Of the columns of the fields ``names``, in that order, those that have conversions."""
    converters = _converters(model, vendor)
    fields = [_field(model, name) for name in names]
    return [(at, field, converters[field.name]) for at, field in enumerate(fields) if converters[field.name]]


@cache
def _reading(model: type[models.Model], vendor: str) -> tuple[list[str], Converted]:
    """The model's columns in order (their attribute names), and the columns that have conversions."""
    fields = model._meta.concrete_fields
    return [field.attname for field in fields], _converted(
        model, tuple(field.name for field in fields), vendor
    )


def _read(db: BaseDatabaseWrapper, field: Any, converters: tuple[Converter, ...], value: Any) -> Any:
    for convert in converters:
        value = convert(value, field, db)
    return value


def _convert(db: BaseDatabaseWrapper, converted: Converted, row: Sequence[Any]) -> list[Any]:
    """``row``'s values as the ORM would read them."""
    values = list(row)
    for at, field, converters in converted:
        values[at] = _read(db, field, converters, values[at])
    return values


def _instance(db: BaseDatabaseWrapper, model: type[M], row: Sequence[Any]) -> M:
    names, converted = _reading(model, db.vendor)
    return model.from_db(db.alias, names, _convert(db, converted, row))


def _execute(db: BaseDatabaseWrapper, cursor: Any, sql: str, params: Sequence[Any]) -> None:
    """One statement: on PostgreSQL as a prepared statement of the session (api/common/prepared.py)."""
    if db.vendor == "postgresql":
        prepared.execute(db, cursor, [(sql, params)])
    else:
        cursor.execute(sql, params)


@cache
def _select(model: type[models.Model], condition: str, vendor: str) -> str:
    columns = ", ".join(_quote(field.column) for field in model._meta.concrete_fields)
    return f"SELECT {columns} FROM {_table(model)} WHERE {condition}"


def select(model: type[M], condition: str, params: Sequence[Any]) -> list[M]:
    """Every row ``WHERE condition`` (SQL over the table's column names, with ``%s`` placeholders; an
    ``ORDER BY`` may follow) as model instances."""
    db = _db()
    with db.cursor() as cursor:
        _execute(db, cursor, _select(model, condition, db.vendor), list(params))
        return [_instance(db, model, row) for row in cursor.fetchall()]


Query = tuple[type[models.Model], str, Sequence[Any]]  # (model, condition, params) as ``select`` takes them


def select_each(*queries: Query, first: Statement | None = None) -> list[list[Any]]:
    """``select`` of each ``(model, condition, params)``, in order; on PostgreSQL in one round trip.
    ``first``: a statement run ahead of them in the same trip, its result dropped (a lock to wait for,
    rows to upsert before they are read).

    Each SELECT of the batch is a statement of its own: it reads what was committed when it began,
    so a later one may see commits that an earlier one did not (and every one, what ``first`` waited
    for)."""
    db = _db()
    if db.vendor != "postgresql":
        run(first)
        return [select(model, condition, params) for model, condition, params in queries]
    ahead = [] if first is None else [first]
    with db.cursor() as cursor:
        prepared.execute(db, cursor, [*ahead, *_selects(db, queries)])
        if ahead:
            cursor.nextset()
        return _results(db, cursor, [model for model, _, _ in queries])


def _selects(db: BaseDatabaseWrapper, queries: Sequence[Query]) -> list[Statement]:
    return [(_select(model, where, db.vendor), list(params)) for model, where, params in queries]


def _results(
    db: BaseDatabaseWrapper, cursor: Any, models_read: Sequence[type[models.Model]]
) -> list[list[Any]]:
    """The rows of the cursor's result sets from the current one on, one list of instances per model."""
    read = []
    for model in models_read:
        read.append([_instance(db, model, row) for row in cursor.fetchall()])
        cursor.nextset()
    return read


def values(
    model: type[models.Model], names: tuple[str, ...], condition: str, params: Sequence[Any]
) -> list[tuple[Any, ...]]:
    """The fields ``names`` of every row ``WHERE condition`` (as ``select``), as tuples: no model
    instances, and no conversion of the columns not asked for (a long log's timestamps were a third
    of its read)."""
    db = _db()
    with db.cursor() as cursor:
        _execute(db, cursor, _select_values(model, names, condition, db.vendor), list(params))
        rows = cursor.fetchall()
    converted = _converted(model, names, db.vendor)
    if not converted:
        return [tuple(row) for row in rows]
    return [tuple(_convert(db, converted, row)) for row in rows]


@cache
def _select_values(model: type[models.Model], names: tuple[str, ...], condition: str, vendor: str) -> str:
    columns = ", ".join(_quote(_field(model, name).column) for name in names)
    return f"SELECT {columns} FROM {_table(model)} WHERE {condition}"


def by_pk(model: type[M], pk: Any, *, lock: bool = False) -> M | None:
    """The row with primary key ``pk`` as a model instance; ``lock``: held until the transaction ends,
    and on PostgreSQL granted to waiters first come, first served (see ``_in_turn``)."""
    if lock:
        return locked_with(model, pk)[0]
    db = _db()
    rows = select(model, _matching(model, (model._meta.pk.name,), db.vendor), [pk])  # type: ignore[union-attr]
    return rows[0] if rows else None


def locked_with(model: type[M], pk: Any, *queries: Query) -> tuple[M | None, list[list[Any]]]:
    """``by_pk(model, pk, lock=True)``, and ``select`` of each of ``queries`` read once the lock is
    held, so they see all its previous holder committed. On PostgreSQL in the lock's round trip."""
    db = _db()
    condition = _matching(model, (model._meta.pk.name,), db.vendor)  # type: ignore[union-attr]
    if db.vendor == "postgresql":
        rows, *read = _in_turn(db, model, condition, pk, queries)
    else:  # SQLite has no row locks: it serializes writers anyway
        rows = select(model, condition, [pk])
        read = [select(each, where, params) for each, where, params in queries]
    return (rows[0] if rows else None), read


def queue_on(key: str, *, shared: bool = False) -> None:
    """Wait, until the transaction ends, for a lock named ``key`` (PostgreSQL's advisory lock; SQLite
    serializes writers anyway): ``shared`` holders run together, an exclusive one alone."""
    run(queue_statement(key, shared=shared))


def queue_statement(key: str, *, shared: bool = False) -> Statement | None:
    """What ``queue_on`` runs, to send ahead of other statements (None on SQLite: nothing to wait for)."""
    if _db().vendor != "postgresql":
        return None
    lock = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
    return f"SELECT {lock}(hashtextextended(%s, 0))", [key]


def _in_turn(
    db: BaseDatabaseWrapper, model: type[M], condition: str, pk: Any, queries: Sequence[Query] = ()
) -> list[list[Any]]:
    """``SELECT ... FOR UPDATE``, after queueing on an advisory lock keyed by the row; then ``queries``.

    A row lock alone does not serve its waiters in arrival order once the row changes: each holder's
    UPDATE makes a new row version, and the waiters for the old one race for the new one. A
    transaction-scoped advisory lock keeps one queue, and PostgreSQL grants it in the order the
    requests came. All the statements travel in one round trip; the SELECTs, statements of their
    own, read the row (and whatever ``queries`` ask) as the previous holder committed it.
    """
    queue = "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))"
    locked = _select(model, condition + " FOR UPDATE", db.vendor)
    with db.cursor() as cursor:
        batch = [(queue, [f"{model._meta.db_table}:{pk}"]), (locked, [pk]), *_selects(db, queries)]
        prepared.execute(db, cursor, batch)
        cursor.nextset()
        return _results(db, cursor, [model, *(each for each, _, _ in queries)])


@cache
def _value(model: type[models.Model], name: str, names: tuple[str, ...], vendor: str) -> str:
    column = _quote(_field(model, name).column)
    return f"SELECT {column} FROM {_table(model)} WHERE {_matching(model, names, vendor)} LIMIT 1"


def value(model: type[models.Model], name: str, **where: Any) -> Any:
    """Field ``name`` of one row where each of ``where`` equals its value (``None`` when there is none;
    the field's conversions applied)."""
    db = _db()
    with db.cursor() as cursor:
        _execute(db, cursor, _value(model, name, tuple(where), db.vendor), _db_values(db, model, where))
        row = cursor.fetchone()
    return (
        None if row is None else _read(db, _field(model, name), _converters(model, db.vendor)[name], row[0])
    )


def _written_fields(model: type[models.Model]) -> list[models.Field[Any, Any]]:
    return [field for field in model._meta.concrete_fields if not field.primary_key]


@cache
def _insert(model: type[models.Model], rows: int, vendor: str) -> str:
    fields = _written_fields(model)
    columns = ", ".join(_quote(field.column) for field in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return f"INSERT INTO {_table(model)} ({columns}) VALUES " + ", ".join([row] * rows)


# Fields whose Python values orjson writes as JSON that PostgreSQL reads back into the column unchanged:
# whole numbers, text, booleans, aware date-times (RFC 3339) and JSON without an encoder of its own.
# Floats are not among them: JSON has no NaN or infinity, which a float column may hold.
_AS_JSON = (
    models.IntegerField,
    models.CharField,
    models.TextField,
    models.BooleanField,
    models.DateTimeField,
)


def _as_json(field: models.Field[Any, Any]) -> bool:
    if isinstance(field, models.ForeignKey):
        return _as_json(field.target_field)
    if isinstance(field, models.JSONField):
        return field.encoder is None
    return isinstance(field, _AS_JSON)


@cache
def _insert_from_json(model: type[models.Model], vendor: str) -> str | None:
    """PostgreSQL: one INSERT of the rows of one JSON array, the table's own row type converting each
    key; None when a written field's values do not go through JSON unchanged."""
    fields = _written_fields(model)
    if vendor != "postgresql" or not all(_as_json(field) for field in fields):
        return None
    table, columns = _table(model), ", ".join(_quote(field.column) for field in fields)
    rows = f"jsonb_populate_recordset(NULL::{table}, %s::jsonb) WITH ORDINALITY AS given"
    return f"INSERT INTO {table} ({columns}) SELECT {columns} FROM {rows} ORDER BY given.ordinality"


def insert_statement(model: type[M], objects: Sequence[M]) -> Statement | None:
    """One INSERT of every object (None when there are none); primary keys are not read back.

    On PostgreSQL the rows travel as one JSON parameter when their fields allow it: psycopg binds
    every parameter on the client, one at a time, and for a move's events that binding cost more CPU
    than making the rows (and past 50 parameters psycopg parses the statement afresh every time)."""
    if not objects:
        return None
    db, fields = _db(), _written_fields(model)
    from_json = _insert_from_json(model, db.vendor)
    if from_json is not None:
        rows = [{field.column: field.pre_save(each, add=True) for field in fields} for each in objects]
        return from_json, [orjson.dumps(rows, option=orjson.OPT_NON_STR_KEYS).decode()]
    params = [
        field.get_db_prep_save(field.pre_save(each, add=True), db) for each in objects for field in fields
    ]
    return _insert(model, len(objects), db.vendor), params


def upsert_statement(model: type[M], objects: Sequence[M], *, unique: tuple[str, ...]) -> Statement | None:
    """``insert_statement``, where a row that the fields ``unique`` (a unique constraint's) find there
    already has its other written fields set instead: one statement where the ORM's update_or_create
    took five round trips (two savepoints, a read, a write, their releases)."""
    insert = insert_statement(model, objects)
    return None if insert is None else (insert[0] + _on_conflict(model, unique, _db().vendor), insert[1])


def insert_missing_statement(model: type[M], objects: Sequence[M]) -> Statement | None:
    """``insert_statement``, skipping each row that a unique constraint finds there already."""
    insert = insert_statement(model, objects)
    return None if insert is None else (insert[0] + " ON CONFLICT DO NOTHING", insert[1])


@cache
def _on_conflict(model: type[models.Model], unique: tuple[str, ...], vendor: str) -> str:
    keys = [_field(model, name).column for name in unique]
    others = [field.column for field in _written_fields(model) if field.column not in keys]
    sets = ", ".join(f"{_quote(column)} = excluded.{_quote(column)}" for column in others)
    return f" ON CONFLICT ({', '.join(_quote(key) for key in keys)}) DO UPDATE SET {sets}"


@cache
def _update(model: type[models.Model], changed: tuple[str, ...], guards: tuple[str, ...], vendor: str) -> str:
    sets = ", ".join(f"{_quote(_field(model, name).column)} = %s" for name in changed)
    return f"UPDATE {_table(model)} SET {sets} WHERE {_matching(model, guards, vendor)}"


def update_statement(model: type[models.Model], changes: Mapping[str, Any], **where: Any) -> Statement:
    """``UPDATE ... SET changes WHERE`` each of ``where`` equals its value."""
    db = _db()
    sql = _update(model, tuple(changes), tuple(where), db.vendor)
    return sql, _db_values(db, model, changes) + _db_values(db, model, where)


def delete_statement(model: type[models.Model], **where: Any) -> Statement:
    """``DELETE ... WHERE`` each of ``where`` equals its value (no signals, no cascades: leaf rows only)."""
    db = _db()
    return (
        f"DELETE FROM {_table(model)} WHERE {_matching(model, tuple(where), db.vendor)}",
        _db_values(db, model, where),
    )


def run(*statements: Statement | None, commit: bool = False) -> list[int]:
    """Run ``statements`` (None ones skipped) in order; each one's row count. ``commit``: end the
    transaction with them (only where ``may_commit`` says so).

    On PostgreSQL they travel in one round trip: Django's psycopg cursor binds parameters on the
    client, which lets one execute carry several statements. Every round trip of a database thread
    gives up the GIL and waits to take it back: under load that wait, not PostgreSQL, was most of a
    move's time on its thread. Elsewhere (SQLite) they run one by one.
    """
    todo = [each for each in statements if each is not None]
    if not todo:
        return []
    db = _db()
    with db.cursor() as cursor:
        if db.vendor != "postgresql":
            counts = []
            for sql, params in todo:
                cursor.execute(sql, params)
                counts.append(int(cursor.rowcount))
            return counts
        prepared.execute(db, cursor, [*todo, COMMIT] if commit else todo)
        counts = [int(cursor.rowcount)]
        while cursor.nextset():
            counts.append(int(cursor.rowcount))
        return counts[: len(todo)]


COMMIT: Statement = ("COMMIT", [])


def ends_in_commit(sql: str) -> bool:
    """Does this batch end its transaction (``run(..., commit=True)``)?"""
    return sql.rstrip().endswith(COMMIT[0])


def may_commit() -> bool:
    """May the last statements of this transaction carry its COMMIT (``run(..., commit=True)``), saving
    the round trip of Django's own? On PostgreSQL, in an outermost atomic block that has not failed:
    a savepoint's enclosing transaction is not this code's to end. Django's COMMIT at the end of the
    block then finds the transaction ended and sends nothing (psycopg skips it), and the block's
    on_commit callbacks run as usual. Whoever commits this way writes nothing afterwards.
    """
    db = _db()
    return (
        db.vendor == "postgresql"
        and db.in_atomic_block
        and db.commit_on_exit
        and not db.savepoint_ids
        and not db.needs_rollback
    )


def guard_statement(model: type[models.Model], **where: Any) -> Statement:
    """A statement that fails (division by zero, SQLSTATE 22012) when no row matches ``where``: what
    keeps a batch that ends in COMMIT from committing after a guarded UPDATE that matched nothing."""
    db = _db()
    condition = _matching(model, tuple(where), db.vendor)
    return f"SELECT 1 / count(*) FROM {_table(model)} WHERE {condition}", _db_values(db, model, where)


def guard_failed(error: BaseException) -> bool:
    """Did ``error`` come from a ``guard_statement`` that matched no row?"""
    return prepared.sqlstate(error) == "22012"
