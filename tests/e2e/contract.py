"""What the end-to-end suites know of a game: only what its spec publishes (its options), never its rules."""

from __future__ import annotations

from typing import Any

from games.core.options import IntOption
from games.core.spec import GameSpec

TURN_LIMIT = "turnLimit"  # a game with this option is played to a short limit, so every match is brief
TURNS = 3


def short_options(spec: GameSpec[Any]) -> dict[str, Any]:
    limit = next((o for o in spec.options.fields if o.name == TURN_LIMIT and isinstance(o, IntOption)), None)
    return {} if limit is None else {TURN_LIMIT: max(limit.minimum or 1, TURNS)}
