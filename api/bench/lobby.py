"""Players and matches for the scenarios, made through the API the way a frontend makes them."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from api.bench import documents
from api.bench.client import BenchError, Http

REGISTER_AT_ONCE = 16


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    token: str


async def register(http: Http, count: int, *, name: str) -> list[Player]:
    """``count`` new players (rate limits are off for the benchmark: it is one address)."""
    gate = asyncio.Semaphore(REGISTER_AT_ONCE)

    async def one(number: int) -> Player:
        async with gate:
            data = await http.execute(documents.REGISTER, {"name": f"{name} {number}"})
        registered = data["registerPlayer"]
        return Player(id=registered["player"]["id"], token=registered["token"])

    return list(await asyncio.gather(*(one(number) for number in range(count))))


def _payload(data: dict[str, Any], field: str) -> dict[str, Any]:
    payload = data[field]
    if payload.get("error"):
        raise BenchError(f"{field}: {payload['error']['code']} {payload['error']['message']}")
    return payload["match"]


async def open_match(
    http: Http,
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
    created = await http.execute(documents.CREATE, {"game": game, "options": options}, token=host.token)
    match_id = _payload(created, "createMatch")["id"]
    if not bots_first:
        await _join(http, guests, match_id)
    for level in bots:
        added = await http.execute(documents.ADD_BOT, {"id": match_id, "level": level}, token=host.token)
        _payload(added, "addBot")
    if bots_first:
        await _join(http, guests, match_id)
    if start:
        await start_match(http, host, match_id)
    return match_id


async def _join(http: Http, guests: Sequence[Player], match_id: str) -> None:
    for guest in guests:
        _payload(await http.execute(documents.JOIN, {"id": match_id}, token=guest.token), "joinMatch")


async def start_match(http: Http, host: Player, match_id: str) -> None:
    _payload(await http.execute(documents.START, {"id": match_id}, token=host.token), "startMatch")


async def resign(http: Http, player: Player, match_id: str) -> None:
    """End a match the benchmark is done with, so its timers do not fire into the next figures."""
    await http.execute(documents.RESIGN, {"id": match_id}, token=player.token)
