"""Tables for Boulder Bluff's rule tests: cards by name, a climb under way, a match played by bots."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from games.boulder_bluff import SPEC
from games.boulder_bluff.cards import BOULDERS, CARDS, Animal, Boulder, Card, Colour
from games.boulder_bluff.moves import ChalkUp, ClimbBoulder, Join, PlayCard
from games.boulder_bluff.state import Claim, Climb, Climber, State
from games.core.commands import Begin
from tests.games.kit import Rules


def animal(kind: Animal) -> Card:
    return next(card for card in CARDS.values() if card.animal is kind)


def plain(value: int, colours: tuple[Colour, ...], title: Colour) -> Card:
    return next(
        card
        for card in CARDS.values()
        if card.value == value and card.colours == colours and card.title is title
    )


def boulder(points: int, title: Colour) -> Boulder:
    return next(b for b in BOULDERS if b.points == points and b.title is title)


def table(seats: int = 2, **options: Any) -> State:
    state = SPEC.initial_state(options, seats)
    return replace(state, table=replace(state.table, started=True))


def climbing(
    state: State, on: Boulder, *climbers: Climber, claims: dict[int, tuple[Claim, ...]] | None = None
) -> State:
    players = tuple(replace(p, claims=(claims or {}).get(p.seat, p.claims)) for p in state.players)
    bag = tuple(t for t in state.bag if t not in [x for c in climbers for x in c.chalk])
    return replace(state, players=players, bag=bag, climb=Climb(1, climbers[0].seat, on, False, climbers))


BOULDER = Rules(SPEC.decide, SPEC.evolve, at=1_000, seed="act", stream="time")
act = BOULDER.play  # ``seat`` makes a move, which must be accepted: the table after it, and its events
refusal = BOULDER.rejection  # ``seat`` tries a move, which must be refused (saying why): its code


def begun(seats: int = 2, seed: str = "t", **options: Any) -> State:
    """A match just set up; hands and the row as the seed dealt them."""
    state, _ = act(SPEC.initial_state(options, seats), None, Begin(), at=0, seed=seed)
    return cast(State, state)


def holding(state: State, seat: int, *cards: Card) -> State:
    """``seat`` holds exactly ``cards`` (taken out of everyone else's hand and the deck)."""
    numbers = {card.number for card in cards}
    players = tuple(
        replace(p, hand=cards if p.seat == seat else tuple(c for c in p.hand if c.number not in numbers))
        for p in state.players
    )
    return replace(state, players=players, deck=tuple(c for c in state.deck if c.number not in numbers))


def boar_against_a_bear(state: State, me: int, other: int, *others: Card) -> State:
    """``me`` climbs a 9-point green boulder with a 5 and Boar Assault; ``other`` joins with an Angry
    Bear (and ``others`` in hand): the Boar's question is then open, with no rival card of value."""
    five, boar, bear = (
        plain(5, (Colour.GREEN,), Colour.PURPLE),
        animal(Animal.BOAR_ASSAULT),
        animal(Animal.ANGRY_BEAR),
    )
    state = holding(holding(state, me, five, boar), other, bear, *others)
    target = boulder(9, Colour.GREEN)
    state = replace(state, table=replace(state.table, row=(target, *state.row[1:])))
    for seat, move in (
        (me, ClimbBoulder(target.number)),
        (me, PlayCard(five.number, False)),
        (me, PlayCard(boar.number, False)),
        (me, ChalkUp()),
        (other, Join()),
        (other, PlayCard(bear.number, False)),
        (other, ChalkUp()),
    ):
        state, _ = act(state, seat, move)
    return state
