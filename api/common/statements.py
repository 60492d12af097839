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

from django.db import connection, models

M = TypeVar("M", bound=models.Model)
Converter = Callable[[Any, Any, Any], Any]


def _quote(name: str) -> str:
    return str(connection.ops.quote_name(name))


def _table(model: type[models.Model]) -> str:
    return _quote(model._meta.db_table)


@cache
def _select(model: type[models.Model], lock: bool, vendor: str) -> str:
    columns = ", ".join(_quote(field.column) for field in model._meta.concrete_fields)
    where = f"{_quote(model._meta.pk.column)} = %s"  # type: ignore[union-attr]
    locked = " FOR UPDATE" if lock and connection.features.has_select_for_update else ""
    return f"SELECT {columns} FROM {_table(model)} WHERE {where}{locked}"


@cache
def _converters(model: type[models.Model], vendor: str) -> tuple[tuple[Converter, ...], ...]:
    """What the ORM would apply to each column read (the backend's, then the field's own)."""
    table = model._meta.db_table
    return tuple(
        tuple(connection.ops.get_db_converters(field.get_col(table)) + field.get_db_converters(connection))
        for field in model._meta.concrete_fields
    )


def by_pk(model: type[M], pk: Any, *, lock: bool = False) -> M | None:
    """The row with primary key ``pk`` as a model instance; ``lock``: ``SELECT ... FOR UPDATE`` (where
    the database has it), held until the transaction ends."""
    with connection.cursor() as cursor:
        cursor.execute(_select(model, lock, connection.vendor), [pk])
        row = cursor.fetchone()
    return None if row is None else _instance(model, row)


@cache
def _select_where(model: type[models.Model], condition: str, vendor: str) -> str:
    columns = ", ".join(_quote(field.column) for field in model._meta.concrete_fields)
    return f"SELECT {columns} FROM {_table(model)} WHERE {condition}"


def _instance(model: type[M], row: Sequence[Any]) -> M:
    fields = model._meta.concrete_fields
    values = []
    for value, field, converters in zip(row, fields, _converters(model, connection.vendor), strict=True):
        for convert in converters:
            value = convert(value, field, connection)
        values.append(value)
    return model.from_db(connection.alias, [field.attname for field in fields], values)


def select(model: type[M], condition: str, params: Sequence[Any]) -> list[M]:
    """Every row ``WHERE condition`` (SQL over the table's column names, with ``%s`` placeholders; an
    ``ORDER BY`` may follow) as model instances."""
    with connection.cursor() as cursor:
        cursor.execute(_select_where(model, condition, connection.vendor), list(params))
        return [_instance(model, row) for row in cursor.fetchall()]


def _written_fields(model: type[models.Model]) -> list[models.Field[Any, Any]]:
    return [field for field in model._meta.concrete_fields if not field.primary_key]


@cache
def _insert(model: type[models.Model], rows: int, vendor: str) -> str:
    fields = _written_fields(model)
    columns = ", ".join(_quote(field.column) for field in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return f"INSERT INTO {_table(model)} ({columns}) VALUES " + ", ".join([row] * rows)


Statement = tuple[str, list[Any]]  # SQL with %s placeholders, and its parameters


def insert_statement(model: type[M], objects: Sequence[M]) -> Statement | None:
    """One INSERT of every object (None when there are none); primary keys are not read back."""
    if not objects:
        return None
    fields = _written_fields(model)
    params = [
        field.get_db_prep_save(field.pre_save(each, add=True), connection)
        for each in objects
        for field in fields
    ]
    return _insert(model, len(objects), connection.vendor), params


def insert(model: type[M], objects: Sequence[M]) -> None:
    """Insert ``objects`` in one statement; their primary keys are not read back."""
    run(insert_statement(model, objects))


@cache
def _update(model: type[models.Model], changed: tuple[str, ...], guards: tuple[str, ...], vendor: str) -> str:
    meta = model._meta
    sets = ", ".join(f"{_quote(meta.get_field(name).column)} = %s" for name in changed)  # type: ignore[union-attr]
    where = " AND ".join(f"{_quote(meta.get_field(name).column)} = %s" for name in guards)  # type: ignore[union-attr]
    return f"UPDATE {_table(model)} SET {sets} WHERE {where}"


def update_statement(model: type[models.Model], changes: Mapping[str, Any], **where: Any) -> Statement:
    """``UPDATE ... SET changes WHERE`` each of ``where`` equals its value."""
    meta = model._meta
    params = [meta.get_field(name).get_db_prep_save(value, connection) for name, value in changes.items()]  # type: ignore[union-attr]
    params += [meta.get_field(name).get_db_prep_save(value, connection) for name, value in where.items()]  # type: ignore[union-attr]
    return _update(model, tuple(changes), tuple(where), connection.vendor), params


def update(model: type[models.Model], changes: Mapping[str, Any], **where: Any) -> int:
    """``UPDATE ... SET changes WHERE`` each of ``where`` equals its value; the number of rows changed."""
    return run(update_statement(model, changes, **where))[0]


@cache
def _value(model: type[models.Model], name: str, names: tuple[str, ...], vendor: str) -> str:
    meta = model._meta
    column = _quote(meta.get_field(name).column)  # type: ignore[union-attr]
    where = " AND ".join(f"{_quote(meta.get_field(each).column)} = %s" for each in names)  # type: ignore[union-attr]
    return f"SELECT {column} FROM {_table(model)} WHERE {where} LIMIT 1"


def value(model: type[models.Model], name: str, **where: Any) -> Any:
    """Field ``name`` of one row where each of ``where`` equals its value (``None`` when there is none;
    the field's conversions applied)."""
    meta = model._meta
    params = [meta.get_field(each).get_db_prep_save(v, connection) for each, v in where.items()]  # type: ignore[union-attr]
    with connection.cursor() as cursor:
        cursor.execute(_value(model, name, tuple(where), connection.vendor), params)
        row = cursor.fetchone()
    if row is None:
        return None
    field: Any = meta.get_field(name)
    found = row[0]
    for convert in connection.ops.get_db_converters(field.get_col(meta.db_table)) + field.get_db_converters(
        connection
    ):
        found = convert(found, field, connection)
    return found


def delete_statement(model: type[models.Model], **where: Any) -> Statement:
    """``DELETE ... WHERE`` each of ``where`` equals its value (no signals, no cascades: leaf rows only)."""
    meta = model._meta
    condition = " AND ".join(f"{_quote(meta.get_field(name).column)} = %s" for name in where)  # type: ignore[union-attr]
    params = [meta.get_field(name).get_db_prep_save(value, connection) for name, value in where.items()]  # type: ignore[union-attr]
    return f"DELETE FROM {_table(model)} WHERE {condition}", params


def delete(model: type[models.Model], **where: Any) -> None:
    run(delete_statement(model, **where))


def run(*statements: Statement | None) -> list[int]:
    """Run ``statements`` (None ones skipped) in order; each one's row count.

    On PostgreSQL they travel in one round trip: Django's psycopg cursor binds parameters on the
    client, which lets one execute carry several statements. Every round trip of a database thread
    gives up the GIL and waits to take it back: under load that wait, not PostgreSQL, was most of a
    move's time on its thread. Elsewhere (SQLite) they run one by one.
    """
    todo = [each for each in statements if each is not None]
    if not todo:
        return []
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql" or len(todo) == 1:
            counts = []
            for sql, params in todo:
                cursor.execute(sql, params)
                counts.append(int(cursor.rowcount))
            return counts
        cursor.execute("; ".join(sql for sql, _ in todo), [p for _, params in todo for p in params])
        counts = [int(cursor.rowcount)]
        while cursor.nextset():
            counts.append(int(cursor.rowcount))
        return counts
