"""The hot-path statements read and write exactly what the ORM would, on PostgreSQL and on SQLite."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.forms.models import model_to_dict

from api.common import statements
from api.matches.models import Match, MatchDeadline, MatchEvent, MatchStatus
from tests.api.conftest import T0, count
from tests.fresh_process import run_python

pytestmark = pytest.mark.django_db


def every_field(instance):
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}


def test_a_row_by_primary_key_is_what_the_orm_reads(active, alice):
    count(active, alice, 2)
    Match.objects.filter(pk=active.pk).update(outcome={"ranks": [1, 2], "reason": "test"})
    read = statements.by_pk(Match, active.pk)
    assert every_field(read) == every_field(Match.objects.get(pk=active.pk))
    assert not read._state.adding and read._state.db == connection.alias
    assert statements.by_pk(Match, 10**12) is None


def test_a_locked_read_holds_the_row_in_its_transaction(active):
    with transaction.atomic():
        locked = statements.by_pk(Match, active.pk, lock=True)
        assert every_field(locked) == every_field(Match.objects.get(pk=active.pk))


def test_insert_writes_every_row_in_one_statement(active, round_trips):
    rows = [MatchDeadline(match_id=active.pk, deadline_id=f"d{n}", at_ms=n, kind="turn") for n in range(3)]
    with round_trips() as sent:
        statements.run(statements.insert_statement(MatchDeadline, rows))
    assert len(sent) == 1, sent
    stored = MatchDeadline.objects.filter(match=active, deadline_id__startswith="d").order_by("at_ms")
    assert [model_to_dict(row, exclude=["id"]) for row in stored] == [
        model_to_dict(row, exclude=["id"]) for row in rows
    ]
    with round_trips() as sent:
        statements.run(statements.insert_statement(MatchDeadline, []))
    assert len(sent) == 0, sent


def test_inserted_values_read_back_as_the_orm_writes_them(active):
    # On PostgreSQL the rows go as one JSON parameter: quotes, backslashes, non-ASCII text, nulls,
    # nested JSON and microseconds must come back exactly as the ORM's own write of the same row.
    at = active.created_at.replace(microsecond=123456)
    data = {"say": 'it\'s "so" \\ ü', "cards": [1, 2, None, True], "seat": {"0": "é", "1": []}}
    first = max(MatchEvent.objects.filter(match=active).values_list("seq", flat=True)) + 1
    given = [
        MatchEvent(match_id=active.pk, seq=first + n, type=f"T{n}", seat=seat, at=at, data=data)
        for n, seat in enumerate([None, 1, 0])
    ]
    statements.run(statements.insert_statement(MatchEvent, given))
    MatchEvent.objects.create(match_id=active.pk, seq=first + 3, type="T0", seat=None, at=at, data=data)
    stored = list(MatchEvent.objects.filter(match=active, seq__gte=first).order_by("id"))
    assert [row.seq for row in stored] == [first, first + 1, first + 2, first + 3]  # in the order given
    assert [model_to_dict(row, exclude=["id"]) for row in stored[:3]] == [
        model_to_dict(row, exclude=["id"]) for row in given
    ]
    assert model_to_dict(stored[0], exclude=["id", "seq"]) == model_to_dict(stored[3], exclude=["id", "seq"])


def test_insert_keeps_the_constraints(active):
    taken = MatchEvent.objects.filter(match=active).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        statements.run(
            statements.insert_statement(
                MatchEvent, [MatchEvent(match_id=active.pk, seq=taken.seq, type="X", at=taken.at, data={})]
            )
        )


def test_update_changes_only_rows_that_match_every_guard(active):
    version = active.version
    assert (
        statements.run(
            statements.update_statement(Match, {"version": version + 1}, id=active.pk, version=version - 1)
        )[0]
        == 0
    )
    assert (
        statements.run(
            statements.update_statement(
                Match, {"version": version + 1, "outcome": {"a": [1]}}, id=active.pk, version=version
            )
        )[0]
        == 1
    )
    stored = Match.objects.get(pk=active.pk)
    assert (stored.version, stored.outcome, stored.status) == (version + 1, {"a": [1]}, MatchStatus.ACTIVE)


def test_delete_removes_only_the_rows_named(active):
    statements.run(
        statements.insert_statement(
            MatchDeadline, [MatchDeadline(match_id=active.pk, deadline_id="x", at_ms=1, kind="turn")]
        )
    )
    statements.run(statements.delete_statement(MatchDeadline, match=active.pk))
    assert not MatchDeadline.objects.filter(match=active).exists()


SQLITE_MOVES = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from api.common import statements
from api.matches import services
from api.matches.models import Match, MatchEvent
from api.players.services import register_player
from games.core import engine
from api.matches import selectors

alice, _ = register_player(name="Alice")
bob, _ = register_player(name="Bob")
match = services.create_match(player=alice, game="daredevil-rock")
services.join_match(match_id=match.id, player=bob)
services.start_match(match_id=match.id, player=alice)
players = {0: alice, 1: bob}
for _ in range(6):
    match = selectors.get_match(match_id=match.id)
    game = selectors.load_game(match=match)
    seat = sorted(game.spec.waiting_on(game.state))[0]
    move = game.spec.moves.dump(engine.legal_moves(game, seat)[0])
    services.submit_move(match_id=match.id, player=players[seat], move=move, expected_version=match.version)
read = statements.by_pk(Match, match.id)
orm = Match.objects.get(pk=match.id)
fields = [field.attname for field in Match._meta.concrete_fields]
assert [getattr(read, f) for f in fields] == [getattr(orm, f) for f in fields], (read.__dict__, orm.__dict__)
assert MatchEvent.objects.filter(match_id=match.id).count() == orm.version
print("ok", orm.version)
"""


@pytest.mark.slow
def test_moves_are_written_and_read_back_on_sqlite_too(tmp_path):
    done = run_python(
        SQLITE_MOVES, drop=("DATABASE_URL", "REDIS_URL"), DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}"
    )
    assert done.stdout.startswith("ok"), done.stderr


def test_an_upsert_inserts_a_new_row_and_sets_the_other_fields_of_one_already_there(active, round_trips):
    def upsert(deadline_id: str, at_ms: int, kind: str) -> None:
        row = MatchDeadline(match_id=active.pk, deadline_id=deadline_id, at_ms=at_ms, kind=kind)
        statements.run(statements.upsert_statement(MatchDeadline, [row], unique=("match", "deadline_id")))

    upsert("lobby", T0, "lobby")
    with round_trips() as trips:
        upsert("lobby", T0 + 5, "turn")
    upsert("other", T0 + 9, "turn")
    rows = MatchDeadline.objects.filter(match=active, deadline_id__in=("lobby", "other")).order_by(
        "deadline_id"
    )
    assert [(row.deadline_id, row.at_ms, row.kind) for row in rows] == [
        ("lobby", T0 + 5, "turn"),
        ("other", T0 + 9, "turn"),
    ]
    assert len(trips) == 1
    assert statements.upsert_statement(MatchDeadline, [], unique=("match", "deadline_id")) is None


def test_one_field_of_the_first_row_that_matches(active):
    statements.run(
        statements.insert_statement(
            MatchDeadline, [MatchDeadline(match_id=active.pk, deadline_id="t-1", at_ms=5, kind="turn")]
        )
    )
    assert statements.value(MatchDeadline, "kind", match=active.pk, deadline_id="t-1") == "turn"
    assert statements.value(MatchDeadline, "at_ms", match=active.pk, deadline_id="t-1") == 5
    assert statements.value(MatchDeadline, "kind", match=active.pk, deadline_id="none") is None
    assert statements.value(Match, "options", id=active.pk) == Match.objects.get(pk=active.pk).options


def test_rows_where_a_condition_holds_in_its_order(active, alice, bob):
    count(active, alice, 1)
    count(active, bob, 2)
    picked = statements.select(MatchEvent, "match_id = %s AND seq > %s ORDER BY seq DESC", (active.pk, 2))
    orm = list(MatchEvent.objects.filter(match=active, seq__gt=2).order_by("-seq"))
    assert [every_field(row) for row in picked] == [every_field(row) for row in orm] and len(picked) == 2


def test_several_statements_run_in_one_round_trip_and_report_each_row_count(active, round_trips):
    rows = [MatchDeadline(match_id=active.pk, deadline_id=f"r{n}", at_ms=n, kind="turn") for n in range(2)]
    trips = 1 if connection.vendor == "postgresql" else 3
    with round_trips() as sent:
        counts = statements.run(
            statements.update_statement(Match, {"end_reason": "x"}, id=active.pk, version=-1),
            statements.insert_statement(MatchDeadline, rows),
            None,
            statements.delete_statement(MatchDeadline, match=active.pk, deadline_id="r0"),
        )
    assert len(sent) == trips, sent
    assert counts == [0, 2, 1]
    assert list(
        MatchDeadline.objects.filter(match=active, deadline_id__startswith="r").values_list(
            "deadline_id", flat=True
        )
    ) == ["r1"]


def test_a_statement_that_fails_in_a_batch_fails_the_whole_call(active):
    taken = MatchEvent.objects.filter(match=active).first()
    duplicate = MatchEvent(match_id=active.pk, seq=taken.seq, type="X", at=taken.at, data={})
    with pytest.raises(IntegrityError), transaction.atomic():
        statements.run(
            statements.update_statement(Match, {"end_reason": "y"}, id=active.pk),
            statements.insert_statement(MatchEvent, [duplicate]),
        )
    assert Match.objects.get(pk=active.pk).end_reason == ""


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_move_s_commit_travels_with_its_writes_unless_more_follows(active, alice, bob, round_trips):
    with round_trips() as plain:
        count(active, alice, 1)
    with round_trips() as keyed:
        count(active, bob, 1, idempotency_key="k")  # its record is written after the move
    assert plain[-1].startswith('UPDATE "matches_match"') and plain[-1].endswith("; COMMIT")
    assert not any(trip.endswith("COMMIT") for trip in keyed)
    with transaction.atomic(), round_trips() as nested, transaction.atomic():
        count(active, alice, 1)  # a savepoint: the enclosing transaction is not the move's to end
    assert not any(trip.endswith("COMMIT") for trip in nested)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("elsewhere", ["moved on", "ended"])
def test_an_append_that_lost_the_race_commits_nothing_though_it_carries_the_commit(active, alice, elsewhere):
    from api.matches import selectors, store
    from games.core import engine
    from games.core.commands import Command

    match = selectors.get_match(match_id=active.id)
    game = selectors.load_game(match=match)
    seat = selectors.seat_of(match=match, player=alice)
    step = engine.step(game, Command(game.spec.moves.load({"action": "COUNT", "amount": 1}), seat, T0 + 5))
    if elsewhere == "moved on":  # another writer appended first: its rows hold the same seqs
        count(active, alice, 2)
    else:  # the match ended without a new event (an abort): only the guard stands in the way
        Match.objects.filter(pk=active.pk).update(status=MatchStatus.ABORTED)
    kept = Match.objects.get(pk=active.pk).version, MatchEvent.objects.filter(match=active).count()
    with pytest.raises((store.Conflict, IntegrityError)), transaction.atomic():
        store.append(match=match, game=game, step=step, seat=seat, now_ms=T0 + 5, last=True)
    assert (Match.objects.get(pk=active.pk).version, MatchEvent.objects.filter(match=active).count()) == kept
