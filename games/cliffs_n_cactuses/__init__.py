"""Cliffs n' Cactuses: 2 to 6 racers race down a 1200 m cliff, playing cards into each other's queues
all at once, then revealing them in turn (``rules/cliffs-n-cactuses.md``; rulings in ``RULINGS.md``;
the rulebook does not name its designers)."""

from games.cliffs_n_cactuses.spec import SPEC

__all__ = ["SPEC"]
