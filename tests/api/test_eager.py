"""api/common/eager.py: a coroutine runs at once up to its first wait, the rest in a task."""

import asyncio

import pytest

from api.common.eager import started


async def test_work_that_never_waits_is_done_at_once():
    done = []

    async def work():
        done.append("all")

    assert started(work()) is None
    assert done == ["all"]


async def test_work_that_waits_ran_up_to_the_wait_and_a_task_finishes_it():
    steps, gate = [], asyncio.Event()

    async def work():
        steps.append("before")
        await gate.wait()
        steps.append("after")
        await asyncio.sleep(0)  # a bare yield too
        return "result"

    rest = started(work())
    assert rest is not None and steps == ["before"]
    task = asyncio.ensure_future(rest)
    await asyncio.sleep(0)
    assert steps == ["before"]
    gate.set()
    assert await asyncio.wait_for(task, timeout=3) == "result"
    assert steps == ["before", "after"]


async def test_what_work_raises_comes_out_where_it_is_running():
    async def fails_at_once():
        raise ValueError("now")

    async def fails_later():
        await asyncio.sleep(0)
        raise ValueError("later")

    with pytest.raises(ValueError, match="now"):
        started(fails_at_once())
    rest = started(fails_later())
    assert rest is not None
    with pytest.raises(ValueError, match="later"):
        await rest


async def test_cancelling_the_task_cancels_the_work_where_it_waits():
    seen = []

    async def work():
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            seen.append("cancelled")
            raise

    task = asyncio.ensure_future(started(work()))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert seen == ["cancelled"]
