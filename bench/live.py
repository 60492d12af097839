"""The live-update figure: from a move's acceptance to its arrival at each of many subscribers of ONE
match (its seats plus spectators), on the same machine's clock.

A move's acceptance is read from the server: each event's ``at``, the time the service took the
command in (so the figure also holds the move's decide, append and commit: an upper bound). Arrival is
when the subscriber's socket reader took the message. One sample per subscriber and move. The seats
play at a steady pace (``interval_ms`` between moves, any seat), as people would, rather than as fast
as they can: the figure is the fan-out's latency, not a queue's. A match that ends is replaced, and
everyone subscribes to the new one.
"""

from __future__ import annotations

import asyncio
import time
from datetime import datetime
from typing import Any

from cliffside_client import Client, Connection

from bench import documents, lobby, progress, reference
from bench.seat import ACTIVE, SeatClient, Submission, moves_with_updates
from bench.stats import Window, spread
from bench.tasks import gated, supervise

Arrival = tuple[float, float, list[str]]  # (perf_counter, time.time() at arrival, the events' `at`)


class Pacer:
    """At most one move per ``interval`` seconds, whoever makes it."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.last = 0.0

    async def wait(self) -> None:
        delay = self.last + self.interval - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        self.last = time.perf_counter()


class Audience:
    """Every update every subscriber received, stamped on arrival; parsed once the run is over."""

    def __init__(self) -> None:
        self.arrivals: list[Arrival] = []

    def record(self, arrival: float, update: dict[str, Any]) -> None:
        if update["events"]:
            self.arrivals.append((time.perf_counter(), arrival, [event["at"] for event in update["events"]]))

    def latencies(self, window: Window) -> list[float]:
        """Per arrival, one sample per move in it (a move's events share their `at`), in ms."""
        samples = []
        for moment, arrival, stamps in self.arrivals:
            if window.measures(moment):
                for stamp in set(stamps):
                    samples.append((arrival - datetime.fromisoformat(stamp).timestamp()) * 1000)
        return samples


async def watch(socket: Connection, match_id: str, audience: Audience, live: asyncio.Future[None]) -> None:
    """A spectator: records every update until the match is over; ``live`` resolves at the first one."""
    operation = await socket.subscribe(documents.updates(events=True), {"id": match_id})
    try:
        while True:
            batch = await operation.drain()
            for arrival, data in batch:
                audience.record(arrival, data["matchUpdates"])
            if not live.done():
                live.set_result(None)
            if batch[-1][1]["matchUpdates"]["status"] != ACTIVE:
                return
    except Exception as error:
        if not live.done():  # whoever waits for everyone to be live hears of it
            live.set_exception(error)
        raise
    finally:
        await operation.stop()


class Round:
    """One match, watched by every spectator (live before the first move); a new one when it ends."""

    def __init__(
        self,
        plan: dict[str, Any],
        seats: list[SeatClient],
        spectators: list[Connection],
        audience: Audience,
        http: Client,
    ) -> None:
        self.plan, self.seats, self.spectators, self.audience, self.http = (
            plan,
            seats,
            spectators,
            audience,
            http,
        )
        self.watchers: list[asyncio.Task[None]] = []

    async def prepare(self) -> str:
        players = [seat.player for seat in self.seats]
        match_id = await lobby.open_match(self.http, players, game=self.plan["game"], options=None)
        loop = asyncio.get_running_loop()
        live = [loop.create_future() for _ in self.spectators]
        self.watchers = [
            asyncio.create_task(watch(socket, match_id, self.audience, each))
            for socket, each in zip(self.spectators, live, strict=True)
        ]
        await asyncio.gather(*live)
        return match_id

    async def play(self, match_id: str, window: Window) -> None:
        """This match to its end, then the next ones, until the window is over."""
        try:
            while True:
                await asyncio.gather(*(seat.play(match_id) for seat in self.seats))
                await self.close()
                if window.over:
                    return
                match_id = await self.prepare()
        finally:
            await self.close()

    async def close(self) -> None:
        for task in self.watchers:
            task.cancel()
        await asyncio.gather(*self.watchers, return_exceptions=True)


async def run(plan: dict[str, Any]) -> dict[str, Any]:
    base, http = plan["base"], lobby.client(plan["base"], connections=8)
    players = await lobby.register(http, plan["seats"], name="live")
    spectators = await gated(plan["subscribers"] - plan["seats"], lambda _: lobby.connect(base))
    submissions: list[Submission] = []
    audience, pacer = Audience(), Pacer(plan["interval_ms"] / 1000)
    seats = [
        SeatClient(
            player=player,
            socket=await lobby.connect(base, player.token),
            http=http,
            transport=plan["client"],
            moves_in_update=False,
            record=submissions.append,
            seed=number,
            on_update=audience.record,
            pace=pacer.wait,
        )
        for number, player in enumerate(players)
    ]
    commits: reference.CommitProbe | None = None
    try:
        probe = await lobby.open_match(http, players, game=plan["game"], options=None)
        moves_in_update = await moves_with_updates(plan["client"], seats[0].socket, probe)
        await lobby.resign(http, players[0], probe)
        for seat in seats:
            seat.moves_in_update = moves_in_update
        rounds = Round(plan, seats, spectators, audience, http)
        first = await rounds.prepare()
        window = Window(warmup=plan["warmup"], seconds=plan["seconds"])
        commits = reference.CommitProbe(plan["dsn"], window)

        with progress.bar() as bar:
            status = lambda: f"{len(audience.arrivals):,} updates received"  # noqa: E731
            ticker = asyncio.create_task(
                progress.follow_window(
                    bar, f"live {plan['game']}", start=window.start, end=window.end, status=status
                )
            )
            try:
                await supervise([asyncio.create_task(rounds.play(first, window))], window)
            finally:
                ticker.cancel()
        samples = audience.latencies(window)
        return {
            "game": plan["game"],
            "subscribers": plan["subscribers"],
            "seats": plan["seats"],
            "interval_ms": plan["interval_ms"],
            "moves": sum(1 for s in submissions if s.code is None and window.measures(s.sent)),
            "samples": len(samples),
            "measured_from": "each event's server `at` (the command's arrival at the service) to the message's arrival",
            **spread(samples),
            "commit_probe": commits.result(),
        }
    finally:
        if commits is not None:
            commits.stop()
        await asyncio.gather(*(socket.aclose() for socket in [*spectators, *(seat.socket for seat in seats)]))
        await http.aclose()
