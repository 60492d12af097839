"""Where a lifted special can act: every ``Aim`` its targets allow, read off the table as it is now.

Targets in the revealer's own queue are counted from where the special lay (FOUND: "He lifts it up so
he can remember where it was"): in ``[A, S, B]`` with S lifted, ``<`` is A and ``>`` is B, and when S
was last, ``>`` wraps to the first card. ``«`` and ``»`` are the ends of the queue as it is now. A queue
with no card holds one "empty card" (FOUND), which can be aimed at: a Swap moves the other card across,
anything else on it misses (Ruling 7). Racer targets: left is the next seat clockwise, right the
previous one, skipping racers who left; ANY is any racer still racing, the revealer included (FAQ:
"you can steal from yourself"). A target that names no card at all (ANY on a cliff with no card in
any queue) leaves no aim: the trigger misses.
"""

from __future__ import annotations

from itertools import product

from games.cliffs_n_cactuses.cards import Face, Kind
from games.cliffs_n_cactuses.state import Aim, Lifted, Spot, State
from games.cliffs_n_cactuses.targets import CardTarget, RacerTarget


def own_spots(state: State, lifted: Lifted, target: CardTarget, *, empty: bool) -> tuple[Spot, ...]:
    """The cards of the revealer's queue that ``target`` names, from where the special lay."""
    size = len(state.racers[lifted.seat].queue)
    if size == 0:
        return (Spot(lifted.seat, None),) if empty or target is not CardTarget.ANY else ()
    match target:
        case CardTarget.LEFT:
            return (Spot(lifted.seat, (lifted.index - 1) % size),)
        case CardTarget.RIGHT:
            return (Spot(lifted.seat, lifted.index % size),)
        case CardTarget.LEFT_MOST:
            return (Spot(lifted.seat, 0),)
        case CardTarget.RIGHT_MOST:
            return (Spot(lifted.seat, size - 1),)
    return tuple(Spot(lifted.seat, index) for index in range(size))


def their_spots(state: State, seat: int, target: CardTarget) -> tuple[Spot, ...]:
    """The cards of ``seat``'s queue that ``target`` names (only the ends and ANY reach another queue)."""
    size = len(state.racers[seat].queue)
    if size == 0:
        return (Spot(seat, None),)
    match target:
        case CardTarget.LEFT_MOST:
            return (Spot(seat, 0),)
        case CardTarget.RIGHT_MOST:
            return (Spot(seat, size - 1),)
    return tuple(Spot(seat, index) for index in range(size))


def every_card(state: State) -> tuple[Spot, ...]:
    """Every card in every queue, seat by seat, left to right (an ANY Vaporize or Flip)."""
    return tuple(
        Spot(racer.seat, index)
        for racer in state.racers
        if racer.playing
        for index in range(len(racer.queue))
    )


def racers(state: State, revealer: int, target: RacerTarget) -> tuple[int, ...]:
    """The racers ``target`` names, seen from ``revealer``."""
    racing = state.playing()
    if target is RacerTarget.ANY:
        return racing
    step = target.offset or 1
    seat = revealer
    for _ in range(state.seats):
        seat = (seat + step) % state.seats
        if seat in racing:
            return (seat,)
    return ()


def aims(state: State, lifted: Lifted) -> tuple[Aim, ...]:
    """Every way the lifted special can act now, in seat and queue order (its first is the default)."""
    face = lifted.placed.face
    match face.kind:
        case Kind.VAPORIZE | Kind.FLIP:
            assert face.card is not None
            if face.card is CardTarget.ANY:
                return tuple(Aim(card=spot) for spot in every_card(state))
            return tuple(Aim(card=spot) for spot in own_spots(state, lifted, face.card, empty=True))
        case Kind.GIFT:
            return _combined(state, lifted, face, own=True, theirs=False)
        case Kind.SWAP:
            return _combined(state, lifted, face, own=True, theirs=True)
        case Kind.STEAL:
            return _combined(state, lifted, face, own=False, theirs=True)
        case Kind.DRAW:
            if face.racer is None:
                return (Aim(),)  # from the deck
            return tuple(Aim(racer=seat) for seat in racers(state, lifted.seat, face.racer))
    raise ValueError(f"{face.kind} is not a special")


def _combined(state: State, lifted: Lifted, face: Face, *, own: bool, theirs: bool) -> tuple[Aim, ...]:
    assert face.racer is not None
    mine: tuple[Spot | None, ...] = (None,)
    if own:
        assert face.card is not None
        mine = own_spots(state, lifted, face.card, empty=face.kind is Kind.SWAP)
    found: list[Aim] = []
    for seat, card in product(racers(state, lifted.seat, face.racer), mine):
        if not theirs:
            found.append(Aim(card=card, racer=seat))
            continue
        assert face.their_card is not None
        found += [
            Aim(card=card, racer=seat, their=spot) for spot in their_spots(state, seat, face.their_card)
        ]
    return tuple(found)


def asks(face: Face) -> bool:
    """Does the revealer choose where this special acts (an ANY among its targets)?"""
    return CardTarget.ANY in (face.card, face.their_card) or face.racer is RacerTarget.ANY
