"""Boulder Bluff's components as data (all CHOSEN in GAMES.md): 39 climb cards, 15 boulders, 5 chalk
tokens, and the 8 Animal Kingdom cards.

Colours cycle green → orange → purple; for a title colour T, U is the next colour and V the previous.
Every climb card has a unique ``number`` (plain cards 1-33, base animals 34-39, Animal Kingdom 40-47),
so a face-down card can be named to the seats that may see it and to nobody else.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from games.core.colours import Colour as Colour  # re-exported: the game names its colours here
from games.core.copies import Copies

CYCLE = (Colour.GREEN, Colour.ORANGE, Colour.PURPLE)


def following(colour: Colour, steps: int = 1) -> Colour:
    return CYCLE[(CYCLE.index(colour) + steps) % 3]


class Animal(enum.StrEnum):
    ANGRY_BEAR = "ANGRY_BEAR"
    BOAR_ASSAULT = "BOAR_ASSAULT"
    CUTE_SQUIRREL = "CUTE_SQUIRREL"
    HOWLY_WOLVES = "HOWLY_WOLVES"
    LUCKY_DEER = "LUCKY_DEER"
    MESSY_MEERKAT = "MESSY_MEERKAT"
    ANNOYING_ANTS = "ANNOYING_ANTS"
    BORING_BADGER = "BORING_BADGER"
    CRAZY_CHAMELEON = "CRAZY_CHAMELEON"
    RARE_RABBIT = "RARE_RABBIT"
    TACTICAL_TROUT = "TACTICAL_TROUT"
    SNEAKY_SNAKE = "SNEAKY_SNAKE"


BASE_ANIMALS = tuple(Animal)[:6]
KINGDOM_ANIMALS = (*tuple(Animal)[6:], Animal.SNEAKY_SNAKE, Animal.SNEAKY_SNAKE)  # three Snakes


@dataclass(frozen=True, slots=True)
class Card:
    """A climb card: a plain card has a value, colours and a title colour; an animal has none."""

    number: int
    name: str
    value: int | None = None
    colours: tuple[Colour, ...] = ()
    title: Colour | None = None
    animal: Animal | None = None


@dataclass(frozen=True, slots=True)
class Boulder:
    """``points`` at the end; climbed with cards of any of ``colours``; ``title`` is its fatigue colour."""

    number: int
    points: int
    colours: tuple[Colour, ...]
    title: Colour


# value: colours as steps from the title colour (0: T, 1: U, 2: V)
PLAIN: tuple[tuple[int, tuple[int, ...]], ...] = (
    (1, (0, 1)),
    (1, (1, 2)),
    (2, (2, 0)),
    (2, (0,)),
    (2, (1,)),
    (3, (0,)),
    (3, (1,)),
    (3, (2,)),
    (4, (0,)),
    (4, (2,)),
    (5, (1,)),
)
BOULDERS_PER_TITLE = ((4, (0,)), (5, (1,)), (6, (2,)), (9, (0, 1)), (12, (0, 2)))


def _plain(number: int, value: int, title: Colour, steps: tuple[int, ...]) -> Card:
    colours = tuple(following(title, step) for step in steps)
    name = f"{value} {'/'.join(colour.lower() for colour in colours)} ({title.lower()} title)"
    return Card(number, name, value, colours, title)


def _animal(number: int, animal: Animal) -> Card:
    return Card(number, animal.replace("_", " ").title(), animal=animal)


PLAIN_CARDS = tuple(
    _plain(1 + 11 * t + i, value, title, steps)
    for t, title in enumerate(CYCLE)
    for i, (value, steps) in enumerate(PLAIN)
)
ANIMAL_CARDS = tuple(_animal(34 + i, animal) for i, animal in enumerate(BASE_ANIMALS))
KINGDOM_CARDS = tuple(_animal(40 + i, animal) for i, animal in enumerate(KINGDOM_ANIMALS))
CLIMB_CARDS = (*PLAIN_CARDS, *ANIMAL_CARDS)  # the base game's 39
CARDS = {card.number: card for card in (*CLIMB_CARDS, *KINGDOM_CARDS)}
SNAKES = tuple(card for card in KINGDOM_CARDS if card.animal is Animal.SNEAKY_SNAKE)
KEPT_ANIMALS = 6  # Animal Kingdom: 6 of the 14 animal cards go into the deck, 8 back to the box

BOULDERS = tuple(
    Boulder(1 + 5 * t + i, points, tuple(following(title, step) for step in steps), title)
    for t, title in enumerate(CYCLE)
    for i, (points, steps) in enumerate(BOULDERS_PER_TITLE)
)
CHALK_TOKENS = (-2, -1, 0, 1, 2)  # each token is its own value: one of each in the bag
HAND_SIZE = 5
ROW_SIZE = 3
FINGER, SHOULDER = "FINGER", "SHOULDER"
INJURY_PENALTY = {FINGER: 1, SHOULDER: 2}  # points off the score at the end


# What tells two climb cards apart: only the three Sneaky Snakes are copies of one kind. Events name
# cards by number alone in these fields, so a relabelled Snake is relabelled there too.
COPIES = Copies(
    Card,
    "number",
    deck=tuple(CARDS.values()),
    references=("BoarAsked.options", "BoarAsked.default", "ValueCancelled.card"),
)

# A Sneaky Snake as anyone sees it who cannot tell which of the three it is: the kernel's anonymous copy.
A_SNAKE = COPIES.anonymous(SNAKES[0])
