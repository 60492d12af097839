"""The benchmark command measures; it is exercised here for correctness, never for speed."""

from api.matches.management.commands.benchmark import _measure
from games.registry import REGISTRY


def test_the_benchmark_replays_every_recorded_command_of_every_game():
    for spec in REGISTRY.values():
        row = _measure(spec, 2)
        assert row["commands"] > 2
        assert row["rate"] > 0 and row["playouts"] > 0
