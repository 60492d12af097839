"""A move in a turn of its own, on a match this process holds (``play.unlocked``): appended without the
locked read, but never decided on what was held once the match has moved on, and never refused on it."""

import pytest

from api.matches import play, selectors, services
from api.matches.models import Match, MatchEvent, MatchStatus
from api.matches.results import MoveAccepted
from tests.api.conftest import T0, count
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db


def held(match):
    """The match as the live updates hold it: the committed row and its game."""
    row = selectors.get_match(match_id=match.id)
    return play.Held(row, selectors.load_game(match=row))


def read_the_match(trips):
    """A round trip that reads the match row (the append's own batch only guards it)."""
    return any('FROM "matches_match"' in trip and 'UPDATE "matches_match"' not in trip for trip in trips)


def totals(match):
    return [e.data["total"] for e in MatchEvent.objects.filter(match=match, type="Counted").order_by("seq")]


def test_a_move_in_its_own_turn_is_appended_without_reading_the_match(active, alice, round_trips):
    known = held(active)
    with round_trips() as trips:
        result = count(active, alice, 2, held=known)
    assert isinstance(result, MoveAccepted) and result.version == 3
    assert not read_the_match(trips), trips
    assert totals(active) == [2]
    assert known.match.version == 2  # shared with the live updates: the move wrote a copy


def test_a_held_match_behind_the_log_is_read_again_and_the_move_decided_on_it(active, alice, bob):
    known = held(active)  # Alice's turn at version 2...
    count(active, alice, 1)
    count(active, bob, 1)  # ...and hers again at 4, which this process has not seen
    result = count(active, alice, 3, held=known)
    assert result.version == 5
    assert totals(active) == [1, 2, 5]  # on top of both counts, not of version 2's total


@pytest.mark.postgres  # the COMMIT travels with the append (statements.may_commit)
@pytest.mark.django_db(transaction=True)  # as served: no test transaction around it
def test_a_held_match_behind_the_log_fails_the_batch_it_commits_with_and_is_decided_again(
    alice, bob, round_trips
):
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 50})
    services.join_match(match_id=match.id, player=bob)
    services.start_match(match_id=match.id, player=alice, now_ms=T0)
    known = held(match)
    count(match, alice, 1)
    count(match, bob, 1)
    with round_trips() as trips:
        assert count(match, alice, 3, held=known).version == 5
    # The batch decided on version 2 failed whole, its COMMIT with it; then the row was read, locked.
    assert "COMMIT" in trips[0] and not read_the_match(trips[:1]) and read_the_match(trips[1:2]), trips
    assert totals(match) == [1, 2, 5]
    assert [e.seq for e in MatchEvent.objects.filter(match=match).order_by("seq")] == [1, 2, 3, 4, 5]


def test_a_move_refused_on_what_was_held_is_decided_on_the_match_as_it_is(active, alice, bob):
    known = held(active)  # version 2: Alice could not have been shown version 4 yet
    count(active, alice, 1)
    count(active, bob, 1)
    result = count(active, alice, 1, expected_version=4, held=known)
    assert result.version == 5


def test_a_held_match_that_ended_since_refuses_the_move_as_not_active(active, alice, bob):
    known = held(active)
    services.resign(match_id=active.id, player=bob, now_ms=T0 + 500)
    with pytest.raises(Exception) as refused:
        count(active, alice, 1, held=known)
    assert getattr(refused.value, "code", None) == "NOT_ACTIVE"
    assert Match.objects.get(pk=active.pk).status == MatchStatus.FINISHED


def test_a_match_where_others_may_act_too_is_read_under_its_lock(alice, bob, round_trips):
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"freeForAll": True})
    services.join_match(match_id=match.id, player=bob)
    services.start_match(match_id=match.id, player=alice, now_ms=T0)
    known = held(match)
    # Bob may count at any moment too: his move and Alice's must queue in the order they came.
    with round_trips() as trips:
        assert count(match, alice, 1, held=known).version == 3
    assert read_the_match(trips), trips


def test_a_match_with_a_stand_in_pending_is_read_under_its_lock(active, alice, round_trips):
    Match.objects.filter(pk=active.pk).update(stand_ins={"missed": {"0": 1}, "now": {}, "spans": []})
    known = held(active)
    with round_trips() as trips:
        assert count(active, alice, 1, held=known).version == 3
    assert read_the_match(trips), trips
    assert Match.objects.get(pk=active.pk).stand_ins["missed"] == {}  # her move forgot her misses


def test_a_move_with_an_idempotency_key_is_read_under_its_lock(active, alice, round_trips):
    known = held(active)
    with round_trips() as trips:
        assert count(active, alice, 1, held=known, idempotency_key="k1").version == 3
    assert read_the_match(trips), trips
