"""Every game Cliffside hosts, by key. Registered here explicitly, never by import side effects."""

from __future__ import annotations

from typing import Any

from games import boulder_bluff, cactus_card_game, cliffs_n_cactuses, daredevil_rock, racesmack
from games.core.spec import GameSpec

REGISTRY: dict[str, GameSpec[Any]] = {
    spec.key: spec
    for spec in (
        daredevil_rock.SPEC,
        cactus_card_game.SPEC,
        racesmack.SPEC,
        boulder_bluff.SPEC,
        cliffs_n_cactuses.SPEC,
    )
}
