import json
from dataclasses import dataclass

import hypothesis
import jsonschema
import pytest
from hypothesis import strategies as st

from games.core.decisions import Rejected
from games.core.options import BoolOption, ChoiceOption, Excludes, IntOption, OptionsSchema
from games.registry import REGISTRY
from tests.reliability.match_options import expected, options_json

SCHEMA = OptionsSchema(
    (
        IntOption("turnSeconds", None, "Seconds per turn.", minimum=0, maximum=3600, nullable=True),
        BoolOption("blind", False, "Blind variant."),
        ChoiceOption("start", "top", "Where to start.", ("top", "middle")),
    )
)
CLOCKS = OptionsSchema(
    (
        IntOption("turnSeconds", 60, "Seconds per turn. 0: no timer.", minimum=0, off_at_zero=True),
        IntOption("botTapMs", 1500, "The bot's tap time.", minimum=0),
        ChoiceOption("height", "1200", "Where to start, in metres.", ("1200", "600"), numbers=True),
    )
)


@dataclass(frozen=True, slots=True)
class Clocks:
    turn_seconds: int | None
    bot_tap_ms: int
    height: int


def test_missing_options_take_their_defaults():
    assert SCHEMA.parse(None) == {"turnSeconds": None, "blind": False, "start": "top", "revealAfterEnd": True}


def test_given_options_override_defaults():
    assert SCHEMA.parse({"turnSeconds": 30, "start": "middle"})["turnSeconds"] == 30


def test_every_bad_option_is_refused_by_name():
    for raw in (
        {"turnSeconds": -1},
        {"turnSeconds": "30"},
        {"blind": 1},
        {"start": "bottom"},
        {"colour": "red"},
    ):
        result = SCHEMA.parse(raw)
        assert isinstance(result, Rejected)
        assert result.code == "INVALID_OPTIONS"
        assert next(iter(raw)) in result.message


def test_the_json_schema_describes_every_option():
    schema = SCHEMA.json_schema()
    assert schema["additionalProperties"] is False
    assert schema["properties"]["turnSeconds"]["type"] == ["integer", "null"]
    assert schema["properties"]["start"]["enum"] == ["top", "middle"]
    assert schema["properties"]["revealAfterEnd"]["default"] is True


def test_only_null_means_the_defaults():
    assert SCHEMA.parse(None) == SCHEMA.defaults()


@pytest.mark.parametrize("raw", [[], 0, "", False, True, 1, 0.0, "top", [{}], [["turnSeconds", 30]]])
def test_options_that_are_not_an_object_are_refused_even_when_falsy(raw):
    result = SCHEMA.parse(raw)
    assert isinstance(result, Rejected)
    assert result.code == "INVALID_OPTIONS"
    assert "JSON object" in result.message


def test_an_empty_object_takes_every_default():
    assert SCHEMA.parse({}) == SCHEMA.defaults()


def test_a_whole_number_written_as_a_float_is_that_integer():
    parsed = SCHEMA.parse({"turnSeconds": 30.0})
    assert parsed["turnSeconds"] == 30
    assert type(parsed["turnSeconds"]) is int


@pytest.mark.parametrize("value", [30.5, -0.5, 1e-9, True, False, "30", [30]])
def test_an_integer_option_refuses_fractions_booleans_and_other_types(value):
    result = SCHEMA.parse({"turnSeconds": value})
    assert isinstance(result, Rejected)
    assert "turnSeconds" in result.message


def test_a_whole_float_out_of_range_is_refused_like_the_integer():
    assert isinstance(SCHEMA.parse({"turnSeconds": 3601.0}), Rejected)
    assert isinstance(SCHEMA.parse({"turnSeconds": 1e300}), Rejected)


def test_the_json_schema_names_its_dialect_whose_integer_admits_a_whole_float():
    schema = SCHEMA.json_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    validator = jsonschema.validators.validator_for(schema)(schema)
    assert validator.is_valid({"turnSeconds": 30.0})
    assert not validator.is_valid({"turnSeconds": 30.5})
    assert not validator.is_valid({"turnSeconds": True})
    assert not validator.is_valid([])


@pytest.mark.parametrize(
    "schema", [SCHEMA, *(spec.options for spec in REGISTRY.values())], ids=["test", *REGISTRY]
)
@hypothesis.settings(derandomize=True, database=None, max_examples=150)
@hypothesis.given(data=st.data())
def test_parse_agrees_with_the_published_json_schema_on_any_json(schema, data):
    raw = data.draw(options_json(schema))
    parsed, wanted = schema.parse(raw), expected(schema, raw)
    if wanted is None:
        assert isinstance(parsed, Rejected) and parsed.code == "INVALID_OPTIONS", raw
    else:
        assert json.dumps(parsed, sort_keys=True) == json.dumps(wanted, sort_keys=True), raw


EXCLUSIVE = OptionsSchema(
    (BoolOption("fast", False, "Fast."), BoolOption("slow", False, "Slow.")),
    excludes=(Excludes(("fast", "slow"), "A match cannot be both fast and slow."),),
)


def test_options_that_exclude_each_other_are_refused_together_saying_why():
    assert EXCLUSIVE.parse({"fast": True})["fast"] is True
    refused = EXCLUSIVE.parse({"fast": True, "slow": True})
    assert isinstance(refused, Rejected) and refused.code == "INVALID_OPTIONS"
    assert refused.message == "A match cannot be both fast and slow."
    schema = EXCLUSIVE.json_schema()
    validator = jsonschema.validators.validator_for(schema)(schema)
    assert validator.is_valid({"fast": True, "slow": False})
    assert not validator.is_valid({"fast": True, "slow": True})


def test_built_options_take_the_schema_defaults_in_snake_case():
    assert CLOCKS.build(Clocks, None) == Clocks(turn_seconds=60, bot_tap_ms=1500, height=1200)


def test_built_options_read_zero_seconds_as_no_timer_and_a_number_choice_as_its_number():
    assert CLOCKS.build(Clocks, {"turnSeconds": 0, "height": "600"}) == Clocks(None, 1500, 600)
    assert CLOCKS.build(Clocks, {"botTapMs": 0}).bot_tap_ms == 0  # not a clock that 0 switches off


def test_a_built_option_may_be_read_in_the_rules_own_terms():
    assert CLOCKS.build(Clocks, {"botTapMs": 40}, bot_tap_ms=lambda ms: ms * 2).bot_tap_ms == 80


def test_building_refuses_options_the_service_would_refuse():
    with pytest.raises(ValueError, match="turnSeconds"):
        CLOCKS.build(Clocks, {"turnSeconds": -1})


@pytest.mark.parametrize("spec", REGISTRY.values(), ids=list(REGISTRY))
def test_every_game_reads_each_of_its_typed_options_from_its_schema(spec):
    assert spec.initial_state(spec.options.defaults(), spec.min_players) is not None
