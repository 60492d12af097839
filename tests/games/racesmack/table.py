"""Racesmack tables written as hands of card ids and crafted rows, so rule tests read like rules.

    state = table([[1, 5], [2, 40]], races={0: [9]})   # seat 0 holds R01 and R05; round 1 open

Cards no hand or Race names go to the draw pile (in id order), unless ``draw`` lists it exactly.
``after_you(...)`` sets the table of the variant played turn by turn instead.
``card("blue circle, red star")`` crafts a card outside the deck for the rule and finish tables.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.chance import Chance
from games.core.turns import start_turn
from games.core.visibility import Event
from games.racesmack.cards import DECK, Card, icons
from games.racesmack.evolve import evolve
from games.racesmack.moves import LoseRaceCard, PlaceCard, Tap
from games.racesmack.options import OPTIONS, Options
from games.racesmack.rounds import new_story, open_round
from games.racesmack.rules import decide
from games.racesmack.state import Player, State
from tests.games.kit import T0, Rules

_ids = itertools.count(1000)


def card(text: str) -> Card:
    """A crafted card: ``"blue circle, red star"``, or ``"rules 4"`` for Rules Card 4."""
    if text.startswith("rules"):
        return Card(next(_ids), (), int(text.split()[1]))
    return Card(next(_ids), icons(text))


def row(*texts: str) -> tuple[Card, ...]:
    return tuple(card(text) for text in texts)


def by_id(card_id: int) -> Card:
    return DECK[card_id - 1]


def rules_card(number: int) -> int:
    """The id of Rules Card ``number``."""
    return 36 + number


def table(
    hands: Sequence[Sequence[int]],
    *,
    races: Mapping[int, Sequence[int]] | None = None,
    draw: Sequence[int] | None = None,
    options: Mapping[str, Any] | None = None,
) -> State:
    """A started match with round 1 open: one hand per seat, Races as given."""
    races = races or {}
    used = {id_ for hand in hands for id_ in hand} | {id_ for race in races.values() for id_ in race}
    pile = draw if draw is not None else [c.id for c in DECK if c.id not in used]
    players = tuple(
        Player(
            seat,
            tuple(by_id(i) for i in hand),
            tuple(by_id(i) for i in races.get(seat, ())),
            followed=frozenset(hand),  # dealt face up to it: it follows them (Ruling 26)
        )
        for seat, hand in enumerate(hands)
    )
    left = [c for c in DECK if c.id not in used and c.id not in pile]
    state = State(
        OPTIONS.build(Options, options or {}),
        len(hands),
        players,
        draw_pile=tuple(by_id(i) for i in pile),
        discards=tuple(left),
        started=True,
    )
    story = new_story(state, T0)
    open_round(story, Chance("table", 0))
    return story.state


def after_you(
    hands: Sequence[Sequence[int]],
    *,
    races: Mapping[int, Sequence[int]] | None = None,
    draw: Sequence[int] = (),
    start: int = 0,
    options: Mapping[str, object] | None = None,
) -> State:
    """A match of the variant After You: blind piles (top card first), Races and a draw pile as given;
    ``start``'s turn has begun."""
    races = races or {}
    players = tuple(
        Player(seat, tuple(map(by_id, hand)), tuple(map(by_id, races.get(seat, ()))))
        for seat, hand in enumerate(hands)
    )
    used = {*draw, *(i for hand in hands for i in hand), *(i for race in races.values() for i in race)}
    state = State(
        OPTIONS.build(Options, {"afterYou": True, **(options or {})}),
        len(hands),
        players,
        draw_pile=tuple(map(by_id, draw)),
        discards=tuple(by_id(i) for i in range(1, 55) if i not in used),
        started=True,
    )
    story = new_story(state, T0)
    start_turn(story, start, previous=None, seconds=state.options.play_seconds)
    return story.state


@dataclass(frozen=True)
class ByCard:
    """A test's move naming a card on the table by its id: ``play`` sends it as the rules name that
    card, by where it lies (the seat that played it, its place in a Race or among the won cards)."""

    action: str
    card: int
    end: str = ""


def tap(card_id: int) -> ByCard:
    """Tap the played card ``card_id``."""
    return ByCard("tap", card_id)


def place(card_id: int, end: str) -> ByCard:
    """Lay the won card ``card_id`` at ``end``."""
    return ByCard("place", card_id, end)


def lose(card_id: int) -> ByCard:
    """Lose the Race card ``card_id``."""
    return ByCard("lose", card_id)


def sent(state: State, seat: int | None, move: Any) -> Any:
    """``move`` as a player sends it: a ``ByCard`` names its card by where it lies."""
    if not isinstance(move, ByCard):
        return move
    if move.action == "tap":
        return Tap(next(owner for owner, played in state.row if played.id == move.card))
    assert seat is not None
    if move.action == "place":
        ask = state.ask_of(seat)
        assert ask is not None
        return PlaceCard(next(i for i, won in enumerate(ask.cards) if won.id == move.card), move.end)
    return LoseRaceCard(race_ids(state, seat).index(move.card))


RACESMACK = Rules(decide, evolve, sent=sent)
play, rejection, moves = RACESMACK.play, RACESMACK.rejection, RACESMACK.in_turn


def time_out(state: State, deadline_id: str, at: int = T0 + 60_000) -> tuple[State, tuple[Event, ...]]:
    """A minute on, past any deadline of the round, the timer fires ``deadline_id``."""
    return RACESMACK.time_out(state, deadline_id, at)


def race_ids(state: State, seat: int) -> list[int]:
    return [c.id for c in state.players[seat].race]
