"""The games this server hosts, for clients building a lobby."""

from __future__ import annotations

from typing import Any

import strawberry
from strawberry.scalars import JSON

from games.registry import REGISTRY


@strawberry.type(description="A game this server hosts.")
class GameInfo:
    key: str = strawberry.field(description="What createMatch(game:) takes, e.g. daredevil-rock.")
    name: str
    designer: str
    min_players: int
    max_players: int
    summary: str
    options_schema: JSON = strawberry.field(description="JSON Schema of createMatch(options:).")
    bots: list[str] = strawberry.field(description="Bot levels addBot(level:) takes.")
    rules_version: int = strawberry.field(
        description="The version of the rules this server plays, raised by one whenever they change; "
        "each match records the one it was created under (Match.rulesVersion)."
    )

    @classmethod
    def from_spec(cls, spec: Any) -> GameInfo:
        return cls(
            key=spec.key,
            name=spec.name,
            designer=spec.designer,
            min_players=spec.min_players,
            max_players=spec.max_players,
            summary=spec.summary,
            options_schema=spec.options.json_schema(),
            bots=list(spec.bots),
            rules_version=spec.rules_version,
        )


def all_games() -> list[GameInfo]:
    return [GameInfo.from_spec(spec) for spec in REGISTRY.values()]
