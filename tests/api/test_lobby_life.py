"""A lobby's life: quotas per player, expiry when idle, the host removing a seat, players leaving."""

import pytest

from api.common.errors import ServiceError
from api.matches import services
from api.matches.models import MatchDeadline, MatchStatus, Seat
from tests.api.conftest import T0
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db

MINUTE = 60_000


def refused(code, call, *args, **kwargs):
    with pytest.raises(ServiceError) as error:
        call(*args, **kwargs)
    assert error.value.code == code, error.value.message


def seats_of(match):
    return [
        (seat.index, seat.player_id, seat.is_bot)
        for seat in Seat.objects.filter(match=match).order_by("index")
    ]


def test_a_player_may_sit_in_a_limited_number_of_open_lobbies(settings, alice, make_player):
    settings.MAX_OPEN_LOBBIES_PER_PLAYER = 2
    first = services.create_match(player=alice, game=count_to_n.KEY, now_ms=T0)
    stranger = make_player("Stranger")
    other = services.create_match(player=stranger, game=count_to_n.KEY, now_ms=T0)
    services.join_match(match_id=other.id, player=alice, now_ms=T0)
    refused("TOO_MANY_LOBBIES", services.create_match, player=alice, game=count_to_n.KEY, now_ms=T0)
    third = services.create_match(player=stranger, game=count_to_n.KEY, now_ms=T0)
    refused("TOO_MANY_LOBBIES", services.join_match, match_id=third.id, player=alice, now_ms=T0)
    # Leaving one frees a place.
    services.leave_match(match_id=other.id, player=alice, now_ms=T0)
    services.join_match(match_id=third.id, player=alice, now_ms=T0)
    assert first.status == MatchStatus.LOBBY


def test_a_lobby_expires_when_idle_and_refuses_everything_from_then_on(settings, lobby, alice, make_player):
    settings.LOBBY_TTL_SECONDS = 60
    services.join_match(match_id=lobby.id, player=make_player("Cleo"), now_ms=T0)
    deadline = MatchDeadline.objects.get(match=lobby)
    assert (deadline.deadline_id, deadline.kind, deadline.at_ms) == ("lobby", "lobby", T0 + MINUTE)
    late = T0 + MINUTE
    refused("LOBBY_EXPIRED", services.join_match, match_id=lobby.id, player=make_player("Dee"), now_ms=late)
    refused("LOBBY_EXPIRED", services.start_match, match_id=lobby.id, player=alice, now_ms=late)
    # The timer worker ends it for good.
    assert services.fire_deadline(match_id=lobby.id, deadline_id="lobby", now_ms=late)
    lobby.refresh_from_db()
    assert lobby.status == MatchStatus.ABORTED
    assert lobby.end_reason == "the lobby expired before it started"
    assert not MatchDeadline.objects.filter(match=lobby).exists()


def test_every_change_to_a_lobby_pushes_its_expiry_back(settings, lobby, alice):
    settings.LOBBY_TTL_SECONDS = 60
    services.add_bot(match_id=lobby.id, player=alice, now_ms=T0 + 50_000)
    assert MatchDeadline.objects.get(match=lobby).at_ms == T0 + 50_000 + MINUTE
    assert not services.fire_deadline(match_id=lobby.id, deadline_id="lobby", now_ms=T0 + MINUTE)
    lobby.refresh_from_db()
    assert lobby.status == MatchStatus.LOBBY


def test_the_deal_ends_the_lobby_timer(lobby, alice):
    started = services.start_match(match_id=lobby.id, player=alice, now_ms=T0)
    assert not MatchDeadline.objects.filter(match=started, kind="lobby").exists()
    assert not services.fire_deadline(match_id=lobby.id, deadline_id="lobby", now_ms=T0 + 10**9)


def test_the_host_removes_a_guest_and_later_seats_move_down(lobby, alice, bob, make_player):
    cleo = make_player("Cleo")
    services.join_match(match_id=lobby.id, player=cleo, now_ms=T0)
    services.add_bot(match_id=lobby.id, player=alice, now_ms=T0)
    services.remove_seat(match_id=lobby.id, player=alice, seat=1, now_ms=T0)
    assert seats_of(lobby) == [(0, alice.id, False), (1, cleo.id, False), (2, None, True)]
    services.remove_seat(match_id=lobby.id, player=alice, seat=2, now_ms=T0)
    assert seats_of(lobby) == [(0, alice.id, False), (1, cleo.id, False)]
    started = services.start_match(match_id=lobby.id, player=alice, now_ms=T0)
    assert started.status == MatchStatus.ACTIVE


def test_only_the_host_removes_seats_and_never_their_own_or_a_missing_one(lobby, alice, bob):
    refused("NOT_HOST", services.remove_seat, match_id=lobby.id, player=bob, seat=1, now_ms=T0)
    refused("NO_SUCH_SEAT", services.remove_seat, match_id=lobby.id, player=alice, seat=0, now_ms=T0)
    refused("NO_SUCH_SEAT", services.remove_seat, match_id=lobby.id, player=alice, seat=5, now_ms=T0)
    assert len(seats_of(lobby)) == 2


def test_no_seat_is_removed_after_the_start(active, alice):
    refused("NOT_IN_LOBBY", services.remove_seat, match_id=active.id, player=alice, seat=1, now_ms=T0)


def test_a_guest_leaves_and_a_host_leaving_closes_the_lobby(lobby, alice, bob):
    services.leave_match(match_id=lobby.id, player=bob, now_ms=T0)
    assert seats_of(lobby) == [(0, alice.id, False)]
    refused("NOT_SEATED", services.leave_match, match_id=lobby.id, player=bob, now_ms=T0)
    services.leave_match(match_id=lobby.id, player=alice, now_ms=T0)
    lobby.refresh_from_db()
    assert (lobby.status, lobby.end_reason) == (MatchStatus.ABORTED, "the host closed the lobby")
