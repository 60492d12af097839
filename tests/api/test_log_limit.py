"""No match log grows without bound: the append that reaches MATCH_MAX_EVENTS ends the match, ABORTED
with a reason, in the same transaction; its timers go and its subscribers are told."""

import pytest

from api.common.errors import ServiceError
from api.matches import services
from api.matches.models import Match, MatchDeadline, MatchEvent, MatchStatus
from api.matches.results import MoveAccepted
from tests.api.conftest import T0, count

pytestmark = pytest.mark.django_db

LIMIT_REASON = "the match reached its limit of {} events"


def log_of(match):
    return list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("seq", "type"))


def stored(match):
    return Match.objects.get(pk=match.pk)


def test_the_move_that_reaches_the_limit_is_kept_and_ends_the_match(active, alice, bob, settings):
    settings.MATCH_MAX_EVENTS = 5
    assert isinstance(count(active, alice, at=T0 + 1), MoveAccepted)
    assert isinstance(count(active, bob, at=T0 + 2), MoveAccepted)
    assert stored(active).status == MatchStatus.ACTIVE
    last = count(active, alice, at=T0 + 3)
    assert isinstance(last, MoveAccepted)
    assert (last.version, last.match.status) == (5, MatchStatus.ABORTED)
    match = stored(active)
    assert (match.version, match.status, match.end_reason) == (5, "ABORTED", LIMIT_REASON.format(5))
    assert len(log_of(active)) == 5
    assert not MatchDeadline.objects.filter(match=active).exists()


def test_nothing_is_appended_after_the_limit(active, alice, bob, settings):
    settings.MATCH_MAX_EVENTS = 3
    count(active, alice, at=T0 + 1)
    with pytest.raises(ServiceError) as refused:
        count(active, bob, at=T0 + 2)
    assert refused.value.code == "NOT_ACTIVE"
    assert services.fire_deadline(match_id=active.id, deadline_id="turn-1", now_ms=T0 + 60_000) is False
    assert stored(active).version == 3


def test_a_move_that_goes_beyond_the_limit_is_kept_whole(active, bob, settings):
    settings.MATCH_MAX_EVENTS = 3
    late = count(active, bob, at=T0 + 31_000)  # Alice's turn timed out first: two events at once
    assert isinstance(late, MoveAccepted)
    assert [event.type for event in late.events] == ["TurnTimedOut", "Counted"]
    match = stored(active)
    assert (match.version, match.status, match.end_reason) == (4, "ABORTED", LIMIT_REASON.format(3))


def test_a_timeout_can_reach_the_limit_too(active, settings):
    settings.MATCH_MAX_EVENTS = 3
    assert services.fire_deadline(match_id=active.id, deadline_id="turn-0", now_ms=T0 + 30_000)
    match = stored(active)
    assert (match.status, match.end_reason) == ("ABORTED", LIMIT_REASON.format(3))
    assert not MatchDeadline.objects.filter(match=active).exists()


def test_the_limit_removes_the_timers_and_nudges_subscribers_once_committed(
    active, alice, settings, mirrored, published, django_capture_on_commit_callbacks
):
    settings.MATCH_MAX_EVENTS = 3
    with django_capture_on_commit_callbacks(execute=True):
        count(active, alice, at=T0 + 1)
    assert mirrored == [(active.id, [])]
    assert published == [(active.id, 3)]


def test_a_match_that_finishes_on_its_last_allowed_event_is_finished(lobby, alice, settings):
    settings.MATCH_MAX_EVENTS = 3
    Match.objects.filter(pk=lobby.pk).update(options={**lobby.options, "target": 3})
    services.start_match(match_id=lobby.id, player=alice, now_ms=T0)
    count(lobby, alice, 3, at=T0 + 1)
    match = stored(lobby)
    assert (match.version, match.status, match.end_reason) == (3, "FINISHED", "")
    assert match.outcome["ranks"] == [1, 2]


def test_starting_counts_toward_the_limit(lobby, alice, settings):
    settings.MATCH_MAX_EVENTS = 2
    services.start_match(match_id=lobby.id, player=alice, now_ms=T0)
    assert (stored(lobby).status, stored(lobby).version) == ("ABORTED", 2)


def test_an_admin_abort_says_so(active):
    services.abort_match(match_id=active.id)
    assert (stored(active).status, stored(active).end_reason) == ("ABORTED", "aborted by an admin")
