"""The golden-log policy as one function: what today's engine must still do with a stored log.

Every log, of every rules version, is a stored match: it must fold, end as it ended, and show every
viewer the same views and redacted events (``HISTORY``). A log of its game's current version must also
give the same legal moves, table and seeded playout (``RULES``, ``decide``): this code plays that
version, so a change of behaviour there needs a new version. README.md beside this module says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.spec import GameSpec
from tests.golden.fingerprint import RULES, WHAT, first_difference, fold, playout_digests
from tests.golden.record import path_for


def problems(spec: GameSpec[Any], log: dict[str, Any], name: str) -> list[str]:
    """What is wrong with ``log`` (named ``name``) under today's engine, each with what to do; [] if all
    holds."""
    version = log["rules_version"]
    if version > spec.rules_version:
        return [f"{name} is of rules version {version}, newer than {spec.key}'s {spec.rules_version}."]
    current = version == spec.rules_version
    found = _history_problems(spec, log, name, current)
    if current:
        found.extend(_playout_problems(spec, log, name))
    return found


def missing_logs(registry: Mapping[str, GameSpec[Any]]) -> list[str]:
    """The golden logs each game needs at its current rules version and does not have, by file name."""
    wanted = [
        path_for(key, seats, spec.rules_version)
        for key, spec in registry.items()
        for seats in range(spec.min_players, spec.max_players + 1)
    ]
    return [path.name for path in wanted if not path.exists()]


def _playout_problems(spec: GameSpec[Any], log: dict[str, Any], name: str) -> list[str]:
    try:
        today = playout_digests(spec, log["seats"])
    except Exception as error:
        return [f"{name}: the seeded playout no longer plays ({error!r}). {_bump(spec)}"]
    where = first_difference(log["playout"], today)
    return (
        [] if where is None else [f"{name}: the events of the seeded playout changed {where}. {_bump(spec)}"]
    )


def _history_problems(spec: GameSpec[Any], log: dict[str, Any], name: str, current: bool) -> list[str]:
    try:
        today = fold(spec, log)
    except Exception as error:
        return [
            f"{name}: a stored match of version {log['rules_version']} no longer replays ({error!r}). "
            + _history(spec)
        ]
    found = [f"{name}: {broken}" for broken in today.problems]
    if today.outcome != log["outcome"]:
        found.append(f"{name} ends as {today.outcome}, not as it ended: {log['outcome']}. {_history(spec)}")
    for viewer, recorded in log["digests"].items():
        for aspect, chain in recorded.items():
            if aspect in RULES and not current:
                continue  # the rules of an old version are not this code's: only its history must hold
            where = first_difference(chain, today.digests[viewer][aspect])
            if where is not None:
                advice = _bump(spec) if current else _history(spec)
                whom = "a spectator" if viewer == "spectator" else viewer
                found.append(f"{name}: the {WHAT[aspect]} for {whom} changed {where}. {advice}")
    return found


def _spec_file(spec: GameSpec[Any]) -> str:
    return f"games/{spec.key.replace('-', '_')}/spec.py"


def _bump(spec: GameSpec[Any]) -> str:
    return (
        f"The behaviour of {spec.key} changed. If that is a regression, fix it. If its rules changed on "
        f"purpose, raise rules_version in {_spec_file(spec)} to {spec.rules_version + 1} and record the new "
        f"version's logs with `.venv/bin/python -m tests.golden.record {spec.key}`, keeping the old ones. "
        "A change of tests/conformance/playouts.py alone changes the playout, not the rules: "
        f"`.venv/bin/python -m tests.golden.record --redigest {spec.key}` (tests/golden/README.md)."
    )


def _history(spec: GameSpec[Any]) -> str:
    return (
        f"Stored {spec.key} matches would replay differently: evolve, player_view and redact must keep "
        "showing old events as they were (new behaviour takes new events, or new fields with defaults). "
        "A deliberate change of what old matches show that is no rules change (a new view field): "
        f"`.venv/bin/python -m tests.golden.record --redigest {spec.key}`, and say why in the commit "
        "(tests/golden/README.md)."
    )
