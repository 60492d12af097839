"""GET /api/matches/<id>/replay.json: the caller's redacted log, or everything once the match is over.

Through the whole ASGI application, as a client calls it: the bearer middleware in front of every route
is what tells the view who is asking.
"""

import httpx
import pytest
from asgiref.sync import sync_to_async

from api.matches import services
from api.players.services import register_player
from config.asgi import application
from tests.api.conftest import T0
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
async def client():
    transport = httpx.ASGITransport(app=application)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        yield http


@pytest.fixture
def table():
    """Alice and Bob with tokens, in a started match where Alice drew a card."""
    alice, alice_token = register_player(name="Alice")
    bob, bob_token = register_player(name="Bob")
    match = services.create_match(player=alice, game=count_to_n.KEY)
    services.join_match(match_id=match.id, player=bob)
    services.start_match(match_id=match.id, player=alice, now_ms=T0)
    services.submit_move(match_id=match.id, player=alice, move={"action": "DRAW"}, now_ms=T0 + 1)
    return {"match": match, "alice": alice, "bob": bob, "alice_token": alice_token, "bob_token": bob_token}


async def replay(client, match_id, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return await client.get(f"/api/matches/{match_id}/replay.json", headers=headers)


async def test_a_seat_sees_its_own_card_and_no_seed(client, table):
    response = await replay(client, table["match"].id, table["alice_token"])
    assert response.status_code == 200
    body = response.json()
    assert body["viewer"] == "seat 0"
    assert "seed" not in body
    assert body["match"] == {
        "id": table["match"].id,
        "game": count_to_n.KEY,
        "status": "ACTIVE",
        "options": {"target": 10, "turnSeconds": 30, "freeForAll": False, "revealAfterEnd": True},
        "rulesVersion": 1,
        "seats": [
            {
                "index": 0,
                "player": {"id": table["alice"].id, "name": "Alice"},
                "isBot": False,
                "botLevel": None,
            },
            {"index": 1, "player": {"id": table["bob"].id, "name": "Bob"}, "isBot": False, "botLevel": None},
        ],
        "version": 3,
    }
    assert [(e["seq"], e["type"]) for e in body["events"]] == [
        (1, "DeckReady"),
        (2, "Started"),
        (3, "CardDrawn"),
    ]
    assert isinstance(body["events"][2]["data"]["card"], int)
    assert body["events"][2]["seat"] == 0
    assert body["events"][0]["at"].startswith("2023-11-14T22:13:20")


async def test_the_other_seat_and_spectators_see_only_the_public_forms(client, table):
    for token, viewer in ((table["bob_token"], "seat 1"), (None, "spectator")):
        body = (await replay(client, table["match"].id, token)).json()
        assert body["viewer"] == viewer
        assert [e["type"] for e in body["events"]] == ["DeckReady", "Started", "CardTaken"]
        assert body["events"][2]["data"] == {"seat": 0}
        assert "seed" not in body
        assert "deck" not in str(body)


async def test_after_the_end_everyone_gets_the_full_log_and_the_seed(client, table):
    await sync_to_async(services.resign)(match_id=table["match"].id, player=table["bob"], now_ms=T0 + 2)
    body = (await replay(client, table["match"].id)).json()
    assert body["viewer"] == "everyone"
    assert body["seed"] == table["match"].seed
    assert [e["type"] for e in body["events"]] == ["DeckShuffled", "Started", "CardDrawn", "Resigned"]
    assert len(body["events"][0]["data"]["deck"]) == 20


async def test_unknown_matches_are_a_json_404(client, db):
    for match_id in ("999999", "abc"):
        response = await replay(client, match_id)
        assert response.status_code == 404
        assert response.json()["errors"][0]["extensions"]["code"] == "MATCH_NOT_FOUND"


async def test_only_get_is_allowed(client, table):
    assert (await client.post(f"/api/matches/{table['match'].id}/replay.json")).status_code == 405


async def test_a_token_that_names_no_player_is_refused_not_taken_for_a_spectator(client, table):
    response = await replay(client, table["match"].id, "not-a-token")
    assert response.status_code == 401
    assert response.json()["errors"][0]["extensions"]["code"] == "INVALID_TOKEN"
