"""A planned mutation's variables and arguments (api/graphql/arguments.py) come out as graphql-core's
coercion and strawberry's conversion make them, and whatever needs their reporting is left to them."""

from __future__ import annotations

import enum
from typing import Any

import pytest
import strawberry
from graphql import build_schema, parse, print_ast
from graphql.execution.values import VariableValues, get_argument_values, get_variable_values
from strawberry import relay
from strawberry.types import Info

from api.graphql.arguments import Resolver, Variables
from api.graphql.schema import schema
from bench.documents import SUBMIT

END_TURN = {"daredevilRock": {"action": "END_TURN"}}


def usual(core: Any, document: str, inputs: dict[str, Any]) -> Any:
    (operation,) = parse(document).definitions
    return get_variable_values(core, operation.variable_definitions, inputs)


def planned(core: Any, document: str, inputs: dict[str, Any]) -> VariableValues | None:
    (operation,) = parse(document).definitions
    return Variables(core, operation).coerced(inputs)


def same(values: Any) -> Any:
    """Coerced values and their sources, a default by its text (graphql-core makes a new one each call)."""
    if not isinstance(values, VariableValues):
        return values
    sources = {
        name: (
            each.signature.name,
            str(each.signature.type),
            each.signature.default and print_ast(each.signature.default.literal),
            each.value,
        )
        for name, each in values.sources.items()
    }
    return sources, values.coerced


@pytest.mark.parametrize(
    "inputs",
    [
        {"id": "7", "move": END_TURN, "version": 3},
        {"id": 7, "move": END_TURN},  # an ID sent as a number; the version left out
        {"id": "7", "move": END_TURN, "version": None},
        {"id": "7", "move": {"daredevilRock": {"action": "CLIMB", "level": 2, "column": None}}},
    ],
    ids=["all", "omitted", "null", "member-fields"],
)
def test_variables_that_coerce_come_out_as_graphql_core_coerces_them(inputs):
    expected = usual(schema._schema, SUBMIT, inputs)
    assert isinstance(expected, VariableValues)
    assert same(planned(schema._schema, SUBMIT, inputs)) == same(expected)


@pytest.mark.parametrize(
    "inputs",
    [
        {"move": END_TURN},
        {"id": "7", "move": {"daredevilRock": {"action": "FLY"}}},
        {"id": "7", "move": {"daredevilRock": {"action": "END_TURN"}, "racesmack": {"action": "TAP"}}},
        {"id": "7", "move": END_TURN, "version": "seven"},
    ],
    ids=["missing", "enum", "two-members", "type"],
)
def test_variables_graphql_core_would_report_are_left_to_it(inputs):
    assert isinstance(usual(schema._schema, SUBMIT, inputs), list)  # its errors
    assert planned(schema._schema, SUBMIT, inputs) is None


def test_a_default_is_left_to_graphql_core_and_a_value_sent_instead_is_not():
    document = "mutation($id: ID!, $move: MoveInput!, $version: Int = 4) { submitMove(matchId: $id, move: $move, expectedVersion: $version) { __typename } }"
    assert planned(schema._schema, document, {"id": "7", "move": END_TURN}) is None
    sent = {"id": "7", "move": END_TURN, "version": 5}
    assert same(planned(schema._schema, document, sent)) == same(usual(schema._schema, document, sent))


RECURSIVE = build_schema(
    """
    input Rope { next: Rope, length: Int }
    type Query { a: Int }
    type Mutation { climb(rope: Rope): Int }
    """
)
CLIMB = "mutation($rope: Rope) { climb(rope: $rope) }"


def rope(knots: int) -> dict[str, Any]:
    value: dict[str, Any] = {"length": 1}
    for _ in range(knots):
        value = {"next": value, "length": 1}
    return value


def test_only_a_type_that_can_nest_deeper_than_graphql_cores_guard_is_walked():
    (operation,) = parse(CLIMB).definitions
    assert [each.shallow for each in Variables(RECURSIVE, operation).each] == [False]
    (operation,) = parse(SUBMIT).definitions
    assert all(each.shallow for each in Variables(schema._schema, operation).each)
    short = {"rope": rope(3)}
    assert same(planned(RECURSIVE, CLIMB, short)) == same(usual(RECURSIVE, CLIMB, short))
    deep = {"rope": rope(2_000)}
    assert isinstance(usual(RECURSIVE, CLIMB, deep), list)  # "nested too deeply"
    assert planned(RECURSIVE, CLIMB, deep) is None


# --- the resolver, called as strawberry's wrapper calls it ---------------------------------------------


class Grip(enum.Enum):
    CRIMP = "crimp"
    SLOPER = "sloper"


@strawberry.input
class Hold:
    grip: Grip
    height: int | None = None


@strawberry.type
class Query:
    ok: bool = True


RECEIVED: list[dict[str, Any]] = []


@strawberry.type
class Mutation:
    @strawberry.mutation
    def climb(
        self,
        info: Info,
        route: strawberry.ID,
        holds: list[Hold],
        grip: Grip,
        tags: list[str] | None = None,
        rests: strawberry.Maybe[int | None] = None,
        anchor: relay.GlobalID | None = None,
        note: str | None = "none",
    ) -> int:
        RECEIVED.append(
            dict(
                self=self,
                info=type(info),
                route=route,
                holds=holds,
                grip=grip,
                tags=tags,
                rests=rests,
                anchor=anchor,
                note=note,
            )
        )
        return len(RECEIVED)


CLIMBING = strawberry.Schema(query=Query, mutation=Mutation)
ROUTE = """mutation($route: ID!, $holds: [Hold!]!, $rests: Int, $anchor: ID) {
  climb(route: $route, holds: $holds, grip: SLOPER, tags: ["dyno"], rests: $rests, anchor: $anchor)
}"""


@pytest.mark.parametrize(
    "inputs",
    [
        {
            "route": 9,
            "holds": [{"grip": "CRIMP", "height": 3}, {"grip": "SLOPER"}],
            "rests": 2,
            "anchor": relay.to_base64("Hold", 4),
        },
        {"route": "r", "holds": [], "rests": None},
        {"route": "r", "holds": []},
    ],
    ids=["all", "null", "omitted"],
)
def test_the_resolver_gets_what_strawberrys_wrapper_gives_it(inputs):
    RECEIVED.clear()
    result = CLIMBING.execute_sync(ROUTE, variable_values=inputs, root_value="the root")
    assert result.errors is None
    (operation,) = parse(ROUTE).definitions
    core = CLIMBING._schema
    field = core.mutation_type.fields["climb"]
    variables = Variables(core, operation).coerced(inputs)
    assert variables is not None
    values = get_argument_values(field, operation.selection_set.selections[0], variables)
    assert Resolver(CLIMBING, field.extensions["strawberry-definition"])("the root", None, values) == 2
    usual_call, planned_call = RECEIVED
    assert planned_call == usual_call
    assert planned_call["info"] is Info and planned_call["self"] == "the root"
