"""GET /healthz: is each configured backend answering?

200 when every configured backend answers, else 503, so a load balancer can take the process out.
It says only what is down ("ok", "down", or "disabled" for Redis in embedded mode): the reason goes to
the log, never to whoever asked.

The database is asked on a thread of its own with one persistent connection: not the API's database
threads, where the check would queue behind a busy process's work (a load balancer would then take a
working process out), nor a new session per check.
"""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import redis.asyncio as aioredis
import structlog
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from api.common import database

log = structlog.get_logger(__name__)

_checks = ThreadPoolExecutor(max_workers=1, thread_name_prefix="healthz")


def _select_one() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _database_state() -> str:
    database.track_connection()
    try:
        database.call(_select_one)
    except Exception as error:
        log.warning("healthz_database_down", error=str(error))
        return "down"
    return "ok"


async def _redis_state() -> str:
    if not settings.REDIS_URL:
        return "disabled"
    client = aioredis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2)
    try:
        await client.ping()
    except Exception as error:
        log.warning("healthz_redis_down", error=str(error))
        return "down"
    finally:
        await client.aclose()
    return "ok"


@require_GET
async def healthz(request: HttpRequest) -> JsonResponse:
    database_state = await asyncio.get_running_loop().run_in_executor(_checks, _database_state)
    redis_state = await _redis_state()
    healthy = database_state == "ok" and redis_state in ("ok", "disabled")
    return JsonResponse(
        {"database": database_state, "redis": redis_state, "status": "ok" if healthy else "degraded"},
        status=200 if healthy else 503,
    )
