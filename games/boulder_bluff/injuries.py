"""Step 6 of a climb: injuries, tossed like a coin and placed on a claimed boulder."""

from __future__ import annotations

from games.boulder_bluff.cards import FINGER, INJURY_PENALTY, SHOULDER
from games.boulder_bluff.events import InjuryTaken
from games.boulder_bluff.state import Claim, State
from games.core.chance import Chance
from games.core.turns import Story


def injure(story: Story[State], seat: int, chance: Chance) -> None:
    """Ruling 7: a player with no claimed boulder takes no injury (and tosses nothing). Otherwise the
    coin decides finger or shoulder, placed on the earliest claimed boulder without an injury; with
    none free, only a shoulder is kept, replacing the earliest finger injury."""
    claims = story.state.players[seat].claims
    if not claims:
        return
    injury = SHOULDER if chance.coin() else FINGER
    story.tell(InjuryTaken(seat, injury, placement(claims, injury)))


def placement(claims: tuple[Claim, ...], injury: str) -> int | None:
    """The number of the boulder the injury goes on, or None when it is not kept."""
    free = next((claim for claim in claims if claim.injury is None), None)
    if free is not None:
        return free.boulder.number
    if injury == SHOULDER:
        finger = next((claim for claim in claims if claim.injury == FINGER), None)
        return None if finger is None else finger.boulder.number
    return None


def score(state: State, seat: int) -> int:
    """The boulders' points, less 1 per finger and 2 per shoulder injury (none in the variant, where
    injuries cost climbing strength instead, Ruling 10)."""
    claims = state.players[seat].claims
    points = sum(claim.boulder.points for claim in claims)
    if state.options.injuries_affect_climbing:
        return points
    return points - sum(INJURY_PENALTY[claim.injury] for claim in claims if claim.injury is not None)
