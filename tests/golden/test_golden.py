"""Old matches still replay, and the rules change only with their version: every committed golden log
folds with today's engine, from every seat and a spectator, and gives the digests it was recorded with
(all of them for its game's current rules version; the views and events of a stored match for an older
one). README.md beside this module is the policy; ``check.py`` enforces it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.registry import REGISTRY
from tests.golden.check import missing_logs, problems
from tests.golden.record import LOGS, path_for

GOLDEN = sorted(LOGS.glob("*.json"))


def test_every_game_and_seat_count_has_a_golden_log_of_its_current_rules_version():
    missing = missing_logs(REGISTRY)
    assert not missing, (
        f"No golden log {', '.join(missing)}: after raising a game's rules_version, record its logs with "
        "`.venv/bin/python -m tests.golden.record GAME` (tests/golden/README.md)."
    )


def test_every_game_declares_a_rules_version_from_one():
    for spec in REGISTRY.values():
        assert isinstance(spec.rules_version, int) and spec.rules_version >= 1, spec.key


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_a_stored_match_replays_as_it_was_recorded(path: Path):
    log = json.loads(path.read_text())
    assert path == path_for(log["game"], log["seats"], log["rules_version"]), "a log named as it is"
    found = problems(REGISTRY[log["game"]], log, path.stem)
    assert not found, "\n".join(found)
