"""The cliff and its three stages (``GAMES.md``, FOUND in the rulebook's Cliff rules; Ruling 3).

Positions are metres up the cliff, from 1200 (the top) to 0 (the bottom, the finish), on a 50 m grid:
every card and every default movement is a multiple of 50 and positions are clamped to the cliff, so a
racer is never between two grid lines. The stage is set by the 1st-place racer's position; it gives the
most cards each racer may play in a round and the default movement (metres down for a racer whose queue
is empty at the end of Resolution). The stages' ranges leave no grid position out: 950 is the last of
stage 1, 900 the first of stage 2, 650 its last, 600 the first of stage 3.
"""

from __future__ import annotations

from dataclasses import dataclass

TOP = 1200
BOTTOM = 0
GRID = 50


@dataclass(frozen=True, slots=True)
class Stage:
    number: int
    highest: int  # metres up, inclusive
    lowest: int  # metres up, inclusive
    cards: int  # the most cards a racer may play per round
    default_movement: int  # metres down for an empty queue at the end of Resolution

    def holds(self, position: int) -> bool:
        return self.lowest <= position <= self.highest


STAGES = (
    Stage(1, highest=1200, lowest=950, cards=2, default_movement=100),
    Stage(2, highest=900, lowest=650, cards=3, default_movement=150),
    Stage(3, highest=600, lowest=0, cards=4, default_movement=200),
)


def on_cliff(position: int) -> bool:
    """True for a position a racer can stand at: on the cliff and on the grid."""
    return BOTTOM <= position <= TOP and position % GRID == 0


def stage_at(position: int) -> Stage:
    """The stage set by a 1st-place racer at ``position``. Raises ValueError off the cliff or the grid
    (such as 925), which would be a bug in the caller: no move can put a racer there."""
    if on_cliff(position):
        for stage in STAGES:
            if stage.holds(position):
                return stage
    raise ValueError(f"{position} m is not a position on the cliff")
