"""Records the golden logs: one random playout per game, seat count and rules version, stored as the
service stores events (``EventCodec.dump``: the class name and its fields as JSON), with the
fingerprint of what every viewer saw along it (see ``fingerprint.py`` and README.md).

After raising a game's ``rules_version``, record the logs of the new version (existing logs are never
overwritten; a stored log is a fact the engine must keep folding)::

    .venv/bin/python -m tests.golden.record racesmack

Never run it to "fix" a failing golden test. ``--redigest GAME`` re-fingerprints the stored logs of a
game, every version, keeping their events: only for a deliberate change of what old matches show that
is not a rules change (say why in the commit; README.md).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.registry import REGISTRY
from tests.golden.fingerprint import fold, played, playout_digests

LOGS = Path(__file__).parent / "logs"


def path_for(key: str, seats: int, version: int) -> Path:
    return LOGS / f"{key}-{seats}.v{version}.json"


def logs_of(key: str) -> list[Path]:
    return sorted(LOGS.glob(f"{key}-[0-9]*.v[0-9]*.json"))


def recorded(key: str, seats: int) -> dict[str, Any]:
    spec = REGISTRY[key]
    seed, options, events = played(spec, seats)
    log = {"game": key, "seats": seats, "rules_version": spec.rules_version, "seed": seed, "options": options}
    return fingerprinted({**log, "events": events})


def fingerprinted(log: dict[str, Any]) -> dict[str, Any]:
    """``log`` with today's fingerprint; the playout's only while the log is of the current version (an
    older version's rules are no longer this code's to fingerprint)."""
    spec = REGISTRY[log["game"]]
    folded = fold(spec, log)
    current = log["rules_version"] == spec.rules_version
    playout = playout_digests(spec, log["seats"]) if current else log["playout"]
    return {**log, "outcome": folded.outcome, "playout": playout, "digests": folded.digests}


def dumps(log: dict[str, Any]) -> str:
    """The log as JSON, one event and one viewer's digests a line, so that a diff reads."""
    compact = {"separators": (",", ":"), "sort_keys": True}
    head = {key: value for key, value in log.items() if key not in ("events", "digests")}
    lines = [f"{json.dumps(key)}:{json.dumps(value, **compact)}," for key, value in sorted(head.items())]  # type: ignore[arg-type]
    events = ",\n".join(json.dumps(event, **compact) for event in log["events"])  # type: ignore[arg-type]
    digests = ",\n".join(
        f"{json.dumps(viewer)}:{json.dumps(chains, **compact)}"  # type: ignore[arg-type]
        for viewer, chains in log["digests"].items()
    )
    return "{\n" + "\n".join(lines) + f'\n"events":[\n{events}\n],\n"digests":{{\n{digests}\n}}\n}}\n'


def write(path: Path, log: dict[str, Any]) -> None:
    path.write_text(dumps(log))
    print(f"{path.name}: {len(log['events'])} events, {path.stat().st_size} bytes")


def record_missing(keys: Sequence[str]) -> None:
    LOGS.mkdir(exist_ok=True)
    for key in keys:
        spec = REGISTRY[key]
        for seats in range(spec.min_players, spec.max_players + 1):
            path = path_for(key, seats, spec.rules_version)
            if path.exists():
                print(f"{path.name}: kept (a stored log is never re-recorded)")
                continue
            write(path, recorded(key, seats))


def redigest(keys: Sequence[str]) -> None:
    for key in keys:
        for path in logs_of(key):
            write(path, fingerprinted(json.loads(path.read_text())))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.record", description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help=f"game keys (default: all): {', '.join(REGISTRY)}")
    parser.add_argument("--redigest", action="store_true", help="re-fingerprint stored logs, events kept")
    args = parser.parse_args(argv)
    unknown = set(args.games) - set(REGISTRY)
    if unknown:
        parser.error(f"no game {', '.join(sorted(unknown))}")
    keys = args.games or list(REGISTRY)
    (redigest if args.redigest else record_missing)(keys)


if __name__ == "__main__":
    main()
