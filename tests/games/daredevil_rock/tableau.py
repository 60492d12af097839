"""Daredevil Rock tables drawn as pictures, and moves played on them, so rule tests read like the rules.

A picture lists the cliff's rows as they look on the table: the top row first, level 1 last. Cards are
rank and suit, "10H", "QD", "AS"; in brackets when face down, "[6H]"; "." is a face-down card the test
does not care about (a K♠). "JK" and "JK2" are the two Jokers.

    cliff = table('''
        .   [JK]  .
        9D   4S   .
        .    AC   .
    ''', seats=2, at={0: (2, 0)}, cams={0: [(2, 0)]}, deck="8S 3H")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core.turns import Turn
from games.daredevil_rock.cards import JOKERS, Card
from games.daredevil_rock.evolve import evolve
from games.daredevil_rock.options import Options
from games.daredevil_rock.rules import decide
from games.daredevil_rock.state import Climber, Position, Space, State
from tests.games.kit import Rules

FILLER = Card(13, "Spades")
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
SUITS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def card(text: str) -> Card:
    """ "10H" is the Ten of Hearts, "JK" and "JK2" the Jokers."""
    if text.startswith("JK"):
        return JOKERS[int(text[2:] or 1) - 1]
    rank, suit = text[:-1], text[-1]
    return Card(RANKS.get(rank) or int(rank), SUITS[suit])


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(word) for word in text.split())


def _space(word: str) -> Space:
    if word == ".":
        return Space(FILLER)
    if word.startswith("["):
        return Space(card(word.strip("[]")))
    return Space(card(word), face_up=True)


def table(
    picture: str,
    *,
    seats: int = 2,
    at: Mapping[int, Position | None] | None = None,
    cams: Mapping[int, Sequence[Position]] | None = None,
    reserve: Mapping[int, int] | None = None,
    out: Sequence[int] = (),
    deck: str = "5C 6C 7C 8C",
    discards: str = "",
    active: int = 0,
    actions_used: int = 0,
    options: Mapping[str, Any] | None = None,
    turn: int = 1,
    turns: Mapping[int, int] | None = None,
    deadline: int | None = None,
    free_climb: Position | None = None,
) -> State:
    """A running match on the cliff drawn in ``picture`` (climbers ``at`` their positions, else at the base)."""
    rows = [line.split() for line in picture.strip().splitlines()]
    levels, columns = len(rows), len(rows[0])
    spaces = tuple(_space(word) for row in reversed(rows) for word in row)
    typed = Options.build(options or {}, seats)
    at, cams, reserve, turns = at or {}, cams or {}, reserve or {}, turns or {}
    climbers = tuple(
        Climber(
            seat,
            position=at.get(seat),
            cams=tuple(cams.get(seat, ())),
            reserve=reserve.get(seat, typed.cams - len(cams.get(seat, ()))),
            turns=turns.get(seat, 0),
            eliminated=seat in out,
            out_order=out.index(seat) + 1 if seat in out else None,
        )
        for seat in range(seats)
    )
    return State(
        typed,
        seats,
        columns,
        levels,
        climbers,
        spaces,
        deck=cards(deck),
        discards=cards(discards),
        started=True,
        turn=Turn(active, turn, deadline),
        actions_used=actions_used,
        free_climb=free_climb,
        eliminations=len(out),
    )


DAREDEVIL = Rules(decide, evolve)
play, rejection = DAREDEVIL.play, DAREDEVIL.rejection


def face_up(state: State, position: Position) -> bool:
    return state.space(position).face_up
