"""Seats around the table, numbered clockwise from 0. Left is the next seat clockwise (+1)."""

from __future__ import annotations

from collections.abc import Collection


def left_of(seat: int, seats: int) -> int:
    return (seat + 1) % seats


def right_of(seat: int, seats: int) -> int:
    return (seat - 1) % seats


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
