"""Fuzzed ``submitMove`` calls on a table: the move derived from its game's own move types (well-typed and
malformed, by tests/conformance/fuzz.py), a legal move (of the seat, or of another one), another game's
move, or any JSON at all; sent from a seat, a player with no seat, a spectator or an unknown token; with
the match's id or another, and a right, stale, future or absurd ``expectedVersion`` and idempotency key.

Nothing here names a game: each game's moves come from its ``MoveCodec`` and its MoveInput member from
its schema binding.
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
# The typed and legal moves twice: they are the ones the game itself must refuse (or accept).
MOVES = (
    *("typed", "legal") * 2,
    *("malformed", "legal for another seat", "JSON member", "JSON move", "other game"),
)


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


@st.composite
def submissions(draw: st.DrawFn, table: Table, seen: Snapshot) -> Submission:
    """One call. What is drawn never depends on the match's state (hypothesis replays the draws of one
    example as the next one's starting point): a legal move or a key sent before is drawn as a number,
    and only then looked up in the state."""
    senders = [(f"seat {seat}", token, seat) for seat, token in enumerate(table.seats)]
    senders += [
        ("outsider", table.outsider, None),
        ("spectator", None, None),
        ("stranger", STRANGER_TOKEN, None),
    ]
    # Seats are what matters most: they are the ones who could change the match.
    sender, token, seat = draw(st.sampled_from(senders[: len(table.seats)]) | st.sampled_from(senders))
    kind = draw(st.sampled_from(MOVES))
    move = draw(_move(kind, table, seen, seat))
    variables = {"id": draw(_match_id(table)), "move": move}
    if draw(st.booleans()):
        variables["expected"] = draw(_version(seen.version))
    if draw(st.booleans()):
        variables["key"] = draw(_key(table))
    return Submission(sender, token, seat, kind, variables)


def _move(kind: str, table: Table, seen: Snapshot, seat: int | None) -> st.SearchStrategy[Any]:
    game = table.game
    if kind == "typed":
        return typed(game)
    if kind == "malformed":
        return st.sampled_from(malformed(game))
    if kind.startswith("legal"):
        return st.integers(0, 2**16).map(lambda number: _legal(kind, table, seen, seat, number))
    if kind == "JSON member":
        return st.builds(lambda value: {member(game): value}, json_values())
    if kind == "other game":
        others = sorted(key for key in REGISTRY if key != game and binding_for(key) is not None)
        return st.sampled_from(others).flatmap(typed) if others else typed(game)
    return json_values()


def _legal(kind: str, table: Table, seen: Snapshot, seat: int | None, number: int) -> Any:
    """The sender's legal move (for "legal", when it has one), else another seat's, else a typed move."""
    moves = seen.legal_moves(seat) if kind == "legal" and seat is not None else []
    if not moves:
        moves = [
            move for other in range(len(table.seats)) if other != seat for move in seen.legal_moves(other)
        ]
    return moves[number % len(moves)] if moves else some_move(table.game, number)


def _sometimes(usual: st.SearchStrategy[Any], odd: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``odd`` one time in ten: an odd id, version or key spoils the whole request (a GraphQL error),
    so each is kept rare enough that most moves reach the game and its typed rejections."""
    return one_in(10).flatmap(lambda odd_one: odd if odd_one else usual)


def _match_id(table: Table) -> st.SearchStrategy[Any]:
    return _sometimes(st.just(table.match_id), st.sampled_from(NO_SUCH_IDS) | json_values())


def _version(version: int) -> st.SearchStrategy[Any]:
    near = st.sampled_from([None, version, version, version - 1, version + 1, 0, -1])
    return _sometimes(near, numbers() | json_values())


def _key(table: Table) -> st.SearchStrategy[Any]:
    fresh = st.uuids().map(str)
    sent = st.integers(0, 2**16).map(
        lambda number: table.keys[number % len(table.keys)] if table.keys else ""
    )
    return _sometimes(st.one_of(st.none(), fresh, sent), texts() | json_values())
