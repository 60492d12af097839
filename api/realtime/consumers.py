"""GraphQL consumers mounted by config/asgi.py.

Placeholder bodies: the GraphQL engineer replaces the schema and consumer subclasses; the two factory
names, `http_consumer()` and `ws_consumer()`, are what config/asgi.py calls.
"""

from typing import Any

import strawberry
from django.conf import settings
from strawberry.channels import GraphQLHTTPConsumer, GraphQLWSConsumer


@strawberry.type
class Query:
    @strawberry.field
    def hello(self) -> str:
        return "cliffside"


schema = strawberry.Schema(query=Query)


def http_consumer() -> Any:
    """ASGI app for POST/GET /graphql/ (GraphiQL on a browser GET)."""
    return GraphQLHTTPConsumer.as_asgi(schema=schema, graphql_ide="graphiql")


def ws_consumer() -> Any:
    """ASGI app for the /graphql/ WebSocket (graphql-transport-ws)."""
    return GraphQLWSConsumer.as_asgi(schema=schema, allowed_origins=settings.WS_ALLOWED_ORIGINS)
