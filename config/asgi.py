"""ASGI entry point: one router for HTTP, WebSocket and lifespan.

http       /graphql/  -> strawberry HTTP consumer (bypasses Django middleware: Bearer auth, no CSRF)
           anything   -> Django (admin, /healthz, replay export), with static files served in-process
websocket  /graphql/  -> strawberry WebSocket consumer
lifespan              -> api.realtime.lifespan hooks (the embedded timer loop)
"""

import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Sets Django up; must run before anything below imports models.
django_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402
from django.urls import re_path  # noqa: E402

from api.realtime import consumers, lifespan  # noqa: E402
from api.realtime.auth import BearerAuthMiddleware  # noqa: E402


async def lifespan_application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The ASGI lifespan protocol, delegating to api.realtime.lifespan."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            try:
                await lifespan.on_startup()
            except Exception as error:
                await send({"type": "lifespan.startup.failed", "message": repr(error)})
                return
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await lifespan.on_shutdown()
            await send({"type": "lifespan.shutdown.complete"})
            return


application = ProtocolTypeRouter(
    {
        "http": URLRouter(
            [
                re_path(r"^graphql/?$", BearerAuthMiddleware(consumers.http_consumer())),
                # Admin CSS/JS straight from the app finders: no collectstatic, no extra server, and it
                # works with DEBUG off too (admin-scale traffic only).
                re_path(r"", ASGIStaticFilesHandler(django_application)),
            ]
        ),
        "websocket": BearerAuthMiddleware(
            URLRouter([re_path(r"^graphql/?$", consumers.ws_consumer())]),
        ),
        "lifespan": lifespan_application,
    }
)
