"""Which game each match plays, remembered per process: the first check of ``submitMove``.

A match's game never changes, so the check that a move is written for the match's own game (before
any lock is taken or any event is read) costs a query only the first time this process sees the match.
"""

from __future__ import annotations

from collections import OrderedDict

from api.matches import selectors


class GameKeys:
    """Which game each match plays, remembered per process: a match's game never changes, and the
    check that a MoveInput names the match's own game should not cost a query per move."""

    def __init__(self, size: int = 10_000) -> None:
        self.size = size
        self._keys: OrderedDict[int, str] = OrderedDict()

    def get(self, match_id: int) -> str | None:
        """The match's game, or None when there is no such match. May query."""
        key = self._keys.get(match_id)
        if key is None:
            match = selectors.get_match(match_id=match_id)
            if match is None:
                return None
            key = self._keys[match_id] = match.game
            if len(self._keys) > self.size:
                self._keys.popitem(last=False)
        return key

    def clear(self) -> None:
        self._keys.clear()


games = GameKeys()
