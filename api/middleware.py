"""Django middleware for the plain HTTP routes (admin, /healthz, replay export)."""

from __future__ import annotations

from django.db import DatabaseError, connection, connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.deprecation import MiddlewareMixin

from api.common.database import DatabaseUnavailable, connection_failed


class ServiceUnavailableMiddleware(MiddlewareMixin):
    """A database that does not answer is a JSON 503 SERVICE_UNAVAILABLE, not Django's 500 page.

    The failed connection is closed, so the next request opens a new one instead of failing on it.
    """

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        down = isinstance(exception, DatabaseUnavailable) or (
            isinstance(exception, DatabaseError) and connection_failed(exception)
        )
        if not down:
            return None
        connection.close()
        error = {"message": DatabaseUnavailable.message, "extensions": {"code": DatabaseUnavailable.code}}
        response = JsonResponse({"errors": [error]}, status=503)
        response["Retry-After"] = str(DatabaseUnavailable.retry_after)
        return response


class CloseConnectionsMiddleware(MiddlewareMixin):
    """Close the request's database connections when its response is ready.

    Django's ASGI handler runs each request's database work on a thread of that request's own, so a
    connection kept open for reuse (CONN_MAX_AGE) would never be used again: it would only linger as a
    server session until garbage collection. (GraphQL does not come this way: it has one long-lived
    database thread, see api/graphql/context.py.)
    """

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        for database in connections.all(initialized_only=True):
            if not database.in_atomic_block:  # a test's transaction is the test's to end
                database.close()
        return response
