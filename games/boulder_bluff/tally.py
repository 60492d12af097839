"""Step 4 of a climb, counted: Chalk, Raw Strength, Technique Bonus and Fatigue, with the animals.

Pure functions of the climb and the table; the rules tell the result as ``ClimbTallied``. Animal effects
take place only when more than one player climbs, which is the only time a climb is tallied.
"""

from __future__ import annotations

from dataclasses import replace

from games.boulder_bluff.cards import FINGER, SHOULDER, Animal, Card
from games.boulder_bluff.state import Claim, Climb, Climber, State, Strength

# Ruling 10, the variant: fatigue on an injured boulder
VARIANT_FATIGUE = {None: 1, FINGER: 2, SHOULDER: 3}


def animals(climb: Climb) -> frozenset[Animal]:
    return frozenset(card.animal for climber in climb.climbers for card in climber.cards if card.animal)


def owns(climber: Climber, animal: Animal) -> bool:
    return any(card.animal is animal for card in climber.cards)


def value(card: Card, climb: Climb, present: frozenset[Animal]) -> int:
    """A card's value now: Boar Assault cancels it; Annoying Ants make every 1 a 2 (Ruling 16)."""
    if card.value is None or card.number in climb.cancelled:
        return 0
    return 2 if card.value == 1 and Animal.ANNOYING_ANTS in present else card.value


def chalk(climber: Climber) -> int:
    """Lucky Deer triples the chalk, Messy Meerkat's extra token included (Ruling 14)."""
    total = sum(climber.chalk)
    return total * 3 if owns(climber, Animal.LUCKY_DEER) else total


def raw_strength(climber: Climber, climb: Climb, present: frozenset[Animal]) -> int:
    colours = frozenset(climb.boulder.colours)
    return sum(value(card, climb, present) for card in climber.cards if colours.intersection(card.colours))


def technique(climber: Climber, climb: Climb, present: frozenset[Animal]) -> int:
    """+1 per card with a value when all of them share the boulder's title colour; a card whose value
    Boar Assault cancelled has none, and is ignored (Ruling 13). Cute Squirrel negates it for everyone,
    and wins over Crazy Chameleon, which otherwise gives it to everyone (Ruling 16)."""
    valued = [c for c in climber.cards if c.value is not None and c.number not in climb.cancelled]
    if Animal.CUTE_SQUIRREL in present or not valued:
        return 0
    if Animal.CRAZY_CHAMELEON in present or all(card.title is climb.boulder.title for card in valued):
        return len(valued)
    return 0


def fatigue(claims: tuple[Claim, ...], climb: Climb, variant: bool, present: frozenset[Animal]) -> int:
    """-1 per claimed boulder with the chosen boulder's title colour (the variant: -2 with a finger
    injury, -3 with a shoulder injury). Rare Rabbit: none for anyone."""
    if Animal.RARE_RABBIT in present:
        return 0
    same = [claim for claim in claims if claim.boulder.title is climb.boulder.title]
    return sum(VARIANT_FATIGUE[claim.injury] if variant else 1 for claim in same)


def strengths(state: State, climb: Climb) -> tuple[Strength, ...]:
    present = animals(climb)
    bears = _bears(climb)
    return tuple(_strength_of(state, climb, index, present, bears) for index in range(len(climb.climbers)))


def _strength_of(
    state: State, climb: Climb, index: int, present: frozenset[Animal], bears: tuple[int, ...]
) -> Strength:
    """The tally of the climber at ``index``, among the ``present`` animals and each climber's
    Angry ``bears``."""
    climber = climb.climbers[index]
    claims = state.players[climber.seat].claims
    parts = (
        chalk(climber),
        raw_strength(climber, climb, present),
        technique(climber, climb, present),
        -fatigue(claims, climb, state.options.injuries_affect_climbing, present),
        -(sum(bears) - bears[index]),  # Angry Bear: -1 to each opponent
    )
    return Strength(climber.seat, *parts, sum(parts))


def adds(state: State, climb: Climb, seat: int, number: int) -> int:
    """How much card ``number`` adds to ``seat``'s strength on this boulder: what cancelling its value
    would take away (its Raw Strength, and its part in the Technique Bonus, which may be negative).
    Only ``seat``'s own tally is counted: the Boar default asks this of every rival card."""
    index = next(i for i, climber in enumerate(climb.climbers) if climber.seat == seat)
    without = replace(climb, cancelled=climb.cancelled | {number})
    # Cancelling a value takes no card away: the animals and the bears stay as they were.
    present, bears = animals(climb), _bears(climb)
    return (
        _strength_of(state, climb, index, present, bears).total
        - _strength_of(state, without, index, present, bears).total
    )


def _bears(climb: Climb) -> tuple[int, ...]:
    """Each climber's Angry Bears, in climbing order."""
    return tuple(sum(card.animal is Animal.ANGRY_BEAR for card in c.cards) for c in climb.climbers)


def winner(tally: tuple[Strength, ...]) -> int:
    """Ruling 5: the highest strength; a tie goes to the active climber, else to the first tied player
    clockwise from it (climbers are listed in that order)."""
    best = max(strength.total for strength in tally)
    return next(strength.seat for strength in tally if strength.total == best)


def injured(strength: Strength, climb: Climb) -> bool:
    """Below the boulder's value; Howly Wolves: only 3 or more below."""
    lack = climb.boulder.points - strength.total
    climber = climb.climber(strength.seat)
    return lack >= 3 if climber is not None and owns(climber, Animal.HOWLY_WOLVES) else lack > 0
