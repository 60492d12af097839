"""What an execution leaves behind: nothing for the cyclic garbage collector, and no memo that grows
with a subscription's events (api/graphql/subscriptions.py, ``_helpers`` and ``_event_executor``).

Both were found by tracing the collector under ``make bench``: every operation's executor was a
reference cycle, and each subscription kept every event's collected fields, so a loaded worker's
young collections took 5 to 17 ms and its older ones about 100 ms, each a pause of its event loop.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from api.graphql.subscriptions import SharedUpdateExecutor
from tests.api.graphql.conftest import Table
from tests.api.graphql.test_shared_updates import live
from tests.api.graphql.test_subscriptions import play_end_turn, subscriber

pytestmark = pytest.mark.django_db(transaction=True)

__all__ = ["subscriber"]  # the fixture, shared

MOVES = 3


@pytest.fixture
def executors(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[weakref.ref[SharedUpdateExecutor]]]:
    """A weak reference to every operation's executor, made while the cycle collector is off: what
    they hold must go by reference counting alone."""
    made: list[weakref.ref[SharedUpdateExecutor]] = []
    original = SharedUpdateExecutor.__init__

    def recording(self: SharedUpdateExecutor, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        made.append(weakref.ref(self))

    monkeypatch.setattr(SharedUpdateExecutor, "__init__", recording)
    gc.collect()
    gc.disable()
    try:
        yield made
    finally:
        gc.enable()


async def test_an_operations_executor_goes_when_the_operation_ends(table: Table, executors):
    await play_end_turn(table)  # a mutation, then the query that finds whose turn it is

    assert executors
    assert [ref for ref in executors if ref() is not None] == []


async def test_a_subscriptions_events_do_not_grow_its_executors_memo(table: Table, subscriber, executors):
    watcher = await live(subscriber, table.match_id, table.host.token)
    [subscription] = [ref() for ref in executors if ref() is not None]
    assert subscription is not None

    for _ in range(MOVES):
        await play_end_turn(table)
        await watcher.update()

    # Each event collected its own fields in a memo of its own, gone with the event.
    assert subscription._relevant_sub_fields == {}
