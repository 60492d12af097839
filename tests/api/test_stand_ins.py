"""Stand-ins in the services: an absent player's seat goes to the bot after the missed deadlines, and
comes back with a move of theirs or ``reclaim_seat``; the stand-in's moves are marked in the log."""

import pytest

from api.common.errors import ServiceError
from api.matches import presence, services, stand_ins
from api.matches.models import Match, MatchDeadline, MatchEvent
from tests.api.conftest import T0, count

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nobody_here(monkeypatch):
    """Nobody subscribed unless a test says so (each test's process-wide presence is its own)."""
    here: set[int] = set()
    monkeypatch.setattr(presence, "connected_players", lambda match_id: frozenset(here))
    return here


def timeout_alice(match, at=T0 + 30_000):
    assert services.fire_deadline(match_id=match.id, deadline_id="turn-0", now_ms=at)
    return Match.objects.get(pk=match.pk)


def bot_rows(match):
    return list(MatchDeadline.objects.filter(match=match, kind="bot").values_list("deadline_id", flat=True))


def test_an_absent_player_who_misses_a_deadline_is_stood_in_for(active, bob):
    match = timeout_alice(active)
    assert stand_ins.seats(match) == {0}
    count(match, bob, at=T0 + 31_000)  # Bob's move: Alice's seat is due, and the bot will play it
    assert bot_rows(match) == ["bot-0-4"]
    assert services.fire_deadline(match_id=match.id, deadline_id="bot-0-4", now_ms=T0 + 31_001)
    match = Match.objects.get(pk=match.pk)
    played = MatchEvent.objects.get(match=match, seq=5)
    assert played.seat == 0 and stand_ins.by_stand_in(match, played.seq, played.seat)
    timed_out = MatchEvent.objects.get(match=match, seq=3)  # the timeout itself is the server's
    assert timed_out.seat is None and not stand_ins.by_stand_in(match, 3, None)


def test_a_connected_player_is_not_stood_in_for(active, _nobody_here, alice):
    _nobody_here.add(alice.pk)
    assert stand_ins.seats(timeout_alice(active)) == frozenset()


def test_the_limit_counts_misses_in_a_row(active, bob, alice, settings):
    settings.STAND_IN_AFTER_MISSED_DEADLINES = 2
    match = timeout_alice(active)
    assert stand_ins.seats(match) == frozenset() and match.stand_ins["missed"] == {"0": 1}
    count(match, bob, at=T0 + 31_000)
    count(match, alice, at=T0 + 32_000)  # she acted: the count starts again
    assert Match.objects.get(pk=match.pk).stand_ins["missed"] == {}


def test_a_move_of_their_own_takes_the_seat_back(active, alice, bob):
    match = timeout_alice(active)
    count(match, bob, at=T0 + 31_000)
    count(match, alice, at=T0 + 31_000)  # before the bot's thinking time passed
    match = Match.objects.get(pk=match.pk)
    assert stand_ins.seats(match) == frozenset() and bot_rows(match) == []
    assert match.stand_ins["spans"] == [[0, 2, 4]]  # taken over, though the bot never got to move
    assert not stand_ins.by_stand_in(match, 5, 0)


def test_reclaim_seat_takes_it_back_and_calls_the_bot_off(active, alice, bob):
    match = timeout_alice(active)
    count(match, bob, at=T0 + 31_000)
    services.fire_deadline(match_id=match.id, deadline_id="bot-0-4", now_ms=T0 + 31_001)
    count(Match.objects.get(pk=match.pk), bob, at=T0 + 32_000)
    assert bot_rows(match) == ["bot-0-6"]
    services.reclaim_seat(match_id=match.id, player=alice, now_ms=T0 + 32_001)
    match = Match.objects.get(pk=match.pk)
    assert stand_ins.seats(match) == frozenset() and bot_rows(match) == []
    assert match.stand_ins["spans"] == [[0, 2, 6]]
    assert stand_ins.by_stand_in(match, 5, 0) and not stand_ins.by_stand_in(match, 7, 0)
    with pytest.raises(ServiceError) as refused:
        services.reclaim_seat(match_id=match.id, player=alice)
    assert refused.value.code == "NOT_STOOD_IN"


def test_a_stale_timeout_counts_no_miss(active):
    timeout_alice(active)
    match = Match.objects.get(pk=active.pk)
    assert services.fire_deadline(match_id=match.id, deadline_id="turn-0", now_ms=T0 + 40_000) is False
    assert Match.objects.get(pk=match.pk).stand_ins == match.stand_ins


def test_existing_matches_read_as_never_stood_in(active):
    Match.objects.filter(pk=active.pk).update(stand_ins={})
    match = Match.objects.get(pk=active.pk)
    assert stand_ins.seats(match) == frozenset() and stand_ins.ever(match) == frozenset()
    assert not stand_ins.by_stand_in(match, 1, 0)
