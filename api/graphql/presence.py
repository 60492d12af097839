"""Presence for live subscriptions: who of a match's players is here, kept by one lookout per process.

A seated player's ``matchUpdates`` subscription marks them present (api/matches/presence.py) while it
lives; the lookout renews this process's marks and, every ``PRESENCE_POLL_SECONDS``, reads who is
present at each match watched here, in one call for all of them. When that changes (a player arrived
or left on any process, or a dead process's mark lapsed) it wakes the match's subscriptions here,
which send an update with the seats (``Seat.connected``) even though the match did not move. An
arrival or departure in this process is seen here at once; on another process within the poll.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import structlog
from django.conf import settings

from api.common.per_loop import PerLoop
from api.matches import presence

log = structlog.get_logger(__name__)


def poll_seconds() -> float:
    return float(getattr(settings, "PRESENCE_POLL_SECONDS", 3.0))


@dataclass(eq=False)
class Seen:
    """One subscription's window on its match's presence."""

    lookout: Lookout
    match_id: int

    @property
    def players(self) -> frozenset[int]:
        """The players present at the match, as last read here."""
        return self.lookout.seen.get(self.match_id, frozenset())

    @contextlib.asynccontextmanager
    async def seated(self, player_id: int | None) -> AsyncIterator[None]:
        """Mark ``player_id`` present while this lasts (None: a spectator, nothing to mark)."""
        if player_id is None:
            yield
            return
        await self.lookout.arrive(self.match_id, player_id)
        try:
            yield
        finally:
            await self.lookout.leave(self.match_id, player_id)


class Lookout:
    """This event loop's presence: the marks it holds and the matches it watches."""

    def __init__(self) -> None:
        self.held: Counter[tuple[int, int]] = Counter()  # (match, player) -> subscriptions here
        self.watching: dict[int, set[asyncio.Event]] = {}
        self.seen: dict[int, frozenset[int]] = {}
        self._task: asyncio.Task[None] | None = None

    @contextlib.asynccontextmanager
    async def follow(self, match_id: int, woken: asyncio.Event) -> AsyncIterator[Seen]:
        """Wake ``woken`` whenever who is present at the match changes."""
        self.watching.setdefault(match_id, set()).add(woken)
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self._run())
        try:
            if match_id not in self.seen:
                await self.look([match_id])
            yield Seen(self, match_id)
        finally:
            watching = self.watching.get(match_id, set())
            watching.discard(woken)
            if not watching:
                self.watching.pop(match_id, None)
                self.seen.pop(match_id, None)

    async def arrive(self, match_id: int, player_id: int) -> None:
        self.held[match_id, player_id] += 1
        if self.held[match_id, player_id] == 1:
            await asyncio.to_thread(presence.renew, {match_id: [player_id]})
            await self.look([match_id])

    async def leave(self, match_id: int, player_id: int) -> None:
        self.held[match_id, player_id] -= 1
        if self.held[match_id, player_id] <= 0:
            del self.held[match_id, player_id]
            await asyncio.to_thread(presence.remove, match_id, player_id)
            await self.look([match_id])

    async def look(self, match_ids: list[int]) -> None:
        """Read who is present at ``match_ids`` and wake the subscriptions of those that changed."""
        now = await asyncio.to_thread(presence.connected, match_ids)
        for match_id, players in now.items():
            if match_id in self.watching and self.seen.get(match_id) != players:
                first = match_id not in self.seen
                self.seen[match_id] = players
                for woken in () if first else self.watching[match_id]:
                    woken.set()

    def _marks(self) -> dict[int, list[int]]:
        marks: dict[int, list[int]] = {}
        for match_id, player_id in self.held:
            marks.setdefault(match_id, []).append(player_id)
        return marks

    async def _run(self) -> None:
        """Renew this process's marks (each third of their lifetime) and look at every watched match."""
        renewed = 0.0
        loop = asyncio.get_running_loop()
        while self.watching or self.held:
            await asyncio.sleep(min(poll_seconds(), presence.ttl_seconds() / 3))
            try:
                if loop.time() - renewed >= presence.ttl_seconds() / 3 and self.held:
                    await asyncio.to_thread(presence.renew, self._marks())
                    renewed = loop.time()
                await self.look(list(self.watching))
            except Exception:
                log.exception("presence_lookout_failed")  # the next round tries again


_lookouts = PerLoop(Lookout)


def lookout() -> Lookout:
    """The running event loop's Lookout (one per server process; tests run a loop each)."""
    return _lookouts.get()


def seat_player(update: Any) -> int | None:
    """The player to mark present for the subscriber of ``update``: only a seated one."""
    seat = update.source.audience(update.player)[1]
    return None if seat is None else getattr(update.player, "pk", None)
