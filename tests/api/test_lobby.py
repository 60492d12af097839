"""The lobby: create, join, add bots, start; every refusal is a typed ServiceError that changes nothing."""

import pytest

from api.common.errors import ServiceError
from api.matches import services
from api.matches.models import Match, MatchEvent, MatchStatus, Seat
from tests.api.conftest import T0
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db


def refused(code, call, **kwargs):
    with pytest.raises(ServiceError) as error:
        call(**kwargs)
    assert error.value.code == code, error.value.message
    return error.value


def test_creating_a_match_seats_the_host_with_validated_options(alice):
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 7})
    assert match.status == MatchStatus.LOBBY
    assert match.host == alice
    assert match.version == 0
    assert match.options == {"target": 7, "turnSeconds": 30, "freeForAll": False, "revealAfterEnd": True}
    assert len(match.seed) == 32
    assert [(seat.index, seat.player) for seat in match.seats.all()] == [(0, alice)]


def test_options_default_when_omitted(alice):
    match = services.create_match(player=alice, game=count_to_n.KEY, options=None)
    assert match.options["target"] == 10


def test_each_match_gets_its_own_seed(alice):
    first = services.create_match(player=alice, game=count_to_n.KEY)
    second = services.create_match(player=alice, game=count_to_n.KEY)
    assert first.seed != second.seed


def test_an_unknown_game_is_refused(alice):
    refused("UNKNOWN_GAME", services.create_match, player=alice, game="chess", options=None)
    assert not Match.objects.exists()


@pytest.mark.parametrize("options", [{"target": 0}, {"colour": "red"}, {"freeForAll": "yes"}, [1]])
def test_invalid_options_are_refused(alice, options):
    refused("INVALID_OPTIONS", services.create_match, player=alice, game=count_to_n.KEY, options=options)
    assert not Match.objects.exists()


def test_anonymous_callers_must_sign_in(lobby):
    refused("AUTH_REQUIRED", services.create_match, player=None, game=count_to_n.KEY)
    refused("AUTH_REQUIRED", services.join_match, match_id=lobby.id, player=None)
    refused("AUTH_REQUIRED", services.add_bot, match_id=lobby.id, player=None)
    refused("AUTH_REQUIRED", services.start_match, match_id=lobby.id, player=None)
    refused("AUTH_REQUIRED", services.submit_move, match_id=lobby.id, player=None, move={})
    refused("AUTH_REQUIRED", services.resign, match_id=lobby.id, player=None)


def test_joining_takes_the_next_free_seat(lobby, make_player):
    carol = make_player("Carol")
    match = services.join_match(match_id=str(lobby.id), player=carol)
    assert [seat.index for seat in match.seats.all()] == [0, 1, 2]
    assert match.seats.get(index=2).player == carol


def test_joining_twice_is_refused(lobby, bob):
    refused("ALREADY_SEATED", services.join_match, match_id=lobby.id, player=bob)
    assert Seat.objects.filter(match=lobby).count() == 2


def test_a_full_match_refuses_more_players(lobby, alice, make_player):
    for _ in range(6):
        services.add_bot(match_id=lobby.id, player=alice)
    refused("MATCH_FULL", services.join_match, match_id=lobby.id, player=make_player("Zed"))
    refused("MATCH_FULL", services.add_bot, match_id=lobby.id, player=alice)
    assert Seat.objects.filter(match=lobby).count() == 8


@pytest.mark.parametrize("match_id", [999_999, "nope", None])
def test_unknown_matches_are_not_found(alice, match_id):
    refused("MATCH_NOT_FOUND", services.join_match, match_id=match_id, player=alice)
    refused("MATCH_NOT_FOUND", services.add_bot, match_id=match_id, player=alice)
    refused("MATCH_NOT_FOUND", services.start_match, match_id=match_id, player=alice)
    refused("MATCH_NOT_FOUND", services.submit_move, match_id=match_id, player=alice, move={})
    refused("MATCH_NOT_FOUND", services.resign, match_id=match_id, player=alice)
    refused("MATCH_NOT_FOUND", services.abort_match, match_id=match_id)


def test_the_host_adds_a_heuristic_bot_by_default(lobby, alice):
    match = services.add_bot(match_id=lobby.id, player=alice)
    bot = match.seats.get(index=2)
    assert (bot.player, bot.is_bot, bot.bot_level) == (None, True, "heuristic")
    match = services.add_bot(match_id=lobby.id, player=alice, level="random")
    assert match.seats.get(index=3).bot_level == "random"


def test_only_the_host_adds_bots(lobby, bob):
    refused("NOT_HOST", services.add_bot, match_id=lobby.id, player=bob)


def test_an_unknown_bot_level_is_refused(lobby, alice):
    refused("UNKNOWN_BOT", services.add_bot, match_id=lobby.id, player=alice, level="grandmaster")
    assert Seat.objects.filter(match=lobby).count() == 2


def test_starting_deals_and_goes_active(lobby, alice):
    match = services.start_match(match_id=lobby.id, player=alice, now_ms=T0)
    assert match.status == MatchStatus.ACTIVE
    assert match.version == 2
    events = list(MatchEvent.objects.filter(match=match).order_by("seq"))
    assert [(e.seq, e.type, e.seat) for e in events] == [(1, "DeckShuffled", None), (2, "Started", None)]
    assert sorted(events[0].data["deck"]) == list(count_to_n.DECK)  # stored in full, unredacted
    assert events[1].data == {"first": 0, "deadline": T0 + 30_000}
    assert events[0].at.timestamp() * 1000 == T0
    assert [(d.deadline_id, d.at_ms, d.kind) for d in match.deadlines.all()] == [
        ("turn-0", T0 + 30_000, "turn")
    ]


def test_only_the_host_starts(lobby, bob):
    refused("NOT_HOST", services.start_match, match_id=lobby.id, player=bob)
    lobby.refresh_from_db()
    assert (lobby.status, lobby.version) == (MatchStatus.LOBBY, 0)


def test_a_match_needs_its_minimum_of_players(alice):
    match = services.create_match(player=alice, game=count_to_n.KEY)
    refused("NOT_ENOUGH_PLAYERS", services.start_match, match_id=match.id, player=alice)
    assert not MatchEvent.objects.exists()


def test_after_the_start_the_lobby_is_closed(active, alice, make_player):
    refused("NOT_IN_LOBBY", services.start_match, match_id=active.id, player=alice)
    refused("NOT_IN_LOBBY", services.join_match, match_id=active.id, player=make_player("Late"))
    refused("NOT_IN_LOBBY", services.add_bot, match_id=active.id, player=alice)
    assert Seat.objects.filter(match=active).count() == 2
    assert MatchEvent.objects.filter(match=active).count() == 2


def test_starting_with_a_bot_to_act_arms_its_thinking_deadline(alice):
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"freeForAll": True})
    services.add_bot(match_id=match.id, player=alice)
    match = services.start_match(match_id=match.id, player=alice, now_ms=T0)
    assert [(d.deadline_id, d.at_ms, d.kind) for d in match.deadlines.all()] == [("bot-1-2", T0, "bot")]
