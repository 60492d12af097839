"""Ratings: openskill's Plackett-Luce model, updated in the transaction that finishes a match."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import timezone
from openskill.models import PlackettLuce

from api.leaderboards.models import Rating
from games.core.outcome import Outcome

MODEL = PlackettLuce()
MIN_HUMANS = 2


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def _ranks(outcome: Outcome | Mapping[str, Any]) -> list[int]:
    return list(outcome["ranks"] if isinstance(outcome, Mapping) else outcome.ranks)


def _ratings_for(game: str, player_ids: list[int]) -> dict[int, Rating]:
    """The players' ratings, created at the defaults when missing, locked for this transaction."""
    Rating.objects.bulk_create(
        [Rating(game=game, player_id=player_id) for player_id in player_ids], ignore_conflicts=True
    )
    rows = (
        Rating.objects.select_for_update().filter(game=game, player_id__in=player_ids).order_by("player_id")
    )
    return {rating.player_id: rating for rating in rows}


def record_outcome(*, match: Any, outcome: Outcome | Mapping[str, Any]) -> list[Rating]:
    """Rate the human seats of a finished match against each other (bots are not rated).

    ``outcome`` is the engine's ``Outcome`` or its stored JSON. Does nothing with fewer than two humans.
    """
    humans = sorted(
        (seat.player_id, seat.index) for seat in match.seats.all() if seat.player_id and not seat.is_bot
    )
    if len(humans) < MIN_HUMANS:
        return []
    ranks = _ranks(outcome)
    ratings = _ratings_for(match.game, [player_id for player_id, _ in humans])
    teams = [[MODEL.rating(mu=ratings[pid].mu, sigma=ratings[pid].sigma)] for pid, _ in humans]
    rated = MODEL.rate(teams, ranks=[ranks[index] for _, index in humans])
    now = timezone.now()
    for (player_id, index), [new] in zip(humans, rated, strict=True):
        rating = ratings[player_id]
        rating.mu, rating.sigma, rating.ordinal = new.mu, new.sigma, ordinal(new.mu, new.sigma)
        rating.matches += 1
        rating.wins += ranks[index] == 1
        rating.updated_at = now
    updated = list(ratings.values())
    Rating.objects.bulk_update(updated, ["mu", "sigma", "ordinal", "matches", "wins", "updated_at"])
    return updated
