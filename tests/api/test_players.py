"""Players register by name and are known afterwards only by a bearer token."""

import hashlib

import pytest

from api.common.errors import ServiceError
from api.players.models import Player
from api.players.selectors import player_for_token
from api.players.services import register_player

pytestmark = pytest.mark.django_db


def test_a_registered_player_gets_a_token_that_is_stored_only_as_its_hash():
    player, token = register_player(name="  Ada  ")
    assert player.name == "Ada"
    assert len(token) >= 40
    stored = Player.objects.get(pk=player.pk)
    assert stored.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in stored.token_hash


def test_the_token_identifies_its_player_and_nothing_else_does():
    player, token = register_player(name="Ada")
    assert player_for_token(token=token) == player
    assert player_for_token(token=token + "x") is None
    assert player_for_token(token="") is None
    assert player_for_token(token=None) is None


def test_two_players_get_different_tokens():
    _, first = register_player(name="Ada")
    _, second = register_player(name="Ada")
    assert first != second


@pytest.mark.parametrize("name", ["", "   ", "x" * 65, None])
def test_a_name_must_be_one_to_64_characters(name):
    with pytest.raises(ServiceError) as error:
        register_player(name=name)
    assert error.value.code == "INVALID_NAME"
    assert not Player.objects.exists()


def test_a_64_character_name_is_fine():
    player, _ = register_player(name="x" * 64)
    assert len(player.name) == 64


@pytest.mark.parametrize(
    "name",
    [
        "\u200b",  # zero-width space only
        "\u200b\u200c\u200d\ufeff",  # zero-width characters only
        "Ada\u202e",  # right-to-left override
        "\u2066Ada\u2069",  # bidi isolates
        "A\x00da",  # NUL: PostgreSQL refuses it outright
        "Ada\nBob",  # a line break
        "\x1b[31mAda",  # a terminal escape
        "...",  # punctuation only
        "\ue000",  # private use
    ],
)
def test_a_name_that_hides_turns_or_smuggles_text_is_refused(name):
    with pytest.raises(ServiceError) as error:
        register_player(name=name)
    assert error.value.code == "INVALID_NAME"
    assert Player.objects.count() == 0


@pytest.mark.parametrize(
    ("name", "stored"),
    [
        ("Zoë", "Zoë"),
        ("Zoe\u0308", "Zoë"),
        ("李小龍", "李小龍"),
        ("Ada   Lovelace", "Ada Lovelace"),
        ("🎲", "🎲"),
    ],
)
def test_names_in_any_script_are_kept_normalised(name, stored):
    player, _token = register_player(name=name)
    assert player.name == stored
