"""The colours printed on the games' cards, one vocabulary for all of them.

Each game prints some of them (Boulder Bluff green, orange and purple; Racesmack red, green, blue and
purple) and says which in its own ``cards.py``. One enum, so that a colour is the same value in every
game's view and a page showing several games reads them alike.
"""

from __future__ import annotations

import enum


class Colour(enum.StrEnum):
    """A colour printed on a card: each game prints some of them."""

    RED = "RED"
    GREEN = "GREEN"
    BLUE = "BLUE"
    ORANGE = "ORANGE"
    PURPLE = "PURPLE"
