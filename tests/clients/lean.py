"""What the research adapters' tests share: the games, their seat counts, and lean options.

Random play climbs aimlessly and talks at length, so the sweeps over every seat count play real but
shorter matches (each game's own turn limit lowered; Cliffs n' Cactuses from halfway, the rulebook's
"Short on time?"), and vary the variants by seat count so that each is played somewhere (Boulder
Bluff's Animal Kingdom is where its sealed Sneaky Snake rounds are). Every game also plays its default
options once (tests/clients/test_openspiel.py).
"""

from __future__ import annotations

from typing import Any

from games.registry import REGISTRY

GAMES = sorted(REGISTRY)
SEAT_COUNTS = [
    (key, seats) for key in GAMES for seats in range(REGISTRY[key].min_players, REGISTRY[key].max_players + 1)
]


def lean(key: str, seats: int = 2) -> dict[str, Any]:
    """Short-match options for ``key`` at ``seats``, with a variant or two that depends on ``seats``."""
    match key:
        case "daredevil-rock":
            return {"turnLimit": 10, "limitedCams": 2 if seats == 2 else None, "blindMansBluff": seats == 3}
        case "cactus-card-game":
            return {"turnLimit": 16}
        case "boulder-bluff":
            return {"turnLimit": 8, "animalKingdom": seats != 3, "injuriesAffectClimbing": seats == 4}
        case "cliffs-n-cactuses":
            return {
                "start": "600",
                "stack": seats == 3,
                "lowestWins": seats == 4,
                "opening": "random" if seats == 5 else "rock-paper-scissors",
            }
        case "racesmack":
            variants = {3: "afterYou", 4: "timePenalty", 5: "racingRules", 6: "tiebreaker"}
            return (
                {variants[seats]: True}
                if seats in variants
                else {"noiseCanceling": True, "shiftingGears": True}
            )
    return {}
