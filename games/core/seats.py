"""Seats around the table, numbered clockwise from 0. Left is the next seat clockwise (+1)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Protocol, TypeVar

from games.core.decisions import Codes, Rejected


def clockwise_from(seat: int, seats: int) -> tuple[int, ...]:
    """Every seat in clockwise order, starting with ``seat``."""
    return tuple((seat + step) % seats for step in range(seats))


def next_clockwise(seat: int, seats: int, among: Collection[int]) -> int | None:
    """The first seat after ``seat`` (clockwise, ``seat`` itself last) that is in ``among``."""
    for step in range(1, seats + 1):
        candidate = (seat + step) % seats
        if candidate in among:
            return candidate
    return None


def may_move(
    *, started: bool, over: bool, seats: int, seat: int | None, playing: Callable[[int], bool]
) -> int | Rejected:
    """``seat`` when it may make a move at all now, else why not: the match must be running, and the
    seat one of its players still in it (``playing``). Every game's gate starts here."""
    if not started:
        return Rejected(Codes.NOT_STARTED, "The match has not started yet.")
    if over:
        return Rejected(Codes.MATCH_OVER, "The match is over.")
    if seat is None or not 0 <= seat < seats:
        return Rejected(Codes.NOT_A_PLAYER, "Only a player in this match can make a move.")
    if not playing(seat):
        return Rejected(Codes.OUT_OF_THE_GAME, "You have left this match.")
    return seat


class Seated(Protocol):
    @property
    def playing(self) -> bool: ...


P = TypeVar("P", bound=Seated, covariant=True)


class Table(Protocol[P]):
    """A game state with a player per seat, each still playing or not."""

    @property
    def started(self) -> bool: ...
    @property
    def over(self) -> bool: ...
    @property
    def seats(self) -> int: ...
    @property
    def players(self) -> Sequence[P]: ...


def player_at(table: Table[P], seat: int | None) -> P | Rejected:
    """The player at ``seat`` when it may move at all now (see ``may_move``), else why not."""
    moving = may_move(
        started=table.started,
        over=table.over,
        seats=table.seats,
        seat=seat,
        playing=lambda index: table.players[index].playing,
    )
    return moving if isinstance(moving, Rejected) else table.players[moving]
