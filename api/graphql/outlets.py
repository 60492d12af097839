"""Where a subscription's messages go, for updates sent without waking the subscription.

Between two updates a ``matchUpdates`` subscription is parked. When its process's listener can send it
its next update as it stands (a result shared by everyone with the same answer, serialized once: see
``Follower`` in api/graphql/subscriptions.py), it hands the JSON to the subscription's outlet: its
operation on its socket. The transport (api/realtime/protocol.py) sets the outlet of each operation it
runs, in that operation's own task; a subscription run any other way has none and is always woken.
"""

from __future__ import annotations

import weakref
from contextvars import ContextVar
from typing import Protocol


class Outlet(Protocol):
    def is_open(self) -> bool:
        """May a message of this operation still be sent (not completed, the socket not closing)?"""

    async def send_next(self, payload: str) -> None:
        """Send a ``next`` message of this operation with ``payload``, the JSON of ``{"data": ...}``."""


# Held weakly: every task started from the operation's task copies its context, and some of those live
# as long as the process (a listener started by the first subscription of a match): a strong reference
# would keep that operation's whole connection alive with them.
_running: ContextVar[weakref.ref[Outlet] | None] = ContextVar("cliffside_outlet", default=None)


def running(outlet: Outlet) -> None:
    """The outlet of the operation the current task runs, for as long as the caller holds it."""
    _running.set(weakref.ref(outlet))


def current() -> Outlet | None:
    """The outlet of the operation running in this task, if its transport has one."""
    held = _running.get()
    return None if held is None else held()
