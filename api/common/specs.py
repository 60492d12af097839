"""The game specs the service hosts, looked up by key in ``games.registry.REGISTRY`` at call time.

Looked up on every call (not copied at import) so tests can register a toy game by patching the dict.
"""

from __future__ import annotations

from typing import Any

from api.common.errors import Codes, ServiceError
from games import registry
from games.core.spec import GameSpec


def spec_for(key: str) -> GameSpec[Any] | None:
    return registry.REGISTRY.get(key)


def require_spec(key: str) -> GameSpec[Any]:
    spec = spec_for(key)
    if spec is None:
        raise ServiceError(Codes.UNKNOWN_GAME, f"Unknown game {key!r}.")
    return spec
