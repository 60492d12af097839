"""Quick-match: the pairing rule (pure), then the services against the database with the toy game.

Through the server, across two processes, see tests/reliability/test_quick_match.py.
"""

import pytest

from api.common.errors import ServiceError
from api.leaderboards.models import Rating
from api.matches import pairing, quick, services
from api.matches.models import Match, MatchDeadline, MatchStatus, QuickTable, Seat
from tests.api.conftest import T0
from tests.toys import count_to_n

WINDOW = pairing.Window(base=5, per_second=0.5)
SECOND = 1000


def waiting(match_id, rating, opened_at=T0):
    return pairing.Waiting(match_id=match_id, rating=rating, opened_at_ms=opened_at)


# --- the rule


def test_a_table_takes_only_close_ratings_at_first():
    table = waiting(1, rating=20)
    assert pairing.fits(table, 24, T0, WINDOW)
    assert not pairing.fits(table, 26, T0, WINDOW)
    assert not pairing.fits(table, 14, T0, WINDOW)


def test_the_window_widens_with_the_tables_wait():
    table = waiting(1, rating=20)
    assert not pairing.fits(table, 30, T0 + 9 * SECOND, WINDOW)  # 5 + 4.5
    assert pairing.fits(table, 30, T0 + 10 * SECOND, WINDOW)  # 5 + 5


def test_a_newcomer_takes_the_closest_rating_then_the_longest_waiting():
    strong, weak = waiting(1, rating=30), waiting(2, rating=0)
    older_strong = waiting(3, rating=30, opened_at=T0 - 1)
    assert [t.match_id for t in pairing.preferred([weak, strong], 29, T0, WINDOW)] == [1]
    assert [t.match_id for t in pairing.preferred([weak, strong], 1, T0, WINDOW)] == [2]
    assert [t.match_id for t in pairing.preferred([strong, older_strong], 30, T0, WINDOW)] == [3, 1]


def test_a_table_of_nobody_keeps_its_rating():
    assert pairing.mean([], default=7.0) == 7.0
    assert pairing.mean([10.0, 20.0], default=7.0) == 15.0


# --- the services


def refused(code, call, **kwargs):
    with pytest.raises(ServiceError) as error:
        call(**kwargs)
    assert error.value.code == code, error.value.message


def rate(player, ordinal):
    Rating.objects.create(game=count_to_n.KEY, player=player, ordinal=ordinal)


def queue(player, at=T0, **kwargs):
    return quick.quick_match(player=player, game=count_to_n.KEY, now_ms=at, **kwargs)


@pytest.fixture
def waits(settings):
    settings.QUICK_MATCH_WAIT_SECONDS = 60
    settings.QUICK_MATCH_WAIT_SECONDS_PER_GAME = {count_to_n.KEY: 20}
    settings.QUICK_MATCH_RATING_WINDOW = 5.0
    settings.QUICK_MATCH_WINDOW_PER_SECOND = 0.5


@pytest.mark.django_db
def test_the_first_player_opens_a_table_and_the_second_fills_it(
    waits, alice, bob, mirrored, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        table = queue(alice)
    assert table.status == MatchStatus.LOBBY
    deadline = MatchDeadline.objects.get(match=table)
    assert (deadline.deadline_id, deadline.kind, deadline.at_ms) == ("lobby", "quick", T0 + 20 * SECOND)
    assert mirrored[-1] == (table.pk, [("lobby", T0 + 20 * SECOND, "quick")])
    joined = queue(bob, at=T0 + SECOND)
    assert joined.pk == table.pk
    assert joined.status == MatchStatus.ACTIVE
    assert [seat.player_id for seat in joined.seats.all()] == [alice.pk, bob.pk]
    assert not MatchDeadline.objects.filter(match=table, deadline_id="lobby").exists()


@pytest.mark.django_db
def test_different_seat_counts_or_options_wait_at_different_tables(waits, alice, bob, make_player):
    two = queue(alice)
    three = queue(bob, seats=3)
    other_options = queue(make_player("Cleo"), options={"target": 12})
    assert len({two.pk, three.pk, other_options.pk}) == 3
    # Options equal once the defaults are filled in pair.
    same = queue(make_player("Dee"), options=dict(two.options))
    assert same.pk == two.pk


@pytest.mark.django_db
def test_after_the_wait_bots_take_the_empty_seats_and_the_table_deals(waits, alice):
    table = queue(alice, seats=3)
    assert not services.fire_deadline(match_id=table.pk, deadline_id="lobby", now_ms=T0 + 19 * SECOND)
    assert services.fire_deadline(match_id=table.pk, deadline_id="lobby", now_ms=T0 + 20 * SECOND)
    table = Match.objects.get(pk=table.pk)
    assert table.status == MatchStatus.ACTIVE
    seats = list(Seat.objects.filter(match=table).order_by("index"))
    assert [(s.player_id, s.is_bot, s.bot_level) for s in seats] == [
        (alice.pk, False, ""),
        (None, True, "heuristic"),
        (None, True, "heuristic"),
    ]
    # A late firing (a second worker) is a no-op.
    assert not services.fire_deadline(match_id=table.pk, deadline_id="lobby", now_ms=T0 + 21 * SECOND)


@pytest.mark.django_db
def test_a_table_past_its_wait_takes_nobody_new(waits, alice, bob):
    table = queue(alice)
    later = queue(bob, at=T0 + 20 * SECOND)
    assert later.pk != table.pk


@pytest.mark.django_db
def test_players_of_close_rating_meet_first(waits, alice, bob, make_player):
    weak, strong = alice, bob
    rate(weak, -2.0)
    rate(strong, 30.0)
    weak_table = queue(weak, seats=3)
    strong_table = queue(strong, seats=3, at=T0 + SECOND)
    assert weak_table.pk != strong_table.pk  # 32 apart: neither takes the other yet
    third = make_player("Cleo")
    rate(third, 28.0)
    assert queue(third, seats=3, at=T0 + 2 * SECOND).pk == strong_table.pk
    assert QuickTable.objects.get(match=strong_table).rating == pytest.approx(29.0)


@pytest.mark.django_db
def test_a_far_rating_is_taken_once_the_table_has_waited_long_enough(waits, alice, bob):
    rate(alice, 30.0)
    table = queue(alice)
    # 30 apart: the window is 5 + 0.5 * waited seconds, so after 50 s. The wait is 20 s: make it longer.
    QuickTable.objects.filter(match=table).update(fill_at_ms=T0 + 120 * SECOND)
    MatchDeadline.objects.filter(match=table).update(at_ms=T0 + 120 * SECOND)
    assert queue(bob, at=T0 + 49 * SECOND).pk != table.pk
    bob_table = Seat.objects.get(player=bob).match_id
    quick.leave_quick_match(match_id=bob_table, player=bob, now_ms=T0 + 49 * SECOND)
    assert queue(bob, at=T0 + 50 * SECOND).pk == table.pk


@pytest.mark.django_db
def test_leaving_the_queue_frees_the_seat_and_the_last_to_leave_closes_the_table(
    waits, alice, bob, make_player
):
    table = queue(alice, seats=3)
    queue(bob, seats=3)
    quick.leave_quick_match(match_id=table.pk, player=alice, now_ms=T0 + SECOND)
    table = Match.objects.get(pk=table.pk)
    assert (table.status, table.host_id) == (MatchStatus.LOBBY, bob.pk)
    assert quick.queue_state(match_id=table.pk, player=alice).state == quick.CANCELLED
    assert quick.queue_state(match_id=table.pk, player=bob).state == quick.WAITING
    quick.leave_quick_match(match_id=table.pk, player=bob, now_ms=T0 + SECOND)
    table = Match.objects.get(pk=table.pk)
    assert (table.status, table.end_reason) == (MatchStatus.ABORTED, quick.EVERYONE_LEFT_REASON)
    # A closed table takes nobody: the next player opens a new one.
    assert queue(make_player("Cleo"), seats=3, at=T0 + 2 * SECOND).pk != table.pk


@pytest.mark.django_db
def test_bad_requests_are_refused_with_a_code_and_change_nothing(waits, alice, make_player):
    refused("UNKNOWN_GAME", quick.quick_match, player=alice, game="chess", now_ms=T0)
    refused("INVALID_SEATS", queue, player=alice, seats=1)
    refused("INVALID_SEATS", queue, player=alice, seats=9)
    refused("INVALID_OPTIONS", queue, player=alice, options={"target": "many"})
    refused("AUTH_REQUIRED", quick.quick_match, player=None, game=count_to_n.KEY, now_ms=T0)
    assert not Match.objects.exists()
    table = queue(alice)
    refused("ALREADY_QUEUED", queue, player=alice, seats=3)
    assert Match.objects.count() == 1
    lobby = services.create_match(player=alice, game=count_to_n.KEY, now_ms=T0)
    refused("NOT_QUICK_MATCH", quick.leave_quick_match, match_id=lobby.pk, player=alice, now_ms=T0)
    refused("NOT_SEATED", quick.leave_quick_match, match_id=table.pk, player=make_player("Eve"), now_ms=T0)


@pytest.mark.django_db
def test_the_open_lobby_limit_counts_quick_tables(waits, settings, alice, make_player):
    settings.MAX_OPEN_LOBBIES_PER_PLAYER = 1
    services.create_match(player=alice, game=count_to_n.KEY, now_ms=T0)
    refused("TOO_MANY_LOBBIES", queue, player=alice)


@pytest.mark.django_db
def test_a_friend_joins_a_table_by_its_id_and_the_wait_stays_the_tables(waits, alice, bob, make_player):
    """joinMatch at a quick-match table seats as quickMatch does: the bots' deadline does not move, and
    the last seat deals (api/matches/quick.py)."""
    table = queue(alice, seats=3)
    joined = services.join_match(match_id=table.pk, player=bob, now_ms=T0 + 5 * SECOND)
    assert joined.status == MatchStatus.LOBBY
    deadline = MatchDeadline.objects.get(match=table, deadline_id="lobby")
    assert (deadline.kind, deadline.at_ms) == ("quick", T0 + 20 * SECOND)
    full = services.join_match(match_id=table.pk, player=make_player("Cleo"), now_ms=T0 + 6 * SECOND)
    assert full.status == MatchStatus.ACTIVE
    assert [seat.player_id for seat in full.seats.all()][:2] == [alice.pk, bob.pk]


@pytest.mark.django_db
def test_leave_match_at_a_quick_table_closes_it_only_when_the_last_leaves(waits, alice, bob):
    """The player who opened a quick-match table is not a host whose leaving closes a lobby."""
    table = queue(alice, seats=3)
    queue(bob, seats=3, at=T0 + SECOND)
    services.leave_match(match_id=table.pk, player=alice, now_ms=T0 + 2 * SECOND)
    table = Match.objects.get(pk=table.pk)
    assert (table.status, table.host_id) == (MatchStatus.LOBBY, bob.pk)
    assert MatchDeadline.objects.get(match=table, deadline_id="lobby").at_ms == T0 + 20 * SECOND
    services.leave_match(match_id=table.pk, player=bob, now_ms=T0 + 3 * SECOND)
    assert Match.objects.get(pk=table.pk).status == MatchStatus.ABORTED


@pytest.mark.django_db
def test_what_only_a_hosts_lobby_has_is_refused_at_a_quick_table(waits, alice, bob):
    table = queue(alice, seats=3)
    queue(bob, seats=3, at=T0 + SECOND)
    at = T0 + 2 * SECOND
    refused("QUICK_MATCH_TABLE", services.add_bot, match_id=table.pk, player=alice, now_ms=at)
    refused("QUICK_MATCH_TABLE", services.remove_seat, match_id=table.pk, player=alice, seat=1, now_ms=at)
    refused("QUICK_MATCH_TABLE", services.start_match, match_id=table.pk, player=alice, now_ms=at)
    table = Match.objects.get(pk=table.pk)
    assert table.status == MatchStatus.LOBBY
    assert [seat.player_id for seat in table.seats.all()] == [alice.pk, bob.pk]
    assert MatchDeadline.objects.get(match=table, deadline_id="lobby").at_ms == T0 + 20 * SECOND
