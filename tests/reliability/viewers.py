"""Clients that record everything the API tells them, for the leak oracle (tests/reliability/oracle.py).

A seated human follows ``matchUpdates`` with its whole typed view, its events and its legal moves, and
plays one of those moves, over the WebSocket or HTTP at random; now and then it asks for the match over
HTTP. A spectator only watches. After the match, each of them sweeps what a frontend can ask of the past:
``view(atVersion)`` at every version, the whole ``events`` log and ``replay.json``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cliffside_client import Client, Connection, Player

from bench.views import view_selection
from tests.reliability.oracle import Seen

ACTIVE = "ACTIVE"
EVENT = "{ seq type seat data }"
MOVES = "legalMoves { label input }"
LOOK_EVERY = 8  # about one update in this many, a seat also asks for the match over HTTP
VERSIONS_PER_QUERY = 15  # view(atVersion) aliases in one document: the server's alias limit
EVENTS_PAGE = 200


@dataclass(frozen=True, slots=True)
class Documents:
    updates: str
    submit: str
    look: str
    events: str
    views: Callable[[list[int]], str]


def documents(game: str) -> Documents:
    view = view_selection(game)
    shown = _fragment(view)
    return Documents(
        updates=f"subscription($id: ID!) {{ matchUpdates(matchId: $id) {{ version status events {EVENT} "
        f"view {view} {MOVES} }} }}",
        submit="mutation($id: ID!, $move: MoveInput!, $version: Int) { submitMove(matchId: $id, move: $move, "
        f"expectedVersion: $version) {{ __typename ... on MoveAccepted {{ version events {EVENT} "
        f"match {{ version view {view} {MOVES} }} }} ... on MoveRejected {{ code message }} }} }}",
        look=f"query($id: ID!) {{ match(id: $id) {{ version status seed view {view} {MOVES} }} }}",
        events=f"query($id: ID!, $after: Int) {{ match(id: $id) {{ events(after: $after, first: {EVENTS_PAGE}) "
        f"{EVENT} }} }}",
        views=lambda versions: (
            "query($id: ID!) { match(id: $id) { "
            + " ".join(f"v{version}: view(atVersion: {version}) {{ ...Shown }}" for version in versions)
            + f" }} }} {shown}"
        ),
    )


def _fragment(view: str) -> str:
    """``view_selection``'s ``{ ... on <Game>View { fields } }`` as a named fragment, so that many
    versions fit under the document's token limit."""
    head = "{ ... on "
    if not view.startswith(head):
        return f"fragment Shown on GameView {view}"
    name, fields = view.removeprefix(head).removesuffix(" }").split(" ", 1)
    return f"fragment Shown on {name} {fields}"


@dataclass
class Viewer:
    """A seat's player, or a spectator, and everything the API has told it."""

    player: Player
    seat: int | None
    seen: list[Seen] = field(default_factory=list)
    codes: list[str | None] = field(default_factory=list)  # each move's answer: None, or its code
    # Each refused move: (its code, the version it was chosen at, the match's version once refused)
    refusals: list[tuple[str, int, int]] = field(default_factory=list)

    def record(self, surface: str, version: int, body: Any) -> None:
        self.seen.append(Seen(self.seat, surface, version, body))

    def record_events(self, surface: str, events: list[dict[str, Any]]) -> None:
        self.seen.extend(Seen(self.seat, surface, event["seq"], event, event=True) for event in events)


VERSION = "query($id: ID!) { match(id: $id) { version } }"


class Watcher:
    """Follows one match for one viewer; plays its legal moves when it holds a seat."""

    def __init__(self, viewer: Viewer, http: Client, socket: Connection, docs: Documents, seed: int) -> None:
        self.viewer = viewer
        self.http = http
        self.socket = socket
        self.docs = docs
        self.rng = random.Random(seed)

    async def follow(self, match_id: str) -> str:
        """Until the match is over: its final status."""
        operation = await self.socket.subscribe(self.docs.updates, {"id": match_id})
        acted = -1  # never two moves from one version
        try:
            while True:
                batch = await operation.drain()
                for _, data in batch:
                    self._updated(data["matchUpdates"])
                update = batch[-1][1]["matchUpdates"]
                if update["status"] != ACTIVE:
                    return str(update["status"])
                if self.viewer.seat is not None and update["legalMoves"] and update["version"] > acted:
                    acted = update["version"]
                    played_at = await self._submit(
                        match_id, self.rng.choice(update["legalMoves"])["input"], acted
                    )
                    # An update from before its own move (another seat's landed first) is overtaken.
                    acted = max(acted, (played_at or 0) - 1)
                if self.rng.randrange(LOOK_EVERY) == 0:
                    await self._look(match_id)
        finally:
            await operation.stop()

    def _updated(self, update: dict[str, Any]) -> None:
        self.viewer.record_events("matchUpdates", update["events"])
        self.viewer.record(
            "matchUpdates", update["version"], {"view": update["view"], "moves": update["legalMoves"]}
        )

    async def _submit(self, match_id: str, move: Any, version: int) -> int | None:
        """Send ``move``, chosen at ``version``: the match's version after it, or None if refused."""
        variables = {"id": match_id, "move": move, "version": version}
        http = self.http.acting_as(self.viewer.player.token)
        if self.rng.random() < 0.5:
            data = await self.socket.execute(self.docs.submit, variables)
        else:
            data = await http.execute(self.docs.submit, variables)
        result = data["submitMove"]
        if result["__typename"] != "MoveAccepted":
            self.viewer.codes.append(result["code"])
            now = (await http.execute(VERSION, {"id": match_id}))["match"]["version"]
            self.viewer.refusals.append((result["code"], version, now))
            return None
        self.viewer.codes.append(None)
        self.viewer.record_events("submitMove", result["events"])
        match = result["match"]
        self.viewer.record(
            "submitMove", match["version"], {"view": match["view"], "moves": match["legalMoves"]}
        )
        return int(match["version"])

    async def _look(self, match_id: str) -> None:
        match = (
            await self.http.acting_as(self.viewer.player.token).execute(self.docs.look, {"id": match_id})
        )["match"]
        self.viewer.record("match", match["version"], match)


async def sweep(viewer: Viewer, http: Client, docs: Documents, match_id: str, final: int) -> None:
    """Everything a frontend can ask of the past: every version's view, the log, the replay export."""
    token = viewer.player.token
    versions = list(range(final + 1))
    for start in range(0, len(versions), VERSIONS_PER_QUERY):
        chunk = versions[start : start + VERSIONS_PER_QUERY]
        match = (await http.acting_as(token).execute(docs.views(chunk), {"id": match_id}))["match"]
        for version in chunk:
            viewer.record("view(atVersion)", version, match[f"v{version}"])
    after = 0
    while True:
        events = (await http.acting_as(token).execute(docs.events, {"id": match_id, "after": after}))[
            "match"
        ]["events"]
        viewer.record_events("events", events)
        if len(events) < EVENTS_PAGE:
            break
        after = events[-1]["seq"]
    replay = await http.acting_as(token).replay(match_id)
    viewer.record_events("replay.json", replay.pop("events"))
    viewer.record("replay.json", final, replay)
