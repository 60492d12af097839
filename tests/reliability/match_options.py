"""Options to fuzz ``createMatch`` with, derived from a game's ``OptionsSchema``, and what the service must
make of each, decided by the JSON Schema the game publishes (``games { optionsSchema }``), not by the code
under test: options the schema admits are the match's options, the defaults filling in the rest (a whole
float as its integer: JSON Schema's integer admits 3.0); any other JSON is refused; null is the defaults.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jsonschema
from hypothesis import strategies as st

from games.core.options import BoolOption, ChoiceOption, IntOption, Option, OptionsSchema
from tests.reliability.values import UNPAIRED_SURROGATE, json_values, numbers, texts

# JSON that is not an object: the falsy ones were once taken for "no options".
NOT_OBJECTS: tuple[Any, ...] = ([], 0, "", False, True, 1, 1.5, "{}", [{}], [[]], UNPAIRED_SURROGATE)


@cache
def options_json(schema: OptionsSchema) -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), objects(schema), objects(schema), st.sampled_from(NOT_OBJECTS), json_values())


# What an object of options holds besides valid values: one fault at most, so that a refusal has one
# cause and each option's check is tried on its own (two faults would hide a check that lets one pass).
FAULTS = ("one odd value", "one odd value", "an unknown key", "none")


@st.composite
def objects(draw: st.DrawFn, schema: OptionsSchema) -> dict[str, Any]:
    """Valid values for some of the game's options, then mostly one of them made odd, or a key added that
    the game does not know."""
    chosen = draw(st.lists(st.sampled_from(schema.fields), unique=True, max_size=len(schema.fields)))
    raw = {option.name: draw(valid(option)) for option in chosen}
    match draw(st.sampled_from(FAULTS)):
        case "one odd value" if chosen:
            option = draw(st.sampled_from(chosen))
            raw[option.name] = draw(value(option))
        case "an unknown key":
            raw[draw(unknown_names(schema))] = draw(json_values(max_leaves=2))
    return raw


@cache
def valid(option: Option) -> st.SearchStrategy[Any]:
    """A value ``option`` takes: a whole number in range (written as JSON may: 3 or 3.0, or null when
    the option allows it), either boolean, one of the choices."""
    match option:
        case IntOption():
            low = option.minimum if option.minimum is not None else -(2**31)
            high = option.maximum if option.maximum is not None else 2**31
            whole = st.one_of(st.integers(low, high), st.sampled_from([low, high]))
            nulls = [None] if option.nullable else []
            return st.one_of(whole, whole.map(float), st.sampled_from([option.default, *nulls]))
        case BoolOption():
            return st.booleans()
        case ChoiceOption():
            return st.sampled_from(option.choices)


@cache
def value(option: Option) -> st.SearchStrategy[Any]:
    """Mostly values near what ``option`` takes, sometimes any JSON at all."""
    match option:
        case IntOption():
            near = _integers(option)
        case BoolOption():
            near = st.one_of(st.booleans(), st.sampled_from([0, 1, "true", "false", None]))
        case ChoiceOption():
            near = st.one_of(st.sampled_from(option.choices), _near_choices(option), texts(), numbers())
    return st.one_of(near, near, near, json_values(max_leaves=3))


@cache
def _integers(option: IntOption) -> st.SearchStrategy[Any]:
    low = option.minimum if option.minimum is not None else -(2**31)
    high = option.maximum if option.maximum is not None else 2**31
    edges = [low - 1, low, high, high + 1, option.default]
    whole = st.integers(low - 2, high + 2)
    return st.one_of(
        whole,
        st.sampled_from(edges),
        whole.map(float),  # 3.0: a whole number as JSON may write it
        whole.map(lambda number: number + 0.5),
        whole.map(str),
        st.sampled_from([True, False, None, [low], {"value": low}]),
        numbers(),
    )


@cache
def _near_choices(option: ChoiceOption) -> st.SearchStrategy[Any]:
    variants = [f(choice) for choice in option.choices for f in (str.upper, str.title, " {} ".format)]
    numeric = [int(choice) for choice in option.choices if choice.isdigit()]  # "600" sent as 600
    return st.sampled_from([*variants, *numeric, list(option.choices)])


@cache
def unknown_names(schema: OptionsSchema) -> st.SearchStrategy[str]:
    """Names a client might mistype (another case, snake_case, a plural) or make up."""
    known = {option.name for option in schema.fields}
    typos = [typo for name in known for typo in (name.upper(), _snake(name), name + "s") if typo not in known]
    return st.one_of(st.sampled_from(typos), texts().filter(lambda name: name not in known))


def _snake(name: str) -> str:
    return "".join(f"_{char.lower()}" if char.isupper() else char for char in name)


def expected(schema: OptionsSchema, raw: Any) -> dict[str, Any] | None:
    """The match's options for ``raw`` by the published JSON Schema, or None when it must be refused."""
    if raw is None:
        return schema.defaults()
    if not _validator(schema).is_valid(raw):
        return None
    return {**schema.defaults(), **{name: _whole(given) for name, given in raw.items()}}


@cache
def _validator(schema: OptionsSchema) -> Any:
    """A validator for the JSON Schema ``schema`` publishes, of the draft the schema names."""
    published = schema.json_schema()
    return jsonschema.validators.validator_for(published)(published)


def _whole(given: Any) -> Any:
    return int(given) if isinstance(given, float) and given.is_integer() else given
