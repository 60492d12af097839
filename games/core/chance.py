"""Recorded chance: a deterministic random stream per decision.

``decide`` never touches ``random``: it is handed a ``Chance`` derived from the match seed and the
sequence number of the first event it will produce. Every outcome it draws is written into an event,
so replays never re-roll. Once a match is over its seed is published, and anyone can re-derive every
shuffle with this algorithm in any language:

    word(k)   = first 8 bytes, big-endian, of SHA-256(utf8(f"{seed}:{seq}:{k}")), k = 0, 1, 2, ...
    below(n)  = the next word w with w < 2**64 - (2**64 mod n), taken mod n   (rejection sampling)
    shuffle   = Fisher-Yates from the end: for i = n-1 down to 1, swap i with below(i + 1)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_SPAN = 1 << 64


class Chance:
    """The random stream for one decision, reproducible from ``(seed, seq)``."""

    __slots__ = ("_counter", "_prefix")

    def __init__(self, seed: str, seq: int) -> None:
        self._prefix = f"{seed}:{seq}:"
        self._counter = 0

    def _word(self) -> int:
        digest = hashlib.sha256(f"{self._prefix}{self._counter}".encode()).digest()
        self._counter += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPAN - (_SPAN % n)
        while True:
            word = self._word()
            if word < limit:
                return word % n

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """A new tuple holding ``items`` in a uniformly random order."""
        pool = list(items)
        for i in range(len(pool) - 1, 0, -1):
            j = self.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        return tuple(pool)

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items``, uniformly."""
        return items[self.below(len(items))]

    def coin(self) -> bool:
        """A fair coin toss."""
        return self.below(2) == 1

    def best(self, items: Sequence[T], key: Callable[[T], Any]) -> T:
        """The item with the highest ``key``; a tie is broken by the stream, never by position, so a
        default target or a bot's tie-break favours no seat (owner ruling on Cliffs Q3)."""
        keys = [key(item) for item in items]  # once each: a key may be costly (Boulder's Boar default)
        top = max(keys)
        return self.pick([item for item, worth in zip(items, keys, strict=True) if worth == top])
