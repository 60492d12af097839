"""Issue 12, point 1: the boards are a projection of the log. A few hundred matches of several games and
seat counts (random playouts, stored as the service stores them) are counted as they end, the way the
service counts them; then ``rebuild_leaderboards`` recomputes every board from the logs alone and gives
exactly the same ratings, history and solitaire bests."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction

from api.leaderboards.models import Policy, Rating, RatingChange, Season, SolitaireBest
from api.leaderboards.services import match_ended
from api.matches import eventlog, standings
from api.matches.models import Match, MatchStatus, Seat
from api.players.models import Player
from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command
from games.core.visibility import seat_viewer
from games.registry import REGISTRY
from tests.conformance.playouts import T0, Playout, playout

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

START = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
# (game, seat counts): several games, every seat count from solitaire to six.
TABLES = {
    "daredevil-rock": (1, 2, 3, 4),
    "racesmack": (2, 3, 4, 5, 6),
    "cliffs-n-cactuses": (2, 4, 6),
}
MATCHES = 300
PLAYERS = 14


def solitaire(key: str, seed: int) -> Playout:
    """A solitaire climb by the game's heuristic bot, which reaches the summit (random moves never do),
    so that it has a score."""
    spec = REGISTRY[key]
    options, chance = spec.options.defaults(), Chance(f"solitaire:{seed}", 0)
    game = engine.new_game(spec, options, 1, str(seed))
    command: Command[Any] = Command(Begin(), None, T0)
    events: list[Any] = []
    while True:
        step = engine.step(game, command)
        events.extend(step.events)
        game = step.game
        if game.over:
            break
        move = spec.bots["heuristic"].choose(
            engine.view(game, seat_viewer(0)), engine.legal_moves(game, 0), chance
        )
        command = Command(move, 0, T0 + len(events))
    return Playout(spec, options, 1, str(seed), tuple(events), game, len(events))


def store(
    key: str, seats: int, seed: int, players: list[Player], chance: Chance, ended_at: dt.datetime
) -> Match:
    """A played match of ``key`` stored as the service stores one: its row, seats and log; sometimes with
    a bot, sometimes aborted half way."""
    played = solitaire(key, seed) if seats == 1 else playout(REGISTRY[key], seed, seats)
    aborted = seats > 1 and chance.below(10) == 0
    log = played.log[: len(played.log) // 2] if aborted else played.log
    outcome = None if aborted else played.game.outcome()
    match = Match.objects.create(
        game=key,
        status=MatchStatus.ABORTED if aborted else MatchStatus.FINISHED,
        options=played.options,
        seed=played.seed,
        version=len(log),
        finished_at=None if aborted else ended_at,
        outcome=None if outcome is None else {"ranks": list(outcome.ranks), "scores": list(outcome.scores)},
    )
    seated = _pick(chance, players, seats)
    bot = seats > 2 and chance.below(6) == 0
    Seat.objects.bulk_create(
        Seat(
            match=match, index=i, player=None if bot and i == seats - 1 else p, is_bot=bot and i == seats - 1
        )
        for i, p in enumerate(seated)
    )
    rows = eventlog.to_rows(
        REGISTRY[key], match_id=match.id, first_seq=1, events=log, seats=[None] * len(log), at=ended_at
    )
    type(rows[0]).objects.bulk_create(rows)
    with transaction.atomic():  # what aftermath does in the transaction that ends the match
        match_ended(standings.as_ended(match, outcome, ended_at))
    return match


def _pick(chance: Chance, players: list[Player], count: int) -> list[Player]:
    pool = list(players)
    return [pool.pop(chance.below(len(pool))) for _ in range(count)]


def boards() -> dict[str, list[tuple[Any, ...]]]:
    """Everything the projection wrote, in a stable order, without row ids."""
    return {
        "ratings": _rows(
            Rating, "game", "season_id", "player_id", "mu", "sigma", "ordinal", "matches", "wins"
        ),
        "history": _rows(
            RatingChange,
            "match_id",
            "player_id",
            "season_id",
            "rank",
            "mu_before",
            "sigma_before",
            "mu_after",
        ),
        "solitaire": _rows(SolitaireBest, "game", "season_id", "player_id", "score", "match_id"),
    }


def _rows(model: Any, *fields: str) -> list[tuple[Any, ...]]:
    """The rows' ``fields``, sorted (no season, the all-time board, first)."""
    return sorted(model.objects.values_list(*fields), key=lambda row: tuple((v is not None, v) for v in row))


def test_a_rebuild_from_the_log_gives_exactly_what_the_matches_gave_as_they_ended():
    players = [Player.objects.create(name=f"P{i}", token_hash=f"token-{i}") for i in range(PLAYERS)]
    Policy.objects.create(game="racesmack", count_bot_matches=True, count_aborted=True)
    # A closed season, a running one, and one still to come, on one game; the others all-time only.
    Season.objects.create(
        game="racesmack", name="Winter", starts_at=START, closed_at=START + dt.timedelta(days=40)
    )
    Season.objects.create(game="racesmack", name="Spring", starts_at=START + dt.timedelta(days=60))
    Season.objects.create(game="daredevil-rock", name="Later", starts_at=START + dt.timedelta(days=999))
    chance = Chance("rebuild", 0)
    tables = [(key, seats) for key, counts in TABLES.items() for seats in counts]
    for number in range(MATCHES):
        key, seats = tables[number % len(tables)]
        store(key, seats, number, players, chance, START + dt.timedelta(hours=8 * number))
    counted = boards()
    assert len(counted["history"]) > 2 * MATCHES // 2 and counted["solitaire"]
    assert {row[1] for row in counted["ratings"]} >= {None, *Season.objects.values_list("id", flat=True)} - {
        Season.objects.get(name="Later").id
    }

    out = io.StringIO()
    call_command("rebuild_leaderboards", stdout=out)
    assert boards() == counted
    assert "racesmack: " in out.getvalue()

    winter = Season.objects.get(name="Winter")
    call_command("rebuild_leaderboards", game="racesmack", season="Winter", stdout=out)
    assert boards() == counted
    Rating.objects.filter(season=winter).update(mu=0)
    call_command("rebuild_leaderboards", game="racesmack", season=str(winter.id), stdout=out)
    assert boards() == counted
