"""Players and the lobby through GraphQL over HTTP: register, me, games, create, join, addBot, start."""

from __future__ import annotations

import jsonschema
import pytest

from tests.api.graphql.conftest import NO_TIMER

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_registered_player_gets_a_token_that_signs_it_in(register):
    ada = await register("  Ada  ")
    assert ada.name == "Ada"
    assert ada.token and len(ada.token) >= 32
    me = await ada.run("{ me { id name createdAt } }")
    assert me["me"]["id"] == ada.id
    assert me["me"]["name"] == "Ada"


async def test_me_is_null_without_a_token(spectator):
    assert (await spectator.run("{ me { id } }"))["me"] is None


@pytest.mark.parametrize(
    "authorization", ["Bearer not-a-token", "Bearer", "Basic YWRhOmFkYQ==", "Bearer a b"]
)
async def test_a_token_that_names_no_player_is_a_401_never_a_spectator(http, authorization):
    response = await http.post(
        "/graphql/", json={"query": "{ me { id } }"}, headers={"Authorization": authorization}
    )
    assert response.status_code == 401
    assert response.json()["errors"][0]["extensions"]["code"] == "INVALID_TOKEN"


async def test_a_blank_name_is_refused_with_a_stable_code(spectator):
    body = await spectator.post('mutation { registerPlayer(name: "   ") { token } }')
    assert body["data"] is None
    (error,) = body["errors"]
    assert error["extensions"]["code"] == "INVALID_NAME"


async def test_games_lists_daredevil_rock_with_a_json_schema_for_its_options(spectator):
    data = await spectator.run(
        "{ games { key name designer minPlayers maxPlayers summary optionsSchema bots } }"
    )
    (game,) = [game for game in data["games"] if game["key"] == "daredevil-rock"]
    assert game["name"] == "Daredevil Rock"
    assert (game["minPlayers"], game["maxPlayers"]) == (1, 4)
    assert set(game["bots"]) >= {"random", "heuristic"}
    schema = game["optionsSchema"]
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate({"turnSeconds": 0, "blindMansBluff": True}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"turnSeconds": "soon"}, schema)


async def test_create_match_seats_the_host_and_fills_in_default_options(register):
    host = await register("host")
    payload = await host.create({"turnSeconds": 0})
    assert payload["error"] is None
    match = payload["match"]
    assert match["game"] == "daredevil-rock"
    assert match["status"] == "LOBBY"
    assert match["version"] == 0
    assert match["options"]["turnSeconds"] == 0
    assert match["options"]["revealAfterEnd"] is True  # a default, filled in
    assert match["seats"] == [
        {"index": 0, "isBot": False, "botLevel": None, "player": {"id": host.id, "name": "host"}}
    ]
    assert match["outcome"] is None


@pytest.mark.parametrize(
    ("game", "options", "code"),
    [
        ("no-such-game", None, "UNKNOWN_GAME"),
        ("daredevil-rock", {"turnSeconds": -1}, "INVALID_OPTIONS"),
        ("daredevil-rock", {"colour": "red"}, "INVALID_OPTIONS"),
        ("daredevil-rock", ["not", "an", "object"], "INVALID_OPTIONS"),
    ],
)
async def test_create_match_refuses_bad_input_with_a_user_error(register, game, options, code):
    host = await register()
    payload = await host.create(options, game=game)
    assert payload["match"] is None
    assert payload["error"]["code"] == code
    assert payload["error"]["message"]


async def test_lobby_mutations_need_a_token(spectator, register):
    host = await register()
    match_id = (await host.create())["match"]["id"]
    assert (await spectator.create())["error"]["code"] == "AUTH_REQUIRED"
    for mutation in ("joinMatch", "addBot", "startMatch", "resign"):
        payload = await spectator.lobby(mutation, match_id)
        assert payload == {
            "match": None,
            "error": {"code": "AUTH_REQUIRED", "message": payload["error"]["message"]},
        }


async def test_join_match_takes_the_next_seat_once(register):
    host, guest = await register("host"), await register("guest")
    match_id = (await host.create())["match"]["id"]
    joined = await guest.lobby("joinMatch", match_id)
    assert joined["error"] is None
    assert [(seat["index"], seat["player"]["name"]) for seat in joined["match"]["seats"]] == [
        (0, "host"),
        (1, "guest"),
    ]
    again = await guest.lobby("joinMatch", match_id)
    assert again["error"]["code"] == "ALREADY_SEATED"


@pytest.mark.parametrize("match_id", ["999999", "not-a-number", "-1"])
async def test_an_unknown_match_is_match_not_found(register, match_id):
    guest = await register()
    assert (await guest.lobby("joinMatch", match_id))["error"]["code"] == "MATCH_NOT_FOUND"
    assert await guest.match(match_id) is None


async def test_a_full_match_refuses_another_player(register):
    host = await register("host")
    match_id = (await host.create())["match"]["id"]
    for _ in range(3):
        assert (await (await register()).lobby("joinMatch", match_id))["error"] is None
    assert (await (await register()).lobby("joinMatch", match_id))["error"]["code"] == "MATCH_FULL"


async def test_the_host_adds_bots_by_level(register):
    host, guest = await register("host"), await register("guest")
    match_id = (await host.create())["match"]["id"]
    default = await host.lobby("addBot", match_id)
    assert default["error"] is None
    assert default["match"]["seats"][1] == {
        "index": 1,
        "isBot": True,
        "botLevel": "heuristic",
        "player": None,
    }
    chosen = await host.lobby("addBot", match_id, level="random")
    assert chosen["match"]["seats"][2]["botLevel"] == "random"
    assert (await host.lobby("addBot", match_id, level="grandmaster"))["error"]["code"] == "UNKNOWN_BOT"
    assert (await guest.lobby("addBot", match_id))["error"]["code"] == "NOT_HOST"


async def test_the_host_starts_the_match_and_the_lobby_closes(register):
    host, guest, late = await register("host"), await register("guest"), await register("late")
    match_id = (await host.create(NO_TIMER))["match"]["id"]
    await guest.lobby("joinMatch", match_id)
    assert (await guest.lobby("startMatch", match_id))["error"]["code"] == "NOT_HOST"
    started = await host.lobby("startMatch", match_id)
    assert started["error"] is None
    assert started["match"]["status"] == "ACTIVE"
    assert started["match"]["version"] >= 2  # the deal and the first turn
    assert (await host.lobby("startMatch", match_id))["error"]["code"] == "NOT_IN_LOBBY"
    assert (await late.lobby("joinMatch", match_id))["error"]["code"] == "NOT_IN_LOBBY"


async def test_resigning_needs_a_seat_and_an_active_match(register, table):
    stranger = await register("stranger")
    assert (await stranger.lobby("resign", table.match_id))["error"]["code"] == "NOT_SEATED"
    lobby_id = (await stranger.create())["match"]["id"]
    assert (await stranger.lobby("resign", lobby_id))["error"]["code"] == "NOT_ACTIVE"


async def test_resigning_leaves_the_last_climber_standing_as_the_winner(table):
    payload = await table.guest.lobby("resign", table.match_id)
    assert payload["error"] is None
    match = payload["match"]
    assert match["status"] == "FINISHED"
    assert match["outcome"]["winners"] == [0]
    assert match["outcome"]["ranks"] == [1, 2]
    assert match["outcome"]["reason"]
    assert len(match["outcome"]["scores"]) == 2
