"""A game's part of the schema comes from its spec alone: typed view, move input, MoveInput member, labels."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest
from graphql.utilities import coerce_input_value
from strawberry.types.arguments import convert_argument

from api.graphql.games import ChosenMove, MoveInput
from api.graphql.games.base import bind
from api.graphql.schema import schema
from games.core.moments import Millis
from tests.toys import odds_and_evens as toy


@dataclass(frozen=True)
class Score:
    seat: int
    points: int


@dataclass(frozen=True)
class OddsAndEvensView:
    """Odds and Evens as the caller may see it."""

    scores: tuple[Score, ...]
    round_ends: Millis | None


def odds_and_evens():
    binding = bind(dataclasses.replace(toy.SPEC, view_type=OddsAndEvensView))
    assert binding is not None
    return binding


def graphql_fields(strawberry_type: type) -> dict[str, object]:
    definition = strawberry_type.__strawberry_definition__
    return {field.python_name: field.type for field in definition.fields}


def test_a_game_without_a_view_type_has_no_part_in_the_schema():
    assert bind(toy.SPEC) is None


def test_the_view_and_its_parts_are_named_after_the_view_dataclass():
    binding = odds_and_evens()
    assert binding.view_type.__strawberry_definition__.name == "OddsAndEvensView"
    assert binding.move_type.__strawberry_definition__.name == "OddsAndEvensMove"
    assert set(graphql_fields(binding.view_type)) == {"game", "version", "scores", "round_ends"}


def test_the_move_input_member_is_the_key_in_camel_case():
    assert odds_and_evens().graphql_member == "oddsAndEvens"


def test_a_millis_field_is_shown_as_a_date_and_time():
    binding = odds_and_evens()
    view = binding.view(OddsAndEvensView((Score(0, 2),), 1_700_000_000_000), version=7)
    assert view.round_ends == datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)
    assert (view.game, view.version, view.scores[0].points) == ("odds-and-evens", 7, 2)
    assert binding.view(OddsAndEvensView((), None), version=0).round_ends is None


def test_a_typed_move_has_the_action_and_every_field_of_the_games_moves_and_a_label():
    binding = odds_and_evens()
    assert set(graphql_fields(binding.move_type)) == {"action", "number"}
    assert set(graphql_fields(binding.move_type)["action"].wrapped_cls.__members__) == {"CHOOSE"}
    assert binding.label({"action": "CHOOSE", "number": 3}) == "Choose"


@dataclass(frozen=True)
class Pick:
    card: tuple[int, ...]


def test_a_move_field_that_is_not_a_json_scalar_is_refused_when_the_game_is_bound():
    # A MoveInput value is handed on as the move's JSON (ChosenMove): that holds for scalars only.
    codec = dataclasses.replace(toy.SPEC.moves, types=(Pick,))
    with pytest.raises(TypeError, match=r"Pick\.card"):
        bind(dataclasses.replace(toy.SPEC, view_type=OddsAndEvensView, moves=codec))


def test_a_move_input_value_reaches_the_resolver_as_its_game_and_move_json():
    move_input = schema._schema.get_type("MoveInput")
    chosen = convert_argument(
        coerce_input_value({"daredevilRock": {"action": "CLIMB", "level": 2, "column": None}}, move_input),
        MoveInput,
        scalar_registry=schema.schema_converter.scalar_registry,
        config=schema.config,
    )
    assert chosen == ChosenMove("daredevil-rock", {"action": "CLIMB", "level": 2})
