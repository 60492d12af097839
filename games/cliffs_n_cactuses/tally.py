"""The tally at the end of Resolution: how far each racer runs, from the queues as they ended.

A racer's movement is the sum of their Bonuses minus the sum of their Sabotages, each counted as many
times as its factor; a racer whose queue ended empty moves the stage's default movement instead, and
only then (the rulebook). Multipliers are weighed on the final positions (a card moved away from a
multiplier is no longer doubled, FOUND), so nothing about doubling is kept during Resolution.

A card's factor is the product of 2^f(m) over the multipliers m that target it, f(m) being m's own
factor: a doubled multiplier doubles twice. A multiplier that targets itself (an absolute one at the
end it names) doubles nothing (FOUND), and multipliers that target each other in a ring all count as
factor 1 (Ruling 4).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cliffs_n_cactuses.cards import Face, Kind
from games.cliffs_n_cactuses.stages import BOTTOM, TOP
from games.cliffs_n_cactuses.targets import CardTarget


def pointed_at(target: CardTarget, at: int, size: int) -> int | None:
    """The index that ``target``, carried by the card at index ``at`` of a queue of ``size`` cards,
    points at: ``<`` and ``>`` wrap round the queue, ``«`` and ``»`` are its ends; ANY is chosen by a
    racer, not pointed at (None)."""
    match target:
        case CardTarget.LEFT:
            return (at - 1) % size
        case CardTarget.RIGHT:
            return (at + 1) % size
        case CardTarget.LEFT_MOST:
            return 0
        case CardTarget.RIGHT_MOST:
            return size - 1
    return None


def doubled_by(faces: Sequence[Face]) -> dict[int, list[int]]:
    """For each card index, the indexes of the multipliers that target it (itself excluded)."""
    targeted: dict[int, list[int]] = {}
    for at, face in enumerate(faces):
        if face.kind is Kind.MULTIPLIER and face.card is not None:
            target = pointed_at(face.card, at, len(faces))
            if target is not None and target != at:
                targeted.setdefault(target, []).append(at)
    return targeted


def factors(faces: Sequence[Face]) -> tuple[int, ...]:
    """Each card's factor in a queue that reads ``faces`` left to right."""
    targeted = doubled_by(faces)
    known: dict[int, int] = {}
    in_ring: set[int] = set()

    def factor(index: int, path: tuple[int, ...]) -> int:
        if index in known:
            return known[index]
        if index in path:  # a ring of multipliers: every one on it counts as 1
            in_ring.update(path[path.index(index) :])
            return 1
        product = 1
        for multiplier in targeted.get(index, ()):
            product *= 2 ** factor(multiplier, (*path, index))
        known[index] = 1 if index in in_ring else product
        return known[index]

    return tuple(factor(index, ()) for index in range(len(faces)))


def movement(faces: Sequence[Face], default_movement: int) -> int:
    """Metres down the cliff (negative: up) for a racer whose queue ended as ``faces``."""
    if not faces:
        return default_movement
    total = 0
    for face, factor in zip(faces, factors(faces), strict=True):
        if face.kind is Kind.BONUS:
            total += face.metres * factor
        elif face.kind is Kind.SABOTAGE:
            total -= face.metres * factor
    return total


def moved(position: int, metres_down: int) -> int:
    """The racer's new position: the cliff has a top and a bottom (GAMES.md: positions are clamped)."""
    return min(TOP, max(BOTTOM, position - metres_down))
