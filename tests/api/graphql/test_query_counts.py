"""No N+1: the SQL statements of the hot reads and writes, pinned, counted through the real API.

The API's database work runs on api.common.database's threads; ``statements`` keeps the SQL of every
round trip any of them makes while a test watches, but for the PREPAREs a session sends once. Counts are for a warm process (caches filled by an earlier
request), which is what a loaded server runs.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connection

from api.common import database
from api.leaderboards.models import Rating, Season
from api.matches import selectors, services
from api.players.models import Player
from games.core import engine
from tests.api.conftest import RoundTrips
from tests.api.graphql.conftest import GAME, NO_TIMER, active_seat, start_table
from tests.api.graphql.test_subscriptions import Subscriber

pytestmark = pytest.mark.django_db(transaction=True)

MATCH = """
query($id: ID!) { match(id: $id) {
  id status version seats { index player { name } }
  view { ... on DaredevilRockView { active spaces { faceUp card { name } } } }
  legalMoves { label input }
  events(first: 50) { seq type data }
} }
"""


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen = RoundTrips()
    original = database.call

    def counting(function: Any, *args: Any, **kwargs: Any) -> Any:
        with connection.execute_wrapper(seen):
            return original(function, *args, **kwargs)

    monkeypatch.setattr(database, "call", counting)
    return seen


async def test_a_match_with_its_view_legal_moves_and_events_costs_two_statements(register, statements):
    table = await start_table(register)
    player = table.seat(await active_seat(table.host, table.match_id))
    await player.run(MATCH, {"id": table.match_id})  # warm: token, seats and game cached
    statements.clear()
    found = (await player.run(MATCH, {"id": table.match_id}))["match"]
    assert found["legalMoves"] and found["events"]
    assert len(statements) == 2, statements  # the match row; the events page


async def test_fifty_matches_cost_three_statements(register, statements):
    hosts = [await register() for _ in range(10)]
    for host in hosts:
        for _ in range(5):
            assert (await host.create(NO_TIMER))["error"] is None
    spectator = hosts[0]
    query = "{ matches(first: 50) { edges { node { id game status host { name } seats { index player { name } isBot } } } } }"
    await spectator.run(query)
    statements.clear()
    edges = (await spectator.run(query))["matches"]["edges"]
    assert len(edges) == 50
    assert len(statements) == 3, statements  # the page; its seats; their players


@pytest.mark.postgres  # round trips: SQLite runs a batch a statement at a time
async def test_a_warm_move_costs_two_round_trips(register, statements):
    table = await start_table(register)
    player = table.seat(await active_seat(table.host, table.match_id))
    moves = await player.legal_moves(table.match_id)
    examine = next(move for move in moves if move["input"]["daredevilRock"]["action"] == "EXAMINE")
    first = await player.submit(table.match_id, examine["input"])
    assert first["__typename"] == "MoveAccepted"
    moves = await player.legal_moves(table.match_id)
    same_turn = next(move for move in moves if move["input"]["daredevilRock"]["action"] != "END_TURN")
    statements.clear()
    result = await player.submit(table.match_id, same_turn["input"])
    assert result["__typename"] == "MoveAccepted" and result["events"]
    # Lock and read the match row; then, in one round trip, move the match's version and insert the
    # events. The turn's deadline is unchanged within a turn; the payload is built from the rows in hand.
    assert len(statements) == 2, statements
    assert statements[1].startswith('UPDATE "matches_match"') and "INSERT INTO" in statements[1]


@pytest.mark.postgres  # round trips: SQLite runs a batch a statement at a time
async def test_a_move_that_starts_a_new_turn_writes_its_deadline_in_the_same_round_trip(register, statements):
    table = await start_table(register, {"turnSeconds": 60})
    player = table.seat(await active_seat(table.host, table.match_id))
    moves = await player.legal_moves(table.match_id)
    examine = next(move for move in moves if move["input"]["daredevilRock"]["action"] == "EXAMINE")
    assert (await player.submit(table.match_id, examine["input"]))["__typename"] == "MoveAccepted"  # warm
    moves = await player.legal_moves(table.match_id)
    end_turn = next(move for move in moves if move["input"]["daredevilRock"]["action"] == "END_TURN")
    statements.clear()
    result = await player.submit(table.match_id, end_turn["input"])
    assert result["__typename"] == "MoveAccepted"
    assert len(statements) == 2, "\n".join(each[:60] + " ... " + each[-60:] for each in statements)
    assert 'DELETE FROM "matches_matchdeadline"' in statements[1] and statements[1].count("INSERT INTO") == 2


@pytest.mark.postgres  # round trips: SQLite runs a batch a statement at a time
async def test_a_move_in_a_turn_of_its_own_on_a_match_followed_here_costs_one_round_trip(
    register, statements
):
    table = await start_table(register)
    (watcher,) = await watching(table, 1)
    player = table.seat(await active_seat(table.host, table.match_id))
    moves = await player.legal_moves(table.match_id)
    examine = next(move for move in moves if move["input"]["daredevilRock"]["action"] == "EXAMINE")
    first = await player.submit(table.match_id, examine["input"])
    assert first["__typename"] == "MoveAccepted"
    assert (await watcher.update())["version"] == first["version"]
    moves = await player.legal_moves(table.match_id)
    same_turn = next(move for move in moves if move["input"]["daredevilRock"]["action"] != "END_TURN")
    statements.clear()
    result = await player.submit(table.match_id, same_turn["input"])
    assert result["__typename"] == "MoveAccepted"
    # The live updates hold the match at the version the player was shown: no locked read, and the
    # append's guard, events and COMMIT travel in one batch (api/matches/play.py, unlocked).
    assert len(statements) == 1, statements
    assert 'UPDATE "matches_match"' in statements[0] and "INSERT INTO" in statements[0]
    await watcher.close()


def other_process_move(match_id: str, player_id: str) -> int:
    """A move committed away from this event loop, as another server process would: no hand-over."""
    try:
        player = Player.objects.get(pk=player_id)
        match = selectors.get_match(match_id=match_id)
        game = selectors.load_game(match=match)
        seat = selectors.seat_of(match=match, player=player)
        move = game.spec.moves.dump(engine.legal_moves(game, seat)[0])
        return services.submit_move(match_id=match_id, player=player, move=move).version
    finally:
        connection.close()


async def watching(table: Any, count: int) -> list[Subscriber]:
    watchers = [Subscriber() for _ in range(count)]
    for watcher in watchers:
        await watcher.open(None)
        await watcher.subscribe(table.match_id)
        await watcher.update()
    return watchers


async def test_one_subscription_update_costs_one_round_trip_however_many_watch(register, statements):
    table = await start_table(register)
    watchers = await watching(table, 5)
    player = table.seat(await active_seat(table.host, table.match_id))
    statements.clear()
    # Committed by another process: here only the channel layer's nudge says so.
    version = await asyncio.to_thread(other_process_move, table.match_id, player.id)
    for watcher in watchers:
        assert (await watcher.update())["version"] == version
    # The match row and the new events, read once for all five spectators, in one round trip (SQLite
    # runs the two SELECTs one at a time).
    trips = 1 if connection.vendor == "postgresql" else 2
    assert len(statements) == trips, "\n".join(s[:90] for s in statements)
    for watcher in watchers:
        await watcher.close()


async def test_an_update_of_a_move_committed_in_this_process_costs_no_statement(register, statements):
    table = await start_table(register)
    watchers = await watching(table, 5)
    player = table.seat(await active_seat(table.host, table.match_id))
    moves = await player.legal_moves(table.match_id)
    statements.clear()
    result = await player.submit(table.match_id, moves[0]["input"])
    assert result["__typename"] == "MoveAccepted"
    move_statements = len(statements)
    for watcher in watchers:
        update = await watcher.update()
        assert update["version"] == result["version"] and update["events"], update
    # The writer handed its match, game and rows to this process's subscribers (api/graphql/nudges.py).
    assert len(statements) == move_statements, "\n".join(s[:90] for s in statements)
    for watcher in watchers:
        await watcher.close()


def twenty_rated(viewer_id: str) -> None:
    Season.objects.create(game=GAME, name="Winter", starts_at=datetime(2025, 1, 1, tzinfo=UTC))
    for index in range(25):
        player = Player.objects.create(name=f"rated {index}", token_hash=f"rated-{index}")
        Rating.objects.create(game=GAME, player=player, ordinal=100 - index, matches=index)
    Rating.objects.create(game=GAME, player_id=viewer_id, ordinal=-5)


async def test_a_leaderboard_page_of_twenty_with_the_caller_s_own_entry_costs_three_statements(
    register, statements
):
    viewer = await register("viewer")
    await sync_to_async(twenty_rated)(viewer.id)
    query = f"""{{ leaderboard(game: "{GAME}", first: 20) {{
      edges {{ node {{ rank player {{ name }} rating matches wins provisional }} }} me {{ rank }} season {{ name }}
    }} }}"""
    await viewer.run(query)  # warm: the token
    statements.clear()
    board = (await viewer.run(query))["leaderboard"]
    assert len(board["edges"]) == 20 and board["me"]["rank"] == 26
    assert len(statements) == 3, statements  # the page with its players; the page's ranks; the own entry


async def test_seasons_cost_one_statement(spectator, statements):
    await sync_to_async(Season.objects.create)(
        game=GAME, name="Winter", starts_at=datetime(2025, 1, 1, tzinfo=UTC)
    )
    statements.clear()
    assert len((await spectator.run(f'{{ seasons(game: "{GAME}") {{ id name open }} }}'))["seasons"]) == 1
    assert len(statements) == 1, statements


async def finished_tables(register: Any, count: int) -> list[str]:
    await sync_to_async(Season.objects.create)(
        game=GAME, name="Open", starts_at=datetime(2020, 1, 1, tzinfo=UTC)
    )
    match_ids = []
    for _ in range(count):
        table = await start_table(register)
        await table.host.lobby("resign", table.match_id)
        match_ids.append(table.match_id)
    return match_ids


async def test_a_player_s_ratings_cost_two_statements(register, spectator, statements):
    await finished_tables(register, 1)
    guest = await spectator.run("{ matches(first: 1) { edges { node { seats { player { id } } } } } }")
    guest_id = guest["matches"]["edges"][0]["node"]["seats"][1]["player"]["id"]
    statements.clear()
    query = (
        "query($id: ID!) { player(id: $id) { name ratings { game season { name } rank rating matches } } }"
    )
    ratings = (await spectator.run(query, {"id": guest_id}))["player"]["ratings"]
    assert len(ratings) == 2
    assert len(statements) == 2, statements  # the player; their ratings, ranked


async def test_the_rating_changes_of_a_page_of_matches_cost_one_statement_for_all_of_them(
    register, spectator, statements
):
    await finished_tables(register, 4)
    query = """{ matches(first: 10) { edges { node { id outcome { ratingChanges {
      player { name ratings { rank } } season { name } delta
    } } } } } }"""
    statements.clear()
    edges = (await spectator.run(query))["matches"]["edges"]
    assert [len(edge["node"]["outcome"]["ratingChanges"]) for edge in edges] == [4] * 4
    # The page, its seats and their players (list_matches prefetches them); then every match's rating
    # changes in one statement, and every listed player's ratings in one more: batched, not per item.
    assert len(statements) == 5, statements
