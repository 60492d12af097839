"""Django middleware for the plain HTTP routes (admin, /healthz, replay export)."""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

import structlog
from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from django.db import connection, connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.deprecation import MiddlewareMixin

from api.common import database

log = structlog.get_logger(__name__)

# Routes that hold no session of the request's own: /healthz has a database thread of its own
# (api/health.py), and must answer however busy the process is.
UNGATED = ("/healthz",)


def unavailable(error: database.DatabaseUnavailable) -> JsonResponse:
    """A 503 with the error's code and Retry-After, in the GraphQL errors shape."""
    body = {"errors": [{"message": error.message, "extensions": {"code": error.code}}]}
    response = JsonResponse(body, status=503)
    response["Retry-After"] = str(error.retry_after)
    # An outage is logged once, as a warning, where it was met (api/common/database.py): not again by
    # django.request at ERROR for every 503 (the flag is how Django marks a response it logged).
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response


class ServiceUnavailableMiddleware(MiddlewareMixin):
    """A database that does not answer is a JSON 503 SERVICE_UNAVAILABLE (or COMMIT_OUTCOME_UNKNOWN when
    a commit was in flight), not Django's 500 page.

    The failed connection is closed, so the next request opens a new one instead of failing on it.
    """

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        error = database.failure(exception)
        if error is None:
            return None
        connection.close()
        return unavailable(error)


def _close_request_connections() -> None:
    for database_connection in connections.all(initialized_only=True):
        if not database_connection.in_atomic_block:  # a test's transaction is the test's to end
            database_connection.close()


class CloseConnectionsMiddleware:
    """At most DJANGO_DATABASE_REQUESTS Django requests at once, each of whose database connections is
    closed when its response is ready: so the Django routes hold that many PostgreSQL sessions at most.

    Django's ASGI handler runs each request's database work on a thread of that request's own, so
    without a bound every request in flight holds a session of its own (30 slow clients of an export
    once took 21 more), and a connection kept open for reuse (CONN_MAX_AGE) would never be used again.
    A request that waits DATABASE_QUEUE_SECONDS for its turn is answered 503 SERVICE_UNAVAILABLE with
    Retry-After, as a connection pool whose wait timed out. (GraphQL does not come this way: it runs on
    the database threads of api/common/database.py.)
    """

    sync_capable = False
    async_capable = True

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response
        assert iscoroutinefunction(get_response)
        markcoroutinefunction(self)
        self._gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary()
        )

    def _gate(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()  # one per process in production; tests run several
        gate = self._gates.get(loop)
        if gate is None:
            gate = self._gates[loop] = asyncio.Semaphore(int(settings.DJANGO_DATABASE_REQUESTS))
        return gate

    async def __call__(self, request: HttpRequest) -> HttpResponse:
        response: HttpResponse
        if request.path in UNGATED:
            response = await self.get_response(request)
            return response
        gate = self._gate()
        try:
            await asyncio.wait_for(gate.acquire(), float(settings.DATABASE_QUEUE_SECONDS))
        except TimeoutError:
            log.warning("django_request_queue_timeout", path=request.path)
            return unavailable(database.DatabaseBusy(database.BUSY_MESSAGE))
        try:
            response = await self.get_response(request)
            # On the request's own thread, where its connection lives (asgiref's thread-sensitive
            # context gives each request one).
            await sync_to_async(_close_request_connections)()
        finally:
            gate.release()
        return response
