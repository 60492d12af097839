"""Old matches still replay: every committed golden log folds with today's engine at every version,
from every seat and a spectator, and ends as it ended when it was played (see ``record.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core import engine
from games.core.visibility import SPECTATOR, seat_viewer
from games.registry import REGISTRY
from tests.golden.record import LOGS

GOLDEN = sorted(LOGS.glob("*.json"))


def test_there_is_a_golden_log_for_every_game_and_seat_count():
    expected = {
        f"{key}-{seats}.json"
        for key, spec in REGISTRY.items()
        for seats in range(spec.min_players, spec.max_players + 1)
    }
    assert {path.name for path in GOLDEN} == expected


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_a_stored_match_folds_and_shows_every_version_to_every_viewer(path: Path):
    log = json.loads(path.read_text())
    spec = REGISTRY[log["game"]]
    events = [spec.events.load(name, data) for name, data in log["events"]]
    viewers = [SPECTATOR, *(seat_viewer(seat) for seat in range(log["seats"]))]
    game = engine.new_game(spec, log["options"], log["seats"], log["seed"])
    for event in events:
        game = engine.evolve(game, event)
        for viewer in viewers:
            engine.view(game, viewer)
    assert game.over, f"{path.stem} no longer ends"
    assert spec.invariants(game.state) == ()
    assert len(game.outcome().ranks) == log["seats"]
