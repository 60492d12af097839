"""What the concurrency tests hold the service to, read from where it cannot be mistaken: the match's
event log as the database holds it, and each viewer's share of it as the game's own ``redact`` decides.

The server is a separate process with a database of its own (bench/stack.py), so the log is read
with psycopg from that database, not through the test's Django connection.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg

from games.core.spec import GameSpec
from games.core.visibility import Viewer, redact

Shown = tuple[int, str, int | None]  # an event as a client sees it: (seq, type, seat)


@dataclass(frozen=True, slots=True)
class Row:
    seq: int
    type: str
    seat: int | None
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Log:
    version: int
    status: str
    rows: tuple[Row, ...]

    def row(self, seq: int) -> Row:
        return self.rows[seq - 1]  # gapless (check_gapless), so seq n is the n-th row

    def seen_by(
        self, spec: GameSpec[Any], viewer: Viewer, *, after: int = 0, until: int | None = None
    ) -> list[Shown]:
        """The events after ``after`` (up to ``until``) that ``viewer`` is shown, as the server's
        selectors redact them."""
        shown = []
        for row in self.rows[after:until]:
            event = redact(spec.events.load(row.type, row.data), viewer)
            if event is not None:
                shown.append((row.seq, type(event).__name__, row.seat))
        return shown


def read_log(database_url: str, match_id: str) -> Log:
    with psycopg.connect(database_url, connect_timeout=10) as connection:
        found = connection.execute(
            "SELECT version, status FROM matches_match WHERE id = %s", (int(match_id),)
        ).fetchone()
        assert found is not None, f"no match {match_id} in the database"
        rows = connection.execute(
            "SELECT seq, type, seat, data FROM matches_matchevent WHERE match_id = %s ORDER BY seq",
            (int(match_id),),
        ).fetchall()
    return Log(found[0], found[1], tuple(Row(*row) for row in rows))


def check_gapless(log: Log) -> None:
    """Every version from 1 to the match's has exactly one event (no gap, no duplicate)."""
    assert [row.seq for row in log.rows] == list(range(1, log.version + 1)), "the log has a gap or a repeat"


def moved(updates: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The updates that carry the match further: those sent only because a player arrived or left
    (``Seat.connected``: the version they already had, no events) are passed over."""
    kept: list[dict[str, Any]] = []
    for update in updates:
        if kept and not update["events"] and update["version"] == kept[-1]["version"]:
            continue
        kept.append(update)
    return kept


def check_stream(updates: Sequence[dict[str, Any]], expected: Sequence[Shown], *, after: int) -> None:
    """One subscriber's ``matchUpdates``, from ``after``: versions strictly increasing, each update's
    events after the previous version and up to its own, and all of them, in order, exactly the
    events ``expected`` (its share of the log after ``after``): by seq, and by type and seat too when
    the subscription selected them."""
    assert updates, "the subscriber heard nothing"
    updates = moved(updates)
    versions = [update["version"] for update in updates]
    assert versions == sorted(set(versions)), f"versions out of order or repeated: {versions}"
    previous = after
    for update in updates:
        seqs = [event["seq"] for event in update["events"]]
        assert all(previous < seq <= update["version"] for seq in seqs), (previous, update["version"], seqs)
        previous = update["version"]
    events = [event for update in updates for event in update["events"]]
    got = [(event["seq"], event["type"], event["seat"]) for event in events if "type" in event]
    if len(got) < len(events):  # the subscription selected the seqs alone
        got, expected = (
            [(event["seq"], "", None) for event in events],
            [(seq, "", None) for seq, *_ in expected],
        )
    assert got == list(expected), _difference(got, expected)


def _difference(got: Iterable[Shown], expected: Iterable[Shown]) -> str:
    got_set, expected_set = set(got), set(expected)
    return f"missing {sorted(expected_set - got_set)[:5]}, unexpected {sorted(got_set - expected_set)[:5]}"
