"""PostgreSQL sessions keep the hot statements prepared: each prepared once, run as EXECUTEs in one
round trip, with the same results as the SQL itself, and a session that lost them recovers."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from psycopg import pq

from api.common import database, prepared, statements
from api.matches.models import Match, MatchDeadline, MatchEvent
from tests.api.conftest import count

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def sent_by(run):
    """The SQL each round trip of ``run()`` sent, as sent."""
    sent: list[str] = []

    def record(execute, sql, params, many, context):
        sent.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        run()
    return sent


@contextlib.contextmanager
def queries_sent() -> Iterator[list[str]]:
    """The text of each query message the driver sends in the block, BEGIN and COMMIT included (which
    no execute wrapper sees): read from libpq's trace of the connection."""
    sent: list[str] = []
    raw = connection.connection
    with tempfile.TemporaryFile("w+") as trace:
        raw.pgconn.trace(trace.fileno())
        raw.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)
        try:
            yield sent
        finally:
            raw.pgconn.untrace()
            trace.seek(0)
            sent += [
                line.split("\t")[3].strip().strip('"')
                for line in trace
                if line.startswith("F\t") and "\tQuery\t" in line
            ]


def session_prepared() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM pg_prepared_statements")
        return {name for (name,) in cursor.fetchall()}


def read_each(match):
    return statements.select_each(
        (Match, "id = %s", [match.pk]), (MatchDeadline, "match_id = %s ORDER BY at_ms", [match.pk])
    )


def test_a_session_prepares_each_statement_once_and_then_only_executes_it(active, alice):
    prepared_forms = [prepared.form(sql) for sql in (statements._select(Match, "id = %s", "postgresql"),)]
    connection.cursor().execute("DEALLOCATE ALL")  # a session that never ran them
    prepared._sessions.pop(connection.connection, None)
    first = sent_by(lambda: read_each(active))
    assert len(first) == 2 and first[0].startswith("PREPARE") and first[0].count("PREPARE") == 2
    assert first[1].startswith("EXECUTE ") and first[1].count("; EXECUTE ") == 1
    count(active, alice, 1)
    again = sent_by(lambda: read_each(active))
    assert again == first[1:]
    assert {form.name for form in prepared_forms} <= session_prepared()


def test_an_execute_runs_the_statement_it_names(active, alice):
    count(active, alice, 3)
    by_sql = Match.objects.get(pk=active.pk)
    read = statements.by_pk(Match, active.pk)
    assert {f.attname: getattr(read, f.attname) for f in Match._meta.concrete_fields} == {
        f.attname: getattr(by_sql, f.attname) for f in Match._meta.concrete_fields
    }
    sql = statements._select(Match, '"id" = %s', "postgresql")
    assert prepared.sql_of(prepared.form(sql).execute) == sql
    assert prepared.sql_of("SELECT 1") == "SELECT 1"
    assert prepared.sql_of("EXECUTE nobody_knows(1)") == "EXECUTE nobody_knows(1)"
    assert prepared.form("COMMIT") is None and prepared.form("SELECT 100 %% 7") is None


def test_what_an_execute_runs_decides_whether_it_writes():
    # A lost connection's COMMIT outcome is unknown only after a write (api/common/database.py).
    read = prepared.form(statements._select(Match, "id = %s", "postgresql"))
    write = prepared.form(statements._update(Match, ("version",), ("id",), "postgresql"))
    assert not database.changes_data(read.execute) and not database.changes_data(read.prepare)
    assert database.changes_data(write.execute) and not database.changes_data(write.prepare)
    assert not database.changes_data("DEALLOCATE ALL")
    # A batch is as much a write as its statements: a transaction's BEGIN may lead it.
    assert not database.changes_data(f"BEGIN; {read.execute}; {read.execute}")
    assert database.changes_data(f"BEGIN; {read.execute}; {write.execute}")


def test_a_session_whose_statements_were_dropped_behind_its_back_prepares_them_again(active):
    read_each(active)  # prepared, and known to be
    connection.cursor().execute("DEALLOCATE ALL")  # as a pooler's DISCARD ALL would
    with pytest.raises(DatabaseError), transaction.atomic():
        read_each(active)
    first = sent_by(lambda: read_each(active))
    assert first[0].startswith("DEALLOCATE ALL; PREPARE") and first[1].startswith("EXECUTE")
    assert sent_by(lambda: read_each(active)) == first[1:]


def test_without_prepared_statements_the_sql_itself_is_sent(active, settings):
    settings.DATABASE_PREPARED_STATEMENTS = False
    sent = sent_by(lambda: read_each(active))
    assert len(sent) == 1 and sent[0].startswith("SELECT ") and "; SELECT " in sent[0]
    assert [len(rows) for rows in read_each(active)] == [1, len(MatchDeadline.objects.filter(match=active))]


def test_a_match_s_events_are_read_through_one_index_only(active):
    # PostgreSQL runs a prepared statement on a plan made for any parameters. With an index on the
    # match alone beside (match, seq), that plan read every event of the match through it and sorted
    # them, instead of the range of seqs asked for (seen with 200 matches of 300 events, analyzed).
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexname FROM pg_indexes WHERE tablename = %s AND indexdef LIKE %s",
            [MatchEvent._meta.db_table, "%(match_id%"],
        )
        assert [name for (name,) in cursor.fetchall()] == ["event_unique_seq"]


def locked_and_moved(match: Match) -> tuple[Match | None, list[int]]:
    with transaction.atomic():
        locked = statements.by_pk(Match, match.pk, lock=True)
        moved = statements.run(statements.update_statement(Match, {"end_reason": "x"}, id=match.pk))
    return locked, moved


@pytest.mark.django_db(transaction=True)
def test_a_transaction_s_first_batch_carries_its_begin(active):
    locked_and_moved(active)  # the statements prepared
    with queries_sent() as outside:
        statements.by_pk(Match, active.pk)
    with queries_sent() as sent:
        locked, moved = locked_and_moved(active)
    assert not outside[0].startswith("BEGIN"), "a read on its own needs no transaction"
    assert len(sent) == 3 and sent[0].startswith("BEGIN; EXECUTE ") and sent[2] == "COMMIT", sent
    assert locked is not None and locked.pk == active.pk and moved == [1]
    assert Match.objects.get(pk=active.pk).end_reason == "x"
    assert connection.connection.autocommit, "psycopg is back in Django's autocommit mode"


@pytest.mark.django_db(transaction=True)
def test_a_batch_that_began_its_transaction_and_failed_leaves_nothing_behind(active, alice):
    move = count(active, alice, 1).events[0]
    twice = statements.insert_statement(MatchEvent, [move, move])
    locked_and_moved(active)
    with pytest.raises(IntegrityError), queries_sent() as sent, transaction.atomic():
        statements.run(statements.update_statement(Match, {"end_reason": "y"}, id=active.pk), twice)
    assert sent[0].startswith("BEGIN; EXECUTE ") and sent[-1] == "ROLLBACK", sent
    assert Match.objects.get(pk=active.pk).end_reason == "x", "the failed batch's update was rolled back"
    with queries_sent() as again:
        locked_and_moved(active)
    assert again[0].startswith("BEGIN; EXECUTE ") and again[-1] == "COMMIT"
