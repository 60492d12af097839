"""matchUpdates selections completed by their plan give graphql-core's result, or none.

Each update here is completed both ways, by the document's plan (api/graphql/plans.py) and by
graphql-core's executor, for every game, a seat and a spectator: the data must be equal, key order
included (it is the JSON a client is sent). Documents a plan does not cover, and updates it must leave
to graphql-core, get no plan result at all.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from graphql import ExecutionResult, parse

from api.graphql import plans, subscriptions
from api.graphql.schema import schema
from api.matches import services
from bench.views import view_selection
from games.registry import REGISTRY
from tests.api.graphql.test_shared_updates import live
from tests.api.graphql.test_subscriptions import UPDATES, play_end_turn, subscriber

pytestmark = pytest.mark.django_db(transaction=True)

__all__ = ["subscriber"]  # the fixture, shared

VIEWS = " ".join(view_selection(key)[1:-1] for key in REGISTRY)
WHOLE = f"""
subscription($id: ID!) {{
  matchUpdates(matchId: $id) {{
    __typename version status
    outcome {{ ranks scores reason winners }}
    seats {{ index isBot botLevel connected player {{ id name }} }}
    legalMoves {{ label input }}
    view {{ __typename game version {VIEWS} }}
  }}
}}
"""
# Aliases, a key asked for twice (its selections merge), named fragments on the update and the view.
MERGED = """
subscription($id: ID!) {
  live: matchUpdates(matchId: $id) {
    v: version version ...Moves
    view { version } view { game ...Seen }
    moves: legalMoves { input }
  }
}
fragment Moves on MatchUpdate { legalMoves { input } legalMoves { label } ...Moves2 }
fragment Moves2 on MatchUpdate { version status }
fragment Seen on GameView { __typename version }
"""
EVENTS = "subscription($id: ID!) { matchUpdates(matchId: $id) { version events { seq type seat data } } }"
NOT_PLANNED = [
    "subscription($id: ID!, $on: Boolean!) { matchUpdates(matchId: $id) { version @include(if: $on) } }",
    "subscription($id: ID!) { matchUpdates(matchId: $id) @skip(if: false) { version } }",
    "subscription($id: ID!) { matchUpdates(matchId: $id) { ... @include(if: true) { version } } }",
]


def started(game: str, players: list[Any]) -> Any:
    """A match of ``game`` with its fewest players, ``players`` first and bots after, two moves in."""
    spec = REGISTRY[game]
    host, *others = players
    match = services.create_match(player=host, game=game)
    for player in others[: spec.min_players - 1]:
        services.join_match(match_id=match.id, player=player)
    for _ in range(spec.min_players - min(len(players), spec.min_players)):
        services.add_bot(match_id=match.id, player=host)
    return services.start_match(match_id=match.id, player=host)


def executor_for(document: str, match_id: int, **variables: Any) -> subscriptions.SharedUpdateExecutor:
    built = subscriptions.SharedUpdateExecutor.build(
        schema._schema, parse(document), raw_variable_values={"id": str(match_id), **variables}
    )
    assert isinstance(built, subscriptions.SharedUpdateExecutor), built
    return built


def by_graphql_core(executor: subscriptions.SharedUpdateExecutor, update: Any) -> ExecutionResult:
    result = subscriptions._event_executor(executor, update).execute_operation(False)
    assert isinstance(result, ExecutionResult)
    return result


async def update_of(match_id: int, player: Any, after: int | None = None) -> Any:
    update = await subscriptions.read_update(player, match_id, after, None, first=True)
    assert update is not None
    return update


@pytest.mark.parametrize("game", REGISTRY)
@pytest.mark.parametrize("document", [WHOLE, MERGED], ids=["whole", "merged"])
async def test_a_plan_completes_an_update_as_graphql_core_does(game, document, make_player):
    players = [await sync_to_async(make_player)(name) for name in ("Ada", "Bo")]
    match = await sync_to_async(started)(game, players)
    executor = executor_for(document, match.id)
    for player in (*players, None):  # each seat and a spectator
        update = await update_of(match.id, player)
        planned = executor.planned(update)
        expected = by_graphql_core(executor, update)
        assert expected.errors is None
        assert planned is not None
        assert list(_walk(planned)) == list(_walk(expected.data))


async def test_events_that_must_be_read_are_left_to_graphql_core(make_player):
    players = [await sync_to_async(make_player)(name) for name in ("Ada", "Bo")]
    match = await sync_to_async(started)("daredevil-rock", players)
    executor = executor_for(EVENTS, match.id)
    update = await update_of(match.id, players[0], after=0)  # the deal's events, not read yet
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the resolver's coroutine is closed, not left unawaited
        assert executor.planned(update) is None
    result = await subscriptions._event_executor(executor, update).execute_operation(False)
    assert result.errors is None and result.data["matchUpdates"]["events"][0]["seq"] == 1
    assert executor.planned(update) == result.data  # the rows are at hand now: planned as it is


@pytest.mark.parametrize("document", NOT_PLANNED)
async def test_a_document_with_a_directive_has_no_plan(document, make_player):
    match = await sync_to_async(started)("daredevil-rock", [await sync_to_async(make_player)("Ada")])
    executor = executor_for(document, match.id, on=True)
    assert (
        plans.Plans(plans.subscription).of(executor.schema, executor.operation, executor.fragment_definitions)
        is None
    )
    assert executor.planned(await update_of(match.id, None)) is None


async def test_an_update_graphql_core_would_refuse_gets_no_plan_result(make_player, monkeypatch):
    match = await sync_to_async(started)("daredevil-rock", [await sync_to_async(make_player)("Ada")])
    executor = executor_for(WHOLE, match.id)
    update = await update_of(match.id, None)
    monkeypatch.setattr(type(update.source), "version", property(lambda _source: None))
    # graphql-core would report the null in a non-null field: the plan leaves the update to it.
    assert executor.planned(update) is None


def _walk(value: Any, path: tuple[Any, ...] = ()) -> Any:
    """Every (path, leaf) of a result in order: equal walks mean equal data and equal key order."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, (*path, index))
    else:
        yield path, value


async def test_a_live_subscriber_s_updates_are_planned_not_executed(table, subscriber, monkeypatch):
    seat = await live(subscriber, table.match_id, table.host.token, UPDATES)
    executed: list[Any] = []
    event_executor = subscriptions._event_executor
    monkeypatch.setattr(
        subscriptions, "_event_executor", lambda *args: executed.append(args) or event_executor(*args)
    )

    result = await play_end_turn(table)
    update = await seat.update()

    assert update["version"] == result["version"] and update["events"]
    assert executed == []  # strawberry's executor, as the schema builds it, took the plan
