"""Relay-style pages (edges, cursors, pageInfo) over the selectors' ``Page`` results."""

from __future__ import annotations

from typing import Any

import strawberry

from api.common.pages import encode_cursor
from api.graphql.matches import Match

DEFAULT_PAGE = 20


@strawberry.type
class PageInfo:
    has_next_page: bool
    end_cursor: str | None = strawberry.field(description="Pass it as `after` for the next page.")


@strawberry.type
class MatchEdge:
    cursor: str
    node: Match


@strawberry.type(description="Matches, newest first.")
class MatchConnection:
    edges: list[MatchEdge]
    page_info: PageInfo

    @classmethod
    def from_page(cls, page: Any) -> MatchConnection:
        return cls(
            edges=[
                MatchEdge(cursor=encode_cursor(match.pk), node=Match(model=match)) for match in page.items
            ],
            page_info=PageInfo(has_next_page=page.has_next, end_cursor=page.end_cursor),
        )

    @classmethod
    def empty(cls) -> MatchConnection:
        return cls(edges=[], page_info=PageInfo(has_next_page=False, end_cursor=None))
