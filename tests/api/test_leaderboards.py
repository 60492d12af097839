"""Issue 12: how an ended match changes the boards (rating math, seasons, what counts, solitaire), and
the admins' decisions that a rebuild applies (a voided match, a banned player) and undoes."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import CommandError, call_command
from openskill.models import PlackettLuce

from api.leaderboards import projection, services
from api.leaderboards.models import Policy, Rating, RatingChange, SanctionKind, Season, SolitaireBest
from api.leaderboards.selectors import leaderboard
from api.matches import services as matches
from api.matches.models import Match, MatchStatus
from tests.api.conftest import T0, count
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db

GAME = count_to_n.KEY
NOON = dt.datetime(2026, 6, 1, 12, tzinfo=dt.UTC)


def ended(players, ranks, *, at=NOON, match_id=None, scores=None, has_bot=False, seats=None):
    """A match of the toy game that ended at ``at`` with ``ranks`` per seat (None: aborted)."""
    seats = seats or tuple(player.id for player in players)
    return projection.Ended(
        match_id=match_id or Match.objects.create(game=GAME, status=MatchStatus.FINISHED).id,
        game=GAME,
        ended_at=at,
        seats=seats,
        has_bot=has_bot,
        ranks=ranks,
        scores=scores or (None,) * len(seats),
    )


def apply(*args, **kwargs):
    game_ended = ended(*args, **kwargs)
    projection.apply(game_ended, projection.Rules.of(GAME))
    return game_ended


def ratings(players, season=None):
    by_player = {r.player_id: r for r in Rating.objects.filter(game=GAME, season=season)}
    return [by_player.get(player.id) for player in players]


@pytest.mark.parametrize(
    "ranks", [(1, 2), (2, 1), (1, 2, 3, 4), (3, 1, 4, 2), (1, 2, 3, 4, 5, 6), (1, 1, 3, 3, 5, 6), (1, 1)]
)
def test_ratings_move_as_plackett_luce_says_for_2_4_and_6_seats_ties_shared(make_player, ranks):
    players = [make_player(f"P{seat}") for seat in range(len(ranks))]
    apply(players, ranks)
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in ranks], ranks=list(ranks))
    for rating, [want], rank in zip(ratings(players), expected, ranks, strict=True):
        assert (rating.mu, rating.sigma) == pytest.approx((want.mu, want.sigma))
        assert rating.ordinal == pytest.approx(want.mu - 3 * want.sigma)
        assert (rating.matches, rating.wins) == (1, int(rank == 1))
    tied = [r for r, rank in zip(ratings(players), ranks, strict=True) if rank == ranks[0]]
    assert len({(r.mu, r.sigma) for r in tied}) == 1, "tied seats of equal ratings move alike"


def test_each_rated_match_keeps_every_player_s_before_and_after(alice, bob):
    apply([alice, bob], (1, 2))
    apply([alice, bob], (2, 1), at=NOON + dt.timedelta(hours=1))
    history = list(RatingChange.objects.filter(player=alice).order_by("ended_at"))
    assert [change.rank for change in history] == [1, 2]
    assert history[1].mu_before == history[0].mu_after
    assert history[1].ordinal_after == pytest.approx(ratings([alice])[0].ordinal)


def test_a_match_counts_on_the_seasons_that_cover_its_end_and_a_closed_season_stays_frozen(alice, bob):
    spring = Season.objects.create(game=GAME, name="Spring", starts_at=NOON - dt.timedelta(days=1))
    later = Season.objects.create(game=GAME, name="Later", starts_at=NOON + dt.timedelta(days=1))
    apply([alice, bob], (1, 2))
    assert [r.matches for r in ratings([alice, bob], spring)] == [1, 1]
    assert ratings([alice], later) == [None]

    spring.closed_at = NOON + dt.timedelta(minutes=1)
    spring.save()
    frozen = ratings([alice, bob], spring)
    apply([alice, bob], (2, 1), at=NOON + dt.timedelta(hours=1))
    assert ratings([alice, bob], spring) == frozen
    assert [(r.mu, r.matches) for r in ratings([alice, bob], spring)] == [(r.mu, r.matches) for r in frozen]
    assert [r.matches for r in ratings([alice, bob])] == [2, 2]  # the all-time board goes on


def test_bots_aborted_matches_and_single_humans_count_only_as_the_game_s_policy_says(alice, bob, make_player):
    carol = make_player("Carol")
    apply([alice, bob], None)  # aborted
    apply([alice, bob, carol], (1, 2, 3), seats=(alice.id, None, carol.id), has_bot=True)
    apply([alice], (1, 2), seats=(alice.id, None), has_bot=True)
    assert not Rating.objects.exists()

    Policy.objects.create(game=GAME, count_bot_matches=True, count_aborted=True)
    apply([alice, bob], None)  # a draw among its humans
    alice_rating, bob_rating = ratings([alice, bob])
    assert (alice_rating.mu, alice_rating.wins) == (pytest.approx(bob_rating.mu), 1)
    apply([alice, bob, carol], (1, 2, 3), seats=(alice.id, None, carol.id), has_bot=True)
    assert ratings([carol])[0].matches == 1
    apply([alice], (1, 2), seats=(alice.id, None), has_bot=True)  # one human: no one to rank against
    assert ratings([alice])[0].matches == 2


def test_the_solitaire_board_keeps_each_player_s_fewest_actions(alice):
    first = apply([alice], (1,), scores=(80.0,))
    apply([alice], (1,), scores=(90.0,), at=NOON + dt.timedelta(hours=1))
    apply([alice], (1,), scores=(None,), at=NOON + dt.timedelta(hours=2))  # fell: no score
    best = SolitaireBest.objects.get(player=alice, season=None)
    assert (best.score, best.match_id) == (80.0, first.match_id)
    better = apply([alice], (1,), scores=(62.0,), at=NOON + dt.timedelta(hours=3))
    best.refresh_from_db()
    assert (best.score, best.match_id) == (62.0, better.match_id)
    assert not Rating.objects.exists()


# --- the admins' decisions, through the services (each rebuilds from the log) --------------------------


def finish(winner, loser):
    """A real toy match, stored and ended through the service, that ``winner`` wins."""
    match = matches.create_match(player=winner, game=GAME, options={"target": 3})
    matches.join_match(match_id=match.id, player=loser)
    matches.start_match(match_id=match.id, player=winner, now_ms=T0)
    return count(match, winner, 3).match


def board():
    return {entry.player.name: (entry.matches, entry.wins) for entry in leaderboard(game=GAME).items}


def test_a_voided_match_leaves_the_boards_and_comes_back_when_undone(alice, bob, admin_user):
    finish(alice, bob)
    disputed = finish(bob, alice)
    before = board()
    assert before == {"Alice": (2, 1), "Bob": (2, 1)}

    void = services.void(match=disputed, reason="Bob used a second account", by=admin_user)
    assert board() == {"Alice": (1, 1), "Bob": (1, 0)}
    assert not RatingChange.objects.filter(match=disputed).exists()

    services.undo(void, by=admin_user)
    assert board() == before
    void.refresh_from_db()
    assert (void.created_by, void.undone_by, void.reason) == (
        admin_user,
        admin_user,
        "Bob used a second account",
    )


def test_a_banned_player_leaves_the_boards_unrated_and_comes_back_when_lifted(
    alice, bob, make_player, admin_user
):
    carol = make_player("Carol")
    finish(alice, bob)
    finish(carol, bob)
    before = {name: (m, w) for name, (m, w) in board().items()}

    ban = services.sanction(player=bob, game=GAME, kind=SanctionKind.BAN, reason="abuse", by=admin_user)
    assert board() == {}, "with Bob's matches unrated, no one else has a rated match"
    finish(alice, carol)
    assert board() == {"Alice": (1, 1), "Carol": (1, 0)}

    services.lift(ban, by=admin_user)
    assert board() == {**before, "Alice": (2, 2), "Carol": (2, 1)}


def test_a_hidden_player_is_still_rated_but_not_shown(alice, bob, admin_user):
    finish(alice, bob)
    hide = services.sanction(player=bob, game="", kind=SanctionKind.HIDE, reason="asked to", by=admin_user)
    assert board() == {"Alice": (1, 1)}
    assert ratings([bob])[0].matches == 1
    services.lift(hide, by=admin_user)
    assert board() == {"Alice": (1, 1), "Bob": (1, 0)}


def test_rebuild_leaderboards_refuses_a_season_it_cannot_find_and_changes_nothing(alice, bob):
    finish(alice, bob)
    before = board()
    with pytest.raises(CommandError, match="--season needs --game"):
        call_command("rebuild_leaderboards", season="Spring")
    with pytest.raises(CommandError, match="has no season 'Spring'"):
        call_command("rebuild_leaderboards", game="daredevil-rock", season="Spring")
    with pytest.raises(CommandError, match="Unknown game 'chess'"):
        call_command("rebuild_leaderboards", game="chess")
    assert board() == before
