"""Cards found and relabelled anywhere in a value (events, states, views), and what a viewer receives.

Generic over games: a card is an instance of the type a game names in ``GameSpec.copies``; every
other value is walked through (dataclasses, tuples, lists, sets, mappings) and rebuilt unchanged.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from games.core import engine
from games.core.codec import encode
from games.core.copies import Copies
from games.core.engine import Game
from games.core.visibility import Event, Viewer, redact


def cards_in(value: Any, copies: Copies) -> Iterator[Any]:
    """Every card in ``value``, at any depth."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, copies.card):
            yield item
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, field.name) for field in dataclasses.fields(item))
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)


def shown_in(card: Any, value: Any, copies: Copies) -> bool:
    """Whether ``value`` (a view) shows ``card``: the card itself, or, when ``card`` was shown as no
    particular copy (identity 0 or none), a card of its kind, or its kind alone where the view names
    cards by kind (a Cactus hand is a list of kinds)."""
    cards = list(cards_in(value, copies))
    if card in cards:
        return True
    if getattr(card, copies.identity) not in (0, None):
        return False
    kind = copies.kind(card)
    return any(copies.kind(other) == kind for other in cards) or (
        len(kind) == 1 and kind[0] in _leaves(value)
    )


def _leaves(value: Any) -> list[Any]:
    """Every plain value in ``value``, at any depth."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, field.name) for field in dataclasses.fields(item))
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        else:
            found.append(item)
    return found


def relabelled(value: Any, labels: Mapping[Any, Any], copies: Copies) -> Any:
    """``value`` with each card that ``labels`` names replaced by its new label, at any depth, and each
    identity in a field ``copies.references`` names replaced by the new label's."""
    names = {getattr(old, copies.identity): getattr(new, copies.identity) for old, new in labels.items()}
    return _relabelled(value, labels, names, copies)


def _relabelled(value: Any, labels: Mapping[Any, Any], names: Mapping[Any, Any], copies: Copies) -> Any:
    if isinstance(value, copies.card):
        return labels.get(value, value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for field in dataclasses.fields(value):
            if field.init:
                item = getattr(value, field.name)
                if f"{type(value).__name__}.{field.name}" in copies.references:
                    changes[field.name] = _named(item, names)
                else:
                    changes[field.name] = _relabelled(item, labels, names, copies)
        return type(value)(**changes)
    if isinstance(value, Mapping):
        return type(value)(
            (_relabelled(key, labels, names, copies), _relabelled(item, labels, names, copies))
            for key, item in value.items()
        )
    if isinstance(value, tuple | list | set | frozenset):
        return type(value)(_relabelled(item, labels, names, copies) for item in value)
    return value


def _named(reference: Any, names: Mapping[Any, Any]) -> Any:
    """A card's identity, or a tuple of them, under the new names."""
    if isinstance(reference, tuple):
        return tuple(names.get(item, item) for item in reference)
    return names.get(reference, reference)


def swap(first: Any, second: Any) -> dict[Any, Any]:
    return {first: second, second: first}


def renamed(copies: Copies, cards: Any, offset: int) -> dict[Any, Any]:
    """Each card given a new identity, ``offset`` past its own: a name no card of the deck has."""
    return {
        card: dataclasses.replace(card, **{copies.identity: getattr(card, copies.identity) + offset})
        for card in cards
    }


@dataclass(frozen=True)
class Received:
    """What one viewer gets at one version, as JSON: the view, the event that made the version (as
    redacted for it), and a seat's legal moves with their labels."""

    view: str
    event: str
    moves: str

    def surfaces(self) -> dict[str, str]:
        return dataclasses.asdict(self)


def as_json(value: Any) -> str:
    return json.dumps(encode(value), separators=(",", ":"), sort_keys=True)


def received(game: Game, event: Event, viewer: Viewer) -> Received:
    shown = redact(event, viewer)
    moves: list[Any] = []
    if viewer.seat is not None and not viewer.omniscient:
        for move in engine.legal_moves(game, viewer.seat):
            dumped = game.spec.moves.dump(move)
            moves.append([dumped, game.spec.describe_move(dumped)])
    event = None if shown is None else (type(shown).__name__, shown)
    return Received(as_json(engine.view(game, viewer)), as_json(event), as_json(moves))


def versions(game: Game, log: tuple[Event, ...]) -> Iterator[tuple[Game, Event]]:
    """The match after each event of ``log``, from ``game``, with that event."""
    for event in log:
        game = engine.evolve(game, event)
        yield game, event


def shown_cards(game: Game, event: Event, viewer: Viewer) -> set[Any]:
    """The cards ``viewer`` is shown at this version: in its view and in the event as redacted for it."""
    copies = game.spec.copies
    assert copies is not None
    return set(cards_in((engine.view(game, viewer), redact(event, viewer)), copies))


def difference(expected: str, got: str, around: int = 90) -> str:
    """Where two JSON texts part, with a little of each around it."""
    at = next(
        (i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b),
        min(len(expected), len(got)),
    )
    start = max(0, at - around)
    return f"…{expected[start : at + around]}… becomes …{got[start : at + around]}…"
