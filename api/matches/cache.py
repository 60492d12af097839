"""An in-process LRU of engine ``Game`` objects, keyed by match id.

Games are immutable, so sharing one between threads is safe; the lock only guards the dict. An entry
is only ever a committed prefix of a match's log: the write path stores a game in ``on_commit`` and
readers store what they folded from committed rows, so a cached game at version ``v`` is always the
fold of events ``1..v``. ``selectors.load_game`` checks the entry's seed and version against the match
and folds only the events after it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.db import transaction

from games.core.engine import Game

DEFAULT_SIZE = 512


class GameCache:
    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._games: OrderedDict[int, Game] = OrderedDict()
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
            self._games[match_id] = game
            self._games.move_to_end(match_id)
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def invalidate(self, match_id: int) -> None:
        with self._lock:
            self._games.pop(match_id, None)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()

    def __len__(self) -> int:
        return len(self._games)


games = GameCache()


def put_after_commit(match_id: int, game: Game) -> None:
    """Cache ``game`` once the current transaction commits (at once outside a transaction)."""
    transaction.on_commit(lambda: games.put(match_id, game))
