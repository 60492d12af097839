"""Moments as games keep them: ints counting milliseconds since the Unix epoch (UTC).

Commands carry the time the service received them, and deadlines are state, in these units. A view
field annotated ``Millis`` says it holds one, so the API can show it as a date and time (such numbers
overflow GraphQL's 32-bit Int) without any game-specific code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated


@dataclass(frozen=True)
class EpochMillis:
    """The mark ``Millis`` carries: what the annotated int counts."""


Millis = Annotated[int, EpochMillis()]
