"""Issue 12, point 4: the leaderboards in Django admin. Every page and action is tried by a staff user
holding exactly the permissions it needs (it works, and the boards change as the services say) and by one
without them (403, or no such action, and nothing changes)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import Permission, User
from django.utils import timezone

from api.leaderboards.models import Policy, Rating, RatingChange, Sanction, Season, Void
from api.leaderboards.selectors import leaderboard
from tests.api.test_ratings import finish_with_winner
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db

RATINGS = "/admin/leaderboards/rating/"
HISTORY = "/admin/leaderboards/ratingchange/"
SEASONS = "/admin/leaderboards/season/"
SANCTIONS = "/admin/leaderboards/sanction/"
VOIDS = "/admin/leaderboards/void/"
POLICIES = "/admin/leaderboards/policy/"
MATCHES = "/admin/matches/match/"
START = dt.datetime(2023, 1, 1, tzinfo=dt.UTC)  # before the matches the fixtures play (T0, in 2023)


@pytest.fixture
def staff_with(client):
    """Log in a staff user (not a superuser) holding exactly ``perms`` ("app.codename")."""

    def login(*perms: str) -> User:
        user = User.objects.create_user(f"staff-{User.objects.count()}", is_staff=True)
        for perm in perms:
            app_label, codename = perm.split(".")
            user.user_permissions.add(
                Permission.objects.get(content_type__app_label=app_label, codename=codename)
            )
        client.force_login(user)
        return user

    return login


@pytest.fixture
def played(alice, bob):
    """Two matches Alice won against Bob, on the all-time board."""
    return [finish_with_winner(alice, bob), finish_with_winner(alice, bob)]


def boards() -> list[tuple]:
    return sorted(
        Rating.objects.values_list("game", "season_id", "player_id", "mu", "sigma", "matches", "wins")
    )


def shown(game: str = count_to_n.KEY) -> list[str]:
    return [rating.player.name for rating in leaderboard(game=game).items]


def act(client, url, action, *objects, **fields):
    return client.post(
        url, {"action": action, "_selected_action": [o.pk for o in objects], **fields}, follow=True
    )


# --- boards and history: read-only, behind the view permissions ---------------------------------------


@pytest.mark.parametrize("query", ["", "?q=Ali", "?board=every", "?game=toy-count&board=every&o=4"])
def test_the_boards_list_with_the_view_permission(staff_with, client, played, query):
    staff_with("leaderboards.view_rating")
    page = client.get(RATINGS + query)
    assert page.status_code == 200
    assert "Alice" in page.content.decode()


def test_the_default_board_is_all_time_and_a_season_is_chosen_by_filter(staff_with, client, alice, bob):
    Season.objects.create(game=count_to_n.KEY, name="Spring", starts_at=START)
    finish_with_winner(alice, bob)
    season = Season.objects.get()
    staff_with("leaderboards.view_rating")
    assert client.get(RATINGS).context["cl"].result_count == 2  # all time only
    assert client.get(f"{RATINGS}?board={season.id}").context["cl"].result_count == 2
    assert client.get(f"{RATINGS}?board=every").context["cl"].result_count == 4


def test_the_boards_say_who_is_off_them(staff_with, client, played, alice):
    Sanction.objects.create(player=alice, game="", kind="HIDE", reason="rude name")
    staff_with("leaderboards.view_rating")
    assert "hidden" in client.get(RATINGS).content.decode()


def test_no_boards_without_the_view_permission(staff_with, client, played):
    staff_with("leaderboards.view_ratingchange")
    assert client.get(RATINGS).status_code == 403


def test_ratings_cannot_be_edited_even_by_a_superuser(client, played):
    client.force_login(User.objects.create_superuser("root", None, None))
    rating = Rating.objects.first()
    assert client.get(f"{RATINGS}{rating.id}/change/").status_code == 200
    assert client.post(f"{RATINGS}{rating.id}/change/", {"mu": 99}).status_code == 403
    assert client.get(f"{RATINGS}{rating.id}/delete/").status_code == 403
    assert client.get(f"{RATINGS}add/").status_code == 403


def test_a_player_s_rating_history_before_and_after_each_match(staff_with, client, played, alice):
    staff_with("leaderboards.view_ratingchange", "players.view_player")
    player_page = client.get(f"/admin/players/player/{alice.id}/change/").content.decode()
    link = f"{HISTORY}?player__id__exact={alice.id}&amp;board=every"
    assert link in player_page
    history = client.get(link.replace("&amp;", "&"))
    assert history.status_code == 200
    changes = list(history.context["cl"].result_list)
    assert [change.player_id for change in changes] == [alice.id, alice.id]
    first = RatingChange.objects.filter(player=alice).first()
    assert f"{first.ordinal_after - first.ordinal_before:+.2f}" in history.content.decode()


def test_no_history_without_its_view_permission(staff_with, client, played):
    staff_with("leaderboards.view_rating")
    assert client.get(HISTORY).status_code == 403


# --- rebuild: a page of its own and a season action, behind rebuild_leaderboards ----------------------


def test_the_rebuild_page_recomputes_the_chosen_games_boards(staff_with, client, played):
    before = boards()
    Rating.objects.all().delete()
    staff_with("leaderboards.rebuild_leaderboards", "leaderboards.view_rating")
    assert "Rebuild boards" in client.get(RATINGS).content.decode()
    assert client.get(f"{RATINGS}rebuild/").status_code == 200
    done = client.post(f"{RATINGS}rebuild/", {"games": [count_to_n.KEY], "board": "every"}, follow=True)
    assert "Rebuilt toy-count (every board): 2 ended matches read." in done.content.decode()
    assert boards() == before


def test_no_rebuild_without_its_permission(staff_with, client, played):
    Rating.objects.all().delete()
    staff_with("leaderboards.view_rating")
    assert "Rebuild boards" not in client.get(RATINGS).content.decode()
    assert client.get(f"{RATINGS}rebuild/").status_code == 403
    assert client.post(f"{RATINGS}rebuild/", {"games": [count_to_n.KEY], "board": "every"}).status_code == 403
    assert boards() == []


def test_a_season_s_board_is_rebuilt_by_its_action(staff_with, client, played):
    season = Season.objects.create(game=count_to_n.KEY, name="Old", starts_at=START)
    staff_with("leaderboards.rebuild_leaderboards", "leaderboards.view_season")
    done = act(client, SEASONS, "rebuild_selected", season)
    assert "Rebuilt toy-count: Old: 2 ended matches read." in done.content.decode()
    assert Rating.objects.filter(season=season).count() == 2


def test_no_season_rebuild_without_its_permission(staff_with, client, played):
    season = Season.objects.create(game=count_to_n.KEY, name="Old", starts_at=START)
    staff_with("leaderboards.view_season")
    act(client, SEASONS, "rebuild_selected", season)
    assert not Rating.objects.filter(season=season).exists()


# --- seasons: added with their board counted, closed once, never deleted ------------------------------


def season_form(**fields):
    return {
        "game": count_to_n.KEY,
        "name": "Spring",
        "starts_at_0": "2023-01-01",
        "starts_at_1": "00:00:00",
        "ends_at_0": "2030-01-01",
        "ends_at_1": "00:00:00",
        **fields,
    }


def test_adding_a_season_counts_the_matches_that_already_ended_in_it(staff_with, client, played):
    staff_with("leaderboards.add_season", "leaderboards.view_season")
    assert client.get(f"{SEASONS}add/").status_code == 200
    assert client.post(f"{SEASONS}add/", season_form()).status_code == 302
    season = Season.objects.get()
    assert Rating.objects.filter(season=season).count() == 2
    assert f"{RATINGS}?board={season.id}" in client.get(SEASONS).content.decode()


@pytest.mark.parametrize("fields", [{"ends_at_0": "2000-01-01"}, {"game": "no-such-game"}, {"name": ""}])
def test_a_season_must_end_after_it_starts_in_a_registered_game(staff_with, client, fields):
    staff_with("leaderboards.add_season", "leaderboards.view_season")
    assert client.post(f"{SEASONS}add/", season_form(**fields)).status_code == 200  # the form again
    assert not Season.objects.exists()


def test_a_season_name_is_unique_per_game(staff_with, client):
    Season.objects.create(game=count_to_n.KEY, name="Spring", starts_at=timezone.now())
    staff_with("leaderboards.add_season", "leaderboards.view_season")
    page = client.post(f"{SEASONS}add/", season_form())
    assert page.status_code == 200 and Season.objects.count() == 1


def test_no_season_added_without_the_add_permission(staff_with, client):
    staff_with("leaderboards.view_season")
    assert client.post(f"{SEASONS}add/", season_form()).status_code == 403
    assert not Season.objects.exists()


def test_closing_a_season_freezes_it_once_with_who_and_when(staff_with, client):
    season = Season.objects.create(game=count_to_n.KEY, name="Spring", starts_at=timezone.now())
    admin = staff_with("leaderboards.close_season", "leaderboards.view_season")
    assert "Closed toy-count: Spring" in act(client, SEASONS, "close_selected", season).content.decode()
    season.refresh_from_db()
    assert season.closed_by == admin and season.closed_at is not None
    again = act(client, SEASONS, "close_selected", season)
    assert "was closed already" in again.content.decode()
    assert Season.objects.get().closed_at == season.closed_at


def test_no_closing_without_its_permission_and_no_deleting_at_all(staff_with, client):
    season = Season.objects.create(game=count_to_n.KEY, name="Spring", starts_at=timezone.now())
    staff_with("leaderboards.view_season", "leaderboards.change_season", "leaderboards.delete_season")
    act(client, SEASONS, "close_selected", season)
    assert Season.objects.get().closed_at is None
    assert client.get(f"{SEASONS}{season.id}/delete/").status_code == 403


# --- policy: saving one rebuilds its game's boards ---------------------------------------------------


def test_a_policy_saved_rebuilds_the_game_s_boards(staff_with, client, played):
    Rating.objects.all().delete()
    staff_with("leaderboards.add_policy", "leaderboards.view_policy")
    form = {"game": count_to_n.KEY, "count_bot_matches": "on"}
    assert client.post(f"{POLICIES}add/", form).status_code == 302
    assert Policy.objects.get().count_bot_matches
    assert Rating.objects.count() == 2  # rebuilt
    assert client.post(f"{POLICIES}add/", form).status_code == 200  # one policy per game
    assert Policy.objects.count() == 1


def test_no_policy_without_its_permission(staff_with, client):
    staff_with("leaderboards.view_policy")
    assert client.post(f"{POLICIES}add/", {"game": count_to_n.KEY}).status_code == 403
    assert not Policy.objects.exists()


# --- sanctions: added and lifted through the services, kept on record ---------------------------------


def test_a_ban_takes_a_player_off_the_boards_and_lifting_it_puts_them_back(staff_with, client, played, alice):
    before = boards()
    admin = staff_with(
        "leaderboards.add_sanction", "leaderboards.view_sanction", "leaderboards.change_sanction"
    )
    form = {"player": alice.id, "game": "", "kind": "BAN", "reason": "collusion"}
    assert client.post(f"{SANCTIONS}add/", form).status_code == 302
    sanction = Sanction.objects.get()
    assert (sanction.created_by, sanction.reason, sanction.game) == (admin, "collusion", "")
    assert boards() == []  # Bob alone is not enough to rate the matches again
    assert "Alice" not in shown()
    assert "Lifted 1 sanction(s)." in act(client, SANCTIONS, "lift_selected", sanction).content.decode()
    sanction.refresh_from_db()
    assert sanction.lifted_by == admin and sanction.lifted_at is not None
    assert boards() == before
    assert shown() == ["Alice", "Bob"]


def test_a_hide_keeps_the_rating_but_not_the_row_on_the_board(staff_with, client, played, alice):
    before = boards()
    staff_with("leaderboards.add_sanction")
    form = {"player": alice.id, "game": count_to_n.KEY, "kind": "HIDE", "reason": "rude name"}
    assert client.post(f"{SANCTIONS}add/", form).status_code == 302
    assert boards() == before and shown() == ["Bob"]


def test_a_sanction_needs_a_reason(staff_with, client, alice):
    staff_with("leaderboards.add_sanction")
    assert (
        client.post(f"{SANCTIONS}add/", {"player": alice.id, "kind": "BAN", "reason": ""}).status_code == 200
    )
    assert not Sanction.objects.exists()


def test_no_sanction_without_the_add_permission(staff_with, client, played, alice):
    staff_with("leaderboards.view_sanction", "leaderboards.change_sanction")
    form = {"player": alice.id, "game": "", "kind": "BAN", "reason": "collusion"}
    assert client.post(f"{SANCTIONS}add/", form).status_code == 403
    assert not Sanction.objects.exists()


def test_no_lifting_without_the_change_permission_and_no_deleting_at_all(staff_with, client, played, alice):
    sanction = Sanction.objects.create(player=alice, game="", kind="HIDE", reason="rude name")
    staff_with("leaderboards.view_sanction", "leaderboards.delete_sanction")
    assert client.get(f"{SANCTIONS}{sanction.id}/change/").status_code == 200  # who, when and why
    act(client, SANCTIONS, "lift_selected", sanction)
    assert Sanction.objects.get().lifted_at is None
    assert client.get(f"{SANCTIONS}{sanction.id}/delete/").status_code == 403
    assert client.post(f"{SANCTIONS}{sanction.id}/change/", {"reason": "x"}).status_code == 403


# --- voids: from the Match admin (with a reason) or the Void admin; undone, kept on record -------------


def test_voiding_a_match_asks_why_then_removes_its_effect_and_undo_brings_it_back(staff_with, client, played):
    before = boards()
    first, _second = played
    admin = staff_with(
        "matches.view_match", "leaderboards.add_void", "leaderboards.view_void", "leaderboards.change_void"
    )
    asked = act(client, MATCHES, "void_selected", first)
    assert asked.status_code == 200 and 'name="reason"' in asked.content.decode()
    assert not Void.objects.exists()
    done = act(client, MATCHES, "void_selected", first, reason="a disconnect bug")
    assert "Voided 1 match(es) from the leaderboards." in done.content.decode()
    void = Void.objects.get()
    assert (void.match_id, void.reason, void.created_by) == (first.id, "a disconnect bug", admin)
    assert Rating.objects.get(player=first.seats.get(index=0).player).matches == 1
    assert not RatingChange.objects.filter(match=first).exists()
    act(client, MATCHES, "void_selected", first, reason="again")  # voided already: left as it is
    assert Void.objects.count() == 1
    assert "Undid 1 void(s)." in act(client, VOIDS, "undo_selected", void).content.decode()
    void.refresh_from_db()
    assert void.undone_by == admin and void.undone_at is not None
    assert boards() == before


def test_a_void_can_be_added_from_its_own_admin(staff_with, client, played):
    admin = staff_with("leaderboards.add_void")
    assert client.post(f"{VOIDS}add/", {"match": played[0].id, "reason": "test match"}).status_code == 302
    assert Void.objects.get().created_by == admin
    assert Rating.objects.filter(matches=1).count() == 2


def test_no_void_without_its_permission(staff_with, client, played):
    before = boards()
    staff_with("matches.view_match", "leaderboards.view_void")
    assert "void_selected" not in client.get(MATCHES).content.decode()
    act(client, MATCHES, "void_selected", played[0], reason="a disconnect bug")
    assert client.post(f"{VOIDS}add/", {"match": played[0].id, "reason": "x"}).status_code == 403
    assert not Void.objects.exists() and boards() == before


def test_no_undo_without_the_change_permission_and_no_deleting_at_all(staff_with, client, played):
    void = Void.objects.create(match=played[0], reason="test")
    staff_with("leaderboards.view_void", "leaderboards.delete_void")
    act(client, VOIDS, "undo_selected", void)
    assert Void.objects.get().undone_at is None
    assert client.get(f"{VOIDS}{void.id}/delete/").status_code == 403
