"""How one ended match changes the boards of its game: the one function both the live path (a match
ending, ``services``) and ``rebuild`` apply, so that a rebuild gives exactly what the live path gave.

A match counts on the all-time board and on every season of its game that covers the time it ended.
What counts (``counts``): a finished match, or an aborted one that had started when the game's policy
says so (a draw among its humans); with a bot only when the policy says so; never a voided match; and
only the humans who are not banned, two or more of them. Solitaire matches go to the solitaire board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import connection
from openskill.models import PlackettLuce

from api.common import statements
from api.common.statements import Statement
from api.leaderboards import moderation
from api.leaderboards.models import (
    Policy,
    Rating,
    RatingChange,
    Sanction,
    SanctionKind,
    Season,
    SolitaireBest,
    Void,
)

MODEL = PlackettLuce()
MIN_RATED = 2
EVERY_BOARD = "every board"  # ``apply``'s and ``rebuild``'s default: all time and every season
RATED_FIELDS = ("mu", "sigma", "ordinal", "matches", "wins", "updated_at")


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


@dataclass(frozen=True, slots=True)
class Ended:
    """A match as the boards see it. ``ranks`` per seat (None: aborted, a draw); ``seats``: per seat, its
    player's id, or None for a bot or an empty seat."""

    match_id: int
    game: str
    ended_at: datetime
    seats: tuple[int | None, ...]
    has_bot: bool
    ranks: tuple[int, ...] | None
    scores: tuple[float | None, ...]
    stood_in: frozenset[int] = frozenset()  # seats a bot played for a while their player was away


# LEADERBOARD_STAND_IN_POLICY: how a match in which a bot stood in for an absent player is rated.
RATED = "rated"  # as played: the absent player answers for their seat, stand-in's result and all
ABSENT_UNRATED = "absent-unrated"  # the absent players are left out; the others are rated among themselves
UNRATED = "unrated"  # the match rates nobody
STAND_IN_POLICIES = (RATED, ABSENT_UNRATED, UNRATED)


def stand_in_policy() -> str:
    policy = str(getattr(settings, "LEADERBOARD_STAND_IN_POLICY", RATED))
    return policy if policy in STAND_IN_POLICIES else RATED


@dataclass(frozen=True, slots=True)
class Rules:
    """What the admins decided, as the projection needs it."""

    policy: Policy
    banned: frozenset[int]  # player ids banned from this game's boards
    voided: frozenset[int]  # match ids
    seasons: tuple[Season, ...]  # the game's, oldest first: read once for a whole rebuild

    @classmethod
    def of(cls, game: str) -> Rules:
        return cls(
            policy=Policy.objects.filter(game=game).first() or Policy(game=game),
            banned=moderation.banned(game),
            voided=moderation.voided(game),
            seasons=tuple(Season.objects.filter(game=game).order_by("starts_at", "id")),
        )

    @classmethod
    def for_ended(cls, ended: Ended, *, first: Statement | None = None) -> Rules:
        """The rules as they bear on ``ended`` alone (its players' bans, its own void), in one round trip
        with ``first`` (the boards' lock) ahead of them. A match ends in the transaction of its last
        move, whose subscribers wait for its commit: with the ORM's four reads of ``of`` that move took
        about 9.5 ms in-process against 4 for any other, and it was the slowest update of the live
        figure (Racesmack ends a match every forty moves or so)."""
        players = [player for player in ended.seats if player is not None]
        marks = ", ".join(["%s"] * len(players)) or "NULL"
        policy, bans, void, seasons = statements.select_each(
            (Policy, "game = %s ORDER BY id LIMIT 1", [ended.game]),
            (
                Sanction,
                f"(game = %s OR game = '') AND kind = %s AND lifted_at IS NULL AND player_id IN ({marks})",
                [ended.game, SanctionKind.BAN, *players],
            ),
            (Void, "match_id = %s AND undone_at IS NULL", [ended.match_id]),
            (Season, "game = %s ORDER BY starts_at, id", [ended.game]),
            first=first,
        )
        return cls(
            policy=policy[0] if policy else Policy(game=ended.game),
            banned=frozenset(sanction.player_id for sanction in bans),
            voided=frozenset(each.match_id for each in void),
            seasons=tuple(seasons),
        )


def boards(rules: Rules, ended_at: datetime) -> list[Season | None]:
    """The boards a match that ended at ``ended_at`` counts on: all time (None), then its seasons."""
    return [None, *(season for season in rules.seasons if season.covers(ended_at))]


def rated(ended: Ended, rules: Rules) -> list[tuple[int, int]]:
    """(player id, rank) of the seats the match rates; empty when it does not count."""
    if ended.match_id in rules.voided or len(ended.seats) < MIN_RATED:
        return []
    if ended.ranks is None and not rules.policy.count_aborted:
        return []
    if ended.has_bot and not rules.policy.count_bot_matches:
        return []
    policy = stand_in_policy() if ended.stood_in else RATED
    if policy == UNRATED:
        return []
    absent = ended.stood_in if policy == ABSENT_UNRATED else frozenset()
    ranks = ended.ranks or (1,) * len(ended.seats)
    seats = [
        (player, ranks[index])
        for index, player in enumerate(ended.seats)
        if player is not None and player not in rules.banned and index not in absent
    ]
    return sorted(seats) if len(seats) >= MIN_RATED else []


def apply(ended: Ended, rules: Rules, *, only: Season | str | None = EVERY_BOARD, last: bool = False) -> None:
    """Count ``ended`` on its boards (``only``: that board alone, None the all-time one; by default every board it counts on), in the
    caller's transaction. ``last``: the caller writes nothing after, so the last board's batch may carry
    the transaction's COMMIT (``statements.may_commit``): a match's ending move is its slowest update."""
    counted = [board for board in boards(rules, ended.ended_at) if only == EVERY_BOARD or board == only]
    for index, board in enumerate(counted):
        if len(ended.seats) == 1:
            _solitaire(ended, rules, board)
        else:
            _rate(ended, rated(ended, rules), board, commit=last and index == len(counted) - 1)


def _rate(
    ended: Ended, seats: Sequence[tuple[int, int]], season: Season | None, *, commit: bool = False
) -> None:
    if not seats:
        return
    ratings = _ratings_for(ended.game, season, [player for player, _ in seats])
    teams = [[MODEL.rating(mu=ratings[player].mu, sigma=ratings[player].sigma)] for player, _ in seats]
    new = MODEL.rate(teams, ranks=[rank for _, rank in seats])
    changes = []
    for (player, rank), [after] in zip(seats, new, strict=True):
        rating = ratings[player]
        changes.append(_change(ended, season, rating, rank, after.mu, after.sigma))
        rating.mu, rating.sigma, rating.ordinal = after.mu, after.sigma, ordinal(after.mu, after.sigma)
        rating.matches += 1
        rating.wins += rank == 1
        rating.updated_at = ended.ended_at  # the last rated match's end: the same in a rebuild
    # One round trip for the lot. Here and in ``_ratings_for``, compiled statements rather than the ORM,
    # whose bulk_update builds a CASE per field and row: rating a two-player ending took 2.9 ms of CPU
    # that way, 0.6 ms now, and a short game (Racesmack's) ends a match every few hundred events.
    statements.run(
        *(statements.update_statement(Rating, _rated(rating), id=rating.pk) for rating in ratings.values()),
        statements.insert_statement(RatingChange, changes),
        commit=commit and statements.may_commit(),
    )


def _rated(rating: Rating) -> dict[str, object]:
    """What a rated match changes of a rating (``updated_at`` as set: the match's end, not now)."""
    return {field: getattr(rating, field) for field in RATED_FIELDS}


def _change(
    ended: Ended, season: Season | None, rating: Rating, rank: int, mu: float, sigma: float
) -> RatingChange:
    return RatingChange(
        match_id=ended.match_id,
        player_id=rating.player_id,
        game=ended.game,
        season=season,
        rank=rank,
        mu_before=rating.mu,
        sigma_before=rating.sigma,
        ordinal_before=rating.ordinal,
        mu_after=mu,
        sigma_after=sigma,
        ordinal_after=ordinal(mu, sigma),
        ended_at=ended.ended_at,
    )


def _ratings_for(game: str, season: Season | None, players: list[int]) -> dict[int, Rating]:
    """The players' ratings on a board, created at the defaults when missing, locked for this transaction
    (in player order, so two matches ending at once cannot deadlock)."""
    fresh = statements.insert_missing_statement(
        Rating, [Rating(game=game, season=season, player_id=p) for p in players]
    )
    board, params = ("season_id IS NULL", []) if season is None else ("season_id = %s", [season.pk])
    marks = ", ".join(["%s"] * len(players))
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""  # SQLite: writers take turns
    condition = f"game = %s AND {board} AND player_id IN ({marks}) ORDER BY player_id{lock}"
    (rows,) = statements.select_each(
        (Rating, condition, [game, *params, *players]),
        first=fresh,
    )
    return {rating.player_id: rating for rating in rows}


def _solitaire(ended: Ended, rules: Rules, season: Season | None) -> None:
    """Daredevil Rock's Ruling 10: a solitaire score is the actions used to reach the summit, fewer is
    better; a climb that did not reach it has no score."""
    (player,) = ended.seats
    (score,) = ended.scores
    if player is None or score is None or ended.match_id in rules.voided or player in rules.banned:
        return
    best = (
        SolitaireBest.objects.select_for_update()
        .filter(game=ended.game, season=season, player_id=player)
        .first()
    )
    if best is None:
        SolitaireBest.objects.create(
            game=ended.game,
            season=season,
            player_id=player,
            score=score,
            match_id=ended.match_id,
            ended_at=ended.ended_at,
        )
    elif score < best.score:
        best.score, best.match_id, best.ended_at = score, ended.match_id, ended.ended_at
        best.save(update_fields=["score", "match", "ended_at"])
