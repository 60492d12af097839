"""An in-process LRU of engine ``Game`` objects keyed by match id, with snapshots for older versions.

Games are immutable, so sharing one between threads is safe; the lock only guards the dicts. An entry
is only ever a committed prefix of a match's log: the write path stores a game in ``on_commit`` and
readers store what they folded from committed rows, so a cached game at version ``v`` is always the
fold of events ``1..v``. ``selectors.load_game`` checks the entry's seed and version against the match
and folds only the events after it.

The games a match's entry held before are kept too, the last ``GAME_RECENT_VERSIONS`` of them: where
everyone acts at once, a move often arrives chosen at a version the match has just left, and
``expectedVersion`` compares the game then with the game now (api/matches/expected.py). Folding that
older game from a snapshot took a third of a worker's time in a Cliffs n' Cactuses closed loop.

Snapshots serve reads at older versions (``selectors.game_at``): while folding, every game at a
multiple of ``GAME_SNAPSHOT_EVERY`` events is kept (same invariant: committed prefixes only), so once a
match has been folded, a read at any version folds at most that many events. Memory is bounded by
``GAME_SNAPSHOT_MATCHES`` matches (least recently used go first) of at most ``GAME_SNAPSHOTS_PER_MATCH``
snapshots each.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction

from games.core import engine
from games.core.engine import Game
from games.core.visibility import Event

DEFAULT_SIZE = 512


def _setting(name: str, default: int) -> int:
    # Read on use, not at import, so a test's settings override applies.
    return max(1, int(getattr(settings, name, default)))


def recent_versions() -> int:
    """How many of the games a match's entry held before are kept (``GameCache.recent``)."""
    return _setting("GAME_RECENT_VERSIONS", 16)


def snapshot_every() -> int:
    """Events between two snapshots: a read at an older version folds at most this many."""
    return _setting("GAME_SNAPSHOT_EVERY", 200)


class Snapshots:
    """Games at multiples of ``snapshot_every()``, per match; matches and each match's snapshots are
    least-recently-used lists. Not thread-safe: ``GameCache`` holds the lock."""

    def __init__(self) -> None:
        self._matches: OrderedDict[int, OrderedDict[int, Game]] = OrderedDict()

    def nearest(self, match_id: int, version: int) -> Game | None:
        """The snapshot with the highest version at or below ``version``."""
        held = self._matches.get(match_id)
        if not held:
            return None
        self._matches.move_to_end(match_id)
        best = max((v for v in held if v <= version), default=None)
        if best is None:
            return None
        held.move_to_end(best)
        return held[best]

    def keep(self, match_id: int, game: Game) -> None:
        held = self._matches.get(match_id)
        if not held or next(iter(held.values())).seed != game.seed:  # none yet, or an id reused
            held = self._matches[match_id] = OrderedDict()
        held[game.version] = game
        held.move_to_end(game.version)
        self._matches.move_to_end(match_id)
        while len(held) > _setting("GAME_SNAPSHOTS_PER_MATCH", 64):
            held.popitem(last=False)
        while len(self._matches) > _setting("GAME_SNAPSHOT_MATCHES", 64):
            self._matches.popitem(last=False)

    def drop(self, match_id: int) -> None:
        self._matches.pop(match_id, None)

    def clear(self) -> None:
        self._matches.clear()

    def count(self, match_id: int) -> int:
        return len(self._matches.get(match_id, ()))


class GameCache:
    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._games: OrderedDict[int, Game] = OrderedDict()
        self._recent: dict[int, OrderedDict[int, Game]] = {}  # match -> version -> game, oldest first
        self._snapshots = Snapshots()
        self._lock = threading.Lock()

    def get(self, match_id: int) -> Game | None:
        with self._lock:
            game = self._games.get(match_id)
            if game is not None:
                self._games.move_to_end(match_id)
            return game

    def put(self, match_id: int, game: Game) -> None:
        """Keep ``game`` unless a newer version of the same match is already cached."""
        with self._lock:
            held = self._games.get(match_id)
            if held is not None and held.seed == game.seed and held.version > game.version:
                return
            self._remember(match_id, held, game)
            self._games[match_id] = game
            self._games.move_to_end(match_id)
            while len(self._games) > self.size:
                evicted, _ = self._games.popitem(last=False)
                self._recent.pop(evicted, None)

    def _remember(self, match_id: int, held: Game | None, game: Game) -> None:
        """Keep ``held``, the game ``game`` replaces, among the match's recent ones."""
        if held is None or held.seed != game.seed:  # none yet, or an id reused
            self._recent.pop(match_id, None)
            return
        if held.version == game.version:
            return
        recent = self._recent.setdefault(match_id, OrderedDict())
        recent[held.version] = held
        while len(recent) > recent_versions():
            recent.popitem(last=False)

    def recent(self, match_id: int, version: int) -> Game | None:
        """Of the games the match's entry held before, the latest at or below ``version``."""
        with self._lock:
            held = self._recent.get(match_id, {})
            best = max((v for v in held if v <= version), default=None)
            return None if best is None else held[best]

    def snapshot(self, match_id: int, version: int) -> Game | None:
        """The kept snapshot of the match nearest at or below ``version``, if any."""
        with self._lock:
            return self._snapshots.nearest(match_id, version)

    def keep_snapshot(self, match_id: int, game: Game) -> None:
        with self._lock:
            self._snapshots.keep(match_id, game)

    def snapshot_count(self, match_id: int) -> int:
        with self._lock:
            return self._snapshots.count(match_id)

    def invalidate(self, match_id: int) -> None:
        with self._lock:
            self._games.pop(match_id, None)
            self._recent.pop(match_id, None)
            self._snapshots.drop(match_id)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()
            self._recent.clear()
            self._snapshots.clear()

    def __len__(self) -> int:
        return len(self._games)


games = GameCache()


def put_after_commit(match_id: int, game: Game) -> None:
    """Cache ``game`` once the current transaction commits (at once outside a transaction)."""
    transaction.on_commit(lambda: games.put(match_id, game))


def snapshot_after_commit(match_id: int, game: Game) -> None:
    """Keep ``game`` as a snapshot once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: games.keep_snapshot(match_id, game))


def advance(match_id: int, game: Game, events: Sequence[Event]) -> Game:
    """``game`` after ``events``, keeping each game on the way at a multiple of ``snapshot_every()``.

    The caller folds committed rows (or is about to commit them): the snapshots are kept on commit.
    """
    every, done = snapshot_every(), 0
    for upto in range(every - game.version % every, len(events) + 1, every):
        game = engine.advance(game, events[done:upto])
        done = upto
        snapshot_after_commit(match_id, game)
    return engine.advance(game, events[done:])


def keep_passed_snapshots(match_id: int, game: Game, events: Sequence[Event]) -> None:
    """The write path's share: snapshots at the multiples that ``events`` pass on top of ``game``.

    Folds the events a second time, so it does so only when they pass one (once every
    ``snapshot_every()`` events).
    """
    every = snapshot_every()
    if (game.version + len(events)) // every > game.version // every:
        advance(match_id, game, events)
