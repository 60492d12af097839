"""The leaderboard of a game: ratings by ordinal (mu - 3 sigma), best first."""

from __future__ import annotations

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery

from api.common.errors import invalid_cursor
from api.common.pages import Page, decode_cursor, encode_cursor, is_id, is_number
from api.leaderboards.models import Rating, Sanction, Season
from api.leaderboards.moderation import off_boards

MAX_PAGE = 100


def board(*, game: str, season: Season | None = None) -> QuerySet[Rating]:
    """The ratings shown on a board (``season`` None: all time): hidden and banned players left out."""
    return Rating.objects.filter(game=game, season=season).exclude(player_id__in=off_boards(game))


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
        last = decode_cursor(after)
        if not (isinstance(last, list) and len(last) == 2 and is_number(last[0]) and is_id(last[1])):
            raise invalid_cursor()
        ordinal, rating_id = last
        ratings = ratings.filter(Q(ordinal__lt=ordinal) | Q(ordinal=ordinal, id__gt=rating_id))
    size = max(0, min(first, MAX_PAGE))
    items = list(ratings[: size + 1])
    page = items[:size]
    cursor = encode_cursor([page[-1].ordinal, page[-1].id]) if page else None
    return Page(page, len(items) > size, cursor)


def ranks(*, game: str, ratings: list[Rating], season: Season | None = None) -> list[int]:
    """Competition ranks ("1224") over the whole board for one page of ratings, ordinal desc.

    One aggregate query per page: rank = 1 + how many ratings of the game have a better ordinal. The
    page is contiguous in ordinal order, so ratings between a row and the page's top are in the page.
    """
    if not ratings:
        return []
    top = ratings[0].ordinal
    counts = board(game=game, season=season).aggregate(
        above=Count("id", filter=Q(ordinal__gt=top)), at_or_above=Count("id", filter=Q(ordinal__gte=top))
    )
    found = []
    for index, rating in enumerate(ratings):
        if rating.ordinal == top:
            found.append(1 + counts["above"])
        else:
            between = sum(1 for other in ratings[:index] if rating.ordinal < other.ordinal < top)
            found.append(1 + counts["at_or_above"] + between)
    return found
