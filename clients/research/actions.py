"""A stable integer for every move a game has: the action ids the OpenSpiel and PettingZoo adapters use.

Each game's moves are listed once (``TEMPLATES``): every action the game's move codec knows, with the
values each of its fields can take at the largest table the game deals (seats 0 to 5; card ids,
levels, positions and options as far as the rules go). The table enumerates them in that order (within
a template, the last field varying fastest) and numbers them from 1:

    0                  WAIT: say nothing now and let the clock run (see ``clients.research.position``)
    1, 2, ...          the moves, template by template, e.g. Racesmack: 1-54 ``PLAY_CARD card=1..54``

An id means the same move in every state and at every seat count of its game, so a policy can learn
it; ``GameActions.id(move)`` and ``GameActions.move(id)`` convert between ids and the moves' JSON, as
the GraphQL API sends them (``{"action": "TAP", "seat": 2}``). A legal move outside the table is a bug
in these declarations, and raises ``MoveOutsideTable`` rather than being dropped silently.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

WAIT = 0
WAIT_LABEL = "WAIT"

Value = int | str | bool
Domains = tuple[tuple[str, tuple[Value, ...]], ...]  # (camelCase field, the values it may take)


class MoveOutsideTable(ValueError):
    """A legal move the game's action table does not list."""


def span(first: int, last: int) -> tuple[int, ...]:
    return tuple(range(first, last + 1))


SEATS = span(0, 5)  # every game seats at most six
ENDS = ("LEFT", "RIGHT")

CACTUS_KINDS = (
    "CHARLIE",
    "SPIKE",
    "WALTER",
    "WILD",
    "FREE_POINT",
    "SWAP_HANDS",
    "SEE_AND_STEAL",
    "DRAW_3",
    "STEAL_A_POINT",
    "REQUEST_A_CARD",
    "STEAL_A_CARD",
    "STOP",
)

# Per game: (action, ((field, values), ...)) in id order. Bounds, from the rulebooks as coded:
# - Daredevil Rock: the largest cliff is 21 levels (solitaire) by 5 columns (four players).
# - Cactus: 90 cards (10 STOPs, so a chain has at most 10 links after the action card).
# - Racesmack: cards 1-54; a Race or a pile of won cards holds at most all 54.
# - Cliffs n' Cactuses: cards 1-126; a special's ANY offers one option per way it can act, which
#   stays far below CHOICES on any table (the most seen in random play is a few dozen).
# - Boulder Bluff: climb cards 1-47 (Animal Kingdom's included), boulders 1-15.
CLIFFS_CHOICES = 1024

TEMPLATES: dict[str, tuple[tuple[str, Domains], ...]] = {
    "daredevil-rock": (
        ("EXAMINE", (("level", span(1, 21)), ("column", span(0, 4)))),
        ("CLIMB", (("level", span(1, 21)), ("column", span(0, 4)))),
        ("FREE_CLIMB", ()),
        ("SET_CAM", ()),
        ("PROBE", (("level", span(1, 21)), ("column", span(0, 4)))),
        ("REPEL", (("level", span(0, 21)),)),
        ("HANG", ()),
        ("RETRIEVE_CAM", ()),
        ("END_TURN", ()),
    ),
    "cactus-card-game": (
        ("PLAY_FREE_POINT", ()),
        ("PLAY_STEAL_A_POINT", (("victim", SEATS),)),
        ("PLAY_SWAP_HANDS", (("first", SEATS), ("second", SEATS))),
        ("PLAY_SEE_AND_STEAL", (("victim", SEATS),)),
        ("PLAY_STEAL_A_CARD", (("victim", SEATS),)),
        ("PLAY_REQUEST_A_CARD", (("victim", SEATS), ("kind", CACTUS_KINDS))),
        ("PLAY_DRAW_THREE", ()),
        ("PLAY_SET", (("character", ("CHARLIE", "SPIKE", "WALTER", "WILD")), ("wilds", span(0, 3)))),
        ("DRAW_CARD", ()),
        ("STOP", (("answers", span(0, 10)),)),
        ("LET_IT_STAND", ()),
        ("TAKE_CARD", (("kind", CACTUS_KINDS),)),
        ("PICK_CARD", (("position", span(0, 89)),)),
    ),
    "racesmack": (
        ("PLAY_CARD", (("card", span(1, 54)),)),
        ("REVEAL_CARD", ()),
        ("TAP", (("seat", SEATS),)),
        ("PLACE_CARD", (("position", span(0, 53)), ("end", ENDS))),
        ("PLACE_CARDS", (("end", ENDS),)),
        ("LOSE_CARD", (("card", span(1, 54)),)),
        ("LOSE_RACE_CARD", (("position", span(0, 53)),)),
        ("CHOOSE_PENALTY", (("penalty", ("RACE_CARDS", "HAND_CARDS", "TIES")),)),
    ),
    "cliffs-n-cactuses": (
        ("PLAY_CARD", (("card", span(1, 126)), ("racer", SEATS))),
        ("DRAW", ()),
        ("PLAY_LARRY", (("racer", SEATS),)),
        ("KEEP_LARRY", ()),
        ("CHOOSE_TARGET", (("option", span(0, CLIFFS_CHOICES - 1)),)),
        ("THROW", (("shape", ("ROCK", "PAPER", "SCISSORS")),)),
    ),
    "boulder-bluff": (
        ("PREP", ()),
        ("CLIMB_BOULDER", (("boulder", span(1, 15)),)),
        ("PLAY_CARD", (("card", span(1, 47)), ("faceDown", (False, True)))),
        ("CHALK_UP", ()),
        ("JOIN", ()),
        ("STAY_OFF", ()),
        ("STAY", ()),
        ("WITHDRAW", ()),
        ("CANCEL_VALUE", (("card", span(1, 47)),)),
        ("CANCEL_NOTHING", ()),
        ("PLACE_INJURY", (("boulder", span(1, 15)),)),
    ),
}


def move_key(move: Mapping[str, Any]) -> str:
    """A move's JSON in one canonical spelling (sorted keys, no spaces, no null fields)."""
    return json.dumps({k: v for k, v in move.items() if v is not None}, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class GameActions:
    """One game's action table: id <-> move JSON."""

    key: str
    moves: tuple[dict[str, Any], ...]  # index i holds the move of id i + 1
    _ids: dict[str, int] = field(repr=False, compare=False)

    @property
    def size(self) -> int:
        """How many ids there are, WAIT included: OpenSpiel's ``num_distinct_actions``."""
        return len(self.moves) + 1

    def id(self, move: Mapping[str, Any]) -> int:
        found = self._ids.get(move_key(move))
        if found is None:
            raise MoveOutsideTable(
                f"{self.key}: {move_key(move)} has no action id (clients/research/actions.py)"
            )
        return found

    def move(self, action: int) -> dict[str, Any] | None:
        """The move JSON of ``action``; None for WAIT."""
        if action == WAIT:
            return None
        if not 0 < action < self.size:
            raise ValueError(f"{self.key}: no action {action}")
        return dict(self.moves[action - 1])

    def label(self, action: int) -> str:
        """A short, unique name: ``WAIT`` or ``TAP seat=2``."""
        move = self.move(action)
        if move is None:
            return WAIT_LABEL
        fields = " ".join(f"{name}={json.dumps(value)}" for name, value in move.items() if name != "action")
        return f"{move['action']} {fields}".strip()

    def ids(self, moves: Sequence[Mapping[str, Any]]) -> list[int]:
        return [self.id(move) for move in moves]


def _expand(action: str, domains: Domains) -> list[dict[str, Any]]:
    names = [name for name, _ in domains]
    return [
        {"action": action, **dict(zip(names, values, strict=True))}
        for values in itertools.product(*(values for _, values in domains))
    ]


@cache
def actions_for(key: str) -> GameActions:
    """The action table of the game ``key``."""
    templates = TEMPLATES.get(key)
    if templates is None:
        raise KeyError(f"no action table for {key!r}; known: {', '.join(TEMPLATES)}")
    moves = tuple(move for action, domains in templates for move in _expand(action, domains))
    ids = {move_key(move): index + 1 for index, move in enumerate(moves)}
    return GameActions(key, moves, ids)
