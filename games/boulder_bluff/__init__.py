"""Boulder Bluff, by Brecht Hanssens: 2 to 4 players climb boulders, bluffing with face-down climb
cards (``rules/boulder-bluff.md``, with the Animal Kingdom expansion; rulings in ``RULINGS.md``)."""

from games.boulder_bluff.spec import SPEC

__all__ = ["SPEC"]
