"""The service figure: accepted moves/s and ``submitMove`` latency at N concurrent matches of one game,
one client per seat (issue 6's load shape: 64 two-seat matches, 128 clients).

Each table of clients plays its match to the end and opens the next, so N matches stay live. Moves are
counted, and their latency sampled, when sent inside the measured window (after the warm-up).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from itertools import pairwise
from typing import Any

from api.bench import lobby, progress, reference
from api.bench.client import BenchError, Http, Socket, socket_url
from api.bench.seat import SeatClient, Submission, moves_with_updates
from api.bench.stats import Window, spread
from api.bench.tasks import gated, supervise


class Table:
    """The clients of one match, seat 0 hosting; they open a new match whenever theirs ends."""

    def __init__(self, seats: list[SeatClient], *, game: str, http: Http) -> None:
        self.seats = seats
        self.game = game
        self.http = http
        self.finished = 0
        self.match_id: str | None = None  # the match it plays now

    async def open(self) -> str:
        return await lobby.open_match(
            self.http, [seat.player for seat in self.seats], game=self.game, options=None
        )

    async def run(self, match_id: str, window: Window) -> None:
        while True:
            self.match_id = match_id
            await asyncio.gather(*(seat.play(match_id) for seat in self.seats))
            self.finished += 1
            if window.over:
                return
            match_id = await self.open()


async def seat_clients(plan: dict[str, Any], http: Http, submissions: list[Submission]) -> list[SeatClient]:
    players = await lobby.register(http, plan["matches"] * plan["seats"], name="bench")
    sockets = await gated(len(players), lambda i: Socket.open(socket_url(plan["base"]), players[i].token))
    return [
        SeatClient(
            player=player,
            socket=socket,
            http=http,
            transport=plan["client"],
            moves_in_update=False,
            record=submissions.append,
            seed=number,
        )
        for number, (player, socket) in enumerate(zip(players, sockets, strict=True))
    ]


def longest_pause_ms(measured: list[Submission]) -> float | None:
    """The longest time between two accepted moves of one match, in the measured window: a match left
    waiting (a lost or late update) shows here, however good the percentiles of the others look."""
    sent: dict[str, list[float]] = {}
    for submission in measured:
        if submission.code is None:
            sent.setdefault(submission.match_id, []).append(submission.sent)
    gaps = [later - earlier for moments in sent.values() for earlier, later in pairwise(sorted(moments))]
    return round(max(gaps) * 1000, 1) if gaps else None


def summary(
    plan: dict[str, Any],
    window: Window,
    submissions: list[Submission],
    tables: list[Table],
    moves_in_update: bool,
) -> dict[str, Any]:
    measured = [s for s in submissions if window.measures(s.sent)]
    accepted = sum(1 for s in measured if s.code is None)
    return {
        "game": plan["game"],
        "matches": plan["matches"],
        "seats": plan["seats"],
        "clients": plan["matches"] * plan["seats"],
        "transport": plan["client"],
        "legal_moves_from": "MatchUpdate" if moves_in_update else "match query over HTTP",
        "seconds": window.seconds,
        "accepted": accepted,
        "moves_per_s": round(accepted / window.seconds, 1),
        "submitted": len(measured),
        "rejected": dict(Counter(s.code for s in measured if s.code is not None)),
        "matches_finished": sum(table.finished for table in tables),
        "refused_share": round(1 - accepted / len(measured), 3) if measured else None,
        "longest_pause_ms": longest_pause_ms(measured),
        **spread([s.seconds * 1000 for s in measured]),
    }


async def run(plan: dict[str, Any]) -> dict[str, Any]:
    http = Http(plan["base"], connections=plan["matches"] * plan["seats"])
    submissions: list[Submission] = []
    seats = await seat_clients(plan, http, submissions)
    size = plan["seats"]
    tables = [Table(seats[i : i + size], game=plan["game"], http=http) for i in range(0, len(seats), size)]
    commits: reference.CommitProbe | None = None
    try:
        first = await gated(len(tables), lambda i: tables[i].open())
        for table, match_id in zip(tables, first, strict=True):
            table.match_id = match_id
        moves_in_update = await moves_with_updates(plan["client"], seats[0].socket, first[0])
        for seat in seats:
            seat.moves_in_update = moves_in_update
        window = Window(warmup=plan["warmup"], seconds=plan["seconds"])
        commits = reference.CommitProbe(plan["dsn"], window)
        tasks = [
            asyncio.create_task(table.run(match_id, window))
            for table, match_id in zip(tables, first, strict=True)
        ]

        def status() -> str:
            elapsed = max(time.perf_counter() - window.start, 1e-3)
            return f"{sum(1 for s in submissions if s.code is None and s.sent >= window.start) / elapsed:,.0f} moves/s"

        with progress.bar() as bar:
            ticker = asyncio.create_task(
                progress.follow_window(
                    bar, f"service {plan['game']}", start=window.start, end=window.end, status=status
                )
            )
            try:
                await supervise(tasks, window)
            finally:
                ticker.cancel()
        if not submissions:
            raise BenchError("no move was submitted")
        return {
            **summary(plan, window, submissions, tables, moves_in_update),
            "commit_probe": commits.result(),
        }
    finally:
        if commits is not None:
            commits.stop()
        await asyncio.gather(*(seat.socket.aclose() for seat in seats))
        await asyncio.gather(
            *(lobby.resign(http, t.seats[0].player, t.match_id) for t in tables if t.match_id),
            return_exceptions=True,
        )
        await http.aclose()
