"""Players and matches for the scenarios, made with the project's Python client (``cliffside_client``)
the way a frontend makes them; and that client as the load generator uses it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import Any

import httpx
from cliffside_client import Client, Connection, Player, Refused, RetryPolicy
from cliffside_client.client import KEEPALIVE_EXPIRY_S

REGISTER_AT_ONCE = 16
ANSWER_SECONDS = 60  # a request or an update slower than this is a broken run, not a slow one
# A measuring client reports what went wrong rather than waiting it out and sending again: a retry
# would hide the failure and stretch the figure. (Rate limits are off for the benchmark.)
NO_RETRIES = RetryPolicy(attempts=0)


def client(base: str, *, connections: int, pool: httpx.AsyncClient | None = None) -> Client:
    """A spectator's client (``acting_as`` a player's token for the rest) on ``connections``
    keep-alive HTTP connections; or on ``pool``, the caller's own (the caller closes it), for a test
    that also sends on those connections what a client never would."""
    return Client(
        base,
        timeout=ANSWER_SECONDS,
        retry=NO_RETRIES,
        live_retry=NO_RETRIES,
        limits=limits(connections),
        http=pool,
    )


def limits(connections: int) -> httpx.Limits:
    return httpx.Limits(
        max_connections=connections,
        max_keepalive_connections=connections,
        keepalive_expiry=KEEPALIVE_EXPIRY_S,
    )


async def connect(base: str, token: str | None = None) -> Connection:
    """One WebSocket of ``token``'s player (None: a spectator's) for several operations at once."""
    return await Connection.open(base, token, timeout=ANSWER_SECONDS)


async def register(client: Client, count: int, *, name: str) -> list[Player]:
    """``count`` new players (rate limits are off for the benchmark: it is one address)."""
    gate = asyncio.Semaphore(REGISTER_AT_ONCE)

    async def one(number: int) -> Player:
        async with gate:
            return await client.register(f"{name} {number}")

    return list(await asyncio.gather(*(one(number) for number in range(count))))


async def open_match(
    client: Client,
    players: Sequence[Player],
    *,
    game: str,
    options: dict[str, Any] | None,
    start: bool = True,
    bots: Sequence[str] = (),
    bots_first: bool = False,
) -> str:
    """A match of ``game`` hosted by the first player, every other one seated, then a bot of each of
    ``bots``' levels (before the other players with ``bots_first``); started unless asked not to."""
    host, *guests = players
    hosting = client.acting_as(host.token)
    match_id = (await hosting.create_match(game, options)).id
    if not bots_first:
        await _join(client, guests, match_id)
    for level in bots:
        await hosting.add_bot(match_id, level)
    if bots_first:
        await _join(client, guests, match_id)
    if start:
        await start_match(client, host, match_id)
    return match_id


async def _join(client: Client, guests: Sequence[Player], match_id: str) -> None:
    for guest in guests:
        await client.acting_as(guest.token).join_match(match_id)


async def start_match(client: Client, host: Player, match_id: str) -> None:
    await client.acting_as(host.token).start_match(match_id)


async def resign(client: Client, player: Player, match_id: str) -> None:
    """End a match the benchmark is done with, so its timers do not fire into the next figures (one
    already over is left as it is)."""
    with contextlib.suppress(Refused):
        await client.acting_as(player.token).resign(match_id)
