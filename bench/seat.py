"""A seated client: it follows its match over the WebSocket and, on every update where it has legal
moves, plays one of them at random with ``expectedVersion``. Two ways, as the ``transport``:

- ``"http"``, the README's way (and issue 6's load shape): after each update, a
  ``match { status version legalMoves }`` query over HTTP, then ``submitMove`` as an HTTP POST;
- ``"ws"``, the live way: the legal moves come with the update (``MatchUpdate.legalMoves``; on a server
  without it, from the same query as above) and ``submitMove`` travels over the same WebSocket.
"""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from cliffside_client import Client, Connection, Player

from bench import documents

ACTIVE = "ACTIVE"
VERSION_MISMATCH = "VERSION_MISMATCH"
REFUSALS_IN_A_ROW = 3  # a legal move refused this often with the match standing still is the service's bug


class BenchError(Exception):
    """The service answered something a benchmark cannot go on from."""


@dataclass(frozen=True, slots=True)
class Submission:
    sent: float  # time.perf_counter() when it was sent
    seconds: float  # until its result arrived
    code: str | None  # None: accepted; else the rejection's code
    match_id: str = ""
    version: int | None = None  # the match version an accepted move brought it to


@dataclass(frozen=True, slots=True)
class Position:
    status: str
    version: int
    moves: list[dict[str, Any]]


class SeatClient:
    def __init__(
        self,
        *,
        player: Player,
        socket: Connection,
        http: Client,
        transport: str,
        moves_in_update: bool,
        record: Callable[[Submission], None],
        seed: int,
        on_update: Callable[[float, dict[str, Any]], None] | None = None,
        pace: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.player = player
        self.socket = socket
        self.http = http.acting_as(player.token)  # this player's requests, on the shared connections
        self.transport = transport
        self.moves_in_update = moves_in_update
        self.record = record
        self.rng = random.Random(seed)
        self.on_update = on_update
        self.pace = pace  # awaited before each move: to space the moves out, as people play

    async def play(self, match_id: str) -> str:
        """Play until the match is over; its final status."""
        document = documents.updates(moves=self.moves_in_update, events=self.on_update is not None)
        operation = await self.socket.subscribe(document, {"id": match_id})
        acted = -1  # the version this seat last moved at: never twice from one version
        try:
            while True:
                batch = await operation.drain()
                if self.on_update is not None:
                    for arrival, data in batch:
                        self.on_update(arrival, data["matchUpdates"])
                position = await self._position(match_id, batch[-1][1]["matchUpdates"])
                refused = 0
                while position.status == ACTIVE and position.moves and position.version > acted:
                    acted = position.version
                    code, version = await self._submit(
                        match_id, self.rng.choice(position.moves)["input"], acted
                    )
                    if code is None:  # an update from before its own move is overtaken: never act on it
                        acted = max(acted, version - 1)
                    if code is None or code == VERSION_MISMATCH:  # the next update says what now
                        break
                    position = await self._queried(match_id)
                    # A race lost (TARGET_TAKEN: another player tapped first) leaves the match moved on;
                    # a legal move refused where nothing moved is the service's bug.
                    refused = 0 if position.version > acted else refused + 1
                    if refused >= REFUSALS_IN_A_ROW:
                        raise BenchError(f"match {match_id}: legal moves refused {refused} times ({code})")
                    acted = -1
                if position.status != ACTIVE:
                    return position.status
        finally:
            await operation.stop()

    async def _position(self, match_id: str, update: dict[str, Any]) -> Position:
        if update["status"] == ACTIVE and not self.moves_in_update:
            return await self._queried(match_id)
        return Position(update["status"], update["version"], update.get("legalMoves") or [])

    async def _queried(self, match_id: str) -> Position:
        match = (await self.http.execute(documents.MOVES, {"id": match_id}))["match"]
        return Position(match["status"], match["version"], match["legalMoves"])

    async def _submit(self, match_id: str, move: dict[str, Any], version: int) -> tuple[str | None, int]:
        """The refusal's code (None: accepted) and the match's version after the move (or before it)."""
        variables = {"id": match_id, "move": move, "version": version}
        if self.pace is not None:
            await self.pace()
        sent = time.perf_counter()
        if self.transport == "ws":
            data = await self.socket.execute(documents.SUBMIT, variables)
        else:
            data = await self.http.execute(documents.SUBMIT, variables)
        result = data["submitMove"]
        code = None if result["__typename"] == "MoveAccepted" else result["code"]
        after = result.get("version")
        self.record(Submission(sent, time.perf_counter() - sent, code, match_id, after))
        return code, version if after is None else after
