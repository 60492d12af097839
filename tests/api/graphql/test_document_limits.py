"""Document limits: a costly document is refused before graphql-core validates it, whatever it spreads;
ordinary documents pass, and each distinct document is parsed and validated once."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from django.conf import settings
from graphql import DocumentNode, get_introspection_query, parse, validate

from api.graphql import documents
from api.graphql.limits import DocumentLimits, refusal
from api.graphql.schema import schema
from tests.api.graphql.conftest import Caller

pytestmark = pytest.mark.django_db(transaction=True)


def doubling_chain(levels: int, root: str, on: str, leaf: str) -> str:
    """Fragment F<n> spreads F<n-1> twice: about 1 KB whose expansion has 2^levels leaves."""
    chain = " ".join(f"fragment F{i} on {on} {{ ...F{i - 1} ...F{i - 1} }}" for i in range(1, levels + 1))
    return f"{root % levels} fragment F0 on {on} {{ {leaf} }} {chain}"


# The documents of the issue: 21 levels took strawberry's limiters 7.7 s, 49 levels over 10 minutes.
ISSUE_CHAIN = doubling_chain(21, "{ ...F%d }", "Query", "games { key }")
INTROSPECTION_CHAIN = doubling_chain(49, "{ __schema { types { ...F%d } } }", "__Type", "name")


def codes(body: dict) -> list[str]:
    return [error["extensions"]["code"] for error in body.get("errors", [])]


@pytest.mark.parametrize(
    "query", [ISSUE_CHAIN, INTROSPECTION_CHAIN], ids=["issue-chain", "introspection-chain"]
)
async def test_the_fragment_chain_of_the_issue_is_refused_in_milliseconds(spectator: Caller, query: str):
    started = time.perf_counter()
    body = await spectator.post(query)
    assert time.perf_counter() - started < 0.5
    assert codes(body) == ["QUERY_TOO_COMPLEX"]
    assert body["data"] is None


def same_field(copies: int) -> str:
    return "{ " + " ".join(["games { key }"] * copies) + " }"


def fragments_at_one_place(count: int, body: str = "") -> str:
    spreads = " ".join(f"...F{i}" for i in range(count))
    return f"{{ {spreads} }} " + " ".join(f"fragment F{i} on Query {{ {body} }}" for i in range(count))


def ladder(count: int) -> str:
    """Each fragment spreads every fragment before it."""
    fragments = (
        f"fragment F{i} on Query {{ __typename {' '.join(f'...F{j}' for j in range(i))} }}"
        for i in range(count)
    )
    return f"{{ ...F{count - 1} }} " + " ".join(fragments)


def nested(levels: int) -> str:
    return "{ " + "matches { edges { node { " * levels + "id" + " } } }" * levels + " }"


def aliased(count: int) -> str:
    return "{ " + " ".join(f"a{i}: games {{ key }}" for i in range(count)) + " }"


COSTLY = {
    # graphql-core compares every pair of same-named fields: 0.7 s for these 500.
    "500 copies of one field": (same_field(499), "QUERY_TOO_COMPLEX"),
    "one fragment spread 400 times": (
        "{ " + "...F " * 400 + "} fragment F on Query { __typename }",
        "QUERY_TOO_COMPLEX",
    ),
    "200 empty fragments spread at one place": (fragments_at_one_place(200), "QUERY_TOO_COMPLEX"),
    "180 fragments selecting the same field": (
        fragments_at_one_place(180, "__typename"),
        "QUERY_TOO_COMPLEX",
    ),
    "40 fragments, each spreading all before it": (ladder(40), "QUERY_TOO_COMPLEX"),
    "a cycle of 150 fragments, each spreading the next two": (
        "{ ...F0 } "
        + " ".join(
            f"fragment F{i} on Query {{ ...F{(i + 1) % 150} ...F{(i + 2) % 150} }}" for i in range(150)
        ),
        "QUERY_TOO_COMPLEX",
    ),
    "an unused fragment": (
        "{ __typename } fragment Unused on Query { " + " ".join(["games { key }"] * 100) + " }",
        "QUERY_TOO_COMPLEX",
    ),
    "12 fields deep": (nested(4), "QUERY_TOO_DEEP"),
    "nested past the parser's limit": ("{ " + "a { " * 300 + "b" + " }" * 300 + " }", "QUERY_TOO_DEEP"),
    "16 aliases": (aliased(16), "TOO_MANY_ALIASES"),
    "8 aliases in a fragment spread twice": (
        "{ ...A ...B } fragment A on Query { ...C } fragment B on Query { ...C } fragment C on Query { "
        + " ".join(f"a{i}: games {{ key }}" for i in range(8))
        + " }",
        "TOO_MANY_ALIASES",
    ),
    "2001 tokens": ("{ games { " + "key " * 1998 + "} }", "QUERY_TOO_LARGE"),
}


@pytest.mark.parametrize(("query", "code"), COSTLY.values(), ids=COSTLY.keys())
async def test_a_costly_document_is_refused_without_reaching_graphql_core(
    spectator: Caller, monkeypatch: pytest.MonkeyPatch, query: str, code: str
):
    def never(*args: object) -> None:
        raise AssertionError("graphql-core validated a document over the limits")

    monkeypatch.setattr(documents, "validate_document", never)
    body = await spectator.post(query)
    assert codes(body) == [code], body


@pytest.mark.parametrize(
    "query",
    [
        "{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }",
        "{ ...Missing }",
        "{ games { ...Missing } }",
    ],
    ids=["fragment-cycle", "unknown-fragment", "unknown-nested-fragment"],
)
async def test_cycles_and_unknown_fragments_are_left_to_graphql_core(spectator: Caller, query: str):
    body = await spectator.post(query)
    assert set(codes(body)) == {"GRAPHQL_VALIDATION_FAILED"}, body


def limits(**changed: int) -> DocumentLimits:
    return DocumentLimits(**{**vars(DocumentLimits.from_settings()), **changed})


def test_a_plain_document_costs_its_number_of_fields():
    document = parse("{ games { key name minPlayers } }")
    assert refusal(document, limits(cost=4)) is None
    assert refusal(document, limits(cost=3)).extensions == {"code": "QUERY_TOO_COMPLEX"}


def test_a_name_repeated_at_one_place_costs_its_square():
    document = parse("{ games { key } games { key } }")  # games: 2², key (merged below): 2²
    assert refusal(document, limits(cost=8)) is None
    assert refusal(document, limits(cost=7)) is not None


def test_each_spread_counts_its_fragment_and_itself():
    document = parse("{ ...F } fragment F on Query { games { key } }")  # spread 1², games, key
    assert refusal(document, limits(cost=3)) is None
    assert refusal(document, limits(cost=2)) is not None


def test_depth_counts_fields_on_the_longest_path_but_not_introspection():
    at_limit = "{ " + "matches { edges { node { " * 3 + "id" + " } } }" * 3 + " }"  # 10 fields
    assert refusal(parse(at_limit), limits(depth=10)) is None
    assert refusal(parse(at_limit), limits(depth=9)).extensions == {"code": "QUERY_TOO_DEEP"}
    assert refusal(parse(get_introspection_query()), limits(depth=2)) is None


def test_a_chain_of_a_hundred_doublings_is_measured_with_plain_ints():
    document = parse(doubling_chain(100, "{ ...F%d }", "Query", "__typename"))
    error = refusal(document, limits())
    assert error is not None
    assert "about 10^30" in error.message


def readme_operations() -> list[DocumentNode]:
    readme = (Path(settings.BASE_DIR) / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```graphql\n(.*?)```", readme, flags=re.DOTALL)
    assert blocks, "the README shows no GraphQL"
    return [
        DocumentNode(definitions=(definition,)) for block in blocks for definition in parse(block).definitions
    ]


def test_every_operation_of_the_readme_is_within_the_limits_and_valid():
    for document in readme_operations():
        assert refusal(document, DocumentLimits.from_settings()) is None
        assert validate(schema._schema, document) == []


async def test_graphiqls_introspection_query_passes(spectator: Caller):
    query = get_introspection_query(
        descriptions=True,
        specified_by_url=True,
        directive_is_repeatable=True,
        schema_description=True,
        input_value_deprecation=True,
        one_of=True,
    )
    body = await spectator.post(query)
    assert "errors" not in body
    assert body["data"]["__schema"]["queryType"] == {"name": "Query", "kind": "OBJECT"}


async def test_a_repeated_document_is_parsed_and_validated_once(spectator: Caller, monkeypatch):
    calls = {"parse": 0, "validate": 0}

    def counted(name: str, function):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return function(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(documents, "parse", counted("parse", documents.parse))
    monkeypatch.setattr(documents, "validate_document", counted("validate", documents.validate_document))
    query = "{ games { key } onlyInThisTest: games { name } }"
    for _ in range(3):
        assert "errors" not in await spectator.post(query)
    assert calls == {"parse": 1, "validate": 1}


async def test_limits_are_read_from_the_settings(spectator: Caller, settings):
    query = "{ games { key name } }"
    assert "errors" not in await spectator.post(query)
    settings.GRAPHQL_MAX_COST = 2
    assert codes(await spectator.post(query)) == ["QUERY_TOO_COMPLEX"]
    settings.GRAPHQL_MAX_DEPTH = 1
    assert codes(await spectator.post(query)) == ["QUERY_TOO_DEEP"]
