"""`manage.py run_timers [--once] [--poll-ms N]`: the timer worker for Redis deployments.

Run as many as you like: claims are atomic in Redis, so each due deadline fires once per lease.
Each worker fires on TIMER_THREADS threads. SIGTERM or SIGINT stops the loop once the deadlines it has
claimed are fired, never in the middle of one.
"""

from __future__ import annotations

import signal
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.common import heap
from api.matches.timers import TimerLoop, rearm_all, run_due


class Command(BaseCommand):
    help = "Fire due match deadlines from Redis (several workers may run at once)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="Re-arm, fire what is due now, exit.")
        parser.add_argument(
            "--poll-ms", type=int, default=None, help="Poll interval (default TIMER_POLL_MS, 10)."
        )

    def handle(self, *args: Any, once: bool = False, poll_ms: int | None = None, **options: Any) -> None:
        if not settings.REDIS_URL:
            raise CommandError(
                "REDIS_URL is not set. In embedded mode (no Redis) the server runs timers itself, "
                "in-process; run_timers is only for deployments with REDIS_URL."
            )
        if poll_ms is not None and poll_ms <= 0:
            raise CommandError("--poll-ms must be a positive number of milliseconds.")
        if once:
            armed = rearm_all()
            fired = run_due()
            self.stdout.write(f"re-armed {armed} deadlines, fired {fired}")
            return
        loop = TimerLoop(poll_ms=poll_ms)
        heap.settle()  # a long-lived process: what is loaded now stays out of every collection
        self._stop_on_signals(loop)
        loop.run_forever()
        self.stdout.write(f"stopped; fired {loop.fired} deadlines")

    def _stop_on_signals(self, loop: TimerLoop) -> None:
        def stop(signum: int, _frame: Any) -> None:
            if loop.stopping:  # a second Ctrl-C means "now"
                raise KeyboardInterrupt
            self.stderr.write(f"{signal.Signals(signum).name}: stopping once the claimed deadlines are fired")
            loop.stop()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
