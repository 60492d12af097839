"""Match options, declared once: the same declaration validates input and publishes a JSON Schema.

Options travel as JSON (camelCase keys). ``OptionsSchema.parse`` fills defaults and returns a plain
dict, or a ``Rejected`` naming the first bad option, so bad input never reaches a match.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core.decisions import Rejected

INVALID_OPTIONS = "INVALID_OPTIONS"


@dataclass(frozen=True, slots=True)
class IntOption:
    name: str
    default: int | None
    description: str
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": ["integer", "null"] if self.nullable else "integer"}
        if self.minimum is not None:
            schema["minimum"] = self.minimum
        if self.maximum is not None:
            schema["maximum"] = self.maximum
        return schema

    def check(self, value: Any) -> str | None:
        if value is None:
            return None if self.nullable else "must be an integer"
        if isinstance(value, bool) or not isinstance(value, int):
            return "must be an integer" + (" or null" if self.nullable else "")
        if self.minimum is not None and value < self.minimum:
            return f"must be at least {self.minimum}"
        if self.maximum is not None and value > self.maximum:
            return f"must be at most {self.maximum}"
        return None


@dataclass(frozen=True, slots=True)
class BoolOption:
    name: str
    default: bool
    description: str

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def check(self, value: Any) -> str | None:
        return None if isinstance(value, bool) else "must be true or false"


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    name: str
    default: str
    description: str
    choices: tuple[str, ...]

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.choices)}

    def check(self, value: Any) -> str | None:
        return None if value in self.choices else "must be one of " + ", ".join(self.choices)


Option = IntOption | BoolOption | ChoiceOption

REVEAL_AFTER_END = BoolOption(
    "revealAfterEnd", True, "Once the match is over, show everyone its full log and its seed."
)


@dataclass(frozen=True, slots=True)
class OptionsSchema:
    fields: tuple[Option, ...]

    def __post_init__(self) -> None:
        if REVEAL_AFTER_END not in self.fields:
            object.__setattr__(self, "fields", (*self.fields, REVEAL_AFTER_END))

    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.fields}

    def json_schema(self) -> dict[str, Any]:
        properties = {
            option.name: {**option.schema(), "default": option.default, "description": option.description}
            for option in self.fields
        }
        return {"type": "object", "properties": properties, "additionalProperties": False}

    def valid(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """``raw`` parsed, for a game's typed options: the service validates options when a match is
        created (``parse``), so options refused here are a programming error and raise ``ValueError``."""
        values = self.parse(raw)
        if isinstance(values, Rejected):
            raise ValueError(values.message)
        return values

    def parse(self, raw: Mapping[str, Any] | None) -> dict[str, Any] | Rejected:
        raw = raw or {}
        if not isinstance(raw, Mapping):
            return Rejected(INVALID_OPTIONS, "Options must be a JSON object.")
        known = {option.name: option for option in self.fields}
        unknown = sorted(set(raw) - known.keys())
        if unknown:
            return Rejected(INVALID_OPTIONS, f"Unknown option {unknown[0]!r}; known: {', '.join(known)}.")
        values = self.defaults()
        for name, value in raw.items():
            problem = known[name].check(value)
            if problem:
                return Rejected(INVALID_OPTIONS, f"Option {name!r} {problem}.")
            values[name] = value
        return values
