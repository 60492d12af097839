"""LEADERBOARD_STAND_IN_POLICY: how a match in which a bot stood in for an absent player is rated."""

from datetime import UTC, datetime

import pytest

from api.leaderboards import projection
from api.leaderboards.models import Policy
from api.matches import standings
from api.matches.models import Match

ALICE, BOB, CAROL = 1, 2, 3


def ended(stood_in=frozenset()):
    return projection.Ended(
        match_id=7,
        game="racesmack",
        ended_at=datetime(2026, 1, 1, tzinfo=UTC),
        seats=(ALICE, BOB, CAROL),
        has_bot=False,
        ranks=(3, 1, 2),
        scores=(None, None, None),
        stood_in=stood_in,
    )


def rules():
    return projection.Rules(Policy(game="racesmack"), frozenset(), frozenset(), ())


@pytest.mark.parametrize(
    ("policy", "rated"),
    [
        ("rated", [(ALICE, 3), (BOB, 1), (CAROL, 2)]),
        ("absent-unrated", [(BOB, 1), (CAROL, 2)]),
        ("unrated", []),
        ("nonsense", [(ALICE, 3), (BOB, 1), (CAROL, 2)]),  # an unknown policy falls back to the default
    ],
)
def test_a_match_with_a_stand_in_is_rated_as_the_policy_says(settings, policy, rated):
    settings.LEADERBOARD_STAND_IN_POLICY = policy
    assert projection.rated(ended(frozenset({0})), rules()) == rated


def test_a_match_without_a_stand_in_is_rated_whatever_the_policy(settings):
    settings.LEADERBOARD_STAND_IN_POLICY = "unrated"
    assert projection.rated(ended(), rules()) == [(ALICE, 3), (BOB, 1), (CAROL, 2)]


@pytest.mark.django_db
def test_the_boards_see_every_seat_that_was_ever_stood_in_for(active):
    Match.objects.filter(pk=active.pk).update(stand_ins={"now": {"1": 9}, "spans": [[0, 2, 4]]})
    match = Match.objects.get(pk=active.pk)
    assert standings.as_ended(match, ended_at=datetime(2026, 1, 1, tzinfo=UTC)).stood_in == {0, 1}
