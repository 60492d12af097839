"""Shared subscription reads (api/graphql/updates.py)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest
from graphql import GraphQLError

from api.common import database
from api.graphql import updates
from games.core.visibility import SPECTATOR


def fake_source(version: int) -> Any:
    return SimpleNamespace(version=version, match=SimpleNamespace(seed=1))


async def test_a_finished_read_whose_clean_up_has_not_run_is_not_awaited_forever(monkeypatch):
    reads = []

    async def read(match_id: int, since: int | None) -> None:
        reads.append(match_id)

    monkeypatch.setattr(updates, "submit_read", lambda *read_of: asyncio.ensure_future(read(*read_of)))
    sources = updates.Sources()
    finished = asyncio.get_running_loop().create_future()
    finished.set_result(None)
    sources._reading[1] = (0, finished)  # done, but its pop callback never got to run
    assert await asyncio.wait_for(sources.at_least(1, None), timeout=2) is None
    assert reads == [1]  # a fresh read, not the stale one


async def test_a_hundred_polls_at_once_cost_two_reads_and_each_sees_a_read_begun_after_it(monkeypatch):
    reads: list[asyncio.Event] = []
    version = 0

    async def read(match_id: int, since: int | None) -> Any:
        nonlocal version
        version += 1
        seen = version
        done = asyncio.Event()
        reads.append(done)
        await done.wait()
        return fake_source(seen)

    monkeypatch.setattr(updates, "submit_read", lambda *read_of: asyncio.ensure_future(read(*read_of)))
    sources = updates.Sources()
    first = asyncio.ensure_future(sources.at_least(1, None))
    await asyncio.sleep(0)  # its read is under way
    later = [asyncio.ensure_future(sources.at_least(1, None)) for _ in range(100)]

    async def database_answers() -> None:
        while True:
            for event in reads:
                event.set()
            await asyncio.sleep(0.01)

    answering = asyncio.ensure_future(database_answers())
    try:
        assert (await asyncio.wait_for(first, timeout=2)).version == 1
        polled = await asyncio.wait_for(asyncio.gather(*later), timeout=2)
    finally:
        answering.cancel()
    assert {source.version for source in polled} == {2}  # from a read begun after they asked
    assert len(reads) == 2


async def test_a_nudged_version_already_held_needs_no_read(monkeypatch):
    monkeypatch.setattr(updates, "submit_read", lambda *read_of: None)  # any read would fail
    sources = updates.Sources()
    sources._keep(1, fake_source(7))
    assert (await sources.at_least(1, 7)).version == 7


async def test_a_failed_read_of_events_is_tried_again_by_whoever_asks_next():
    source = updates.Source(match=SimpleNamespace(version=3, pk=1, game="daredevil-rock"), game=None)
    failed: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    failed.set_exception(RuntimeError("the database did not answer"))
    source.rows[1] = failed
    with pytest.raises(RuntimeError):
        source.events_at_hand(1, SPECTATOR)
    assert 1 not in source.rows  # the next caller reads again rather than fail on the stale read


async def test_a_read_started_soon_is_the_one_the_nudged_version_awaits(monkeypatch):
    reads: list[tuple[int, int | None]] = []
    answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

    def submit_read(match_id: int, since: int | None) -> asyncio.Future[Any]:
        reads.append((match_id, since))
        return answer

    monkeypatch.setattr(updates, "submit_read", submit_read)
    sources = updates.Sources()
    sources._keep(1, fake_source(6))
    sources.read_soon(1, 6)  # held already: nothing to read
    assert reads == []
    sources.read_soon(1, 7)
    sources.read_soon(1, 7)  # under way: not a second one
    assert reads == [(1, 6)]
    waiting = asyncio.ensure_future(sources.at_least(1, 7))
    answer.set_result(fake_source(7))
    assert (await asyncio.wait_for(waiting, timeout=2)).version == 7
    assert reads == [(1, 6)]


async def test_a_read_that_fails_answers_each_asker_with_the_coded_error(monkeypatch):
    failed: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    failed.set_exception(database.DatabaseUnavailable(database.UNAVAILABLE_MESSAGE))
    monkeypatch.setattr(updates, "submit_read", lambda *read_of: failed)
    with pytest.raises(GraphQLError) as refused:
        await updates.Sources().at_least(1, 7)
    assert refused.value.extensions["code"] == "SERVICE_UNAVAILABLE"


async def test_a_read_answered_before_its_asker_first_runs_serves_the_version_it_holds(monkeypatch):
    reads: list[int | None] = []

    def submit_read(match_id: int, since: int | None) -> asyncio.Future[Any]:
        reads.append(since)
        answered: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        answered.set_result(fake_source(7))  # the thread was quicker than the listener's first turn
        return answered

    monkeypatch.setattr(updates, "submit_read", submit_read)
    sources = updates.Sources()
    sources.read_soon(1, 7)
    assert (await sources.at_least(1, 7)).version == 7
    assert reads == [None]  # one read: not a second because the first's clean-up had not run
