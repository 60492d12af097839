"""Match.events answers one page at most (GRAPHQL_EVENTS_PAGE_MAX); Match.endReason says why a match
was aborted."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from api.graphql.schema import schema
from api.matches import services
from api.players.services import register_player
from tests.api.conftest import T0, count
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db(transaction=True)

EVENTS = """
query($id: ID!, $after: Int, $first: Int) {
  match(id: $id) { events(after: $after, first: $first) { seq } }
}
"""


@sync_to_async
def counted_match(counts: int) -> int:
    """A free-for-all toy match of ``2 + counts`` events; its id."""
    (alice, _), (bob, _) = register_player(name="Alice"), register_player(name="Bob")
    options = {"freeForAll": True, "target": 100_000}
    match = services.create_match(player=alice, game=count_to_n.KEY, options=options)
    services.join_match(match_id=match.id, player=bob)
    services.start_match(match_id=match.id, player=alice, now_ms=T0)
    for turn in range(counts):
        count(match, (alice, bob)[turn % 2], 1, at=T0 + turn)
    return match.id


async def seqs(caller, match_id, **arguments) -> list[int]:
    data = await caller.run(EVENTS, {"id": match_id, **arguments})
    return [event["seq"] for event in data["match"]["events"]]


async def test_events_come_one_page_at_a_time_and_page_on_with_after(spectator, settings):
    settings.GRAPHQL_EVENTS_PAGE_MAX = 5
    match_id = await counted_match(10)  # 12 events
    assert await seqs(spectator, match_id) == [1, 2, 3, 4, 5]  # no `first`: one page
    assert await seqs(spectator, match_id, first=1000) == [1, 2, 3, 4, 5]  # capped
    assert await seqs(spectator, match_id, first=3) == [1, 2, 3]
    pages, after = [], 0
    while page := await seqs(spectator, match_id, after=after):
        pages.append(page)
        after = page[-1]
    assert pages == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12]]


def test_the_events_field_tells_clients_about_the_page_limit():
    sdl = schema.as_str()
    described = sdl[: sdl.index("  events(")].rsplit('"""', 2)[-2]  # the docstring just above
    assert "GRAPHQL_EVENTS_PAGE_MAX" in described and "`after`" in described


ENDED = "query($id: ID!) { match(id: $id) { status endReason } }"


async def test_end_reason_says_why_a_match_was_aborted(spectator, settings):
    match_id = await counted_match(0)
    assert (await spectator.run(ENDED, {"id": match_id}))["match"] == {"status": "ACTIVE", "endReason": None}
    await sync_to_async(services.abort_match)(match_id=match_id)
    assert (await spectator.run(ENDED, {"id": match_id}))["match"] == {
        "status": "ABORTED",
        "endReason": "aborted by an admin",
    }


async def test_a_match_that_reaches_its_log_limit_says_so(spectator, settings):
    settings.MATCH_MAX_EVENTS = 6
    match_id = await counted_match(4)
    assert (await spectator.run(ENDED, {"id": match_id}))["match"] == {
        "status": "ABORTED",
        "endReason": "the match reached its limit of 6 events",
    }
