"""What every fuzz run needs around hypothesis, whose engine is made for pure functions, not for a
stateful service: each distinct request sent once, and a failure told the same way when it is replayed."""

from __future__ import annotations

import json
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Distinct:
    """Requests already sent, in the state they were sent in. Many draws make the same request (a legal
    move picked by a number, the same options twice): sending it again to the same state tests nothing,
    so a run skips it and its examples go further."""

    sent: set[str] = field(default_factory=set)

    def first_time(self, *request: Any) -> bool:
        key = json.dumps(request, sort_keys=True, default=repr)
        if key in self.sent:
            return False
        self.sent.add(key)
        return True


@dataclass
class FirstFailure:
    """Hypothesis runs a failing example once more to report it; by then the match has moved on, so
    the same draws would test another state. Each step after a failure tells that failure again."""

    failure: AssertionError | None = None

    async def __call__(self, step: Coroutine[Any, Any, None]) -> None:
        if self.failure is not None:
            step.close()
            raise self.failure
        try:
            await step
        except AssertionError as failure:
            self.failure = failure
            raise
