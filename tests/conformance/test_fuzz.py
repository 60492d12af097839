"""The fuzzer itself: it must reach every action of a game, and values beyond any table."""

import dataclasses

from games.core.chance import Chance
from tests.conformance import fuzz


def test_the_fuzzer_tries_every_action_with_values_beyond_any_table(spec):
    chance = Chance("coverage", 0)
    moves = [fuzz.typed_move(spec.moves, chance) for _ in range(2_000)]
    assert {move["action"] for move in moves} == set(spec.moves.actions)
    numbers = [value for move in moves for value in move.values() if type(value) is int]
    assert not numbers or (min(numbers) < 0 and max(numbers) > 2**31 - 2)


def test_every_action_gets_malformed_in_every_field(spec):
    problems = {problem for problem, _ in fuzz.malformed_moves(spec.moves)}
    for action, cls in spec.moves.actions.items():
        assert f"{action} with a field it does not take" in problems
        for field in dataclasses.fields(cls):
            required = field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
            assert not required or f"{action} without {field.name}" in problems
            assert f"{action} with {field.name} of the wrong type" in problems
