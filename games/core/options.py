"""Match options, declared once: the same declaration validates input and publishes a JSON Schema.

Options travel as JSON (camelCase keys). ``OptionsSchema.parse`` fills defaults and returns a plain
dict, or a ``Rejected`` naming the first bad option, so bad input never reaches a match.
``OptionsSchema.build`` turns them into the game's typed options, a dataclass with one snake_case field
per option the rules read, so that each option's default is written once, here in its declaration.

``parse`` and the published JSON Schema (draft 2020-12) agree on every JSON value: only null means "no
options"; an integer option takes a whole number however it is written (``3`` or ``3.0``) and stores it
as an int.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, TypeVar

from games.core.decisions import Rejected

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    T = TypeVar("T", bound=DataclassInstance)

INVALID_OPTIONS = "INVALID_OPTIONS"
JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


@dataclass(frozen=True, slots=True)
class IntOption:
    name: str
    default: int | None
    description: str
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    off_at_zero: bool = False  # 0 switches a clock off: the rules read None, "no deadline"

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": ["integer", "null"] if self.nullable else "integer"}
        if self.minimum is not None:
            schema["minimum"] = self.minimum
        if self.maximum is not None:
            schema["maximum"] = self.maximum
        return schema

    def check(self, value: Any) -> str | None:
        value = self.read(value)
        if value is None:
            return None if self.nullable else "must be an integer"
        if isinstance(value, bool) or not isinstance(value, int):
            return "must be an integer" + (" or null" if self.nullable else "")
        if self.minimum is not None and value < self.minimum:
            return f"must be at least {self.minimum}"
        if self.maximum is not None and value > self.maximum:
            return f"must be at most {self.maximum}"
        return None

    def read(self, value: Any) -> Any:
        """A whole-number float as the int it is: JSON has one number type, so a client may well send 3 as
        3.0, and JSON Schema's "integer" admits it (draft 2020-12). A fraction stays a float (refused)."""
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value

    def typed(self, value: Any) -> Any:
        return (value or None) if self.off_at_zero else value


@dataclass(frozen=True, slots=True)
class BoolOption:
    name: str
    default: bool
    description: str

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def check(self, value: Any) -> str | None:
        return None if isinstance(value, bool) else "must be true or false"

    def read(self, value: Any) -> Any:
        return value

    def typed(self, value: Any) -> Any:
        return value


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    name: str
    default: str
    description: str
    choices: tuple[str, ...]
    numbers: bool = False  # the choices are whole numbers (JSON Schema's enum holds strings)

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.choices)}

    def check(self, value: Any) -> str | None:
        return None if value in self.choices else "must be one of " + ", ".join(self.choices)

    def read(self, value: Any) -> Any:
        return value

    def typed(self, value: Any) -> Any:
        return int(value) if self.numbers else value


Option = IntOption | BoolOption | ChoiceOption


@dataclass(frozen=True, slots=True)
class Excludes:
    """Boolean options (each off by default) that may not all be on in one match, and why not: a check
    across options, which no single option's own check can make."""

    names: tuple[str, ...]
    why: str

    def clash(self, values: Mapping[str, Any]) -> bool:
        return all(values.get(name) is True for name in self.names)

    def schema(self) -> dict[str, Any]:
        """The JSON Schema refusing the combination; options off by default are on only when given."""
        on = {name: {"const": True} for name in self.names}
        return {"not": {"properties": on, "required": list(self.names)}}


REVEAL_AFTER_END = BoolOption(
    "revealAfterEnd", True, "Once the match is over, show everyone its full log and its seed."
)


@dataclass(frozen=True, slots=True)
class OptionsSchema:
    fields: tuple[Option, ...]
    excludes: tuple[Excludes, ...] = ()  # combinations of options a match may not have

    def __post_init__(self) -> None:
        if REVEAL_AFTER_END not in self.fields:
            object.__setattr__(self, "fields", (*self.fields, REVEAL_AFTER_END))
        defaults = self.defaults()
        if any(defaults.get(name) is not False for rule in self.excludes for name in rule.names):
            raise ValueError("options that exclude each other must be boolean options off by default")

    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.fields}

    def json_schema(self) -> dict[str, Any]:
        properties = {
            option.name: {**option.schema(), "default": option.default, "description": option.description}
            for option in self.fields
        }
        schema: dict[str, Any] = {
            "$schema": JSON_SCHEMA_DIALECT,
            "type": "object",
            "properties": properties,
            "additionalProperties": False,
        }
        if self.excludes:
            schema["allOf"] = [rule.schema() for rule in self.excludes]
        return schema

    def valid(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """``raw`` parsed, for a game's typed options: the service validates options when a match is
        created (``parse``), so options refused here are a programming error and raise ``ValueError``."""
        values = self.parse(raw)
        if isinstance(values, Rejected):
            raise ValueError(values.message)
        return values

    def build(self, form: type[T], raw: Mapping[str, Any] | None, **reads: Callable[[Any], Any]) -> T:
        """``raw`` parsed (see ``valid``) in the game's typed ``form``: a dataclass each of whose fields is
        the option of the same name in snake_case (``turnSeconds``: ``turn_seconds``), read by that
        option's ``typed``, or by the function ``reads`` gives for that field where the rules read it in
        their own terms (Daredevil Rock's turn timer, resolved for the number of players). An option no
        field names is not the rules' to read (``revealAfterEnd`` is the service's)."""
        values = {_snake_case(name): value for name, value in self.valid(raw).items()}
        options = {_snake_case(option.name): option for option in self.fields}
        return form(
            **{
                field.name: reads.get(field.name, options[field.name].typed)(values[field.name])
                for field in fields(form)
            }
        )

    def parse(self, raw: Any) -> dict[str, Any] | Rejected:
        """``raw``, any JSON value, as the match's options: the defaults overridden by what it gives.

        Only null means "the defaults": ``[]``, ``0``, ``""`` and ``false`` are not objects, so they are
        refused like any other non-object, not mistaken for "no options" because they are falsy.
        """
        if raw is None:
            return self.defaults()
        if not isinstance(raw, Mapping):
            return Rejected(INVALID_OPTIONS, "Options must be a JSON object (or null for the defaults).")
        known = {option.name: option for option in self.fields}
        unknown = sorted(set(raw) - known.keys())
        if unknown:
            return Rejected(INVALID_OPTIONS, f"Unknown option {unknown[0]!r}; known: {', '.join(known)}.")
        values = self.defaults()
        for name, value in raw.items():
            option = known[name]
            problem = option.check(value)
            if problem:
                return Rejected(INVALID_OPTIONS, f"Option {name!r} {problem}.")
            values[name] = option.read(value)
        clash = next((rule for rule in self.excludes if rule.clash(values)), None)
        if clash is not None:
            return Rejected(INVALID_OPTIONS, clash.why)
        return values


def _snake_case(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
