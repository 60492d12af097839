"""What each caller sees: typed views, redacted events, old versions, the outcome, the seed, the timer."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from api.matches.timers import run_due
from tests.api.graphql.conftest import Table, active_seat, start_table

pytestmark = pytest.mark.django_db(transaction=True)

VIEW = """
  mySeat seed
  view {
    __typename game version
    ... on DaredevilRockView {
      seat started columns levels deckSize active turn actionsLeft over winner deadline
      deck { name }
      spaces { level column faceUp climber cams card { rank suit name isJoker } }
      climbers { seat level column eliminated reserve cams { level column } }
      discards { name }
    }
  }
"""


def face_down_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [space for space in view["spaces"] if not space["faceUp"] and space["card"] is not None]


async def examine_a_card(table: Table) -> None:
    """The seat to act turns one level-1 card face up."""
    player = table.seat(await active_seat(table.host, table.match_id))
    move = {"daredevilRock": {"action": "EXAMINE", "level": 1, "column": 1}}
    assert (await player.submit(table.match_id, move))["__typename"] == "MoveAccepted"


async def a_card_shows(table: Table) -> bool:
    view = (await table.host.match(table.match_id, VIEW))["view"]
    return any(space["faceUp"] for space in view["spaces"])


async def test_a_seat_and_a_spectator_see_the_same_table_and_no_face_down_card(table, spectator, register):
    await examine_a_card(table)
    while not await a_card_shows(table):  # it was a Joker: its space is dealt again, face down
        await examine_a_card_or_end(table)
    stranger = await register("stranger")
    seen = {}
    for name, caller in [
        ("host", table.host),
        ("guest", table.guest),
        ("stranger", stranger),
        ("anon", spectator),
    ]:
        match = await caller.match(table.match_id, VIEW)
        view = match["view"]
        assert view["__typename"] == "DaredevilRockView"
        assert view["game"] == "daredevil-rock"
        assert view["started"] is True
        assert len(view["spaces"]) == view["columns"] * view["levels"]
        assert face_down_cards(view) == []
        assert view["deck"] is None  # the draw deck's order is nobody's business during play
        assert match["seed"] is None
        seen[name] = (match["mySeat"], view["seat"])
        shown = [space for space in view["spaces"] if space["faceUp"]]
        assert shown and all(space["card"]["name"] for space in shown)
    assert seen == {"host": (0, 0), "guest": (1, 1), "stranger": (None, None), "anon": (None, None)}


async def test_events_never_show_the_deal_to_anyone_during_play(table, spectator):
    for caller in (table.host, table.guest, spectator):
        events = (await caller.match(table.match_id, "events { seq type seat at data }"))["events"]
        assert [event["seq"] for event in events] == list(range(1, len(events) + 1))
        dealt = events[0]
        assert dealt["type"] == "CliffDealt"
        assert dealt["data"]["tableau"] is None
        assert dealt["data"]["deck"] is None
        assert datetime.fromisoformat(dealt["at"]).tzinfo is not None


async def test_events_after_and_first_page_through_the_log(table):
    for _ in range(3):
        await examine_a_card_or_end(table)
    everything = await table.host.match(table.match_id, "version events { seq }")
    seqs = [event["seq"] for event in everything["events"]]
    page = await table.host.match(table.match_id, "events(after: 1, first: 2) { seq }")
    assert [event["seq"] for event in page["events"]] == seqs[1:3]
    tail = await table.host.match(table.match_id, f"events(after: {everything['version']}) {{ seq }}")
    assert tail["events"] == []


async def examine_a_card_or_end(table: Table) -> None:
    player = table.seat(await active_seat(table.host, table.match_id))
    moves = await player.legal_moves(table.match_id)
    move = next((m for m in moves if m["input"]["daredevilRock"]["action"] == "EXAMINE"), moves[-1])
    assert (await player.submit(table.match_id, move["input"]))["__typename"] == "MoveAccepted"


async def test_view_at_an_earlier_version_shows_the_table_as_it_was(table):
    await examine_a_card(table)
    now = await table.host.match(table.match_id, "version")
    start = await table.host.match(table.match_id, VIEW.replace("view {", "view(atVersion: 0) {"))
    assert start["view"]["version"] == 0
    assert start["view"]["started"] is False
    assert start["view"]["spaces"] == []
    dealt = await table.host.match(table.match_id, VIEW.replace("view {", "view(atVersion: 2) {"))
    assert dealt["view"]["version"] == 2
    assert not any(space["faceUp"] for space in dealt["view"]["spaces"])
    latest = await table.host.match(table.match_id, VIEW)
    assert latest["view"]["version"] == now["version"]
    body = await table.host.post(
        "query($id: ID!) { match(id: $id) { view(atVersion: 999) { version } } }", {"id": table.match_id}
    )
    assert body["errors"][0]["extensions"]["code"] == "INVALID_VERSION"


async def test_a_finished_match_has_an_outcome_and_shows_everything_to_everyone(table, spectator):
    await table.host.lobby("resign", table.match_id)
    match = await spectator.match(
        table.match_id, "status outcome { ranks scores reason winners } events { type data } " + VIEW
    )
    assert match["status"] == "FINISHED"
    assert match["outcome"]["winners"] == [1]
    assert match["outcome"]["ranks"] == [2, 1]
    assert match["seed"]  # revealed: anyone can now re-derive every shuffle
    dealt = match["events"][0]
    assert dealt["type"] == "CliffDealt"
    assert len(dealt["data"]["tableau"]) == match["view"]["columns"] * match["view"]["levels"]
    assert match["view"]["deck"] is not None
    assert all(space["card"] for space in match["view"]["spaces"])
    assert await table.host.legal_moves(table.match_id) == []


async def test_without_reveal_after_end_a_finished_match_keeps_its_secrets(register, spectator):
    table = await start_table(register, {"turnSeconds": 0, "revealAfterEnd": False})
    await table.guest.lobby("resign", table.match_id)
    match = await spectator.match(table.match_id, "status events { type data } " + VIEW)
    assert match["status"] == "FINISHED"
    assert match["seed"] is None
    assert match["events"][0]["data"]["tableau"] is None
    assert face_down_cards(match["view"]) == []


async def test_a_turn_timer_shows_as_the_match_deadline(register):
    table = await start_table(register, {"turnSeconds": 60})
    match = await table.host.match(
        table.match_id, "deadline { id at kind } view { ... on DaredevilRockView { deadline } }"
    )
    deadline = match["deadline"]
    assert deadline["kind"] == "turn"
    assert deadline["id"] == "turn-1"
    at = datetime.fromisoformat(deadline["at"])
    assert timedelta(seconds=50) < at - datetime.now(UTC) <= timedelta(seconds=61)
    assert datetime.fromisoformat(match["view"]["deadline"]) == at


async def test_no_timer_means_no_deadline(table):
    assert (await table.host.match(table.match_id, "deadline { id }"))["deadline"] is None


async def test_a_lobby_has_a_view_before_the_deal(register):
    host = await register()
    match_id = (await host.create())["match"]["id"]
    match = await host.match(match_id, VIEW)
    assert match["mySeat"] == 0
    assert match["view"]["started"] is False
    assert match["view"]["version"] == 0


async def test_a_bot_seat_plays_when_its_deadline_fires(register):
    host = await register("host")
    match_id = (await host.create())["match"]["id"]
    await host.lobby("addBot", match_id, level="random")
    await host.lobby("startMatch", match_id)
    if await active_seat(host, match_id) == 0:
        await host.submit(match_id, {"daredevilRock": {"action": "END_TURN"}})
    assert await host.legal_moves(match_id) == []
    before = (await host.match(match_id, "version"))["version"]
    for _ in range(20):  # fire the bot's deadlines until it has played its turn
        await sync_to_async(run_due)(int(datetime.now(UTC).timestamp() * 1000) + 1000)
        if await active_seat(host, match_id) == 0:
            break
    assert await active_seat(host, match_id) == 0
    events = (await host.match(match_id, f"events(after: {before}) {{ seat type }}"))["events"]
    assert any(event["seat"] == 1 for event in events)
    assert await host.legal_moves(match_id)


async def test_a_probed_in_card_stays_hidden_from_the_prober_on_every_surface(table, spectator, http):
    """The card a Probe puts face down comes from the top of the deck: nobody, the prober included,
    may learn it from the mutation's own payload, the match's events or the replay export."""
    active = await active_seat(table.host, table.match_id)
    prober, other = table.seat(active), table.seat(1 - active)
    move = {"daredevilRock": {"action": "PROBE", "level": 1, "column": 0}}
    result = await prober.submit(table.match_id, move)
    assert result["__typename"] == "MoveAccepted", result
    (probed,) = [event for event in result["events"] if event["type"] == "Probed"]
    assert probed["data"]["discarded"]["suit"]  # the card taken away goes face up: public
    assert probed["data"]["placed"] is None

    for caller in (prober, other, spectator):
        match = await caller.match(table.match_id, "events { type data }")
        (logged,) = [event for event in match["events"] if event["type"] == "Probed"]
        assert logged["data"]["placed"] is None
        headers = {"Authorization": f"Bearer {caller.token}"} if caller.token else {}
        replay = (await http.get(f"/api/matches/{table.match_id}/replay.json", headers=headers)).json()
        (exported,) = [event for event in replay["events"] if event["type"] == "Probed"]
        assert exported["data"]["placed"] is None
        assert replay.get("seed") is None
