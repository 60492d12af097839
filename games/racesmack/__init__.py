"""Racesmack, by Pandaqi: 2 to 6 players play cards at once and race to tap the correct one
(``rules/racesmack.md``; rulings in ``RULINGS.md``)."""

from games.racesmack.spec import SPEC

__all__ = ["SPEC"]
