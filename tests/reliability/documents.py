"""Requests to fuzz /graphql with: real documents (the load generator's, every game's whole view, the
contract's queries) taken apart and put back wrong; documents built to cross each limit the service sets
(aliases, depth, cost, tokens) or to break a rule (wrong argument types, unknown fields, fragment cycles,
several unnamed operations); garbage text; and bodies whose variables, query or JSON are wrong.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.conf import settings
from hypothesis import strategies as st
from hypothesis.strategies import DrawFn

from api.graphql.schema import schema
from bench import documents as bench
from bench.views import view_selection
from games.registry import REGISTRY
from tests.reliability.matches import Snapshot, Table
from tests.reliability.submissions import some_move
from tests.reliability.values import UNPAIRED_SURROGATE, json_values, one_in, texts

MATCH = (
    "query($id: ID!, $after: Int, $first: Int) { match(id: $id) { id game status version options endReason "
    "createdAt finishedAt host { id name } seats { index isBot botLevel player { id name createdAt } } "
    "mySeat waitingOn deadline { id at kind } events(after: $after, first: $first) { seq type at seat data } "
    "outcome { ranks scores reason winners } seed } }"
)
CONTRACT = (
    "{ games { key name designer minPlayers maxPlayers summary optionsSchema bots } }",
    "{ me { id name createdAt } }",
    MATCH,
    "query($game: String, $first: Int, $after: String) { matches(game: $game, status: ACTIVE, first: $first, "
    "after: $after) { edges { cursor node { id game status version } } pageInfo { hasNextPage endCursor } } }",
    "query($game: String!) { leaderboard(game: $game, first: 3) { edges { cursor node { rank mu sigma "
    "ordinal matches wins player { id name } } } pageInfo { hasNextPage endCursor } } }",
    "{ __typename }",
    "{ __schema { queryType { name } types { name kind } } }",
    'query { __type(name: "Match") { fields { name args { name } } } }',
)
PUNCTUATION = ("{", "}", "(", ")", "[", "]", ":", "$", "!", "=", "@", "|", "&", "...", ",", "\n", " ")
KEYWORDS = ("query", "mutation", "subscription", "fragment", "on", "null", "true", "false", "schema", "type")
LITERALS = (
    "99999999999999999999999",
    "-2147483649",
    "2147483648",
    "1e999",
    "0.5",
    '"x"',
    '""',
    '"\\u0000"',
    '"\\ud800"',
    '"""block"""',
    "[1, [2]]",
    "{a: 1}",
    "$undefined",
    "@skip(if: true)",
    "@include(if: $nope)",
    "@deprecated",
    "#comment\n",
    "...F",
    "... on Match",
    "fragment F on Query { __typename }",
)


@dataclass(frozen=True)
class Request:
    """One HTTP request to /graphql: a JSON body (mostly), or a GET's query string."""

    what: str  # what kind of request, for the figure
    content: bytes = b""
    content_type: str = "application/json"
    method: str = "POST"
    params: dict[str, str] = field(default_factory=dict)


@cache
def real_documents() -> tuple[str, ...]:
    games = sorted(REGISTRY)
    generator = (bench.REGISTER, bench.CREATE, bench.JOIN, bench.ADD_BOT, bench.START, bench.RESIGN)
    generator += (bench.SUBMIT, bench.MOVES, bench.OUTCOME, bench.DEADLINE, bench.updates(moves=True))
    views = tuple(bench.view_at(view_selection(game)) for game in games)
    return (*generator, *views, *CONTRACT)


@cache
def schema_names() -> tuple[str, ...]:
    """Every type, field and argument name of the live schema: what a mangled document names instead."""
    names: set[str] = set()
    for name, kind in schema._schema.type_map.items():
        names.add(name)
        for field_name, found in getattr(kind, "fields", {}).items():
            names.add(field_name)
            names.update(getattr(found, "args", {}))
    return tuple(sorted(names))


@cache
def tokens() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(schema_names()),
        st.sampled_from(PUNCTUATION + KEYWORDS + LITERALS),
        st.text(max_size=6),
    )


@st.composite
def mangled(draw: DrawFn, document: str) -> str:
    """``document`` cut, spliced, truncated or renamed, one to three times."""
    text = document
    for _ in range(draw(st.integers(1, 3))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 40)))
        match draw(st.sampled_from(("truncate", "cut", "insert", "rename", "double"))):
            case "truncate":
                text = text[:start]
            case "cut":
                text = text[:start] + text[end:]
            case "insert":
                text = text[:start] + draw(tokens()) + text[start:]
            case "rename":
                text = _rename(text, draw(st.integers(0, 10**6)), draw(tokens()))
            case "double":
                text = text[:end] + text[start:end] + text[end:]
    return text


def _rename(text: str, which: int, new: str) -> str:
    names = list(re.finditer(r"[_A-Za-z][_0-9A-Za-z]*", text))
    if not names:
        return text + new
    found = names[which % len(names)]
    return text[: found.start()] + new + text[found.end() :]


@cache
def built() -> st.SearchStrategy[str]:
    """Documents at and past each limit, and ones that break a validation rule."""
    aliases, depth = settings.GRAPHQL_MAX_ALIASES, settings.GRAPHQL_MAX_DEPTH
    around = st.sampled_from([-1, 0, 1, 10])
    return st.one_of(
        around.map(lambda extra: "{ " + " ".join(f"a{i}: __typename" for i in range(aliases + extra)) + " }"),
        around.map(lambda extra: "{" + " f {" * (depth + extra) + " x" + " }" * (depth + extra) + " }"),
        st.integers(1, 3000).map(lambda n: "{" + " a {" * n + " }" * n + " }"),
        st.integers(1, 60).map(_fragment_chain),
        st.integers(1, 200).map(lambda n: "{ " + "games { key } " * n + "}"),
        st.integers(1, 3000).map(lambda n: "{ " + "__typename " * n + "}"),
        st.sampled_from(RULE_BREAKERS),
    )


RULE_BREAKERS = (
    "fragment A on Query { ...B } fragment B on Query { ...A } { ...A }",
    "query A { __typename } query B { games { key } }",
    "query($id: ID!) { match(id: $id) { id } }",  # its variable is never sent
    "{ match(id: 1.5) { id } }",
    "{ match(id: null) { id } }",
    '{ matches(status: "ACTIVE", first: 99999999999999999999) { edges { cursor } } }',
    "{ matches(first: -1) { edges { cursor } } }",
    '{ match(id: "1") { events(first: -2147483648, after: 2147483647) { seq } view(atVersion: -1) { game } } }',
    '{ match(id: "1") { nope(x: 1) { id } } }',
    "{ leaderboard(game: 5) { edges { cursor } } }",
    "{ games { key ... on Match { id } } }",
    "{ games }",
    "{ games { key(arg: 1) } }",
    "mutation { submitMove(matchId: 1, move: {}) { __typename } }",
    'mutation { submitMove(matchId: "1", move: {a: {action: X}, b: {action: Y}}) { __typename } }',
    'mutation { createMatch(game: "x", options: {a: [1, {b: null}]}) { error { code } } }',
    "subscription { matchUpdates(matchId: 1) { version } }",
    'query Q($a: Int = "x") { __typename }',
)


def _fragment_chain(length: int) -> str:
    """Each fragment spreads the one before twice: 2**length fields once expanded."""
    chain = ["fragment F0 on Query { __typename }"]
    chain += [f"fragment F{n} on Query {{ ...F{n - 1} ...F{n - 1} }}" for n in range(1, length + 1)]
    return " ".join(chain) + f" {{ ...F{length} }}"


@cache
def documents() -> st.SearchStrategy[str]:
    real = st.sampled_from(real_documents())
    return st.one_of(real, real.flatmap(mangled), real.flatmap(mangled), built(), st.text(max_size=200))


def sensible_variables(table: Table, seen: Snapshot) -> dict[str, Any]:
    """Values that fit the real documents' variables, for this table."""
    moves = [move for seat in range(len(table.seats)) for move in seen.legal_moves(seat)]
    return {
        "id": table.match_id,
        "game": table.game,
        "name": "fuzzer",
        "options": None,
        "move": moves[0] if moves else some_move(table.game),
        "version": max(seen.version - 1, 0),  # the past: the present is what every check reads
        "level": sorted(REGISTRY[table.game].bots or ["heuristic"])[0],
        "after": None,
        "first": 3,
    }


@st.composite
def variables(draw: DrawFn, sensible: dict[str, Any]) -> Any:
    """``sensible`` (values that fit the real documents) with some left out, replaced or added; now and
    then not an object at all."""
    if draw(one_in(10)):
        return draw(json_values())
    chosen = {name: given for name, given in sensible.items() if not draw(one_in(5))}
    for name in draw(st.lists(st.sampled_from(sorted(sensible)), max_size=2)):
        chosen[name] = draw(json_values(max_leaves=4))
    if draw(st.booleans()):
        chosen[draw(texts())] = draw(json_values(max_leaves=2))
    return chosen


# What kind of request: mostly a document in a well-formed body, which is what reaches GraphQL.
KINDS = ("a document",) * 15 + (
    "a body of garbage",
    "a body of JSON that is not an object",
    "a body whose fields have the wrong types",
    "a GET",
    "another content type",
    "a body with half a surrogate pair",
)


@st.composite
def requests(draw: DrawFn, sensible: dict[str, Any]) -> Request:
    document = draw(documents())
    body: dict[str, Any] = {"query": document, "variables": draw(variables(sensible))}
    if draw(one_in(5)):
        body["operationName"] = draw(st.one_of(st.sampled_from(["A", "B", "Q"]), json_values(max_leaves=2)))
    kind = draw(st.sampled_from(KINDS))
    match kind:
        case "a body of garbage":
            return Request(kind, draw(st.binary(max_size=200)))
        case "a body of JSON that is not an object":
            return Request(kind, _json(draw(json_values().filter(lambda value: not isinstance(value, dict)))))
        case "a body whose fields have the wrong types":
            return Request(kind, _json({**body, **draw(_wrong_fields())}))
        case "a GET":
            return Request(kind, method="GET", params={"query": document, "variables": _text(body)})
        case "another content type":
            content_type = draw(
                st.sampled_from(["text/plain", "application/graphql", "", "application/json; x"])
            )
            return Request(kind, _json(body), content_type)
        case "a body with half a surrogate pair":
            return Request(
                kind, _json({**body, "variables": {**_object(body["variables"]), "id": UNPAIRED_SURROGATE}})
            )
    return Request(kind, _json(body))


def _wrong_fields() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional={"query": json_values(), "variables": json_values()})


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _text(body: dict[str, Any]) -> str:
    return json.dumps(body["variables"])


def _json(body: Any) -> bytes:
    return json.dumps(body).encode()
