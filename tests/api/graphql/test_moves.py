"""submitMove and legalMoves through GraphQL over HTTP: accepted, each rejection code, idempotency."""

from __future__ import annotations

import random

import pytest

from tests.api.graphql.conftest import Table, active_seat, play_one, start_table

pytestmark = pytest.mark.django_db(transaction=True)

END_TURN = {"daredevilRock": {"action": "END_TURN"}}


async def to_act(table: Table):
    seat = await active_seat(table.host, table.match_id)
    return table.seat(seat), table.seat(1 - seat)


async def version_of(table: Table) -> int:
    return (await table.host.match(table.match_id, "version"))["version"]


async def test_an_accepted_move_reports_the_new_version_and_its_events(table):
    player, _ = await to_act(table)
    before = await version_of(table)
    result = await player.submit(table.match_id, END_TURN)
    assert result["__typename"] == "MoveAccepted"
    assert result["version"] > before
    assert result["match"] == {"id": table.match_id, "version": result["version"], "status": "ACTIVE"}
    assert [event["seq"] for event in result["events"]] == list(range(before + 1, result["version"] + 1))
    assert result["events"][0]["type"] == "TurnEnded"
    assert await version_of(table) == result["version"]


async def test_a_move_out_of_turn_is_rejected_and_changes_nothing(table):
    _, waiting = await to_act(table)
    before = await version_of(table)
    result = await waiting.submit(table.match_id, END_TURN)
    assert result["__typename"] == "MoveRejected"
    assert result["code"] == "NOT_YOUR_TURN"
    assert result["message"]
    assert await version_of(table) == before


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ({"action": "EXAMINE"}, "INVALID_MOVE"),  # needs a level and a column
        ({"action": "END_TURN", "level": 3}, "INVALID_MOVE"),  # takes no level
        ({"action": "CLIMB", "level": 1, "column": 0}, "FACE_DOWN"),  # a rule of the game
        ({"action": "EXAMINE", "level": 9, "column": 0}, "NOT_ADJACENT"),
    ],
)
async def test_an_illegal_move_is_rejected_with_the_game_code(table, move, code):
    player, _ = await to_act(table)
    result = await player.submit(table.match_id, {"daredevilRock": move})
    assert (result["__typename"], result["code"]) == ("MoveRejected", code)


async def test_a_stale_expected_version_is_a_version_mismatch(table):
    player, _ = await to_act(table)
    version = await version_of(table)
    stale = await player.submit(table.match_id, END_TURN, expected_version=version - 1)
    assert (stale["__typename"], stale["code"]) == ("MoveRejected", "VERSION_MISMATCH")
    assert await version_of(table) == version
    fresh = await player.submit(table.match_id, END_TURN, expected_version=version)
    assert fresh["__typename"] == "MoveAccepted"


async def test_a_retried_move_with_the_same_idempotency_key_plays_once(table):
    player, _ = await to_act(table)
    first = await player.submit(table.match_id, END_TURN, idempotency_key="turn-1-end")
    assert first["__typename"] == "MoveAccepted"
    again = await player.submit(table.match_id, END_TURN, idempotency_key="turn-1-end")
    assert again["__typename"] == "MoveAccepted"
    assert again["version"] == first["version"]
    assert [event["seq"] for event in again["events"]] == [event["seq"] for event in first["events"]]
    assert await version_of(table) == first["version"]


async def test_moves_need_a_token_a_seat_an_active_match_and_a_real_match(table, spectator, register):
    assert (await spectator.submit(table.match_id, END_TURN))["code"] == "AUTH_REQUIRED"
    stranger = await register("stranger")
    assert (await stranger.submit(table.match_id, END_TURN))["code"] == "NOT_SEATED"
    assert (await stranger.submit("999999", END_TURN))["code"] == "MATCH_NOT_FOUND"
    assert (await stranger.submit("x1", END_TURN))["code"] == "MATCH_NOT_FOUND"
    lobby_id = (await stranger.create())["match"]["id"]
    assert (await stranger.submit(lobby_id, END_TURN))["code"] == "NOT_ACTIVE"


async def test_a_move_input_needs_exactly_one_member(table):
    player, _ = await to_act(table)
    body = await player.post(
        "mutation($id: ID!, $move: MoveInput!) { submitMove(matchId: $id, move: $move) { __typename } }",
        {"id": table.match_id, "move": {}},
    )
    assert body["data"] is None
    assert "exactly one key" in body["errors"][0]["message"]
    body = await player.post(
        "mutation($id: ID!) { submitMove(matchId: $id, move: {daredevilRock: {action: JUMP}}) { __typename } }",
        {"id": table.match_id},
    )
    assert body["errors"]  # not a DaredevilRockAction: graphql-core refuses it before any resolver


async def test_only_the_seat_to_act_has_legal_moves(table, spectator):
    player, waiting = await to_act(table)
    assert await waiting.legal_moves(table.match_id) == []
    assert await spectator.legal_moves(table.match_id) == []
    moves = await player.legal_moves(table.match_id)
    assert {"label": "End your turn", "input": END_TURN} in moves
    assert {
        "label": "Examine the card at level 1, column 1",
        "input": {"daredevilRock": {"action": "EXAMINE", "level": 1, "column": 0}},
    } in moves
    for move in moves:
        assert set(move["input"]) == {"daredevilRock"}
        assert move["label"][0].isupper()


async def test_every_legal_move_of_a_fresh_match_is_accepted_as_sent(register):
    first = await start_table(register)
    player, _ = await to_act(first)
    opening = await player.legal_moves(first.match_id)
    assert len(opening) > 1
    for index in range(len(opening)):
        table = first if index == 0 else await start_table(register)
        player, _ = await to_act(table)
        moves = await player.legal_moves(table.match_id)
        assert [move["input"] for move in moves] == [move["input"] for move in opening]
        result = await player.submit(table.match_id, moves[index]["input"])
        assert result["__typename"] == "MoveAccepted", (moves[index], result)


async def test_any_legal_move_is_accepted_all_match_long(table):
    chooser = random.Random(7)
    for _ in range(60):
        result = await play_one(table, chooser.choice)
        assert result["__typename"] == "MoveAccepted", result
        if result["match"]["status"] != "ACTIVE":
            break


async def test_a_move_for_another_game_than_the_match_plays_is_wrong_game(table):
    from api.matches.game_keys import games as game_keys

    player, _ = await to_act(table)
    game_keys._keys[int(table.match_id)] = "cliffs-n-cactuses"  # as if the match played another game
    result = await player.submit(table.match_id, END_TURN)
    assert (result["__typename"], result["code"]) == ("MoveRejected", "WRONG_GAME")


async def test_waiting_on_names_the_seat_to_act_for_every_caller(table, spectator):
    seat = await active_seat(table.host, table.match_id)
    for caller in (table.host, table.guest, spectator):
        assert (await caller.match(table.match_id, "waitingOn"))["waitingOn"] == [seat]
