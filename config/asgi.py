"""ASGI entry point: one router for HTTP, WebSocket and lifespan.

http       CORS -> guard (host, body size, rate per IP) -> bearer token ->
           /graphql/  -> strawberry HTTP consumer (bypasses Django middleware: no CSRF)
           anything   -> Django: static files (whitenoise, first of its middleware), the pages, admin,
                         /healthz, the replay export
websocket  guard (host, connections per IP) -> bearer token -> /graphql/ strawberry WebSocket consumer
lifespan              -> api.realtime.lifespan hooks (the embedded timer loop)
"""

import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Sets Django up; must run before anything below imports models.
django_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.urls import re_path  # noqa: E402
from starlette.middleware.cors import CORSMiddleware  # noqa: E402

from api.common import heap  # noqa: E402
from api.realtime import consumers, lifespan  # noqa: E402
from api.realtime.auth import BearerAuthMiddleware  # noqa: E402
from api.realtime.guard import Guard  # noqa: E402


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


def cors(app: Any) -> Any:
    """Browsers on CORS_ALLOWED_ORIGINS may call the API with a bearer token (no cookies are used)."""
    origins = list(settings.CORS_ALLOWED_ORIGINS)
    return CORSMiddleware(
        app,
        allow_origins=origins,
        allow_methods=["GET", "POST", "OPTIONS"],
        allow_headers=["Authorization", "Content-Type"],
        expose_headers=["Retry-After"],
        max_age=600,
    )


application = ProtocolTypeRouter(
    {
        # Outermost first: CORS (so refusals carry CORS headers a browser can read), host, size and
        # rate checks, then the bearer token, then the routes.
        "http": cors(
            Guard(
                BearerAuthMiddleware(
                    URLRouter(
                        [
                            re_path(r"^graphql/?$", consumers.http_consumer()),
                            # Static files too: whitenoise's middleware (config/settings.py) serves them.
                            re_path(r"", django_application),
                        ]
                    )
                )
            )
        ),
        "websocket": Guard(
            BearerAuthMiddleware(URLRouter([re_path(r"^graphql/?$", consumers.ws_consumer())]))
        ),
        "lifespan": lifespan_application,
    }
)

heap.settle()  # the last line: everything imported above lives as long as the process
