"""JSON values to fuzz a request with: what any client may put in a body, the odd ones first.

Every value here survives ``json.dumps`` (no NaN, no infinity), so the request is well-formed JSON and
what is tested is how the service reads it, not whether the client could send it. Strategies are built
once (``cache``): hypothesis validates a strategy each time one is made, which cost more than the draws.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from hypothesis import strategies as st

# Numbers at the edges of what the request path reads: GraphQL's Int (32 bits), orjson's ints (64 bits;
# past them it reads a float), floats that are whole numbers, and huge or tiny ones.
EDGE_NUMBERS: tuple[int | float, ...] = (
    0,
    -1,
    2**31 - 1,
    2**31,
    -(2**31) - 1,
    2**53 + 1,
    2**63,
    2**64,
    10**30,
    -(10**30),
    0.0,
    -0.0,
    3.0,
    1.5,
    1e300,
    -1e-300,
)
# Texts that look like other JSON types, NUL (which PostgreSQL cannot store), a card, and a long one.
EDGE_TEXTS = ("", " ", "null", "0", "true", "[]", "\x00", "🂡", "x" * 300)
# Half a surrogate pair: UTF-8 cannot carry it, json.dumps writes it as an escape, RFC 8259 leaves its
# meaning undefined. Kept apart (see has_unpaired_surrogate): the service refuses the whole body.
UNPAIRED_SURROGATE = "\ud800"
DEEPEST = 400  # nesting levels of the deepest value: past any recursion a reader might do per level


@cache
def numbers() -> st.SearchStrategy[int | float]:
    return st.one_of(
        st.sampled_from(EDGE_NUMBERS), st.integers(), st.floats(allow_nan=False, allow_infinity=False)
    )


@cache
def texts() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(EDGE_TEXTS), st.text(max_size=12))


@cache
def scalars() -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), st.booleans(), numbers(), texts())


@cache
def json_values(max_leaves: int = 10) -> st.SearchStrategy[Any]:
    """Any JSON value: scalars, and lists and objects of them a few levels deep, or one very deep."""
    shallow = st.recursive(
        scalars(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts(), inner, max_size=4),
        max_leaves=max_leaves,
    )
    return st.one_of(shallow, st.builds(nested, scalars(), st.integers(1, DEEPEST)))


@cache
def json_objects(max_leaves: int = 10) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(texts(), json_values(max_leaves), max_size=4)


def nested(leaf: Any, depth: int) -> Any:
    """``leaf`` inside ``depth`` levels of lists and objects, alternately."""
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"deeper": value}
    return value


def has_unpaired_surrogate(value: Any) -> bool:
    """Does ``value`` hold a text with half a surrogate pair? JSON can write one (as an escape), RFC 8259
    leaves its meaning undefined, and the service's JSON reader refuses the body (INVALID_JSON)."""
    match value:
        case str():
            return any("\ud800" <= char <= "\udfff" for char in value)
        case list():
            return any(has_unpaired_surrogate(item) for item in value)
        case dict():
            return any(
                has_unpaired_surrogate(key) or has_unpaired_surrogate(item) for key, item in value.items()
            )
    return False


@cache
def one_in(n: int) -> st.SearchStrategy[bool]:
    """True about one time in ``n``. Hypothesis leans towards drawing 0, so 0 is the usual case: False."""
    return st.integers(0, n - 1).map(lambda roll: roll == n - 1)


NAME = re.compile(r"[_A-Za-z][_0-9A-Za-z]*\Z")
LITERAL_DEPTH = (
    8  # deeper values go as variables: the document's own depth and token limits would refuse them
)
LITERAL_CHARACTERS = 400


def literal(value: Any) -> str | None:
    """``value`` as a GraphQL literal (a JSON argument written into the document), or None when it cannot
    be one: an object key that is not a GraphQL name, an unpaired surrogate, or too big a value."""
    written = _literal(value, LITERAL_DEPTH)
    return written if written is not None and len(written) <= LITERAL_CHARACTERS else None


def _literal(value: Any, depth: int) -> str | None:
    if depth == 0:
        return None
    match value:
        case None | bool():
            return json.dumps(value)
        case int() | float():
            return repr(value)
        case str():
            return None if has_unpaired_surrogate(value) else json.dumps(value)
        case list():
            items = [_literal(item, depth - 1) for item in value]
            return None if None in items else "[" + ", ".join(items) + "]"  # type: ignore[arg-type]
        case dict():
            if not all(NAME.match(key) for key in value):
                return None
            fields = {key: _literal(item, depth - 1) for key, item in value.items()}
            return (
                None
                if None in fields.values()
                else "{" + ", ".join(f"{k}: {v}" for k, v in fields.items()) + "}"
            )
    return None
