"""Ratings: openskill Plackett-Luce over the human seats of a finished match; the leaderboard."""

from datetime import UTC, datetime

import pytest
from django.db import connection

from api.common import statements
from api.leaderboards import moderation, projection
from api.leaderboards.models import Policy, Rating, RatingChange, SanctionKind, Season
from api.leaderboards.selectors import leaderboard
from api.leaderboards.services import match_ended
from api.matches import services, standings
from api.matches.models import MatchStatus
from games.core.outcome import Outcome
from tests.api.conftest import T0, count
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db


def finish_with_winner(winner, loser, game=count_to_n.KEY):
    """A 2-human match that ``winner`` wins by reaching the target."""
    match = services.create_match(player=winner, game=game, options={"target": 3})
    services.join_match(match_id=match.id, player=loser)
    services.start_match(match_id=match.id, player=winner, now_ms=T0)
    return count(match, winner, 3).match


def test_a_finished_two_human_match_rates_both_players(alice, bob):
    match = finish_with_winner(alice, bob)
    assert match.outcome["ranks"] == [1, 2]
    winner = Rating.objects.get(player=alice, game=count_to_n.KEY)
    loser = Rating.objects.get(player=bob, game=count_to_n.KEY)
    assert winner.mu > 25 > loser.mu
    assert winner.sigma < 25 / 3 and loser.sigma < 25 / 3
    assert winner.ordinal == pytest.approx(winner.mu - 3 * winner.sigma)
    assert (winner.matches, winner.wins, loser.matches, loser.wins) == (1, 1, 1, 0)


def test_ratings_accumulate_over_matches(alice, bob):
    finish_with_winner(alice, bob)
    first = Rating.objects.get(player=alice).mu
    finish_with_winner(alice, bob)
    rating = Rating.objects.get(player=alice)
    assert rating.mu > first
    assert (rating.matches, rating.wins) == (2, 2)


def test_bots_are_not_rated_and_one_human_is_not_enough(alice):
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 3})
    services.add_bot(match_id=match.id, player=alice)
    services.start_match(match_id=match.id, player=alice, now_ms=T0)
    assert count(match, alice, 3).match.status == "FINISHED"
    assert not Rating.objects.exists()


def mixed_match(alice, bob, carol):
    """Alice, Bob, a bot and Carol, ended with ranks 2, 2, 1, 1."""
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 3})
    services.join_match(match_id=match.id, player=bob)
    services.add_bot(match_id=match.id, player=alice)
    match = services.join_match(match_id=match.id, player=carol)
    match_ended(standings.as_ended(match, Outcome((2, 2, 1, 1), (None,) * 4, "x"), ended_at=match.created_at))


def test_a_match_with_a_bot_is_not_rated_unless_the_game_s_policy_says_so(alice, bob, make_player):
    carol = make_player("Carol")
    mixed_match(alice, bob, carol)
    assert not Rating.objects.exists()
    Policy.objects.create(game=count_to_n.KEY, count_bot_matches=True)
    mixed_match(alice, bob, carol)
    assert sorted(Rating.objects.values_list("player_id", flat=True)) == sorted([alice.id, bob.id, carol.id])
    assert Rating.objects.get(player=carol).wins == 1
    assert Rating.objects.get(player=alice).wins == 0


def test_rating_a_match_s_players_takes_two_round_trips_however_many_there_are(
    alice, bob, make_player, round_trips
):
    carol = make_player("Carol")
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 3})
    services.join_match(match_id=match.id, player=bob)
    match = services.join_match(match_id=match.id, player=carol)
    ended = standings.as_ended(match, Outcome((2, 1, 3), (None,) * 3, "x"), ended_at=match.created_at)
    rules = projection.Rules.of(count_to_n.KEY)
    # The missing ratings created and the three locked in one batch, then their updates and changes in
    # another (which SQLite runs a statement at a time).
    statements = 2 if connection.vendor == "postgresql" else 2 + 3 + 1
    with round_trips() as trips:  # in the test's transaction, as in match_ended's
        projection.apply(ended, rules, only=None)
    assert len(trips) == statements, trips
    ratings = {rating.player_id: rating for rating in Rating.objects.filter(game=count_to_n.KEY)}
    assert [(ratings[p.id].matches, ratings[p.id].wins) for p in (alice, bob, carol)] == [
        (1, 0),
        (1, 1),
        (1, 0),
    ]
    assert ratings[bob.id].ordinal == pytest.approx(ratings[bob.id].mu - 3 * ratings[bob.id].sigma)
    assert {rating.updated_at for rating in ratings.values()} == {match.created_at}
    changes = RatingChange.objects.filter(match=match).order_by("rank")
    assert [(change.player_id, change.mu_after) for change in changes] == [
        (player.id, ratings[player.id].mu) for player in (bob, alice, carol)
    ]


def test_a_resignation_rates_too(active, alice, bob):
    services.resign(match_id=active.id, player=alice)
    assert Rating.objects.get(player=bob).wins == 1


def test_the_leaderboard_ranks_by_ordinal_a_page_at_a_time(alice, bob, make_player):
    carol = make_player("Carol")
    finish_with_winner(alice, bob)
    finish_with_winner(alice, carol)
    finish_with_winner(bob, carol)
    page = leaderboard(game=count_to_n.KEY, first=2)
    assert [r.player.name for r in page.items] == ["Alice", "Bob"]
    assert page.has_next
    rest = leaderboard(game=count_to_n.KEY, first=2, after=page.end_cursor)
    assert ([r.player.name for r in rest.items], rest.has_next) == (["Carol"], False)
    assert leaderboard(game="daredevil-rock").items == []


def test_a_match_ending_reads_the_rules_that_bear_on_it_as_a_rebuild_reads_them(
    alice, bob, make_player, admin_user, round_trips
):
    carol, dave = make_player("Carol"), make_player("Dave")
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 3})
    for player in (bob, carol, dave):
        match = services.join_match(match_id=match.id, player=player)
    other = services.create_match(player=bob, game=count_to_n.KEY, options={"target": 3})
    moderation.sanction(player=bob, game=count_to_n.KEY, kind=SanctionKind.BAN, reason="-", by=admin_user)
    moderation.sanction(player=carol, game="", kind=SanctionKind.BAN, reason="-", by=admin_user)
    moderation.sanction(player=dave, game=count_to_n.KEY, kind=SanctionKind.HIDE, reason="-", by=admin_user)
    lifted = moderation.sanction(player=alice, game="", kind=SanctionKind.BAN, reason="-", by=admin_user)
    moderation.lift(lifted, by=admin_user)
    moderation.void(match=other, reason="-", by=admin_user)
    Policy.objects.create(game=count_to_n.KEY, count_aborted=True)
    Season.objects.create(game=count_to_n.KEY, name="Spring", starts_at=match.created_at)
    ended = standings.as_ended(match, Outcome((1, 2, 3, 4), (None,) * 4, "x"), ended_at=match.created_at)

    with round_trips() as trips:
        mine = projection.Rules.for_ended(ended)
    everything = projection.Rules.of(count_to_n.KEY)
    assert len(trips) == (1 if connection.vendor == "postgresql" else 4)
    assert mine.banned == {bob.id, carol.id} == everything.banned
    assert (
        projection.rated(ended, mine) == projection.rated(ended, everything) == [(alice.id, 1), (dave.id, 4)]
    )
    assert (mine.policy, mine.seasons) == (everything.policy, everything.seasons)
    assert not mine.voided

    moderation.void(match=match, reason="-", by=admin_user)
    assert projection.Rules.for_ended(ended).voided == {match.id}
    assert projection.rated(ended, projection.Rules.for_ended(ended)) == []


@pytest.mark.postgres  # the COMMIT travels with the last batch (statements.may_commit)
@pytest.mark.django_db(transaction=True)  # as served: the move's own transaction, not the test's
def test_a_move_that_ends_the_match_commits_with_its_last_board_s_ratings(alice, bob, round_trips):
    Season.objects.create(game=count_to_n.KEY, name="Winter", starts_at=datetime(2020, 1, 1, tzinfo=UTC))
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 3})
    services.join_match(match_id=match.id, player=bob)
    services.start_match(match_id=match.id, player=alice, now_ms=T0)
    count(match, alice, 1)
    with round_trips() as trips:
        assert count(match, bob, 2).match.status == MatchStatus.FINISHED
    # The all-time board's writes, then the season's with the COMMIT: no round trip of its own for it.
    rated = [trip for trip in trips if trip.startswith('UPDATE "leaderboards_rating"')]
    assert len(rated) == 2 and rated[-1] is trips[-1], trips
    assert not statements.ends_in_commit(rated[0]) and statements.ends_in_commit(rated[1])
    season = Season.objects.get().pk
    boards = list(Rating.objects.values_list("season_id", "wins"))
    assert len(boards) == 4 and set(boards) == {(None, 0), (None, 1), (season, 0), (season, 1)}


def test_a_match_that_ends_rates_its_players_in_three_round_trips_after_its_append(alice, bob, round_trips):
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 3})
    match = services.join_match(match_id=match.id, player=bob)
    ended = standings.as_ended(match, Outcome((2, 1), (None,) * 2, "x"), ended_at=match.created_at)
    with round_trips() as trips:
        match_ended(ended)
    if connection.vendor == "postgresql":  # the boards' lock and the rules; the ratings; their updates
        assert len(trips) == 3, trips
        assert trips[0].startswith("SELECT pg_advisory_xact_lock_shared")
    assert [rating.wins for rating in Rating.objects.order_by("player_id")] == [0, 1]
