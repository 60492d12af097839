"""Nudges ("match X is at version N"), received once per process and handed to every subscription.

One listener per event loop has a channel of its own on the channel layer, in group ``match.<id>``
while any subscription here watches that match. Each nudge starts the read every subscriber of the
match will ask for (api/graphql/updates.py); once it is done, the listener sends each waiting
subscription its update itself (``Watch.deliver``) and wakes only those it cannot serve: no channel,
queue and task per subscription, hundreds of which would otherwise wake, one after another, on every
move. It sends in the order the subscriptions came, each at once (api/common/eager.py); a send that
must wait, to a client that stopped reading, goes on in a task of its own, so it holds up no one.
When a crowd of subscriptions here follows a match, a commit made here sends its nudge to the other
processes before they are sent theirs (``crowded``, api/matches/notify.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import structlog
from graphql import GraphQLError

from api.common.eager import started
from api.graphql.updates import Source, sources
from api.matches.notify import Commit, group_name

log = structlog.get_logger(__name__)

# After an unexpected failure to receive (a bug, not Redis: the layer rides out outages itself).
RECEIVE_RETRY_SECONDS = 1.0
# From how many subscriptions of a match here a commit made here sends its nudge before they are sent
# their updates (``crowded``): a hundred sends hold the interpreter for about 3.5 ms, a few for less
# than the publishing thread takes to have its turn.
CROWD = 16


@dataclass(eq=False)
class Watch:
    """One subscription's wake-ups: a nudge past what it has sent, Redis going down or coming back
    (it watches the layer's health itself), or the end of its poll interval."""

    woken: asyncio.Event = field(default_factory=asyncio.Event)
    sent: int = -1
    nudged: int | None = None  # the highest version a nudge announced, until it is read
    reseated: bool = False  # the seats changed at a version already sent (reclaimSeat), until read
    # Sends the update at a Source without waking the subscription, if it may (True: sent); see
    # subscriptions.Follower. None: the subscription is always woken.
    deliver: Callable[[Source], Awaitable[bool]] | None = None

    def nudge(self, version: int) -> None:
        if version > self.sent:
            self.nudged = max(self.nudged or 0, version)
            self.woken.set()

    def reseat(self) -> None:
        self.reseated = True
        self.woken.set()

    def take_reseat(self) -> bool:
        reseated, self.reseated = self.reseated, False
        return reseated

    def take_nudge(self) -> int | None:
        wanted, self.nudged = self.nudged, None
        return wanted

    def put_back(self, wanted: int | None) -> None:
        """A nudge taken but not read (the database is down): the next wake reads it."""
        self.nudged = max(self.nudged or 0, wanted or 0) or None


class Nudges:
    """This event loop's one listener for nudges (see the module's docstring)."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        # Each match's watches in the order they came (a dict as an ordered set): updates go out in it.
        self.watches: dict[int, dict[Watch, None]] = {}
        self._channel: str | None = None
        self._membership = asyncio.Lock()  # group joins and leaves, one at a time and in order
        self._tasks: set[asyncio.Task[Any]] = set()

    @contextlib.asynccontextmanager
    async def watch(self, match_id: int) -> AsyncIterator[Watch]:
        """In the match's group when it enters, so no commit falls between this and a first read."""
        watch = Watch()
        self.watches.setdefault(match_id, {})[watch] = None
        try:
            await self._follow(match_id)
            yield watch
        finally:
            watching = self.watches.get(match_id, {})
            watching.pop(watch, None)
            if not watching:
                self.watches.pop(match_id, None)
                self._spawn(self._follow(match_id))  # nobody waits for a leave

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()

    async def _follow(self, match_id: int) -> None:
        """Join or leave the match's group, as whether anyone here still watches it says."""
        if self.layer is None:  # no channel layer: subscriptions only poll
            return
        async with self._membership:
            if self._channel is None:
                self._channel = await self.layer.new_channel()
                self._spawn(self._receive(self._channel))
            if match_id in self.watches:  # added again on every watch: a layer may expire memberships
                await self.layer.group_add(group_name(match_id), self._channel)
            else:
                await self.layer.group_discard(group_name(match_id), self._channel)

    async def _receive(self, channel: str) -> None:
        while True:
            try:
                message = await self.layer.receive(channel)
            except Exception:
                # Not Redis (the layer rides out outages itself): a bug. Subscriptions poll meanwhile.
                log.exception("nudge_receive_failed")
                await asyncio.sleep(RECEIVE_RETRY_SECONDS)
                continue
            self.hand_out(message.get("match_id"), int(message.get("version", 0)), bool(message.get("seats")))

    def hand_out(self, match_id: Any, version: int, seats: bool = False) -> None:
        """Wake every watch of the match behind ``version``, or send it its update once the read they
        share is done (``Watch.deliver``); ``seats``: wake them all, the seats changed without a move."""
        watching = self.watches.get(match_id)
        if not watching:
            return
        if seats:
            for watch in watching:
                watch.reseat()
        behind, served = False, list[Watch]()
        for watch in watching:
            if version <= watch.sent:
                continue
            behind = True
            if watch.deliver is not None and not watch.woken.is_set():
                served.append(watch)
            else:
                watch.nudge(version)
        if behind:
            sources().read_soon(match_id, version)
            self._spawn(self._read_ahead(match_id, version, served))

    async def _read_ahead(self, match_id: int, version: int, served: list[Watch]) -> None:
        """The read every subscriber of the match will ask for; then the updates of ``served``."""
        source: Source | None = None
        try:
            source = await sources().at_least(match_id, version)
        except GraphQLError:  # the database is down: each subscription finds out itself
            pass
        except Exception:
            log.exception("update_read_failed")  # a bug: the subscriptions are woken all the same
        for watch in served:
            if source is None:
                watch.nudge(version)
                continue
            # Each in turn, at once; one whose send waits (a client that stopped reading) goes on in a
            # task of its own and holds up no one after it.
            waiting = started(_deliver(watch, source, version))
            if waiting is not None:
                self._spawn(waiting)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("nudge_task_failed", exc_info=task.exception())


async def _deliver(watch: Watch, source: Source, version: int) -> None:
    """Send ``watch`` its update at ``source``, or wake it to read and send the update itself."""
    deliver, sent = watch.deliver, False
    if deliver is not None:  # None: its subscription let go while the read was in flight
        try:
            sent = await deliver(source)
        except OSError:  # the client went away mid-send: its subscription finds out on its own send
            pass
        except Exception:
            log.exception("update_delivery_failed")  # a bug: the subscription is woken to send it itself
    if not sent:
        watch.nudge(version)  # harmless to a subscription that let go


def offer_commit(commit: Commit) -> None:
    """A commit made here (notify.on_commit_here, on the request's loop): this loop's subscribers of the
    match get the Source the writer already holds and are woken at once; the channel layer's nudge,
    when it comes, finds that version read. Nothing is kept for a match nobody here watches."""
    listener = _nudges_by_loop.get(asyncio.get_running_loop())
    match_id = commit.match.pk
    if listener is None or match_id not in listener.watches:
        return
    source = Source(commit.match, commit.game)
    source.rows[commit.since] = list(commit.rows)
    sources().offer(source)
    listener.hand_out(match_id, source.version)


_nudges_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Nudges] = weakref.WeakKeyDictionary()


def crowded(loop: asyncio.AbstractEventLoop, match_id: int) -> bool:
    """Do ``CROWD`` or more of ``loop``'s subscriptions follow the match? Asked from the committing
    database thread (api/matches/notify.py): a lookup and a length, which the loop cannot tear."""
    listener = _nudges_by_loop.get(loop)
    return listener is not None and len(listener.watches.get(match_id, ())) >= CROWD


def nudges(layer: Any) -> Nudges:
    """The running event loop's listener on ``layer`` (a new one if the layer changed: tests do that)."""
    loop = asyncio.get_running_loop()
    held = _nudges_by_loop.get(loop)
    if held is None or held.layer is not layer:
        if held is not None:
            held.close()
        held = _nudges_by_loop[loop] = Nudges(layer)
    return held
