"""What a match's subscribers are sent, read once per (match, version) and redacted once per viewer.

Every subscriber of a match in this process wakes on the same nudge (api/graphql/nudges.py), which
starts at once the read they will all ask for: the match row, the engine's game (which the game cache
usually holds already) and the events since the version held before, in one trip to a database
thread. Events are read once per starting version, and each viewer's redaction, view and legal moves
are computed once and reused by every subscriber with that viewer (a spectator crowd shares one).
Even the GraphQL execution of a subscriber's selection is kept here and shared by every subscriber
with the same document, variables and audience (api/graphql/subscriptions.py, SharedUpdateExecutor),
and so is its JSON: only the socket write is per subscriber.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from api.common import database
from api.common.per_loop import PerLoop
from api.common.specs import require_spec
from api.graphql.context import graphql_errors, run_sync
from api.graphql.games import binding_for
from api.graphql.matches import LegalMove
from api.matches import eventlog, selectors
from api.matches.models import Match, MatchEvent
from api.matches.results import VisibleEvent
from games.core import engine
from games.core.engine import Game
from games.core.visibility import Viewer

MATCHES_HELD = 1024


@dataclass
class Source:
    """One match at one version, with what has been derived from it so far."""

    match: Match
    game: Game | None  # None: a lobby short of players (selectors.dealable)
    # after -> the rows after it: read with the Source (a list) or later, once, by whoever asks first.
    rows: dict[int, list[MatchEvent] | asyncio.Future[list[MatchEvent]]] = field(default_factory=dict)
    shown: dict[tuple[int, Viewer], list[VisibleEvent]] = field(default_factory=dict)
    views: dict[Viewer, Any] = field(default_factory=dict)
    moves: dict[int, list[LegalMove]] = field(default_factory=dict)
    # Executed selections, by document, variables and audience (see subscriptions.SharedUpdateExecutor).
    results: dict[Hashable, Any] = field(default_factory=dict)
    audiences: dict[Any, tuple[Viewer, int | None]] = field(default_factory=dict)  # player pk ->

    @property
    def version(self) -> int:
        return int(self.match.version)

    def viewer(self, player: Any) -> Viewer:
        return self.audience(player)[0]

    def audience(self, player: Any) -> tuple[Viewer, int | None]:
        """All that tells one subscriber's update from another's: what the player may see, and the
        seat whose legal moves it carries (worked out once per player: every subscriber asks, and
        each of its fields again)."""
        key = getattr(player, "pk", None)
        if key not in self.audiences:
            seat = selectors.seat_of(match=self.match, player=player)
            self.audiences[key] = (selectors.viewer_of_seat(match=self.match, seat=seat), seat)
        return self.audiences[key]

    def view(self, viewer: Viewer) -> Any:
        if viewer not in self.views:
            binding = binding_for(self.match.game)
            self.views[viewer] = (
                None
                if binding is None or self.game is None  # a lobby short of players: nothing dealt to show
                else binding.view(engine.view(self.game, viewer), self.game.version)
            )
        return self.views[viewer]

    def legal_moves(self, player: Any) -> list[LegalMove]:
        """The player's legal moves ([] for a spectator or an ended match)."""
        seat = self.audience(player)[1]
        binding = binding_for(self.match.game)
        if seat is None or binding is None or self.game is None or self.match.status != "ACTIVE":
            return []
        if seat not in self.moves:
            dump = self.game.spec.moves.dump
            self.moves[seat] = [
                LegalMove.of(binding, dump(each)) for each in engine.legal_moves(self.game, seat)
            ]
        return self.moves[seat]

    async def events(self, after: int, viewer: Viewer) -> list[VisibleEvent]:
        """Events ``after < seq <= version`` as ``viewer`` may see them."""
        shown = self.events_at_hand(after, viewer)
        if shown is not None:
            return shown
        held = self.rows.get(after)
        if held is None:  # one read however many subscribers ask at once
            held = self.rows[after] = asyncio.ensure_future(
                run_sync(eventlog.between)(self.match.pk, after, self.version)
            )
        if isinstance(held, asyncio.Future):
            with contextlib.suppress(Exception):  # raised just below, by events_at_hand
                await asyncio.shield(held)
        shown = self.events_at_hand(after, viewer)
        assert shown is not None  # the rows are read now
        return shown

    def events_at_hand(self, after: int, viewer: Viewer) -> list[VisibleEvent] | None:
        """As ``events``, when that needs no read (None: the rows are not read yet)."""
        if after >= self.version:
            return []
        key = (after, viewer)
        if key not in self.shown:
            held = self.rows.get(after)
            if isinstance(held, asyncio.Future) and held.done():
                if held.exception() is not None:
                    del self.rows[after]  # the database may be back for whoever asks next
                held = held.result()  # raises what the read raised
            if not isinstance(held, list):
                return None
            spec = require_spec(self.match.game)
            visible = (selectors.visible(spec, row, viewer) for row in held)
            self.shown[key] = [event for event in visible if event is not None]
        return self.shown[key]


def _read(match_id: int, since: int | None) -> Source | None:
    """The match now; with the events after ``since`` (the version held so far) when it has moved on:
    what every subscriber that was up to date asks for next. The match and its new events come in one
    round trip."""
    if since is None:
        match = selectors.get_match(match_id=match_id)
        return None if match is None else _unread(match)
    match, rows = selectors.get_match_and_events(match_id=match_id, after=since)
    if match is None:
        return None
    if since >= match.version:
        return _unread(match)
    source = Source(match, selectors.load_game(match=match, rows=(since, rows)))
    source.rows[since] = rows
    return source


def _answer(read: asyncio.Future[Source | None]) -> Source | None:
    """A finished read's Source (None: it failed, was cancelled or found no match)."""
    return None if read.cancelled() or read.exception() is not None else read.result()


def submit_read(match_id: int, since: int | None) -> asyncio.Future[Source | None]:
    return database.submit(_read, match_id, since)


def _unread(match: Match) -> Source:
    """A Source with no events read with it."""
    return Source(match, selectors.load_game(match=match) if selectors.dealable(match=match) else None)


class Sources:
    """This event loop's latest Source per match, read once however many subscribers ask."""

    def __init__(self) -> None:
        self._latest: OrderedDict[int, Source] = OrderedDict()
        self._reading: dict[int, tuple[int, asyncio.Future[Source | None]]] = {}  # with its number
        self._reads = 0  # reads started so far (of any match): a read numbered above n started later

    async def at_least(self, match_id: int, version: int | None) -> Source | None:
        """A Source at ``version`` or later; ``version`` None (a poll, a first read): from a read that
        starts after this call, so it sees every commit before it. Callers at once share one: a
        hundred subscribers polling together cost two reads, not a hundred one after another."""
        asked = self._reads
        while True:
            held = self._latest.get(match_id)
            if held is not None and version is not None and held.version >= version:
                return held
            entry = self._reading.get(match_id)
            if entry is not None and entry[1].done():
                # Finished, its clean-up not run yet: awaiting it would not yield, and this loop would
                # spin without ever letting that clean-up run. Its answer serves if it holds the version
                # asked for (a read a nudge started soon, answered before its asker's first turn), else
                # read anew.
                self._reading.pop(match_id, None)
                answered = _answer(entry[1])
                if answered is not None and version is not None and answered.version >= version:
                    self._keep(match_id, answered)
                    return answered
                entry = None
            if entry is None:
                entry = self._start(match_id, held)
            number, reading = entry
            source = await graphql_errors(asyncio.shield(reading))
            if source is not None:
                self._keep(match_id, source)
            # A read that began before this call may predate the commit we were told of: read again.
            if number > asked or source is None or (version is not None and source.version >= version):
                return source

    def read_soon(self, match_id: int, version: int) -> None:
        """Start now the read ``at_least(match_id, version)`` will await, unless it needs none or one is
        under way: a nudge's listener calls it before its own task first runs, a turn of a busy loop
        later (about 20 ms under a closed loop of 64 matches)."""
        held = self._latest.get(match_id)
        if held is not None and held.version >= version:
            return
        entry = self._reading.get(match_id)
        if entry is None or entry[1].done():
            self._start(match_id, held)

    def _start(self, match_id: int, held: Source | None) -> tuple[int, asyncio.Future[Source | None]]:
        """A read of the match from what ``held`` holds, handed to a database thread now (not from a
        task of its own, which would first wait for a turn of the loop, and once more to pass on its
        result)."""
        self._reads += 1
        since = None if held is None else held.version
        entry = self._reads, submit_read(match_id, since)
        self._reading[match_id] = entry
        entry[1].add_done_callback(partial(self._forget, match_id, entry))
        return entry

    def _forget(
        self, match_id: int, entry: tuple[int, asyncio.Future[Source | None]], done: asyncio.Future[Any]
    ) -> None:
        if self._reading.get(match_id) is entry:
            del self._reading[match_id]
        if not done.cancelled():
            # Marks a failure as seen: a read a nudge started that no one awaited after all (its askers
            # found the version held already) would otherwise be logged as "never retrieved".
            done.exception()

    def held(self, match_id: int) -> Source | None:
        """The latest Source of the match held here, without reading: current while a subscription
        here follows the match (every commit of it nudges this process), else as old as it is."""
        return self._latest.get(match_id)

    def offer(self, source: Source) -> None:
        """A Source this process committed itself: kept unless a newer one is held already."""
        self._keep(source.match.pk, source)

    def _keep(self, match_id: int, source: Source) -> None:
        held = self._latest.get(match_id)
        # The same version read again replaces it too: its seats may have changed (reclaimSeat).
        if held is None or held.version <= source.version or held.match.seed != source.match.seed:
            self._latest[match_id] = source
        self._latest.move_to_end(match_id)
        while len(self._latest) > MATCHES_HELD:
            self._latest.popitem(last=False)


_sources = PerLoop(Sources)


def sources() -> Sources:
    """The running event loop's Sources (one per server process; tests run a loop each)."""
    return _sources.get()
