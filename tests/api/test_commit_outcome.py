"""Where a lost connection leaves a call (api/common/database.py): before COMMIT nothing was applied
(SERVICE_UNAVAILABLE), during the COMMIT of a write nobody knows (COMMIT_OUTCOME_UNKNOWN), and a retry
with the move's idempotency key settles it: the first result if it committed, else applied once.

The COMMIT is made to fail the way a terminated session fails it (psycopg's "consuming input failed",
no SQLSTATE, the driver connection broken), after or instead of the real commit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from django.db import connection, transaction

from api.common import database
from api.matches.models import IdempotencyRecord, Match, MatchEvent
from api.players.models import Player
from tests.api.conftest import count

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

LOST = "consuming input failed: server closed the connection unexpectedly"


@pytest.fixture
def lose_commit(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[bool], None]]:
    """``lose_commit(committed)``: the next COMMIT of this thread's connection is lost, after the
    server committed (``True``) or before it did."""

    def arm(committed: bool) -> None:
        connection.ensure_connection()
        raw = connection.connection
        real_commit = raw.commit

        def commit() -> None:
            if committed:
                real_commit()
            raw.pgconn.finish()  # the socket is gone: psycopg now calls the connection broken
            raise psycopg.OperationalError(LOST)

        monkeypatch.setattr(raw, "commit", commit)

    yield arm
    connection.close()


def events(match: Match) -> int:
    return MatchEvent.objects.filter(match_id=match.pk).count()


def test_a_write_whose_commit_is_lost_after_the_server_committed_is_outcome_unknown(
    active: Match, alice: Player, lose_commit: Callable[[bool], None]
) -> None:
    before = events(active)
    lose_commit(True)
    with pytest.raises(database.CommitOutcomeUnknown) as raised:
        database.call(count, active, alice, idempotency_key="k1")
    assert raised.value.code == "COMMIT_OUTCOME_UNKNOWN"
    committed = events(active)
    assert committed > before  # it did count: the client could not have known

    again = database.call(count, active, alice, idempotency_key="k1")  # the README's advice
    assert events(active) == committed, "the retry applied the move a second time"
    assert [event.seq for event in again.events] == list(range(before + 1, committed + 1))


def test_a_write_whose_commit_is_lost_before_the_server_committed_is_applied_once_on_retry(
    active: Match, alice: Player, lose_commit: Callable[[bool], None]
) -> None:
    before = events(active)
    lose_commit(False)
    with pytest.raises(database.CommitOutcomeUnknown):
        database.call(count, active, alice, idempotency_key="k2")
    assert events(active) == before
    assert not IdempotencyRecord.objects.filter(key="k2").exists()

    again = database.call(count, active, alice, idempotency_key="k2")
    assert events(active) == before + len(again.events) > before
    assert database.call(count, active, alice, idempotency_key="k2").version == again.version


def test_a_read_only_transaction_whose_commit_is_lost_changed_nothing(
    active: Match, lose_commit: Callable[[bool], None]
) -> None:
    def read() -> int:
        with transaction.atomic():
            return Match.objects.filter(pk=active.pk).count()

    lose_commit(True)
    with pytest.raises(database.DatabaseUnavailable) as raised:
        database.call(read)
    assert raised.value.code == "SERVICE_UNAVAILABLE"


def test_a_connection_lost_before_commit_is_service_unavailable_and_nothing_is_applied(
    active: Match, alice: Player
) -> None:
    before = events(active)

    def move_then_lose() -> Any:
        with transaction.atomic():
            count(active, alice)
            connection.connection.pgconn.finish()
            Match.objects.filter(pk=active.pk).count()  # the next statement meets the dead socket

    with pytest.raises(database.DatabaseUnavailable) as raised:
        database.call(move_then_lose)
    assert raised.value.code == "SERVICE_UNAVAILABLE"
    assert events(active) == before


def test_a_read_whose_connection_was_closed_under_it_is_read_again_on_a_new_one(
    active: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A connection closed while its statement runs (another thread's close, a server crash in that
    instant) is reported by psycopg as an InternalError, "got no result from the query", not as a
    lost connection: the closed driver connection says which it is."""
    connection.ensure_connection()
    raw = connection.connection
    real_execute = raw.cursor().__class__.execute
    closed_once = []

    def execute(cursor: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        if not closed_once:
            closed_once.append(query)
            raw.close()
            raise psycopg.InternalError("got no result from the query")
        return real_execute(cursor, query, *args, **kwargs)

    monkeypatch.setattr(raw.cursor().__class__, "execute", execute)
    assert database.call(lambda: Match.objects.filter(pk=active.pk).count()) == 1
    assert closed_once and connection.connection is not raw


def test_a_write_outside_a_transaction_lost_in_flight_is_outcome_unknown(monkeypatch) -> None:
    connection.ensure_connection()
    raw = connection.connection
    real_execute = raw.cursor().__class__.execute

    def execute(cursor: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        if str(query).startswith("INSERT"):
            real_execute(cursor, query, *args, **kwargs)  # it commits on its own...
            raw.pgconn.finish()
            raise psycopg.OperationalError(LOST)  # ...and the answer is lost
        return real_execute(cursor, query, *args, **kwargs)

    monkeypatch.setattr(raw.cursor().__class__, "execute", execute)
    with pytest.raises(database.CommitOutcomeUnknown):
        database.call(Player.objects.create, name="Ghost", token_hash="x" * 64)
    monkeypatch.undo()
    connection.close()
    assert Player.objects.filter(name="Ghost").count() == 1


def test_a_write_outside_a_transaction_on_a_connection_dead_while_idle_is_sent_again_once() -> None:
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    with psycopg.connect(**admin_params(), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
        for _ in range(100):  # the session ends a moment later: wait for it, as an idle kill is
            if not admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone():
                break
            time.sleep(0.05)
    database.call(Player.objects.create, name="Idle", token_hash="y" * 64)
    assert Player.objects.filter(name="Idle").count() == 1


def admin_params() -> dict[str, Any]:
    from django.conf import settings

    held = settings.DATABASES["default"]
    return {"host": held["HOST"], "port": held["PORT"] or 5432, "user": held["USER"], "dbname": held["NAME"]}


@pytest.fixture
def lose_folded_commit(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[bool], None]]:
    """``lose_folded_commit(committed)``: the connection is lost on the statements that carry a move's
    COMMIT (a move without an idempotency key: api/matches/store.py), after the server ran them
    (``True``) or before."""

    def arm(committed: bool) -> None:
        connection.ensure_connection()
        raw = connection.connection
        real_execute = raw.cursor().__class__.execute

        def execute(cursor: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            if str(query).rstrip().endswith("COMMIT"):
                if committed:
                    real_execute(cursor, query, *args, **kwargs)
                raw.pgconn.finish()
                raise psycopg.OperationalError(LOST)
            return real_execute(cursor, query, *args, **kwargs)

        monkeypatch.setattr(raw.cursor().__class__, "execute", execute)

    yield arm
    monkeypatch.undo()
    connection.close()


@pytest.mark.parametrize("committed", [True, False])
def test_a_move_whose_commit_travelled_with_its_writes_and_was_lost_is_outcome_unknown(
    active: Match, alice: Player, lose_folded_commit: Callable[[bool], None], committed: bool
) -> None:
    before = events(active)
    lose_folded_commit(committed)
    with pytest.raises(database.CommitOutcomeUnknown):
        database.call(count, active, alice)
    connection.close()
    assert (events(active) > before) is committed
