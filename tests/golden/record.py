"""Records the golden logs: one random playout per game and seat count, stored as the service stores
events (``EventCodec.dump``: the class name and its fields as JSON).

Run once per rules version, from the code that makes the logs, never to "fix" a failing golden test:
``.venv/bin/python -m tests.golden.record``. A stored log is a fact; the engine must keep folding it.
"""

from __future__ import annotations

import json
from pathlib import Path

from games.registry import REGISTRY
from tests.conformance.playouts import playout

LOGS = Path(__file__).parent / "logs"


def record(key: str, seats: int) -> dict[str, object]:
    spec = REGISTRY[key]
    result = playout(spec, seats * 7 + 1, seats)
    events = [list(spec.events.dump(event)) for event in result.log]
    return {"game": key, "seats": seats, "seed": result.seed, "options": result.options, "events": events}


def main() -> None:
    LOGS.mkdir(exist_ok=True)
    for key, spec in REGISTRY.items():
        for seats in range(spec.min_players, spec.max_players + 1):
            log = record(key, seats)
            path = LOGS / f"{key}-{seats}.json"
            path.write_text(json.dumps(log, separators=(",", ":"), sort_keys=True) + "\n")
            print(f"{path.name}: {len(log['events'])} events")


if __name__ == "__main__":
    main()
