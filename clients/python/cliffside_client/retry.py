"""When to try again, and how long to wait first.

Sent again on their own, after a wait:

- what surely did nothing: RATE_LIMITED (after its ``retryAfter``), SERVICE_UNAVAILABLE (the database did
  not answer and nothing was done), a connection that could not be opened;
- what may have done something (COMMIT_OUTCOME_UNKNOWN, a connection lost after the request left, a
  server error) only where sending it twice is harmless: a query, or a move with its idempotency key,
  which the server plays once however often it arrives.

Anything else is raised at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from cliffside_client.errors import (
    SERVICE_UNAVAILABLE,
    CliffsideError,
    NetworkError,
    RateLimited,
    Unavailable,
)

OnRetry = Callable[[CliffsideError, float], None]  # the error, and the seconds the client waits now


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    attempts: int = 6  # tries after the first one, per call (per outage, for a live subscription)
    max_delay: float = 60.0  # the longest wait accepted; a retryAfter beyond it is raised instead
    backoff: float = 0.2  # the first wait after a failure that names none, doubled each time ...
    backoff_cap: float = 5.0  # ... up to this

    def backoff_delay(self, attempt: int) -> float:
        """Exponential, with jitter: clients cut off together do not come back together."""
        return min(self.backoff_cap, self.backoff * 2.0**attempt) * random.uniform(0.5, 1.0)

    def delay(self, error: CliffsideError, attempt: int, *, resend_ok: bool) -> float | None:
        """Seconds to wait before try ``attempt + 1``; None: give up and raise ``error``."""
        if attempt >= self.attempts:
            return None
        if isinstance(error, RateLimited):
            # The limiter's windows end on the tenth of a second it names: a little after, not before.
            wait = (
                error.retry_after if error.retry_after is not None else self.backoff_delay(attempt)
            ) + random.uniform(0.02, 0.1)
        elif isinstance(error, Unavailable) and (error.code == SERVICE_UNAVAILABLE or resend_ok):
            wait = max(error.retry_after or 0.0, self.backoff_delay(attempt))
        elif isinstance(error, NetworkError) and (not error.sent or resend_ok):
            wait = self.backoff_delay(attempt)
        else:
            return None
        return wait if wait <= self.max_delay else None
