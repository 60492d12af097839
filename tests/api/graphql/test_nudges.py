"""The listener's hand-out (api/graphql/nudges.py): a subscription that lets go of its watch while the
read it was served by is in flight costs no other subscription its update."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from api.graphql import nudges

MATCH, VERSION = 7, 3


class Read:
    """``sources()`` whose read of the match lets go of ``leaving`` before it answers, as a subscription
    that ends (its match over, its client gone) while the listener reads for it."""

    def __init__(self, leaving: list[nudges.Watch]) -> None:
        self.leaving = leaving
        self.source = object()
        self.started: list[tuple[int, int]] = []  # reads handed to a database thread, in order

    def read_soon(self, match_id: int, version: int) -> None:
        self.started.append((match_id, version))

    async def at_least(self, match_id: int, version: int) -> Any:
        for watch in self.leaving:
            watch.deliver = None  # as match_updates' finally does
        return self.source


@pytest.mark.parametrize("staying", range(4))
async def test_a_watch_let_go_during_the_read_costs_the_others_nothing(monkeypatch, staying):
    listener = nudges.Nudges(layer=None)
    delivered: list[nudges.Watch] = []
    watches = [nudges.Watch() for _ in range(4)]

    def sender(watch: nudges.Watch) -> Any:
        async def deliver(source: Any) -> bool:
            delivered.append(watch)
            return True

        return deliver

    for watch in watches:
        watch.deliver = sender(watch)
    leaving = [watch for index, watch in enumerate(watches) if index != staying]
    read = Read(leaving)
    monkeypatch.setattr(nudges, "sources", lambda: read)
    listener.watches[MATCH] = dict.fromkeys(watches)

    listener.hand_out(MATCH, VERSION)
    (task,) = listener._tasks
    await task  # raises what the hand-out raised

    assert delivered == [watches[staying]]
    assert all(watch.woken.is_set() and watch.nudged == VERSION for watch in leaving)  # harmless now
    assert not watches[staying].woken.is_set()


async def test_a_nudge_hands_its_read_to_a_database_thread_before_its_task_first_runs(monkeypatch):
    # Each turn of a busy loop is about 20 ms under load (docs/performance-log.md): the read should not wait
    # for the turn in which the listener's task first runs.
    listener = nudges.Nudges(layer=None)
    watch = nudges.Watch()
    read = Read(leaving=[])
    monkeypatch.setattr(nudges, "sources", lambda: read)
    listener.watches[MATCH] = {watch: None}

    listener.hand_out(MATCH, VERSION)

    assert read.started == [(MATCH, VERSION)]  # no await yet: the task has not run
    (task,) = listener._tasks
    await task
    assert watch.nudged == VERSION  # no deliver of its own: woken to read itself


async def test_a_nudge_for_a_version_every_watch_has_sent_reads_nothing(monkeypatch):
    listener = nudges.Nudges(layer=None)
    watch = nudges.Watch()
    watch.sent = VERSION  # the commit was handed over here already (offer_commit): this is its echo
    read = Read(leaving=[])
    monkeypatch.setattr(nudges, "sources", lambda: read)
    listener.watches[MATCH] = {watch: None}

    listener.hand_out(MATCH, VERSION)

    assert read.started == [] and not listener._tasks


async def test_a_crowd_is_sixteen_subscriptions_of_the_match_on_the_loop_that_asks():
    loop = asyncio.get_running_loop()
    listener = nudges.nudges(layer=None)
    try:
        listener.watches[MATCH] = {nudges.Watch(): None for _ in range(nudges.CROWD - 1)}
        assert not nudges.crowded(loop, MATCH)
        listener.watches[MATCH][nudges.Watch()] = None
        assert nudges.crowded(loop, MATCH)
        assert not nudges.crowded(loop, MATCH + 1)
        other = asyncio.new_event_loop()  # a loop with no listener
        assert not nudges.crowded(other, MATCH)
        other.close()
    finally:
        listener.watches.clear()
