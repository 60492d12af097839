"""GET /healthz: is each configured backend answering?

200 when every configured backend answers, else 503, so a load balancer can take the process out.
Redis reports "disabled" in embedded mode (no REDIS_URL), which is healthy.
"""

import redis.asyncio as aioredis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET


def _database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:
        return f"error: {error}"
    return "ok"


async def _redis_state() -> str:
    if not settings.REDIS_URL:
        return "disabled"
    client = aioredis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2)
    try:
        await client.ping()
    except Exception as error:
        return f"error: {error}"
    finally:
        await client.aclose()
    return "ok"


@require_GET
async def healthz(request: HttpRequest) -> JsonResponse:
    database = await sync_to_async(_database_state)()
    redis_state = await _redis_state()
    healthy = database == "ok" and redis_state in ("ok", "disabled")
    return JsonResponse(
        {"database": database, "redis": redis_state, "status": "ok" if healthy else "degraded"},
        status=200 if healthy else 503,
    )
