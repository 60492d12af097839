"""Batched reads for fields that appear once per item of a list (a player's ratings, a match's rating
changes): every such field of one operation tick is read in one statement, not one per item."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from strawberry.dataloader import DataLoader

from api.graphql.context import run_sync

# A selector reading many keys at once: keys -> {key: rows}.
ReadMany = Callable[[list[int]], dict[int, list[Any]]]


def loader(context: Any, name: str, read_many: ReadMany) -> DataLoader[int, list[Any]]:
    """The operation's loader ``name`` (one per context: an HTTP request or a WebSocket connection)."""
    memo = getattr(context, "memo", None)  # no context: the schema run directly (tests, tools)
    if memo is None:
        return _batched(read_many)
    key = ("loader", name)
    if key not in memo:
        memo[key] = _batched(read_many)
    return memo[key]


def _batched(read_many: ReadMany) -> DataLoader[int, list[Any]]:
    async def load(keys: list[int]) -> list[list[Any]]:
        found = await run_sync(read_many)(list(keys))
        return [found.get(key, []) for key in keys]

    # No cache: a WebSocket's context outlives a rating, so batching alone, never reuse.
    return DataLoader(load_fn=load, cache=False)
