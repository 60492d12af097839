"""Garbage collection for long-running processes (web workers, timer workers), tuned by ``make bench``.

With CPython's defaults (700, 10, 10) a loaded worker ran a full collection every few seconds, each
walking every object the process holds (Django, the GraphQL schema, every cached game) and stopping the
process for 100 to 500 ms: those pauses were the submitMove p99. What is loaded at start-up lives as
long as the process, so it is frozen out of every collection, and full collections are rare.

Young collections are a pause of the event loop too, as long as the young generation is large. Once
the GraphQL executors stopped leaving reference cycles (api/graphql/subscriptions.py), little garbage
was left for the collector, and a small young generation was the cheaper pause: traced under load, at
2,000 a young collection took 0.8 ms of CPU on average (4 ms at most) and a middle one 4 ms (9 ms at
most), where at 10,000 a young one took 5 ms (17 ms at most) even after the fix, and a middle one had
taken about 100 ms before it.

The price of rare full collections: whatever a closed connection leaves in a reference cycle lives on
until the next one (in test_churn's mix of connections, one came every 11,000 or so), and pymalloc keeps
most of that memory after it. So a connection must be freed by reference counting when it closes: its
consumer, protocols and timers hold no cycle (issue 23 broke three). tests/reliability/test_churn.py
holds a worker's memory to that over 20,000 connections.
"""

import gc

THRESHOLDS = (2_000, 10, 100)


def settle() -> None:
    """Collect once, freeze what survives (start-up objects), and set the serving thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
