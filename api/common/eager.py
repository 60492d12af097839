"""Running a coroutine at once, up to its first wait, and in a task only if it has to wait.

Python 3.12 calls this an eager task (``asyncio.eager_task_factory``); 3.11, which Cliffside still
runs on, has none. The live updates need it: the listener sends one match's update to each of its
subscribers (api/graphql/nudges.py). A send almost always finishes without waiting, and a task for each
of hundreds of subscribers on every move would cost more than the sends; but a send that does wait,
to a client that has stopped reading, must not hold up the subscribers served after it.
"""

from __future__ import annotations

from collections.abc import Coroutine, Generator
from typing import Any, TypeVar

T = TypeVar("T")


def started(work: Coroutine[Any, Any, T]) -> Coroutine[Any, Any, T] | None:
    """Run ``work`` now until it first waits. None if it finished (its result, if any, is dropped; what
    it raised is raised here); else a coroutine that finishes it, for a task to run."""
    try:
        waited_on = work.send(None)
    except StopIteration:
        return None
    return _finish(work, waited_on)


async def _finish(work: Coroutine[Any, Any, T], waited_on: Any) -> T:
    return await _Rest(work, waited_on)


class _Rest:
    """What ``work`` waits on, handed to the task that awaits this, which then resumes ``work`` with
    what it hands back, or throws into it (a cancellation), until ``work`` returns or raises."""

    __slots__ = ("_waited_on", "_work")

    def __init__(self, work: Coroutine[Any, Any, Any], waited_on: Any) -> None:
        self._work = work
        self._waited_on = waited_on

    def __await__(self) -> Generator[Any, Any, Any]:
        work, waited_on = self._work, self._waited_on
        while True:
            try:
                try:
                    resumed = yield waited_on
                except BaseException as thrown:  # the task's cancellation: ``work``'s to handle
                    waited_on = work.throw(thrown)
                else:
                    waited_on = work.send(resumed)
            except StopIteration as done:
                return done.value
