"""Daredevil Rock, by Phil Leduc: 1 to 4 climbers race up a cliff of cards (``rules/daredevil-rock.md``)."""

from games.daredevil_rock.spec import SPEC

__all__ = ["SPEC"]
