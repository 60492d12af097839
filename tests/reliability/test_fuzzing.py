"""Fuzzing (issue 11, point 4): whatever a client sends — a move, match options, a GraphQL document — the
answer is a typed result, a typed rejection or a coded GraphQL error, never a 500; and what is refused
leaves the match exactly as it was (its version, its log, what every seat and a spectator are shown).

Every request goes through the whole ASGI application and the real database (tests/reliability/matches.py).
Each game of the registry is fuzzed from what it declares: its move types, its legal moves and its options
schema; nothing here names a game. The clock stands still while a test runs, so that no deadline falls due
in the middle of it: a refused move must change nothing, and an overdue timeout applied first would.

Examples are derandomized (the same ones on every run) and never shrunk: the service is stateful, so a
shrunk example would run against another match than the one that failed.
"""

from __future__ import annotations

import asyncio
import json
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import hypothesis
import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from hypothesis import HealthCheck, Phase, given
from hypothesis import strategies as st

from api.common import database
from api.matches import cache, selectors
from api.matches.game_keys import games as game_keys
from api.matches.models import Match
from api.realtime.graphql_http import INVALID_JSON
from games.core import engine
from games.core.options import INVALID_OPTIONS
from games.registry import REGISTRY
from tests.reliability import documents
from tests.reliability.answers import Answer, Kind, Tally, classify
from tests.reliability.match_options import expected, options_json
from tests.reliability.matches import (
    Rows,
    Service,
    Snapshot,
    Table,
    log_sizes,
    new_player,
    open_table,
    rows,
    service_loop,
)
from tests.reliability.matches import snapshot as look_at
from tests.reliability.runs import Distinct, FirstFailure
from tests.reliability.submissions import SUBMIT, Submission, submissions
from tests.reliability.values import has_unpaired_surrogate, literal

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

GAMES = sorted(REGISTRY)
STILL_MS = 1_800_000_000_000  # the clock while a test runs
fuzz = hypothesis.settings(
    derandomize=True,
    database=None,
    deadline=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(scope="module", autouse=True)
def _close_database_threads(django_db_setup: Any) -> Iterator[None]:
    """The service queried from its database threads: close their connections, or PostgreSQL refuses to
    drop the test database at the end of the run."""
    yield
    asyncio.run(sync_to_async(connections.close_all, thread_sensitive=True)())
    database.close_pool_connections()


@pytest.fixture(autouse=True)
def _still(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr("api.matches.store.clock_ms", lambda: STILL_MS)
    # Ids may come again in a fresh test database: nothing a process remembers by id may outlive a test.
    cache.games.clear()
    game_keys.clear()
    yield
    cache.games.clear()
    game_keys.clear()


# --- moves --------------------------------------------------------------------------------------------


@dataclass
class MovesRun:
    client: Service
    table: Table
    seen: Snapshot
    tally: Tally = field(default_factory=Tally)
    distinct: Distinct = field(default_factory=Distinct)

    async def submit(self, submission: Submission) -> None:
        if not self.distinct.first_time(submission.sender, submission.variables, self.seen.version):
            return
        response = await self.client.post(SUBMIT, submission.variables, token=submission.token)
        answer = classify(response, "submitMove")
        self.tally.add(answer)
        assert answer.kind is not Kind.BUG, f"{submission}\n{answer}"
        now = await look_at(self.client, self.table)
        if now != self.seen:
            meant = await sync_to_async(_still_meant)(submission, self.seen.version)
            _changed_rightly(submission, answer, self.seen, now, meant)
        if isinstance(submission.variables.get("key"), str):
            self.table.keys.append(submission.variables["key"])  # to send again, with this move or another
        self.seen = now


def _still_meant(submission: Submission, at: int) -> bool:
    """Whether a move sent with ``expectedVersion`` older than ``at`` is still meant there: nothing began
    for its seat in between (api/matches/expected.py; ``engine.moved_on``, tested on its own terms in
    tests/api/test_moves.py). The clock stands still, so no timeout falls due in between."""
    expected, seat = submission.expected_version, submission.seat
    if expected is None or seat is None or not 0 <= expected < at:
        return False
    match = Match.objects.get(pk=int(submission.variables["id"]))
    then, now = (selectors.game_at(match=match, version=version) for version in (expected, at))
    return not engine.moved_on(then, now, seat)


def _changed_rightly(
    submission: Submission, answer: Answer, before: Snapshot, after: Snapshot, still_meant: bool
) -> None:
    """Only an accepted move, from a seat that had it among its legal moves, at the version it
    expected (or an older one from which nothing began for that seat), may change the match."""
    assert answer.kind is Kind.ACCEPTED, f"a refused move changed the match: {submission}\n{answer}"
    assert submission.seat is not None, f"accepted from {submission.sender}: {submission}"
    legal = [_plain(move) for move in before.legal_moves(submission.seat)]
    assert _plain(submission.variables["move"]) in legal, f"accepted, not a legal move: {submission}"
    assert submission.expected_version in (None, before.version) or still_meant, (
        f"accepted at a stale version from which the seat's situation moved on: {submission}"
    )
    assert after.version > before.version and after.events == after.version, (before, after)


def _plain(move: Any) -> Any:
    """A MoveInput without its null fields: a field left out and a null one are the same move."""
    return (
        {name: _plain(value) for name, value in move.items() if value is not None}
        if isinstance(move, dict)
        else move
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_move_input_is_answered_with_a_typed_result_and_a_refused_one_changes_nothing(
    game: str, record_property: Any
) -> None:
    with service_loop() as (runner, client):
        table = runner.run(open_table(client, game))
        run = MovesRun(client, table, runner.run(look_at(client, table)))
        once = FirstFailure()

        @hypothesis.settings(fuzz, max_examples=160)
        @hypothesis.seed(zlib.crc32(game.encode()))  # each game its own draws, the same on every run
        @given(data=st.data())
        def submit(data: st.DataObject) -> None:
            submission = data.draw(submissions(run.table, run.seen), label="submission")
            runner.run(once(run.submit(submission)))

        submit()
    record_property("figure", f"{run.tally.total} move inputs to {game}: {run.tally.summary()}")


# --- options ------------------------------------------------------------------------------------------

CREATE = (
    "mutation($game: String!, $options: JSON) { createMatch(game: $game, options: $options) "
    "{ match { id options seats { index } } error { code message } } }"
)
CREATE_WRITTEN = (
    "mutation($game: String!) {{ createMatch(game: $game, options: {options}) "
    "{{ match {{ id options seats {{ index }} }} error {{ code message }} }} }}"
)


@dataclass
class OptionsRun:
    client: Service
    game: str
    host: str
    tally: Tally = field(default_factory=Tally)
    distinct: Distinct = field(default_factory=Distinct)

    async def create(self, raw: Any, written: bool) -> None:
        if not self.distinct.first_time(raw, written):
            return
        before = await rows()
        response = await self._send(raw, written)
        answer = classify(response, "createMatch")
        self.tally.add(answer)
        assert answer.kind is not Kind.BUG, f"options {raw!r}\n{answer}"
        if has_unpaired_surrogate(raw):  # the body is not JSON the service reads: nothing is created
            assert (answer.kind, answer.code) == (Kind.ERROR, INVALID_JSON), f"{raw!r}: {answer}"
            assert await rows() == before, f"unreadable options {raw!r} left rows behind"
            return
        want = expected(REGISTRY[self.game].options, raw)
        if want is None:
            assert (answer.kind, answer.code) == (Kind.REJECTED, INVALID_OPTIONS), f"{raw!r}: {answer}"
            assert await rows() == before, f"refused options {raw!r} left rows behind"
            return
        assert answer.kind is Kind.ACCEPTED, f"options {raw!r} are valid by the JSON Schema: {answer}"
        created = response.json()["data"]["createMatch"]["match"]
        assert _exactly(created["options"]) == _exactly(want), f"{raw!r} made {created['options']}"
        grown = await rows()
        assert grown == Rows(before.matches + 1, before.seats + 1, before.players), (before, grown)

    async def _send(self, raw: Any, written: bool) -> Any:
        options = literal(raw) if written else None
        if options is None:
            return await self.client.post(CREATE, {"game": self.game, "options": raw}, token=self.host)
        return await self.client.post(
            CREATE_WRITTEN.format(options=options), {"game": self.game}, token=self.host
        )


def _exactly(options: Any) -> str:
    """Options as JSON text, so that 3 and 3.0, or 1 and true, are told apart."""
    return json.dumps(options, sort_keys=True)


@pytest.mark.parametrize("game", GAMES)
def test_every_options_value_makes_a_match_with_exactly_those_options_or_is_refused_leaving_no_row(
    game: str, record_property: Any, settings: Any
) -> None:
    settings.MAX_OPEN_LOBBIES_PER_PLAYER = 1_000_000  # one host opens every accepted match here
    with service_loop() as (runner, client):
        run = OptionsRun(client, game, runner.run(new_player(f"{game} host")))
        once = FirstFailure()

        @hypothesis.settings(fuzz, max_examples=150)
        @given(raw=options_json(REGISTRY[game].options), written=st.booleans())
        def create(raw: Any, written: bool) -> None:
            runner.run(once(run.create(raw, written)))

        create()
    record_property("figure", f"{run.tally.total} options values for {game}: {run.tally.summary()}")


# --- documents ----------------------------------------------------------------------------------------


@dataclass
class DocumentsRun:
    client: Service
    tables: list[Table]
    seen: dict[str, Snapshot]
    tally: Tally = field(default_factory=Tally)
    distinct: Distinct = field(default_factory=Distinct)

    async def send(self, table: Table, request: documents.Request, token: str | None) -> None:
        if not self.distinct.first_time(table.match_id, request, token):
            return
        response = await self.client.send(
            request.content,
            token=token,
            content_type=request.content_type,
            method=request.method,
            params=request.params,
        )
        answer = classify(response)
        self.tally.add(answer)
        assert answer.kind is not Kind.BUG, f"{request}\n{answer}"
        # The table the request named, as every chair sees it, and every table's log.
        now = await look_at(self.client, table)
        assert now == self.seen[table.match_id], f"a request from outside the match changed it: {request}"
        logs = await log_sizes([other.match_id for other in self.tables])
        assert logs == {key: (seen.version, seen.events) for key, seen in self.seen.items()}, request


def test_every_document_is_answered_with_data_or_coded_errors_and_leaves_every_match_as_it_was(
    record_property: Any,
) -> None:
    with service_loop() as (runner, client):
        tables = [runner.run(open_table(client, game)) for game in GAMES]
        seen = {table.match_id: runner.run(look_at(client, table)) for table in tables}
        run = DocumentsRun(client, tables, seen)
        once = FirstFailure()
        at_a_table = st.sampled_from(tables).flatmap(
            lambda table: st.tuples(
                st.just(table), documents.requests(documents.sensible_variables(table, seen[table.match_id]))
            )
        )
        # Only callers without a seat: a valid resign or move from a seat may change a match rightly.
        callers = st.sampled_from([tables[0].outsider, None])

        @hypothesis.settings(fuzz, max_examples=250)
        @given(sent=at_a_table, token=callers)
        def send(sent: tuple[Table, documents.Request], token: str | None) -> None:
            runner.run(once(run.send(*sent, token)))

        send()
    record_property(
        "figure", f"{run.tally.total} requests to /graphql over {len(GAMES)} games: {run.tally.summary()}"
    )
