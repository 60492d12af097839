"""The boards of a game, read: ratings by ordinal (mu - 3 sigma) best first, solitaire bests fewest
first, seasons, a player's ratings and a match's rating changes. Hidden and banned players are left off
every board, as a subquery, so a page stays one statement."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Exists, F, IntegerField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from api.common.errors import Codes, ServiceError, invalid_cursor
from api.common.pages import Page, decode_cursor, encode_cursor, is_id, is_number
from api.common.specs import require_spec
from api.leaderboards.models import Rating, RatingChange, Sanction, Season, SolitaireBest
from api.leaderboards.moderation import off_boards_query

MAX_PAGE = 100


def season_of(*, game: str, season_id: Any) -> Season | None:
    """The season ``season_id`` of ``game`` (None: the all-time board); one of another game, or none,
    is UNKNOWN_SEASON."""
    require_spec(game)
    if season_id is None:
        return None
    key = str(season_id)  # GraphQL IDs are strings
    number = int(key) if key.isascii() and key.isdigit() else None
    found = Season.objects.filter(game=game, pk=number).first() if is_id(number) else None
    if found is None:
        raise ServiceError(Codes.UNKNOWN_SEASON, f"{game} has no season {season_id}.")
    return found


def seasons(*, game: str) -> list[Season]:
    """A game's seasons, newest first."""
    require_spec(game)
    return list(Season.objects.filter(game=game).order_by("-starts_at", "-id"))


def board(*, game: str, season: Season | None = None) -> QuerySet[Rating]:
    """The ratings shown on a board (``season`` None: all time): hidden and banned players left out."""
    return _shown(Rating, game, season)


def _shown(model: Any, game: str, season: Season | None) -> Any:
    """``model``'s rows on one board of ``game``, without the players kept off it."""
    return model.objects.filter(game=game, season=season).exclude(player_id__in=off_boards_query(game))


def with_sanction(ratings: QuerySet[Rating]) -> QuerySet[Rating]:
    """``ratings``, each with ``sanction``: the kind of the active sanction keeping its player off its
    board (a ban before a hide), or None; one subquery, not one query per row."""
    active = Sanction.objects.filter(player=OuterRef("player"), lifted_at__isnull=True).filter(
        Q(game=OuterRef("game")) | Q(game="")
    )
    return ratings.annotate(sanction=Subquery(active.order_by("kind").values("kind")[:1]))


def leaderboard(
    *, game: str, season: Season | None = None, first: int = 20, after: str | None = None
) -> Page[Rating]:
    """``after`` is the ``end_cursor`` of the previous page."""
    ratings = board(game=game, season=season).select_related("player").order_by("-ordinal", "id")
    if after:
        ordinal, rating_id = _number_and_id(after)
        ratings = ratings.filter(Q(ordinal__lt=ordinal) | Q(ordinal=ordinal, id__gt=rating_id))
    return _page(list(ratings[: _size(first) + 1]), first, lambda rating: [rating.ordinal, rating.id])


def ranks(*, game: str, ratings: list[Rating], season: Season | None = None) -> list[int]:
    """Competition ranks ("1224") over the whole board for one page of ratings, ordinal desc: one
    aggregate query per page."""
    if not ratings:
        return []
    top = ratings[0].ordinal
    counts = board(game=game, season=season).aggregate(
        above=Count("id", filter=Q(ordinal__gt=top)), at_or_above=Count("id", filter=Q(ordinal__gte=top))
    )
    return competition_ranks([rating.ordinal for rating in ratings], **counts)


def competition_ranks(values: list[float], *, above: int, at_or_above: int) -> list[int]:
    """Ranks of a contiguous page of ``values`` sorted best first (higher is better), given how many on
    the whole board beat the page's top value (``above``) and how many equal or beat it: whatever lies
    between a row and the page's top is on the page."""
    found = []
    for index, value in enumerate(values):
        if value == values[0]:
            found.append(1 + above)
        else:
            between = sum(1 for other in values[:index] if value < other < values[0])
            found.append(1 + at_or_above + between)
    return found


def _with_rank(ratings: QuerySet[Rating]) -> QuerySet[Rating]:
    """Each rating annotated with ``rank`` on its own board (null when its player is off that board),
    by a correlated count, so any number of ratings cost one statement."""
    # NULL never equals NULL in SQL: the all-time board (season null) is compared as season 0.
    same_board = Q(game=OuterRef("game")) & Q(board_key=Coalesce(OuterRef("season_id"), Value(0)))
    better = (
        Rating.objects.annotate(board_key=Coalesce("season_id", Value(0)))
        .filter(same_board, ordinal__gt=OuterRef("ordinal"))
        .exclude(player_id__in=off_boards_query(OuterRef("game")))
        .order_by()
        .values("game")
        .annotate(count=Count("id"))
        .values("count")
    )
    hidden = Exists(off_boards_query(OuterRef("game")).filter(player_id=OuterRef("player_id")))
    return ratings.annotate(
        hidden=hidden, better=Coalesce(Subquery(better, output_field=IntegerField()), Value(0))
    )


def rank_of(rating: Any) -> int | None:
    """The rank ``_with_rank`` annotated, or None for a player off the board."""
    return None if rating.hidden else rating.better + 1


def entry_of(*, game: str, season: Season | None, player: Any) -> Rating | None:
    """The player's rating on a board, with its rank (``rank_of``), or None when they have none there or
    are off the board: a viewer's own entry, wherever it falls."""
    if player is None:
        return None
    ratings = _with_rank(board(game=game, season=season).filter(player=player).select_related("player"))
    return ratings.first()


def ratings_of(*, player_ids: Iterable[int]) -> dict[int, list[Rating]]:
    """Each player's ratings on every board (all time first, then seasons newest first), ranked."""
    ratings = _with_rank(Rating.objects.filter(player_id__in=list(player_ids)).select_related("season"))
    found: dict[int, list[Rating]] = defaultdict(list)
    for rating in ratings.order_by("game", F("season__starts_at").desc(nulls_first=True), "season_id"):
        found[rating.player_id].append(rating)
    return found


def rating_changes(*, match_ids: Iterable[int]) -> dict[int, list[RatingChange]]:
    """What each match did to its players' ratings, board by board (all time first)."""
    changes = (
        RatingChange.objects.filter(match_id__in=list(match_ids))
        .select_related("player", "season")
        .order_by("match_id", F("season_id").asc(nulls_first=True), "rank", "player_id")
    )
    found: dict[int, list[RatingChange]] = defaultdict(list)
    for change in changes:
        found[change.match_id].append(change)
    return found


def solitaire_board(
    *, game: str, season: Season | None = None, first: int = 20, after: str | None = None
) -> Page[SolitaireBest]:
    """Solitaire bests, fewest actions first (equal scores share a rank; listed in board order)."""
    bests = _shown(SolitaireBest, game, season).select_related("player").order_by("score", "id")
    if after:
        score, best_id = _number_and_id(after)
        bests = bests.filter(Q(score__gt=score) | Q(score=score, id__gt=best_id))
    return _page(list(bests[: _size(first) + 1]), first, lambda best: [best.score, best.id])


def solitaire_ranks(*, game: str, bests: list[SolitaireBest], season: Season | None = None) -> list[int]:
    """Competition ranks of one page of solitaire bests (fewer is better): one aggregate query."""
    if not bests:
        return []
    top = bests[0].score
    counts = _shown(SolitaireBest, game, season).aggregate(
        above=Count("id", filter=Q(score__lt=top)), at_or_above=Count("id", filter=Q(score__lte=top))
    )
    return competition_ranks([-best.score for best in bests], **counts)


def _size(first: int) -> int:
    return max(0, min(first, MAX_PAGE))


def _page(items: list[Any], first: int, key: Any) -> Page[Any]:
    size = _size(first)
    page = items[:size]
    return Page(page, len(items) > size, encode_cursor(key(page[-1])) if page else None)


def _number_and_id(after: str) -> tuple[float, int]:
    last = decode_cursor(after)
    if not (isinstance(last, list) and len(last) == 2 and is_number(last[0]) and is_id(last[1])):
        raise invalid_cursor()
    return last[0], last[1]
