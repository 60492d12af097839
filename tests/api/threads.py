"""Jobs in real threads, each with its own database connection: how the service tests race writers."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections


def run_together(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Run every job in its own thread, released together; each thread closes its DB connections.

    A job's exception is its result, for the caller's assertions to surface.
    """
    barrier = threading.Barrier(len(jobs))
    results: list[Any] = [None] * len(jobs)

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = jobs[index]()
        except Exception as error:
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results
