"""The Cliffside GraphQL schema (committed as schema.graphql; `make schema` rewrites it).

Limits apply to every operation over HTTP and WebSocket: query depth (introspection excepted), aliases
and tokens. With DEBUG off, unexpected exceptions are masked; errors the API raises on purpose (a
GraphQLError with an `extensions.code`) and graphql-core's validation errors pass through.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import strawberry
from django.conf import settings
from graphql import GraphQLError
from strawberry.extensions import (
    MaskErrors,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    ValidationCache,
)

from api.graphql.games import view_types
from api.graphql.mutations import Mutation
from api.graphql.queries import Query
from api.graphql.subscriptions import Subscription

MAX_DEPTH = 10
MAX_ALIASES = 15
MAX_TOKENS = 2000


def is_unexpected(error: GraphQLError) -> bool:
    """Mask errors that come from a bug (any exception that is not a GraphQLError)."""
    original = error.original_error
    return original is not None and not isinstance(original, GraphQLError)


def with_shared_rules(make: Callable[[], Any]) -> Callable[[], Any]:
    """A factory for a validation-rule extension that reuses one set of rule classes.

    QueryDepthLimiter and MaxAliasesLimiter build new rule classes per instance, and ValidationCache
    keys its cache on the rule classes: with a fresh extension per request nothing would ever hit.
    """
    rules = make().validation_rules

    def factory() -> Any:
        extension = make()
        extension.validation_rules = rules
        return extension

    return factory


def extensions(debug: bool) -> list[Any]:
    chosen: list[Any] = [
        with_shared_rules(lambda: QueryDepthLimiter(max_depth=MAX_DEPTH)),
        with_shared_rules(lambda: MaxAliasesLimiter(max_alias_count=MAX_ALIASES)),
        lambda: MaxTokensLimiter(max_token_count=MAX_TOKENS),
        lambda: ParserCache(maxsize=256),
        lambda: ValidationCache(maxsize=256),
    ]
    if not debug:
        chosen.append(lambda: MaskErrors(should_mask_error=is_unexpected))
    return chosen


def build_schema(*, debug: bool = False) -> strawberry.Schema:
    return strawberry.Schema(
        query=Query,
        mutation=Mutation,
        subscription=Subscription,
        types=view_types(),
        extensions=extensions(debug),
    )


schema = build_schema(debug=settings.DEBUG)
