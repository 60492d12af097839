"""The Cactus Card Game, by Ryan Wallace: 2 to 6 players race for points with sets, action cards and
STOPs (``rules/cactus-card-game.md``; rulings in ``RULINGS.md``)."""

from games.cactus_card_game.spec import SPEC

__all__ = ["SPEC"]
