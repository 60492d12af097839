"""Step 6 of a climb: injuries, tossed like a coin and placed on a claimed boulder."""

from __future__ import annotations

from games.boulder_bluff.cards import FINGER, INJURY_PENALTY, SHOULDER
from games.boulder_bluff.events import InjuryAsked, InjuryTaken
from games.boulder_bluff.state import Claim, State
from games.core.chance import Chance
from games.core.deadlines import seconds_after
from games.core.prompt import Prompt
from games.core.turns import Story


def injure(story: Story[State], seat: int, number: int, chance: Chance) -> Prompt[int] | None:
    """Ruling 7: a player with no claimed boulder takes no injury (and tosses nothing). Otherwise the
    coin decides finger or shoulder, and the player places it on a claimed boulder without an injury;
    with none free, only a shoulder is kept, replacing a finger injury. It is asked only when that
    choice matters: in the variant, with more than one boulder to choose from; silence (and every other
    case) places it on the earliest one. ``number``: the climb's."""
    state = story.state
    claims = state.players[seat].claims
    if not claims:
        return None
    injury = SHOULDER if chance.coin() else FINGER
    options = eligible(claims, injury)
    default = placement(claims, injury)
    if default is None or len(options) < 2 or not state.options.injuries_affect_climbing or seat in state.out:
        story.tell(InjuryTaken(seat, injury, default))
        return None
    deadline = seconds_after(story.at, state.options.join_seconds)
    story.tell(InjuryAsked(seat, injury, f"injury-{number}-{seat}", options, default, deadline))
    return story.state.injury


def eligible(claims: tuple[Claim, ...], injury: str) -> tuple[int, ...]:
    """The claimed boulders ``injury`` may go on: those without one; with none free, a shoulder
    replaces a finger injury, and a finger is not kept."""
    free = tuple(claim.boulder.number for claim in claims if claim.injury is None)
    if free or injury != SHOULDER:
        return free
    return tuple(claim.boulder.number for claim in claims if claim.injury == FINGER)


def placement(claims: tuple[Claim, ...], injury: str) -> int | None:
    """Silence's pick: the earliest boulder ``injury`` may go on, or None when it is not kept."""
    options = eligible(claims, injury)
    return options[0] if options else None


def score(state: State, seat: int) -> int:
    """The boulders' points, less 1 per finger and 2 per shoulder injury (none in the variant, where
    injuries cost climbing strength instead, Ruling 10)."""
    claims = state.players[seat].claims
    points = sum(claim.boulder.points for claim in claims)
    if state.options.injuries_affect_climbing:
        return points
    return points - sum(INJURY_PENALTY[claim.injury] for claim in claims if claim.injury is not None)
