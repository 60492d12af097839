"""Taps racing through the service (PostgreSQL): the log's order is the order of arrival.

Commands on one match are decided one at a time, in the order they reach the match's row lock, and
the log's order is that order (games/core/taps.py, README "What the service guarantees"). Each test
plays the tap race toy (tests/toys/tap_race.py) with real threads, each on its own connection.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import pytest
from django.db import connection, connections, transaction

from api.common.errors import ServiceError
from api.matches import play, services
from api.matches.models import Match, MatchEvent, MatchStatus
from api.matches.results import MoveAccepted
from api.players.services import register_player
from games import registry
from games.core.decisions import Codes
from tests.api.threads import run_together
from tests.toys import tap_race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SEATS = 8
STAGGER_S = 0.03


@pytest.fixture(autouse=True)
def _tap_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.REGISTRY, tap_race.KEY, tap_race.make_spec())


@pytest.fixture
def table() -> tuple[Match, list[Any]]:
    """Eight players at a started tap race: every seat may tap one of targets 0-7."""
    players = [register_player(name=f"T{index}")[0] for index in range(SEATS)]
    match = services.create_match(player=players[0], game=tap_race.KEY, options={"targets": SEATS})
    for player in players[1:]:
        services.join_match(match_id=match.id, player=player)
    return services.start_match(match_id=match.id, player=players[0]), players


tapper = threading.local()  # the seat a thread taps for, so the lock can say whom it let through


@pytest.fixture
def granted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seats whose submissions got the match's row lock, in the order they got it."""
    order: list[int] = []
    guard = threading.Lock()

    def fetch_with_game(match_id: Any) -> tuple[Match, Any]:
        fetched = play.fetch_with_game(match_id)  # returns once this transaction holds the row lock
        with guard:
            order.append(tapper.seat)
        return fetched

    monkeypatch.setattr(services, "fetch_with_game", fetch_with_game)
    return order


def tap(match: Match, player: Any, seat: int, target: int) -> MoveAccepted | str:
    """Seat ``seat`` taps ``target``: the accepted move, or the code it was refused with."""
    tapper.seat = seat
    try:
        return services.submit_move(
            match_id=match.id, player=player, move={"action": "TAP", "target": target}
        )
    except ServiceError as error:
        return error.code


def logged_taps(match: Match) -> list[tuple[int, int]]:
    """(seat, target) of each ``Tapped`` in the match's log, in log order."""
    rows = MatchEvent.objects.filter(match=match, type="Tapped").order_by("seq")
    return [(row.data["seat"], row.data["target"]) for row in rows]


def test_many_seats_tapping_one_target_at_once_one_wins_and_every_other_is_told_it_is_taken(table, granted):
    match, players = table
    results = run_together([partial(tap, match, player, seat, 3) for seat, player in enumerate(players)])

    accepted = [seat for seat, result in enumerate(results) if isinstance(result, MoveAccepted)]
    assert len(accepted) == 1, results
    assert sorted(r for r in results if not isinstance(r, MoveAccepted)) == [Codes.TARGET_TAKEN] * (SEATS - 1)
    assert logged_taps(match) == [(accepted[0], 3)]
    assert granted[0] == accepted[0]  # the first to reach the lock took the target
    assert sorted(granted) == list(range(SEATS))  # each submission decided once, none retried
    assert Match.objects.get(pk=match.pk).version == 2  # the opening and one tap: nothing doubled


def test_many_seats_tapping_distinct_targets_at_once_are_logged_in_the_order_they_were_decided(
    table, granted
):
    match, players = table
    results = run_together([partial(tap, match, player, seat, seat) for seat, player in enumerate(players)])

    assert all(isinstance(result, MoveAccepted) for result in results), results
    assert sorted(logged_taps(match)) == [(seat, seat) for seat in range(SEATS)]  # each once
    assert [seat for seat, _ in logged_taps(match)] == granted  # the log's order is the lock's
    finished = Match.objects.get(pk=match.pk)
    # The opening, eight taps and the close, and the match is over.
    assert finished.status == MatchStatus.FINISHED and finished.version == 2 + SEATS


def test_taps_arriving_one_after_another_behind_a_held_lock_are_logged_in_arrival_order(table):
    # A row lock alone fails this: each holder's UPDATE makes a new row version, and the waiters for
    # the old one race for it (see statements._in_turn).
    match, players = table
    arrival = random.Random(8).sample(range(SEATS), SEATS)  # not seat order, so order is not luck
    arrived: list[int] = []
    results: dict[int, MoveAccepted | str] = {}

    def arrive(seat: int) -> None:
        try:
            arrived.append(seat)
            results[seat] = tap(match, players[seat], seat, seat)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=arrive, args=(seat,)) for seat in arrival]
    with row_locked(match):
        for queued, thread in enumerate(threads, start=1):
            thread.start()
            until(lambda n=queued: sessions_waiting_for_a_lock() == n)
            time.sleep(STAGGER_S)
        assert arrived == arrival
    for thread in threads:
        thread.join(timeout=60)

    assert all(isinstance(result, MoveAccepted) for result in results.values()), results
    assert [seat for seat, _ in logged_taps(match)] == arrival


@contextmanager
def row_locked(match: Match) -> Iterator[None]:
    """Another transaction holds ``match``'s row lock until the block ends."""
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                Match.objects.select_for_update().get(pk=match.pk)
                locked.set()
                release.wait(timeout=60)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(timeout=10)
    try:
        yield
    finally:
        release.set()
        holder.join(timeout=60)


def sessions_waiting_for_a_lock() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        (waiting,) = cursor.fetchone()
    return int(waiting)


def until(condition: Callable[[], bool], timeout_s: float = 10) -> None:
    """Wait for ``condition``; fail the test if it does not come within ``timeout_s``."""
    give_up = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < give_up, "timed out waiting"
        time.sleep(0.002)
