"""`manage.py serve [--host H] [--port P] [--workers N]`: the server, as production runs it.

uvicorn, started from here rather than from its command line because the command line cannot name
protocol classes: ours (api/realtime/edge.py) time out slow headers, bodies and readers and cap the
sockets per address, which uvicorn alone does not. Everything else is what `uvicorn
config.asgi:application --lifespan on --ws-per-message-deflate false` did, with the limits read from
the settings (HTTP_HEADER_TIMEOUT_S, MAX_REQUEST_BYTES, FORWARDED_ALLOW_IPS, ...).
"""

from __future__ import annotations

from typing import Any

import uvicorn
from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from api.realtime.edge import EdgeHttpProtocol, EdgeWebSocketProtocol

APPLICATION = "config.asgi:application"


def server_options() -> dict[str, Any]:
    """uvicorn's options but host, port and workers."""
    return {
        "http": EdgeHttpProtocol,
        "ws": EdgeWebSocketProtocol,
        "lifespan": "on",  # the embedded timer loop and the nudge listener start there
        # Compression costs CPU and memory per connection for messages of a few hundred bytes.
        "ws_per_message_deflate": False,
        # websockets counts a message's payload, not its frame headers: the same bytes as an HTTP body.
        # A frame larger than this is refused (1009) from its header, before its payload is read.
        "ws_max_size": settings.MAX_REQUEST_BYTES,
        "ws_ping_interval": settings.WS_PING_INTERVAL_S,
        "ws_ping_timeout": settings.WS_PING_TIMEOUT_S,
        "forwarded_allow_ips": settings.FORWARDED_ALLOW_IPS,
        "access_log": settings.ACCESS_LOG,
    }


class Command(BaseCommand):
    help = "Serve HTTP and WebSocket with uvicorn and the edge's limits (the production command)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1", help="Address to bind (default 127.0.0.1).")
        parser.add_argument("--port", type=int, default=8000, help="Port to bind (default 8000).")
        parser.add_argument(
            "--workers",
            type=int,
            default=None,
            help="Worker processes (default: $WEB_CONCURRENCY or 1, as uvicorn's).",
        )

    def handle(self, *args: Any, host: str, port: int, workers: int | None, **options: Any) -> None:
        uvicorn.run(APPLICATION, host=host, port=port, workers=workers, **server_options())
