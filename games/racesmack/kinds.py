"""The kinds of rule (which played cards are "correct") and of finish requirement, each a small
evaluator; the 18 Rules Cards name them (``rules_cards``).

A rule reads the played row, which is circular (Ruling 2): the first and last cards are neighbours. A
card is never its own neighbour, so a row of one card has none. A Rules Card shows no icon and no number
(Ruling 3), so only the rules about Rules Cards can make one correct. A finish requirement reads a Race,
whose ends have one neighbour each (Ruling 2); the Race's Rules Card is one of its cards (Ruling 12).
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from dataclasses import dataclass

from games.racesmack.cards import COLOURS, Card, Colour, Shape

Feature = Shape | Colour


class Trait(enum.StrEnum):
    SHAPE = "SHAPE"
    COLOUR = "COLOUR"

    def of(self, card: Card) -> tuple[Feature, ...]:
        return card.shapes if self is Trait.SHAPE else card.colours


def _neighbours(row: tuple[Card, ...], index: int, circular: bool) -> tuple[Card, ...]:
    sides = {(index - 1) % len(row), (index + 1) % len(row)} if circular else {index - 1, index + 1}
    return tuple(row[side] for side in sorted(sides) if 0 <= side < len(row) and side != index)


class Rule:
    """A rule for "correct". ``correct(row)``: the positions of the correct cards in the played row."""

    about_rules_cards = False  # True: the rule may make a Rules Card correct (Ruling 3)

    def correct(self, row: tuple[Card, ...]) -> frozenset[int]:
        return frozenset(
            index
            for index, card in enumerate(row)
            if (self.about_rules_cards or card.rules is None) and self.holds(row, index)
        )

    def holds(self, row: tuple[Card, ...], index: int) -> bool:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Often(Rule):
    """The card shows the shape (or colour) that appears most (least) often across all played cards.
    Ties: every tied value counts (Ruling 1); "least" counts only values that appear at all (Ruling 4)."""

    trait: Trait
    most: bool

    def correct(self, row: tuple[Card, ...]) -> frozenset[int]:
        tally = Counter(value for card in row for value in self.trait.of(card))
        if not tally:
            return frozenset()
        target = max(tally.values()) if self.most else min(tally.values())
        chosen = {value for value, count in tally.items() if count == target}
        return frozenset(index for index, card in enumerate(row) if chosen & set(self.trait.of(card)))


@dataclass(frozen=True, slots=True)
class Number(Rule):
    """The card's number (icon count) is less than ``than`` (or greater, ``less`` False)."""

    less: bool
    than: int

    def holds(self, row: tuple[Card, ...], index: int) -> bool:
        number = row[index].number
        return number < self.than if self.less else number > self.than


@dataclass(frozen=True, slots=True)
class DifferentColours(Rule):
    """The card has exactly ``count`` different colours."""

    count: int

    def holds(self, row: tuple[Card, ...], index: int) -> bool:
        return len(set(row[index].colours)) == self.count


@dataclass(frozen=True, slots=True)
class SameShapesAsNeighbour(Rule):
    """The card shows exactly the same shapes, as many of each, as one of its neighbours."""

    def holds(self, row: tuple[Card, ...], index: int) -> bool:
        shapes = Counter(row[index].shapes)
        return any(Counter(other.shapes) == shapes for other in _neighbours(row, index, True))


@dataclass(frozen=True, slots=True)
class NextToRulesCard(Rule):
    about_rules_cards = True

    def holds(self, row: tuple[Card, ...], index: int) -> bool:
        return any(other.rules is not None for other in _neighbours(row, index, True))


@dataclass(frozen=True, slots=True)
class IsRulesCard(Rule):
    about_rules_cards = True

    def holds(self, row: tuple[Card, ...], index: int) -> bool:
        return row[index].rules is not None


@dataclass(frozen=True, slots=True)
class NoDoubleColours(Rule):
    """No colour appears twice on the card."""

    def holds(self, row: tuple[Card, ...], index: int) -> bool:
        colours = row[index].colours
        return len(set(colours)) == len(colours)


@dataclass(frozen=True, slots=True)
class DoubleShapes(Rule):
    """Some shape appears at least twice on the card ("some double shapes"), or, ``exactly``, some shape
    appears exactly twice ("2 identical shapes"; Ruling 5)."""

    exactly: bool

    def holds(self, row: tuple[Card, ...], index: int) -> bool:
        counts = Counter(row[index].shapes).values()
        return any(count == 2 if self.exactly else count >= 2 for count in counts)


@dataclass(frozen=True, slots=True)
class NoColourOfNeighbours(Rule):
    """The card shows none of the colours its neighbours show."""

    def holds(self, row: tuple[Card, ...], index: int) -> bool:
        colours = set(row[index].colours)
        return not any(colours & set(other.colours) for other in _neighbours(row, index, True))


@dataclass(frozen=True, slots=True)
class SameNumberAsNeighbour(Rule):
    """The card has the same number as one of its neighbours (a Rules Card has none)."""

    def holds(self, row: tuple[Card, ...], index: int) -> bool:
        number = row[index].number
        return any(other.rules is None and other.number == number for other in _neighbours(row, index, True))


DEFAULT_RULE = Often(Trait.SHAPE, most=True)  # the rulebook's: the symbol that appears most often


class Finish:
    """A finish requirement: ``met(race)`` once the Race satisfies it."""

    def met(self, race: tuple[Card, ...]) -> bool:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Cards(Finish):
    """At least ``count`` cards in the Race."""

    count: int

    def met(self, race: tuple[Card, ...]) -> bool:
        return len(race) >= self.count


@dataclass(frozen=True, slots=True)
class CardsShowing(Finish):
    """At least ``count`` cards showing at least one icon of ``feature`` (a shape or a colour)."""

    count: int
    feature: Feature

    def met(self, race: tuple[Card, ...]) -> bool:
        return sum(1 for card in race if self.feature in (*card.shapes, *card.colours)) >= self.count


@dataclass(frozen=True, slots=True)
class EveryAtLeast(Finish):
    """Every colour (or shape) appears on at least ``count`` icons of the Race."""

    trait: Trait
    count: int

    def met(self, race: tuple[Card, ...]) -> bool:
        tally = Counter(value for card in race for value in self.trait.of(card))
        every = Shape if self.trait is Trait.SHAPE else COLOURS
        return all(tally[value] >= self.count for value in every)


@dataclass(frozen=True, slots=True)
class IconsOf(Finish):
    """At least so many icons of each feature: ``((RED, 3), (TRIANGLE, 2))``."""

    counts: tuple[tuple[Feature, int], ...]

    def met(self, race: tuple[Card, ...]) -> bool:
        tally = Counter(value for card in race for value in (*card.shapes, *card.colours))
        return all(tally[feature] >= count for feature, count in self.counts)


@dataclass(frozen=True, slots=True)
class NoTwoMatch(Finish):
    """At least ``count`` cards of which no two show 100% the same colours (or shapes): that many
    different sets of them, as many of each (Ruling 13)."""

    count: int
    trait: Trait

    def met(self, race: tuple[Card, ...]) -> bool:
        return len({tuple(sorted(self.trait.of(card))) for card in race}) >= self.count


@dataclass(frozen=True, slots=True)
class NoNeighbourShares(Finish):
    """At least ``count`` cards, and no card shares a colour (or shape) with a neighbour in the Race."""

    count: int
    trait: Trait

    def met(self, race: tuple[Card, ...]) -> bool:
        apart = all(not set(self.trait.of(a)) & set(self.trait.of(b)) for a, b in itertools.pairwise(race))
        return len(race) >= self.count and apart
