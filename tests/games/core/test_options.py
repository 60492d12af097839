from games.core.decisions import Rejected
from games.core.options import BoolOption, ChoiceOption, IntOption, OptionsSchema

SCHEMA = OptionsSchema(
    (
        IntOption("turnSeconds", None, "Seconds per turn.", minimum=0, maximum=3600, nullable=True),
        BoolOption("blind", False, "Blind variant."),
        ChoiceOption("start", "top", "Where to start.", ("top", "middle")),
    )
)


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
