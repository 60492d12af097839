"""Rebuilding the frozen table by position: ``evolve`` runs for every event of every decision and every
replay, and ``dataclasses.replace`` looks each field up by name. Small helpers shared by ``evolve`` and
``evolve_resolution``."""

from __future__ import annotations

from typing import Any, TypeVar

from games.boulder_bluff.cards import Card
from games.boulder_bluff.state import Climb, Climber, Player, State, Table
from games.core.frozen import replacer

T = TypeVar("T")

replace_state = replacer(State)
replace_player = replacer(Player)
replace_climber = replacer(Climber)
replace_climb = replacer(Climb)
replace_table = replacer(Table)


def add_to_climber(state: State, seat: int, **more: tuple[Any, ...]) -> State:
    """``state`` with ``seat``'s climber grown by ``more`` (see ``grown``)."""
    return replace_state(state, climb=put_climber(state, grown(state, seat, **more)))


def grown(state: State, seat: int, **more: tuple[Any, ...]) -> Climber:
    """``seat``'s climber with ``more`` cards or tokens added to the named piles."""
    climber = the(the(state.climb).climber(seat))
    return replace_climber(climber, **{k: (*getattr(climber, k), *v) for k, v in more.items()})


def put_climber(state: State, climber: Climber) -> Climb:
    """The climb with ``climber`` in its place."""
    climb = the(state.climb)
    climbers = tuple(climber if c.seat == climber.seat else c for c in climb.climbers)
    return replace_climb(climb, climbers=climbers)


def set_hand(state: State, seat: int, hand: tuple[Card, ...]) -> State:
    return replace_state(state, players=with_player(state, replace_player(state.players[seat], hand=hand)))


def with_player(state: State, player: Player) -> tuple[Player, ...]:
    players = list(state.players)
    players[player.seat] = player
    return tuple(players)


def the(value: T | None) -> T:
    if value is None:
        raise ValueError("the rules guarantee it")
    return value
