"""Garbage collection for long-running processes (web workers, timer workers), tuned by ``make bench``.

With CPython's defaults (700, 10, 10) a loaded worker ran a full collection every few seconds, each
walking every object the process holds (Django, the GraphQL schema, every cached game) and stopping the
process for 100 to 500 ms: those pauses were the submitMove p99. What is loaded at start-up lives as
long as the process, so it is frozen out of every collection; young collections run less often, so
more short-lived objects are freed by reference counting before one starts, and full collections
rarer still.
"""

import gc

THRESHOLDS = (10_000, 20, 100)


def settle() -> None:
    """Collect once, freeze what survives (start-up objects), and set the serving thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
