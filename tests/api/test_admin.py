"""The admin renders matches, players, seats and ratings read-only; "Abort" goes through the services."""

import pytest
from django.contrib.auth.models import User

from api.matches import services
from api.matches.models import MatchDeadline, MatchStatus
from tests.api.conftest import T0

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    admin = User.objects.create_superuser("root", "root@example.com", None)
    client.force_login(admin)
    return client


@pytest.fixture
def drawn(active, alice):
    services.submit_move(match_id=active.id, player=alice, move={"action": "DRAW"}, now_ms=T0 + 1)
    return active


@pytest.mark.parametrize(
    "url",
    [
        "/admin/matches/match/",
        "/admin/matches/match/?status__exact=ACTIVE&game=toy-count",
        "/admin/matches/seat/",
        "/admin/players/player/",
        "/admin/players/player/?q=Ali",
        "/admin/leaderboards/rating/",
    ],
)
def test_changelists_render(staff, drawn, url):
    response = staff.get(url)
    assert response.status_code == 200


def test_a_match_page_shows_seats_and_the_full_event_log_read_only(staff, drawn):
    response = staff.get(f"/admin/matches/match/{drawn.id}/change/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "DeckShuffled" in page and "CardDrawn" in page
    assert "<pre>{\n  &quot;card&quot;" in page  # the full data, pretty-printed
    assert 'name="_save"' not in page
    assert "Delete" not in page.split('id="content-main"')[1].split("</form>")[-1]


def test_no_add_or_delete_pages(staff, drawn):
    assert staff.get("/admin/matches/match/add/").status_code == 403
    assert staff.get(f"/admin/matches/match/{drawn.id}/delete/").status_code == 403
    assert staff.get("/admin/players/player/add/").status_code == 403


def test_a_player_page_shows_the_token_hash_read_only(staff, alice):
    response = staff.get(f"/admin/players/player/{alice.id}/change/")
    assert response.status_code == 200
    assert alice.token_hash in response.content.decode()
    assert 'name="name"' not in response.content.decode()


def test_the_abort_action_aborts_through_the_services(staff, active, lobby):
    response = staff.post(
        "/admin/matches/match/",
        {"action": "abort_selected", "_selected_action": [active.id]},
        follow=True,
    )
    assert response.status_code == 200
    assert "Aborted 1 match(es)." in response.content.decode()
    active.refresh_from_db()
    assert active.status == MatchStatus.ABORTED
    assert not MatchDeadline.objects.filter(match=active).exists()


@pytest.mark.parametrize("query", ["abc", "1"])
def test_matches_and_seats_can_be_searched_by_id(staff, drawn, query):
    assert staff.get(f"/admin/matches/match/?q={query}").status_code == 200
    assert staff.get(f"/admin/matches/seat/?q={query}").status_code == 200
