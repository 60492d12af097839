"""A one-field mutation run by its plan (api/graphql/calls.py) answers as strawberry and graphql-core
answer it, calls its resolver once, and leaves whatever it does not plan to them.

Each answer here is got both ways over HTTP, by the plan and the usual way (the plan switched off),
and compared whole: data, errors, their codes and key order (it is the JSON a client is sent).
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from strawberry.types.graphql import OperationType

from api.graphql import calls
from api.graphql.payloads import MoveAccepted, MoveRejected
from api.graphql.schema import schema
from api.matches import services
from bench.documents import SUBMIT
from tests.api.graphql.conftest import Table, active_seat
from tests.api.graphql.test_subscriptions import subscriber

__all__ = ["subscriber"]  # the fixture, shared

pytestmark = pytest.mark.django_db(transaction=True)

END_TURN = {"daredevilRock": {"action": "END_TURN"}}
# Aliases, a key asked for twice, __typename at each level, the union's members in fragments.
MERGED = """mutation Move($id: ID!, $move: MoveInput!) {
  played: submitMove(matchId: $id, move: $move) {
    kind: __typename
    ... on MoveRejected { code message retryAfter code }
    ... on MoveAccepted { version __typename }
    ... on MoveAccepted { now: version }
  }
}"""
MUTATION = (OperationType.MUTATION,)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The match ids submitMove's service was called with, one per call."""
    seen: list[int] = []
    submit = services.submit_move

    def counting(**arguments: Any) -> Any:
        seen.append(arguments["match_id"])
        return submit(**arguments)

    monkeypatch.setattr(services, "submit_move", counting)
    return seen


@pytest.fixture
def executed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each operation executed the usual way, by strawberry's pipeline and graphql-core's executor."""
    seen: list[str] = []
    usual = type(schema)._execute_operation

    async def counting(self: Any, execution_context: Any, *arguments: Any) -> Any:
        seen.append(execution_context.query)
        return await usual(self, execution_context, *arguments)

    monkeypatch.setattr(type(schema), "_execute_operation", counting)
    return seen


@pytest.fixture
def usual(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Call it to switch the plans off: every operation goes the usual way."""
    return lambda: monkeypatch.setattr(calls, "prepared", lambda *_arguments: None)


PREPARED = calls.prepared  # the plans' own, whether or not a test has switched them off


def prepared(document: str, **variables: Any) -> calls.Call | None:
    return PREPARED(schema, document, variables, None, MUTATION, None)


async def both_ways(caller: Any, document: str, variables: dict[str, Any], usual: Any) -> tuple[Any, Any]:
    planned = await caller.post(document, variables)
    usual()
    return planned, await caller.post(document, variables)


async def to_act(table: Table) -> tuple[Any, Any]:
    seat = await active_seat(table.host, table.match_id)
    return table.seat(seat), table.seat(1 - seat)


async def test_a_text_is_planned_once_it_has_been_checked_and_passed(table, executed):
    text = f"{SUBMIT} # {uuid.uuid4()}"  # a comment: a text never sent before
    variables = {"id": table.match_id, "move": END_TURN, "version": None}
    assert prepared(text, **variables) is None  # the usual way checks it first
    player, _ = await to_act(table)
    executed.clear()
    await player.post(text, variables)
    assert executed == [text]
    assert prepared(text, **variables) is not None
    assert prepared(text + " ", **variables) is None  # another text, not checked yet


@pytest.mark.parametrize("document", [SUBMIT, MERGED], ids=["bench", "merged"])
async def test_a_planned_move_is_answered_as_graphql_core_answers_it(
    table, document, usual, counted, executed
):
    player, waiting = await to_act(table)
    variables = {"id": table.match_id, "move": END_TURN}
    await waiting.post(document, variables)  # checked and passed: planned from here on
    executed.clear()
    rejected = await waiting.post(document, variables)  # out of turn
    accepted = await player.post(document, variables)
    assert executed == []
    usual()
    assert rejected == await player.post(document, variables)  # the turn has passed to the other
    again = await waiting.post(document, variables)
    assert list(_walk(accepted)) == list(_walk(again)) != list(_walk(rejected))
    assert len(counted) == 5  # each request called the service once
    assert executed == [document, document]
    # The same resolved values, completed by graphql-core: the plan's data, key order included.
    call = prepared(document, **variables)
    assert call is not None
    for value in (MoveAccepted(match=None, version=7, rows=[]), MoveRejected(code="X", message="y")):  # type: ignore[arg-type]
        expected = await call._completed_by_graphql_core(None, None, value)
        assert expected.errors is None
        assert list(_walk({call.planned.call.key: call.planned.call.complete(value)})) == list(
            _walk(expected.data)
        )


async def test_a_resolver_that_raises_is_reported_and_masked_as_usual(table, usual, monkeypatch):
    player, _ = await to_act(table)
    variables = {"id": table.match_id, "move": END_TURN}
    await player.post(SUBMIT, variables)
    raised: list[str] = []

    def broken(**_arguments: Any) -> Any:
        raised.append("once")
        raise RuntimeError("a bug")

    monkeypatch.setattr(services, "submit_move", broken)
    assert prepared(SUBMIT, **variables) is not None
    planned, expected = await both_ways(player, SUBMIT, variables, usual)
    assert planned == expected
    assert planned["data"] is None  # SubmitMoveResult! is non-null: the error reaches the root
    assert planned["errors"][0]["path"] == ["submitMove"]
    assert raised == ["once", "once"]  # not called again to have graphql-core complete it


async def test_a_value_the_plan_does_not_complete_is_left_to_graphql_core(table, usual, monkeypatch):
    player, _ = await to_act(table)
    variables = {"id": table.match_id, "move": END_TURN}
    await player.post(SUBMIT, variables)
    monkeypatch.setattr(services, "submit_move", lambda **_arguments: "not a result")
    planned, expected = await both_ways(player, SUBMIT, variables, usual)
    assert planned == expected and planned["errors"]


async def test_a_move_over_the_socket_is_planned_and_answered_next_then_complete(
    table, subscriber, usual, executed
):
    _, waiting = await to_act(table)
    socket = subscriber()
    await socket.open(waiting.token)
    variables = {"id": table.match_id, "move": END_TURN}
    await waiting.post(SUBMIT, variables)  # checked and passed
    executed.clear()

    async def sent() -> list[dict[str, Any]]:
        await socket.ws.send_json_to(
            {"id": "m", "type": "subscribe", "payload": {"query": SUBMIT, "variables": variables}}
        )
        return [await socket.message(), await socket.message()]

    planned = await sent()
    assert executed == []
    usual()
    assert planned == await sent()
    assert executed == [SUBMIT]
    assert [message["type"] for message in planned] == ["next", "complete"]
    assert planned[0]["payload"]["data"]["submitMove"]["code"] == "NOT_YOUR_TURN"


@pytest.mark.parametrize(
    "variables",
    [
        {"move": END_TURN},  # no match id
        {"id": "1", "move": {"daredevilRock": {"action": "FLY"}}},  # not an action
        {"id": "1", "move": END_TURN, "version": "seven"},
    ],
    ids=["missing", "enum", "type"],
)
async def test_variables_that_do_not_coerce_go_the_usual_way_and_run_nothing(table, variables, counted):
    player, _ = await to_act(table)
    await player.post(SUBMIT, {"id": table.match_id, "move": END_TURN, "version": 99})
    assert prepared(SUBMIT, **variables) is None
    body = await player.post(SUBMIT, variables)
    assert body["errors"] and body.get("data") is None
    assert len(counted) == 1


@pytest.mark.parametrize(
    "document",
    [
        "mutation($id: ID!, $move: MoveInput!) { submitMove(matchId: $id, move: $move) @skip(if: false) "
        "{ __typename } }",
        "mutation($id: ID!, $move: MoveInput!) { a: submitMove(matchId: $id, move: $move) { __typename } "
        "b: submitMove(matchId: $id, move: $move) { __typename } }",
        "mutation($id: ID!, $move: MoveInput!) { ...Move } "
        "fragment Move on Mutation { submitMove(matchId: $id, move: $move) { __typename } }",
        # events' resolver reads the resolve info: not planned
        "mutation($id: ID!, $move: MoveInput!) { submitMove(matchId: $id, move: $move) "
        "{ ... on MoveAccepted { events { seq } } } }",
    ],
    ids=["directive", "two-fields", "fragment-at-root", "info"],
)
async def test_documents_plans_do_not_cover_go_the_usual_way(table, document):
    player, _ = await to_act(table)
    await player.post(document, {"id": table.match_id, "move": END_TURN})
    assert prepared(document, id=table.match_id, move=END_TURN) is None


def _walk(value: Any) -> Any:
    """Every key and leaf in order: equal walks are equal JSON, key order included."""
    if isinstance(value, dict):
        for key, each in value.items():
            yield key
            yield from _walk(each)
    elif isinstance(value, list):
        yield "["
        for each in value:
            yield from _walk(each)
        yield "]"
    elif isinstance(value, int) and not isinstance(value, bool):
        yield int  # a version: the moves compared are two different ones
    else:
        yield value
