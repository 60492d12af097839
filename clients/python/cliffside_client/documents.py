"""The GraphQL operations the client sends, each named (as the server's logs and any proxy prefer)."""

from __future__ import annotations

ERROR = "error { code message retryAfter }"
PLAYER = "player { id name }"
SEATS = f"seats {{ index isBot botLevel connected standIn {PLAYER} }}"
MATCH = f"id game status version mySeat {SEATS}"
QUEUE = "state matchId seated seats openedAt fillAt waitedSeconds"
EVENT = "seq type at seat data byStandIn"
OUTCOME = "ranks scores reason winners"

# What `follow` asks of every update unless told otherwise (`follow(fields=UPDATE + " view { ... }")`).
UPDATE = (
    f"version status outcome {{ {OUTCOME} }} events {{ {EVENT} }} {SEATS} legalMoves {{ label input }}"
    " view { __typename game version }"
)
# What resuming relies on: always asked for, whatever else is (GraphQL merges a field asked twice).
UPDATE_REQUIRED = "version status events { seq }"

REGISTER = f"mutation RegisterPlayer($name: String!) {{ registerPlayer(name: $name) {{ {PLAYER} token }} }}"
ROTATE_TOKEN = f"mutation RotateToken {{ rotateToken {{ {PLAYER} token {ERROR} }} }}"
GAMES = "query Games { games { key name minPlayers maxPlayers bots rulesVersion optionsSchema } }"

CREATE = (
    "mutation CreateMatch($game: String!, $options: JSON) {"
    f" createMatch(game: $game, options: $options) {{ match {{ {MATCH} }} {ERROR} }} }}"
)


def lobby(operation: str, field: str, arguments: str = "", parameters: str = "") -> str:
    """A MatchPayload mutation on one match: ``field(matchId: $id<arguments>)``."""
    return (
        f"mutation {operation}($id: ID!{parameters}) {{"
        f" {field}(matchId: $id{arguments}) {{ match {{ {MATCH} }} {ERROR} }} }}"
    )


JOIN = lobby("JoinMatch", "joinMatch")
LEAVE = lobby("LeaveMatch", "leaveMatch")
START = lobby("StartMatch", "startMatch")
RESIGN = lobby("Resign", "resign")
RECLAIM = lobby("ReclaimSeat", "reclaimSeat")
ADD_BOT = lobby("AddBot", "addBot", ", level: $level", ", $level: String")
REMOVE_SEAT = lobby("RemoveSeat", "removeSeat", ", seat: $seat", ", $seat: Int!")

QUICK_MATCH = (
    "mutation QuickMatch($game: String!, $seats: Int, $options: JSON) {"
    " quickMatch(game: $game, seats: $seats, options: $options) {"
    f" match {{ {MATCH} }} queue {{ {QUEUE} }} {ERROR} }} }}"
)
LEAVE_QUICK_MATCH = (
    "mutation LeaveQuickMatch($id: ID!) {"
    f" leaveQuickMatch(matchId: $id) {{ match {{ {MATCH} }} queue {{ {QUEUE} }} {ERROR} }} }}"
)
QUICK_MATCH_UPDATES = (
    f"subscription QuickMatchUpdates($id: ID!) {{ quickMatchUpdates(matchId: $id) {{ {QUEUE} }} }}"
)

SUBMIT = (
    "mutation SubmitMove($id: ID!, $move: MoveInput!, $version: Int, $key: String) {"
    " submitMove(matchId: $id, move: $move, expectedVersion: $version, idempotencyKey: $key) {"
    f" __typename ... on MoveAccepted {{ version events {{ {EVENT} }} }}"
    " ... on MoveRejected { code message retryAfter } } }"
)
LEGAL_MOVES = (
    "query LegalMoves($id: ID!) { match(id: $id) { status version waitingOn legalMoves { label input } } }"
)


def match(fields: str) -> str:
    return f"query Match($id: ID!) {{ match(id: $id) {{ {fields} }} }}"


def match_updates(fields: str) -> str:
    return (
        "subscription MatchUpdates($id: ID!, $after: Int) {"
        f" matchUpdates(matchId: $id, afterVersion: $after) {{ {UPDATE_REQUIRED} {fields} }} }}"
    )
