"""A crowd on one match: several clients per seat, each on a WebSocket of its own following
``matchUpdates`` from version 0, all answering every update at once with one of the seat's legal moves,
each in its own way (ROLES); and spectators who only watch.

Every answer to every submission is kept (``Answer``), and every update each client heard, for the
test to hold against the log. Over the WebSocket a submission must be answered by exactly one ``next``
and then ``complete`` (``submit_over_socket``), so a doubled acknowledgement cannot go unseen.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cliffside_client import Client, Completed, Connection, Player

from bench import lobby
from bench.seat import BenchError
from tests.reliability.ledger import Shown

UPDATES = (
    "subscription($id: ID!) { matchUpdates(matchId: $id, afterVersion: 0) "
    "{ version status events { seq type seat } legalMoves { label input } } }"
)
SUBMIT = (
    "mutation($id: ID!, $move: MoveInput!, $version: Int, $key: String) "
    "{ submitMove(matchId: $id, move: $move, expectedVersion: $version, idempotencyKey: $key) "
    "{ __typename ... on MoveAccepted { version events { seq type seat } } ... on MoveRejected { code } } }"
)

# How each client of a seat answers an update at version v:
WS = "ws"  # over its WebSocket, expectedVersion v (stale whenever another seat moved first)
HTTP = "http"  # over HTTP, no expectedVersion (the move is decided against whatever the match is at
#                then), with a key of its own; once accepted, sent again with that key over the
#                WebSocket, as a client that lost the answer would: the first result must come back
KEYED = "keyed"  # over its WebSocket, expectedVersion v, and an idempotency key for (v, move) that the
#                  seat's other keyed client sends too, having picked the same move
KEYED_TWICE = "keyed-twice"  # that keyed submission over HTTP and the WebSocket at once: a retry sent
#                  before the first answer came back
STALE = "stale"  # over its WebSocket, expectedVersion 0 (chosen before the deal): never played
ROLES = (WS, HTTP, KEYED, KEYED_TWICE, STALE)


@dataclass(frozen=True, slots=True)
class Answer:
    """What one submission got back."""

    seat: int
    role: str
    key: str | None
    code: str | None  # None: accepted
    version: int | None
    events: tuple[Shown, ...]


@dataclass
class Member:
    seat: int | None  # None: a spectator
    role: str
    player: Player | None  # None: an anonymous spectator
    socket: Connection
    http: Client
    rng: random.Random
    updates: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Crowd:
    match_id: str
    members: list[Member]
    target: int  # accepted moves after which ``moved`` is set
    answers: list[Answer] = field(default_factory=list)
    stopped: bool = False  # once set, no submission starts
    in_flight: set[asyncio.Future[list[Answer]]] = field(default_factory=set)
    moved: asyncio.Event = field(default_factory=asyncio.Event)

    async def follow(self, member: Member) -> None:
        """Hear every update until the match is over, answering each one that offers the seat a move
        until the crowd stops."""
        operation = await member.socket.subscribe(UPDATES, {"id": self.match_id})
        try:
            while True:
                batch = await operation.drain()
                member.updates += [data["matchUpdates"] for _, data in batch]
                update = member.updates[-1]
                if update["status"] != "ACTIVE":
                    return
                if member.seat is not None and update["legalMoves"] and not self.stopped:
                    await self._answer(member, update)
        finally:
            await operation.stop()

    async def _answer(self, member: Member, update: dict[str, Any]) -> None:
        submission = asyncio.ensure_future(submit(member, self.match_id, update))
        self.in_flight.add(submission)
        try:
            self.answers += await submission
        finally:
            self.in_flight.discard(submission)
        if len({answer.version for answer in self.answers if answer.code is None}) >= self.target:
            self.moved.set()

    async def stop(self) -> None:
        """No new submission; returns once those under way are answered."""
        self.stopped = True
        await asyncio.gather(*self.in_flight)


async def submit(member: Member, match_id: str, update: dict[str, Any]) -> list[Answer]:
    assert member.seat is not None
    version, moves = update["version"], update["legalMoves"]
    key = None
    if member.role in (KEYED, KEYED_TWICE):
        # The seat's keyed clients pick alike, so the key names one move wherever it comes from.
        move = random.Random(f"{member.seat}:{version}").choice(moves)
        key = f"{version}:{move['label']}"
    else:
        move = member.rng.choice(moves)
        # Named after the update answered, not its version: a change of presence brings a second
        # update at one version, and a refused key is not remembered, so a key named after the version
        # alone could come back with another move and be accepted beside its refusal.
        key = f"{member.role}:{version}:{len(member.updates)}" if member.role == HTTP else None
    expected = {HTTP: None, STALE: 0}.get(member.role, version)
    variables = {"id": match_id, "move": move["input"], "version": expected, "key": key}
    transports = {HTTP: (HTTP,), KEYED_TWICE: (HTTP, WS)}.get(member.role, (WS,))
    results = await asyncio.gather(*(_send(member, transport, variables) for transport in transports))
    answers = [_answer(member, key, result["submitMove"]) for result in results]
    if member.role == HTTP and answers[0].code is None:
        answers.append(_answer(member, key, (await _send(member, WS, variables))["submitMove"]))
    return answers


async def _send(member: Member, transport: str, variables: dict[str, Any]) -> dict[str, Any]:
    if transport == WS:
        return await submit_over_socket(member.socket, variables)
    assert member.player is not None
    return await member.http.acting_as(member.player.token).execute(SUBMIT, variables)


def _answer(member: Member, key: str | None, result: dict[str, Any]) -> Answer:
    assert member.seat is not None
    if result["__typename"] != "MoveAccepted":
        return Answer(member.seat, member.role, key, result["code"], None, ())
    events = tuple((event["seq"], event["type"], event["seat"]) for event in result["events"])
    return Answer(member.seat, member.role, key, None, result["version"], events)


async def submit_over_socket(socket: Connection, variables: dict[str, Any]) -> dict[str, Any]:
    """``submitMove`` over the WebSocket: its one result, after checking the server sent exactly one
    ``next`` and then ``complete`` for it (a second acknowledgement would come before ``complete``).
    An error, or the socket lost, raises."""
    operation = await socket.subscribe(SUBMIT, variables)
    try:
        answered = await operation.next()
        try:
            again = await operation.next()
        except Completed:
            return answered.data
        raise BenchError(f"submitMove over the socket answered twice: {answered.data}, then {again.data}")
    finally:
        await operation.stop()  # sends nothing once the server has completed it


async def gather_crowd(
    base: str, seated: Sequence[Player], spectators: Sequence[Player | None], match_id: str, *, target: int
) -> Crowd:
    """One member per role for each seat (seat i is ``seated[i]``), then the spectators: each a
    client of its own, with its own WebSocket and HTTP connection."""
    cast: list[tuple[int | None, str, Player | None]] = [
        (seat, role, player) for seat, player in enumerate(seated) for role in ROLES
    ]
    cast += [(None, "watch", player) for player in spectators]
    members = []
    for number, (seat, role, player) in enumerate(cast):
        socket = await lobby.connect(base, player.token if player else None)
        http = lobby.client(base, connections=2)
        members.append(Member(seat, role, player, socket, http, random.Random(number)))
    return Crowd(match_id, members, target)


async def disperse(crowd: Crowd) -> None:
    for member in crowd.members:
        await member.socket.aclose()
        await member.http.aclose()


async def resign_all_but_one(http: Client, seated: Sequence[Player], match_id: str) -> None:
    """Every seat but the first leaves, all at once: the last one left wins, and the match is over."""
    await asyncio.gather(*(lobby.resign(http, player, match_id) for player in seated[1:]))
