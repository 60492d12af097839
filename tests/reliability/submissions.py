"""Fuzzed ``submitMove`` calls on a table, from what its game declares:

- a seat's own legal move, sent as it should be (it moves the match on), or with one thing wrong: from
  another seat, a player with no seat, no token or an unknown one, at a stale or future version, to
  another match, or as another game's move;
- moves derived from the game's move types by tests/conformance/fuzz.py, well-typed or malformed;
- another game's move, or any JSON at all, as the member or as the whole MoveInput;

from anyone, with the match's id or another, and a right, stale, future or absurd ``expectedVersion``
and idempotency key (new, sent before, or not a string). Nothing here names a game: each game's moves
come from its ``MoveCodec`` and its MoveInput member from its schema binding.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import strategies as st

from api.graphql.games import binding_for
from games.core.chance import Chance
from games.registry import REGISTRY
from tests.conformance import fuzz
from tests.reliability.matches import STRANGER_TOKEN, Snapshot, Table
from tests.reliability.values import json_values, numbers, one_in, texts

SUBMIT = """mutation($id: ID!, $move: MoveInput!, $expected: Int, $key: String) {
  submitMove(matchId: $id, move: $move, expectedVersion: $expected, idempotencyKey: $key) {
    __typename ... on MoveAccepted { version } ... on MoveRejected { code message }
  }
}"""
NO_SUCH_IDS = ("0", "999999999", "-1", "1.5", "abc", "", "9" * 19, " 1")
# What a call sends. A seat's own legal move, sent as it should be, moves the match on; the same move
# with one thing wrong must be refused; the rest comes from anyone, about any match and version.
MOVES = (
    *("legal", "legal, one thing wrong", "legal, one thing wrong", "typed") * 2,
    *("malformed", "JSON member", "JSON move", "other game"),
)
WRONGS = (
    "from another seat",
    "from a player with no seat",
    "with no token",
    "with a token of nobody",
    "at a stale version",
    "at a future version",
    "to another match",
    "as another game's move",
)
UNSEATED = {
    "from a player with no seat": "outsider",
    "with no token": "spectator",
    "with a token of nobody": "stranger",
}


@dataclass(frozen=True)
class Submission:
    sender: str  # "seat 1", "outsider", "spectator" or "stranger"
    token: str | None
    seat: int | None  # the sender's seat, if any
    move_kind: str
    variables: dict[str, Any]

    @property
    def expected_version(self) -> Any:
        return self.variables.get("expected")


def member(game: str) -> str:
    binding = binding_for(game)
    assert binding is not None, f"{game} has no MoveInput member"
    return binding.graphql_member


@cache
def malformed(game: str) -> tuple[dict[str, Any], ...]:
    return tuple({member(game): dict(move)} for _why, move in fuzz.malformed_moves(REGISTRY[game].moves))


def some_move(game: str, number: int = 0) -> dict[str, Any]:
    """A well-typed move of ``game``, the same for the same ``number``."""
    return {member(game): fuzz.typed_move(REGISTRY[game].moves, Chance(f"fuzz {number}", 0))}


@cache
def typed(game: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.integers(0, 2**32).map(lambda number: some_move(game, number))


def senders(table: Table) -> list[tuple[str, str | None, int | None]]:
    """Everyone who may call: each seat, a player with no seat here, a spectator, an unknown token."""
    seated = [(f"seat {seat}", token, seat) for seat, token in enumerate(table.seats)]
    others = [
        ("outsider", table.outsider, None),
        ("spectator", None, None),
        ("stranger", STRANGER_TOKEN, None),
    ]
    return seated + others


@st.composite
def submissions(draw: st.DrawFn, table: Table, seen: Snapshot) -> Submission:
    """One call. What is drawn never depends on the match's state (hypothesis replays the draws of one
    example as the next one's starting point): a legal move or a key sent before is drawn as a number,
    and only then looked up in the state."""
    kind = draw(st.sampled_from(MOVES))
    if kind.startswith("legal"):
        key = draw(st.one_of(st.none(), st.uuids().map(str)))  # a key sent before would refuse it
        legal = _legal(table, seen, draw(st.integers(0, 2**16)), key)
        return legal if kind == "legal" else draw(_one_thing_wrong(legal, table, seen))
    sender, token, seat = draw(st.sampled_from(senders(table)))
    variables = {"id": draw(_match_id(table)), "move": draw(_move(kind, table.game))}
    # Left out now and then: an absent argument and a null one are read apart.
    if not draw(one_in(5)):
        variables["expected"] = draw(_version(seen.version))
    if not draw(one_in(5)):
        variables["key"] = draw(_key(table))
    return Submission(sender, token, seat, kind, variables)


def _legal(table: Table, seen: Snapshot, number: int, key: Any) -> Submission:
    """A seat's legal move from that seat, at the match's version (or a typed move, when none has one)."""
    moves = [(seat, move) for seat in range(len(table.seats)) for move in seen.legal_moves(seat)]
    seat, move = moves[number % len(moves)] if moves else (0, some_move(table.game, number))
    variables = {"id": table.match_id, "move": move, "expected": (None, seen.version)[number % 2], "key": key}
    return Submission(f"seat {seat}", table.seats[seat], seat, "legal", variables)


@st.composite
def _one_thing_wrong(draw: st.DrawFn, legal: Submission, table: Table, seen: Snapshot) -> Submission:
    wrong = draw(st.sampled_from(WRONGS))
    sender: tuple[str, str | None, int | None] = (legal.sender, legal.token, legal.seat)
    variables = dict(legal.variables)
    match wrong:
        case "from another seat":
            others = len(table.seats) - 1
            seat = ((legal.seat or 0) + 1 + draw(st.integers(0, 5)) % others) % len(table.seats)
            sender = (f"seat {seat}", table.seats[seat], seat)
        case "from a player with no seat" | "with no token" | "with a token of nobody":
            sender = next(caller for caller in senders(table) if caller[0] == UNSEATED[wrong])
        case "at a stale version":
            variables["expected"] = seen.version - draw(st.integers(1, 3))
        case "at a future version":
            variables["expected"] = seen.version + draw(st.integers(1, 3))
        case "to another match":
            variables["id"] = draw(st.sampled_from(NO_SUCH_IDS))
        case "as another game's move":
            other = draw(st.sampled_from(sorted(set(REGISTRY) - {table.game})))
            variables["move"] = {member(other): next(iter(variables["move"].values()))}
    return Submission(*sender, f"legal, {wrong}", variables)


def _move(kind: str, game: str) -> st.SearchStrategy[Any]:
    if kind == "typed":
        return typed(game)
    if kind == "malformed":
        return st.sampled_from(malformed(game))
    if kind == "JSON member":
        return st.builds(lambda value: {member(game): value}, json_values())
    if kind == "other game":
        others = sorted(key for key in REGISTRY if key != game and binding_for(key) is not None)
        return st.sampled_from(others).flatmap(typed) if others else typed(game)
    return json_values()


def _sometimes(usual: st.SearchStrategy[Any], odd: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``odd`` one time in ten: an odd id, version or key spoils the whole request (a GraphQL error),
    so each is kept rare enough that most moves reach the game and its typed rejections."""
    return one_in(10).flatmap(lambda odd_one: odd if odd_one else usual)


def _match_id(table: Table) -> st.SearchStrategy[Any]:
    return _sometimes(st.just(table.match_id), st.sampled_from(NO_SUCH_IDS) | json_values())


def _version(version: int) -> st.SearchStrategy[Any]:
    # Half of them let a move through (none, or the match's own version), half must stop it.
    near = st.sampled_from([None, version, None, version, version - 1, version + 1, 0, -1])
    return _sometimes(near, numbers() | json_values())


def _key(table: Table) -> st.SearchStrategy[Any]:
    fresh = st.uuids().map(str)
    sent = st.integers(0, 2**16).map(
        lambda number: table.keys[number % len(table.keys)] if table.keys else ""
    )
    return _sometimes(st.one_of(st.none(), fresh, sent), texts() | json_values())
