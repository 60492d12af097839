"""The schema: committed, fixed names as DESIGN.md says, typed views mirroring the engine, limits."""

from __future__ import annotations

import dataclasses

import pytest
from graphql import GraphQLInputObjectType, GraphQLInterfaceType, GraphQLObjectType, build_schema

from api.graphql.games import BINDINGS
from api.graphql.management.commands.export_schema_file import default_path, schema_text
from api.graphql.schema import build_schema as build_live_schema
from games.daredevil_rock import views
from games.daredevil_rock.moves import MOVES
from games.registry import REGISTRY
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db(transaction=True)


def sdl() -> dict:
    return build_schema(schema_text()).type_map


def fields(type_name: str) -> set[str]:
    graphql_type = sdl()[type_name]
    assert isinstance(graphql_type, GraphQLObjectType | GraphQLInterfaceType | GraphQLInputObjectType)
    return set(graphql_type.fields)


def test_schema_graphql_is_committed_and_up_to_date():
    path = default_path()
    committed = path.read_text(encoding="utf-8") if path.exists() else ""
    assert committed == schema_text(), "schema.graphql is stale: run `make schema` and commit it"


def test_the_design_names_are_all_there():
    types = sdl()
    query = types["Query"].fields
    assert set(query) >= {
        "games",
        "match",
        "matches",
        "me",
        "leaderboard",
        "seasons",
        "solitaireBoard",
        "player",
    }
    assert set(query["matches"].args) == {"game", "status", "player", "first", "after"}
    assert set(query["leaderboard"].args) == {"game", "season", "first", "after"}  # season: optional
    assert fields("Match") >= {
        "id", "game", "status", "version", "seats", "options", "view", "legalMoves", "deadline", "events",
        "outcome",
    }  # fmt: skip
    assert set(types["Match"].fields["view"].args) == {"atVersion", "asSeat"}
    assert set(types["Match"].fields["events"].args) == {"after", "first", "asSeat"}
    assert fields("Mutation") == {
        "registerPlayer", "createMatch", "joinMatch", "addBot", "startMatch", "submitMove", "resign",
        "removeSeat", "leaveMatch", "rotateToken",
        "quickMatch", "leaveQuickMatch",  # quick-match
        "reclaimSeat",  # stand-ins
    }  # fmt: skip
    submit = types["Mutation"].fields["submitMove"]
    assert set(submit.args) == {"matchId", "move", "expectedVersion", "idempotencyKey"}
    assert str(submit.type) == "SubmitMoveResult!"
    assert {t.name for t in types["SubmitMoveResult"].types} == {"MoveAccepted", "MoveRejected"}
    subscription = types["Subscription"].fields["matchUpdates"]
    assert set(subscription.args) == {"matchId", "afterVersion"}
    assert str(subscription.type) == "MatchUpdate!"
    assert set(types["Subscription"].fields) >= {"matchUpdates", "quickMatchUpdates"}  # quick-match
    assert fields("MatchUpdate") >= {"version", "events", "view"}
    assert set(types["MatchStatus"].values) == {"LOBBY", "ACTIVE", "FINISHED", "ABORTED"}
    assert fields("MatchEvent") == {"seq", "type", "at", "seat", "data", "byStandIn"}
    assert fields("Seat") >= {"index", "player", "isBot"}
    assert fields("LegalMove") == {"label", "input"}
    assert fields("Deadline") == {"id", "at", "kind"}
    assert fields("Outcome") == {"ranks", "scores", "reason", "winners", "ratingChanges"}
    assert fields("GameInfo") >= {"key", "name", "minPlayers", "maxPlayers", "optionsSchema", "bots"}
    assert fields("RegisterPlayerPayload") == {"player", "token"}
    assert fields("MatchPayload") == {"match", "error"}
    assert fields("UserError") == {"code", "message", "retryAfter"}
    assert fields("MoveRejected") == {"code", "message", "retryAfter"}
    assert fields("MoveAccepted") == {"match", "version", "events"}
    assert fields("MatchConnection") == {"edges", "pageInfo"}
    assert fields("PageInfo") == {"hasNextPage", "endCursor"}
    assert fields("LeaderboardEntry") == {
        "rank", "player", "rating", "mu", "sigma", "ordinal", "matches", "wins", "provisional",
    }  # fmt: skip
    assert fields("LeaderboardConnection") == {"edges", "pageInfo", "me", "season"}


def test_move_input_is_one_of_with_one_member_per_game():
    move_input = sdl()["MoveInput"]
    assert move_input.is_one_of
    assert set(move_input.fields) == {binding.graphql_member for binding in BINDINGS.values()}
    assert set(fields("DaredevilRockMove")) == {"action", "level", "column"}
    assert list(sdl()["DaredevilRockAction"].values) == list(MOVES.actions)


def test_every_registered_game_has_its_schema_binding():
    hosted = {key for key in REGISTRY if key != count_to_n.KEY}
    assert hosted <= set(BINDINGS)


def test_the_daredevil_rock_view_mirrors_the_engine_view_field_by_field():
    def camel(name: str) -> str:
        head, *rest = name.split("_")
        return head + "".join(word.title() for word in rest)

    view_fields = {camel(field.name) for field in dataclasses.fields(views.DaredevilRockView)}
    assert fields("DaredevilRockView") == view_fields | {"game", "version"}
    assert fields("GameView") == {"game", "version"}
    assert fields("DaredevilRockSpaceView") == {camel(f.name) for f in dataclasses.fields(views.SpaceView)}
    assert fields("DaredevilRockClimberView") == {
        camel(f.name) for f in dataclasses.fields(views.ClimberView)
    }
    assert fields("DaredevilRockCard") == {"rank", "suit", "copy", "isJoker", "name"}
    # Milliseconds since the epoch do not fit GraphQL's 32-bit Int.
    assert str(sdl()["DaredevilRockView"].fields["deadline"].type) == "DateTime"


async def test_introspection_is_not_limited_by_depth():
    from graphql import get_introspection_query

    result = await build_live_schema(debug=False).execute(get_introspection_query())
    assert result.errors is None


async def test_with_debug_off_a_bug_is_masked_but_a_coded_error_is_not(monkeypatch):
    def broken() -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr("api.graphql.queries.all_games", broken)
    schema = build_live_schema(debug=False)
    masked = await schema.execute("{ games { key } }")
    assert [error.message for error in masked.errors] == ["Unexpected error."]
    coded = await schema.execute('mutation { registerPlayer(name: "") { token } }')
    assert coded.errors[0].extensions == {"code": "INVALID_NAME"}
    unmasked = await build_live_schema(debug=True).execute("{ games { key } }")
    assert unmasked.errors[0].message == "secret internals"


async def test_over_the_websocket_too_a_bug_is_masked_in_each_streamed_result(monkeypatch):
    # The WebSocket runs every operation through `stream`, result by result (a subscription's updates).
    def broken() -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr("api.graphql.queries.all_games", broken)
    streamed = [result async for result in await build_live_schema(debug=False).stream("{ games { key } }")]
    assert [(error.message, error.extensions) for result in streamed for error in result.errors] == [
        ("Unexpected error.", {"code": "INTERNAL_SERVER_ERROR"})
    ]
