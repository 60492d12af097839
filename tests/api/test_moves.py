"""submit_move and resign: check -> load -> decide -> append, with every refusal typed."""

import pytest
from django.db import IntegrityError

from api.common.errors import ServiceError
from api.matches import cache, play, selectors, services, store
from api.matches.models import (
    AppendOnlyError,
    IdempotencyRecord,
    Match,
    MatchDeadline,
    MatchEvent,
    MatchStatus,
)
from api.matches.results import MoveAccepted
from games import registry
from tests.api.conftest import T0, count
from tests.toys import count_to_n, tap_race

pytestmark = pytest.mark.django_db


def log_of(match):
    return [(e.seq, e.type, e.seat) for e in MatchEvent.objects.filter(match=match).order_by("seq")]


def rejected(call, code):
    """``call`` is refused with ``code``: every service refusal is a ServiceError, nothing written."""
    with pytest.raises(ServiceError) as error:
        call()
    assert error.value.code == code, error.value.message


def test_an_accepted_move_appends_its_events_and_advances_the_match(active, alice):
    result = count(active, alice, 2, at=T0 + 5000)
    assert isinstance(result, MoveAccepted)
    assert result.version == 3
    assert result.match.version == 3
    assert [(e.seq, e.type, e.seat, e.data) for e in result.events] == [
        (3, "Counted", 0, {"seat": 0, "amount": 2, "total": 2, "next": 1, "deadline": T0 + 35_000})
    ]
    assert result.events[0].at.timestamp() * 1000 == T0 + 5000
    stored = Match.objects.get(pk=active.pk)
    assert (stored.version, stored.status) == (3, MatchStatus.ACTIVE)
    assert list(MatchDeadline.objects.filter(match=active).values_list("deadline_id", "at_ms")) == [
        ("turn-1", T0 + 35_000)
    ]


def test_the_game_rejects_a_move_out_of_turn_and_nothing_is_written(active, bob):
    rejected(lambda: count(active, bob), "NOT_YOUR_TURN")
    assert Match.objects.get(pk=active.pk).version == 2
    assert len(log_of(active)) == 2


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ({"action": "JUMP"}, "UNKNOWN_MOVE"),
        ({"action": "COUNT"}, "INVALID_MOVE"),
        ({"action": "COUNT", "amount": "two"}, "INVALID_MOVE"),
        ({"action": "COUNT", "amount": 4}, "INVALID_MOVE"),
        ("COUNT", "INVALID_MOVE"),
    ],
)
def test_malformed_and_illegal_moves_are_rejected(active, alice, move, code):
    rejected(lambda: services.submit_move(match_id=active.id, player=alice, move=move, now_ms=T0 + 1), code)
    assert len(log_of(active)) == 2


def test_a_player_without_a_seat_cannot_move(active, make_player):
    rejected(lambda: count(active, make_player("Eve")), "NOT_SEATED")


def test_moves_need_an_active_match(lobby, alice):
    rejected(lambda: count(lobby, alice), "NOT_ACTIVE")


def test_a_move_chosen_before_the_mover_could_act_is_refused_for_its_version(active, alice, bob):
    rejected(lambda: count(active, alice, expected_version=1), "VERSION_MISMATCH")  # before the deal
    assert isinstance(count(active, alice, expected_version=2), MoveAccepted)
    rejected(lambda: count(active, bob, expected_version=2), "VERSION_MISMATCH")  # not yet his turn then
    assert len(log_of(active)) == 3


def test_a_move_chosen_in_an_earlier_turn_is_refused_though_the_same_moves_are_open(active, alice, bob):
    count(active, alice, expected_version=2)
    count(active, bob, expected_version=3)
    # Alice may count 1-3 again, as at version 2, but in turn 3, not turn 1: her move was not meant for it.
    rejected(lambda: count(active, alice, expected_version=2), "VERSION_MISMATCH")
    assert len(log_of(active)) == 4


def test_a_version_the_match_never_reached_is_refused(active, alice):
    rejected(lambda: count(active, alice, expected_version=3), "VERSION_MISMATCH")
    rejected(lambda: count(active, alice, expected_version=-1), "VERSION_MISMATCH")
    assert len(log_of(active)) == 2


def test_a_retried_move_with_the_same_key_returns_the_first_result_and_appends_nothing(active, alice):
    first = count(active, alice, 2, idempotency_key="k-1")
    again = count(active, alice, 2, idempotency_key="k-1")
    assert isinstance(again, MoveAccepted)
    assert again.version == first.version == 3
    assert [(e.seq, e.type, e.data) for e in again.events] == [(e.seq, e.type, e.data) for e in first.events]
    assert len(log_of(active)) == 3
    assert IdempotencyRecord.objects.count() == 1


def test_a_retry_wins_over_a_later_version_check(active, alice, bob):
    count(active, alice, 1, idempotency_key="k", expected_version=2)
    count(active, bob, 1)
    again = count(active, alice, 1, idempotency_key="k", expected_version=2)
    assert isinstance(again, MoveAccepted)
    assert again.version == 3


def test_keys_belong_to_one_player(active, alice, bob):
    count(active, alice, 1, idempotency_key="same")
    result = count(active, bob, 1, idempotency_key="same")
    assert isinstance(result, MoveAccepted)
    assert result.version == 4


def test_a_rejected_move_is_not_remembered_under_its_key(active, alice, bob):
    rejected(lambda: count(active, bob, idempotency_key="b"), "NOT_YOUR_TURN")
    count(active, alice)
    assert isinstance(count(active, bob, idempotency_key="b"), MoveAccepted)


def test_a_key_sent_again_with_another_move_is_refused_not_answered_with_the_first(active, alice, bob):
    first = count(active, alice, 2, idempotency_key="k-1")
    count(active, bob, 1)
    rejected(lambda: count(active, alice, 3, idempotency_key="k-1"), "IDEMPOTENCY_KEY_REUSED")
    assert len(log_of(active)) == first.version + 1


def test_the_same_move_with_its_keys_in_another_order_is_a_retry(active, alice):
    first = services.submit_move(
        match_id=active.id,
        player=alice,
        move={"action": "COUNT", "amount": 2},
        idempotency_key="k",
        now_ms=T0 + 1,
    )
    again = services.submit_move(
        match_id=active.id,
        player=alice,
        move={"amount": 2, "action": "COUNT"},
        idempotency_key="k",
        now_ms=T0 + 2,
    )
    assert again.version == first.version


@pytest.mark.parametrize("key", ["a\x00b", "line\nbreak", "\x1b[0m"])
def test_a_key_with_control_characters_is_refused_and_changes_nothing(active, alice, key):
    with pytest.raises(ServiceError) as error:
        count(active, alice, idempotency_key=key)
    assert error.value.code == "INVALID_IDEMPOTENCY_KEY"
    assert len(log_of(active)) == 2
    assert IdempotencyRecord.objects.count() == 0


def test_a_very_long_key_still_works(active, alice):
    key = "x" * 500
    first = count(active, alice, idempotency_key=key)
    assert count(active, alice, idempotency_key=key).version == first.version
    assert len(IdempotencyRecord.objects.get().key) <= 128


def test_reaching_the_target_finishes_the_match(active, alice, bob):
    for player in (alice, bob, alice):
        count(active, player, 3)
    result = count(active, bob, 1)
    match = result.match
    assert match.status == MatchStatus.FINISHED
    assert match.outcome == {"ranks": [2, 1], "scores": [0.0, 0.0], "reason": "target reached"}
    assert match.finished_at is not None
    assert not MatchDeadline.objects.filter(match=match).exists()
    stored = Match.objects.get(pk=match.pk)
    assert (stored.status, stored.outcome, stored.version) == (match.status, match.outcome, 6)
    rejected(lambda: count(active, alice), "NOT_ACTIVE")
    with pytest.raises(ServiceError) as error:
        services.resign(match_id=active.id, player=alice)
    assert error.value.code == "NOT_ACTIVE"


def test_resigning_leaves_the_other_seat_the_winner(active, bob):
    match = services.resign(match_id=active.id, player=bob, now_ms=T0 + 10)
    assert match.status == MatchStatus.FINISHED
    assert match.outcome["ranks"] == [1, 2]
    assert log_of(match)[-1] == (3, "Resigned", 1)


def test_resign_needs_a_seat_and_an_active_match(lobby, active, alice, make_player):
    with pytest.raises(ServiceError) as error:
        services.resign(match_id=active.id, player=make_player("Eve"))
    assert error.value.code == "NOT_SEATED"
    other = services.create_match(player=alice, game=count_to_n.KEY)
    with pytest.raises(ServiceError) as error:
        services.resign(match_id=other.id, player=alice)
    assert error.value.code == "NOT_ACTIVE"


def test_a_late_move_first_applies_the_overdue_timeout(active, bob):
    result = count(active, bob, 1, at=T0 + 31_000)  # Alice's 30 s ran out at T0 + 30 s
    assert isinstance(result, MoveAccepted)
    assert [(e.type, e.seat) for e in result.events] == [("TurnTimedOut", None), ("Counted", 1)]
    assert result.version == 4


def test_a_rejected_late_move_appends_nothing_not_even_the_overdue_timeout(active, alice):
    # Alice's 30 s ran out at T0 + 30 s: her late count is decided after that timeout (it is Bob's
    # turn then), but a rejected move changes nothing; the timer applies the timeout when it fires.
    rejected(lambda: count(active, alice, 1, at=T0 + 31_000), "NOT_YOUR_TURN")
    assert log_of(active) == [(1, "DeckShuffled", None), (2, "Started", None)]
    assert Match.objects.get(pk=active.pk).version == 2
    assert MatchDeadline.objects.get(match=active).deadline_id == "turn-0"
    assert services.fire_deadline(match_id=active.id, deadline_id="turn-0", now_ms=T0 + 31_500)
    assert log_of(active)[-1] == (3, "TurnTimedOut", None)


def test_aborting_stops_the_match_and_its_timers(active, alice):
    match = services.abort_match(match_id=active.id)
    assert match.status == MatchStatus.ABORTED
    assert not MatchDeadline.objects.filter(match=active).exists()
    rejected(lambda: count(active, alice), "NOT_ACTIVE")
    assert services.abort_match(match_id=active.id).status == MatchStatus.ABORTED


def test_a_lost_race_is_decided_again_from_the_new_version(alice, bob, monkeypatch):
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"freeForAll": True})
    services.join_match(match_id=match.id, player=bob)
    services.start_match(match_id=match.id, player=alice, now_ms=T0)
    stale = play.fetch_with_game(match.id)  # what Alice's first attempt read...
    bob_result = count(match, bob, 1)  # ...before Bob's move committed
    reads = [stale]
    real_fetch = services.fetch_with_game
    monkeypatch.setattr(
        services, "fetch_with_game", lambda match_id: reads.pop() if reads else real_fetch(match_id)
    )
    result = count(match, alice, 2)
    assert bob_result.version == 3
    assert isinstance(result, MoveAccepted)
    assert result.version == 4
    assert result.events[0].data["total"] == 3  # decided again, on top of Bob's count
    assert log_of(match)[2:] == [(3, "Counted", 1), (4, "Counted", 0)]


@pytest.mark.postgres  # round trips: SQLite runs a batch a statement at a time
def test_a_move_folds_what_another_process_appended_in_the_round_trip_of_its_lock(alice, bob, round_trips):
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"freeForAll": True})
    services.join_match(match_id=match.id, player=bob)
    services.start_match(match_id=match.id, player=alice, now_ms=T0)
    this_process = selectors.load_game(match=selectors.get_match(match_id=match.id))  # at version 2
    count(match, bob, 1)
    cache.games.invalidate(match.id)  # Bob's count was another process's: this one holds version 2
    cache.games.put(match.id, this_process)
    with round_trips() as trips:
        result = count(match, alice, 2)
    assert result.version == 4 and result.events[0].data["total"] == 3  # on top of Bob's count
    # The lock, the row and the events after version 2 in one round trip; then the append (the
    # test's own transaction adds a savepoint around the move).
    trips = [trip for trip in trips if "SAVEPOINT" not in trip]
    assert len(trips) == 2, trips
    assert "FOR UPDATE" in trips[0] and 'FROM "matches_matchevent"' in trips[0], trips
    assert 'UPDATE "matches_match"' in trips[1] and 'FROM "matches_matchevent"' not in trips[1], trips


def test_a_match_that_keeps_changing_gives_up_after_five_attempts(active, alice, monkeypatch):
    attempts = []

    def append(**kwargs):
        attempts.append(1)
        raise store.Conflict("someone else")

    monkeypatch.setattr(play.store, "append", append)
    rejected(lambda: count(active, alice), "CONFLICT")
    assert len(attempts) == play.MAX_ATTEMPTS == 5
    assert len(log_of(active)) == 2


def test_an_integrity_error_is_retried_too(active, alice, monkeypatch):
    real_append = store.append
    failures = [IntegrityError("duplicate key")]

    def append(**kwargs):
        if failures:
            raise failures.pop()
        return real_append(**kwargs)

    monkeypatch.setattr(play.store, "append", append)
    assert isinstance(count(active, alice), MoveAccepted)


def test_events_are_append_only(active):
    event = MatchEvent.objects.filter(match=active).first()
    event.type = "Forged"
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()


@pytest.fixture
def tap_table(monkeypatch, make_player):
    """Three players at a started tap race (tests/toys/tap_race.py) over targets 0-3, at version 1."""
    monkeypatch.setitem(registry.REGISTRY, tap_race.KEY, tap_race.make_spec())
    players = [make_player(name) for name in ("Ada", "Bea", "Cy")]
    match = services.create_match(player=players[0], game=tap_race.KEY, options={"targets": 4})
    for player in players[1:]:
        services.join_match(match_id=match.id, player=player)
    match = services.start_match(match_id=match.id, player=players[0], now_ms=T0)
    return match, players


def tap(match, player, target, expected_version):
    return services.submit_move(
        match_id=match.id,
        player=player,
        move={"action": "TAP", "target": target},
        expected_version=expected_version,
        now_ms=T0 + 100,
    )


def test_a_tap_sent_while_others_tapped_other_targets_is_played(tap_table):
    match, (ada, bea, cy) = tap_table
    seen = match.version
    tap(match, bea, 1, seen)
    tap(match, cy, 2, seen)
    # Two seats acted since Ada looked, and took targets away from her; the one she chose is still free.
    accepted = tap(match, ada, 3, seen)
    assert isinstance(accepted, MoveAccepted) and accepted.version == seen + 4  # three taps, the close


def test_a_tap_on_a_target_taken_since_is_refused_with_the_games_own_code(tap_table):
    match, (ada, bea, _) = tap_table
    seen = match.version
    tap(match, bea, 1, seen)
    rejected(lambda: tap(match, ada, 1, seen), "TARGET_TAKEN")
    assert len(log_of(match)) == seen + 1


def test_racesmack_a_card_placed_while_the_other_player_placed_theirs_is_played(make_player):
    """Each Racesmack player places with a deadline of their own: the other player's placing ends that
    player's deadline, and begins nothing for this one, so a card chosen before it still stands."""
    ada, bea = make_player("Ada"), make_player("Bea")
    match = services.create_match(player=ada, game="racesmack", options={})
    services.join_match(match_id=match.id, player=bea)
    match = services.start_match(match_id=match.id, player=ada, now_ms=T0)
    seen = match.version
    moves = {player: selectors.legal_moves_for(match=match, player=player) for player in (ada, bea)}
    assert all(moves.values()), "both players place at once"
    first = services.submit_move(
        match_id=match.id, player=bea, move=moves[bea][0], expected_version=seen, now_ms=T0 + 1
    )
    second = services.submit_move(
        match_id=match.id, player=ada, move=moves[ada][0], expected_version=seen, now_ms=T0 + 2
    )
    assert first.version == seen + 1 and second.version > first.version
