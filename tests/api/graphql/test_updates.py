"""Shared subscription reads (api/graphql/updates.py)."""

from __future__ import annotations

import asyncio

from api.graphql import updates


async def test_a_finished_read_whose_clean_up_has_not_run_is_not_awaited_forever(monkeypatch):
    reads = []

    async def read(match_id: int) -> None:
        reads.append(match_id)

    monkeypatch.setattr(updates, "run_sync", lambda function: read)
    sources = updates.Sources()
    finished = asyncio.get_running_loop().create_future()
    finished.set_result(None)
    sources._reading[1] = finished  # done, but its pop callback never got to run
    assert await asyncio.wait_for(sources.at_least(1, None), timeout=2) is None
    assert reads == [1]  # a fresh read, not the stale one
