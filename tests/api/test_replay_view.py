"""GET /api/matches/<id>/replay.json: the caller's redacted log, or everything once the match is over."""

import pytest

from api.matches import services
from api.players.services import register_player
from tests.api import toy_game
from tests.api.conftest import T0

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    """Alice and Bob with tokens, in a started match where Alice drew a card."""
    alice, alice_token = register_player(name="Alice")
    bob, bob_token = register_player(name="Bob")
    match = services.create_match(player=alice, game=toy_game.KEY)
    services.join_match(match_id=match.id, player=bob)
    services.start_match(match_id=match.id, player=alice, now_ms=T0)
    services.submit_move(match_id=match.id, player=alice, move={"action": "DRAW"}, now_ms=T0 + 1)
    return {"match": match, "alice": alice, "bob": bob, "alice_token": alice_token, "bob_token": bob_token}


def replay(client, match_id, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(f"/api/matches/{match_id}/replay.json", headers=headers)


def test_a_seat_sees_its_own_card_and_no_seed(client, table):
    response = replay(client, table["match"].id, table["alice_token"])
    assert response.status_code == 200
    body = response.json()
    assert body["viewer"] == "seat 0"
    assert "seed" not in body
    assert body["match"] == {
        "id": table["match"].id,
        "game": toy_game.KEY,
        "status": "ACTIVE",
        "options": {"target": 10, "turnSeconds": 30, "freeForAll": False, "revealAfterEnd": True},
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


def test_the_other_seat_and_spectators_see_only_the_public_forms(client, table):
    for token, viewer in ((table["bob_token"], "seat 1"), (None, "spectator"), ("not-a-token", "spectator")):
        body = replay(client, table["match"].id, token).json()
        assert body["viewer"] == viewer
        assert [e["type"] for e in body["events"]] == ["DeckReady", "Started", "CardTaken"]
        assert body["events"][2]["data"] == {"seat": 0}
        assert "seed" not in body
        assert "deck" not in str(body)


def test_after_the_end_everyone_gets_the_full_log_and_the_seed(client, table):
    services.resign(match_id=table["match"].id, player=table["bob"], now_ms=T0 + 2)
    body = replay(client, table["match"].id).json()
    assert body["viewer"] == "everyone"
    assert body["seed"] == table["match"].seed
    assert [e["type"] for e in body["events"]] == ["DeckShuffled", "Started", "CardDrawn", "Resigned"]
    assert len(body["events"][0]["data"]["deck"]) == 20


def test_unknown_matches_are_a_json_404(client, db):
    for match_id in ("999999", "abc"):
        response = replay(client, match_id)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "MATCH_NOT_FOUND"


def test_only_get_is_allowed(client, table):
    assert client.post(f"/api/matches/{table['match'].id}/replay.json").status_code == 405
