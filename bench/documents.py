"""The GraphQL documents the load generator sends: those a frontend following the README would."""

from __future__ import annotations

REGISTER = "mutation($name: String!) { registerPlayer(name: $name) { token player { id } } }"
CREATE = (
    "mutation($game: String!, $options: JSON) { createMatch(game: $game, options: $options) "
    "{ match { id } error { code message } } }"
)
JOIN = "mutation($id: ID!) { joinMatch(matchId: $id) { match { id } error { code message } } }"
ADD_BOT = (
    "mutation($id: ID!, $level: String) { addBot(matchId: $id, level: $level) "
    "{ match { id } error { code message } } }"
)
START = "mutation($id: ID!) { startMatch(matchId: $id) { match { version } error { code message } } }"
RESIGN = "mutation($id: ID!) { resign(matchId: $id) { error { code } } }"
SUBMIT = (
    "mutation($id: ID!, $move: MoveInput!, $version: Int) "
    "{ submitMove(matchId: $id, move: $move, expectedVersion: $version) "
    "{ __typename ... on MoveAccepted { version } ... on MoveRejected { code message } } }"
)
# The README's way to learn what to do after an update (and the fallback while MatchUpdate has none).
MOVES = "query($id: ID!) { match(id: $id) { status version legalMoves { input } } }"
OUTCOME = "query($id: ID!) { match(id: $id) { status version outcome { ranks reason } } }"
DEADLINE = "query($id: ID!) { match(id: $id) { status version deadline { at kind } } }"
UPDATE_MOVES_FIELD = "legalMoves { input }"


def updates(*, moves: bool = False, events: bool = False) -> str:
    """``matchUpdates`` selecting version and status, plus the caller's legal moves and the events' times."""
    fields = ["version", "status"]
    if events:
        fields.append("events { seq at }")
    if moves:
        fields.append(UPDATE_MOVES_FIELD)
    return f"subscription($id: ID!) {{ matchUpdates(matchId: $id) {{ {' '.join(fields)} }} }}"


def view_at(selection: str) -> str:
    """``view(atVersion)`` of one match, with the whole typed view selected (see bench/views.py)."""
    return f"query($id: ID!, $version: Int) {{ match(id: $id) {{ view(atVersion: $version) {selection} }} }}"
