"""Process start and stop hooks, called from the ASGI lifespan protocol (config/asgi.py).

In embedded mode (no REDIS_URL) the in-process timer loop starts in `on_startup` and stops in
`on_shutdown`; with Redis, timers belong to `manage.py run_timers` and these stay idle.
Placeholders until the timer engineer fills them in.
"""


async def on_startup() -> None:
    """Start process-wide background work (the embedded timer loop)."""


async def on_shutdown() -> None:
    """Stop what `on_startup` started, letting in-flight work finish."""
