"""What the service answered a fuzzed request, in four kinds, of which only one is a failure:

- ACCEPTED: a typed result that did what was asked (a ``MoveAccepted``, a payload with its match, data);
- REJECTED: a typed rejection of the API (``MoveRejected``, ``MatchPayload.error``) with its code;
- ERROR: GraphQL errors (a parse, validation, limit or variable error, or a refused request's 4xx), every
  one with an ``extensions.code``;
- BUG: anything else: a 5xx, a body that is not a GraphQL response, an error without a code or with the
  code of a masked bug (INTERNAL_SERVER_ERROR). With DEBUG on a bug's message is not masked, but it still
  has no code: either way it is caught.
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

from api.graphql.request_errors import INTERNAL_SERVER_ERROR


class Kind(enum.Enum):
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    ERROR = "GraphQL error"
    BUG = "bug"


@dataclass(frozen=True)
class Answer:
    kind: Kind
    code: str | None  # the rejection's or the first error's code; for a bug, what is wrong
    status: int
    text: str  # the body, for the failure message

    def __str__(self) -> str:
        return f"{self.kind.value} {self.code} (HTTP {self.status}): {self.text[:500]}"


def classify(response: httpx.Response, field: str | None = None) -> Answer:
    """The kind of ``response``; ``field`` names the mutation whose payload tells accepted from rejected."""
    status, text = response.status_code, response.text

    def bug(why: str) -> Answer:
        return Answer(Kind.BUG, why, status, text)

    if status != 200 and not 400 <= status < 500:
        return bug(f"HTTP {status}")
    try:
        body = json.loads(text)
    except ValueError:
        return bug("a body that is not JSON")
    if not isinstance(body, dict):
        return bug("a body that is not a JSON object")
    if body.get("errors"):
        return _errors(body["errors"], status, text)
    if status != 200:
        return bug(f"HTTP {status} without errors")
    if not isinstance(body.get("data"), dict):
        return bug("neither data nor errors")
    data = body["data"]
    if field is None and len(data) == 1:  # one root field: its payload may be a typed rejection
        (field,) = data
    return _payload(data.get(field) if field else data, status, text)


def _errors(errors: Any, status: int, text: str) -> Answer:
    codes = [_code(error) for error in errors] if isinstance(errors, list) else [None]
    if None in codes or INTERNAL_SERVER_ERROR in codes:
        return Answer(Kind.BUG, "an error without a code, or a masked bug", status, text)
    return Answer(Kind.ERROR, codes[0], status, text)


def _code(error: Any) -> str | None:
    extensions = error.get("extensions") if isinstance(error, dict) else None
    code = extensions.get("code") if isinstance(extensions, dict) else None
    return code if isinstance(code, str) and code else None


def _payload(payload: Any, status: int, text: str) -> Answer:
    """A mutation's typed result: a rejection carries its code in ``code`` (MoveRejected) or ``error``."""
    if not isinstance(payload, dict):
        return Answer(Kind.ACCEPTED, None, status, text)
    rejection = payload if payload.get("__typename") == "MoveRejected" else payload.get("error")
    if rejection is None:
        return Answer(Kind.ACCEPTED, None, status, text)
    code = rejection.get("code") if isinstance(rejection, dict) else None
    if not code:
        return Answer(Kind.BUG, "a rejection without a code", status, text)
    return Answer(Kind.REJECTED, code, status, text)


@dataclass
class Tally:
    """How a fuzz run was answered: by kind, and the refusals of each kind by code."""

    kinds: Counter[Kind] = field(default_factory=Counter)
    codes: dict[Kind, Counter[str]] = field(
        default_factory=lambda: {Kind.REJECTED: Counter(), Kind.ERROR: Counter()}
    )

    def add(self, answer: Answer) -> None:
        self.kinds[answer.kind] += 1
        if answer.kind in self.codes and answer.code:
            self.codes[answer.kind][answer.code] += 1

    @property
    def total(self) -> int:
        return sum(self.kinds.values())

    def summary(self) -> str:
        return (
            f"{self.kinds[Kind.ACCEPTED]} accepted, {self._refused(Kind.REJECTED, 'typed rejections')}, "
            f"{self._refused(Kind.ERROR, 'GraphQL errors')}, {self.kinds[Kind.BUG]} answered 500"
        )

    def _refused(self, kind: Kind, what: str) -> str:
        common = ", ".join(f"{code} {count}" for code, count in self.codes[kind].most_common(3))
        return f"{self.kinds[kind]} {what}" + (f" ({common})" if common else "")
