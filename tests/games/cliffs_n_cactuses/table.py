"""Cliffs n' Cactuses tables written as racers' positions and hands of named cards, so rule tests read
like the rulebook:

    state = table({0: ("Nitroooooo!", "Multiplier <")}, positions=(500, 900, 800, 500))

Cards are named as ``label`` names them without metres ("Nitroooooo!", "Multiplier «", "Gift: « to left
racer", "Steal: any racer's *"); each name takes the next unused copy. Cards no hand names go to the
deck, ``deck`` (names) first. Resolution reveals everything at once (``revealSeconds`` 0) unless a
test's options say otherwise: the pauses between reveals have tests of their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cliffs_n_cactuses.cards import DECK, Card, label
from games.cliffs_n_cactuses.evolve import evolve
from games.cliffs_n_cactuses.moves import Draw, PlayCard
from games.cliffs_n_cactuses.options import OPTIONS, Options
from games.cliffs_n_cactuses.rounds import start_round
from games.cliffs_n_cactuses.rules import decide
from games.cliffs_n_cactuses.state import Phase, Racer, State
from games.core.chance import Chance
from games.core.turns import Story
from games.core.visibility import Event
from tests.games.kit import T0, Rules

POSITIONS = (500, 900, 900)  # seat 0 is in 1st place at stage 3


def name_of(card: Card) -> str:
    """A card's label without its metres: "Nitroooooo!", "Multiplier <", "Steal: any racer's *"."""
    return label(card.printed).split(" (")[0]


class Cards:
    """Hands out unused copies by name."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, name: str) -> Card:
        for card in DECK:
            if card.id not in self.used and name_of(card) == name:
                self.used.add(card.id)
                return card
        raise KeyError(f"no unused card named {name!r}")


def table(
    hands: Mapping[int, Sequence[str]],
    *,
    positions: Sequence[int],
    deck: Sequence[str] = (),
    larry: Sequence[bool] | None = None,
    options: Mapping[str, Any] | None = None,
    rounds_played: int = 0,
) -> State:
    """A dealt match about to start its round: positions, hands and Larry as given. With no round
    played yet, racers tied for 1st place open with a bracket (Ruling 10)."""
    cards = Cards()
    held = {seat: tuple(cards.take(name) for name in names) for seat, names in hands.items()}
    top = tuple(cards.take(name) for name in deck)
    rest = tuple(card for card in DECK if card.id not in cards.used)
    racers = tuple(
        Racer(seat, position, held.get(seat, ()), larry=True if larry is None else larry[seat])
        for seat, position in enumerate(positions)
    )
    built = OPTIONS.build(Options, {"revealSeconds": 0, **(options or {})})
    state = State(
        built, len(positions), racers, deck=top + rest, phase=Phase.RACE, round=rounds_played
    )  # dealt: started
    story = Story(state, T0, evolve)
    start_round(story, Chance("table", 0))
    return story.state


def card_id(state: State, seat: int, name: str) -> int:
    """The id of the card named ``name`` in ``seat``'s hand."""
    return next(card.id for card in state.racers[seat].hand if name_of(card) == name)


CLIFFS = Rules(decide, evolve, at=T0 + 1000, stream="time")
play, rejection, time_out = CLIFFS.play, CLIFFS.rejection, CLIFFS.time_out


def queue_names(state: State, seat: int) -> list[str]:
    return [name_of(placed.card) for placed in state.racers[seat].queue]


def resolved(
    queues: Mapping[int, Sequence[str]],
    *,
    positions: Sequence[int] = POSITIONS,
    hands: Mapping[int, Sequence[str]] | None = None,
    deck: Sequence[str] = (),
    larry: Sequence[bool] | None = None,
    options: Mapping[str, Any] | None = None,
    drawing: Sequence[int] | None = None,
    at: int = T0 + 1000,
) -> tuple[State, tuple[Event, ...]]:
    """Each seat plays the cards named in ``queues`` onto its own queue, left to right, keeping
    ``hands`` besides; then the seats in ``drawing`` (all, by default) draw, and if any did not, the
    race deadline stops everybody. The table and the events of ending the Race phase (Resolution's)."""
    held = {seat: (*queues.get(seat, ()), *(hands or {}).get(seat, ())) for seat in range(len(positions))}
    state = table(held, positions=positions, deck=deck, larry=larry, options=options)
    assert state.phase is Phase.RACE and state.leader == min(range(len(positions)), key=positions.__getitem__)
    for seat, names in queues.items():
        for name in names:
            state, _ = play(state, seat, PlayCard(card_id(state, seat, name), seat))
    return end_race(state, drawing, at)


def end_race(state: State, drawing: Sequence[int] | None, at: int) -> tuple[State, tuple[Event, ...]]:
    events: tuple[Event, ...] = ()
    round_ = state.round
    for seat in range(state.seats) if drawing is None else drawing:
        state, told = play(state, seat, Draw(), at=at)
        events += told
    if state.phase is Phase.RACE and state.round == round_:  # somebody did not draw
        assert state.race is not None and state.race.deadline is not None
        state, told = time_out(state, state.race.key, state.race.deadline)
        events += told
    assert state.phase is not Phase.RACE or state.round > round_  # without Larry, the tally came
    return state, events
