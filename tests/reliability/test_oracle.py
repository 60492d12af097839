"""The leak oracle itself, without a server: it finds a secret in any shape the API could give it, and
nothing in what the engine lets a viewer see."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import engine
from games.core.codec import encode
from games.core.visibility import OMNISCIENT
from games.registry import REGISTRY
from tests.conformance.playouts import playout
from tests.reliability.oracle import Seen, Truth, check, viewer

SEED = "5eed" * 8
VERSIONS = 120  # of each match: enough for deals, hidden hands, sealed rounds and reveals


def truth_of(key: str, seed: int) -> Truth:
    return played(key, seed)[0]


def played(key: str, seed: int) -> tuple[Truth, int]:
    """A random match of ``key`` as the oracle knows it, and its number of seats."""
    result = playout(REGISTRY[key], seed)
    games = [engine.new_game(result.spec, result.options, result.seats, result.seed)]
    for event in result.log[:VERSIONS]:
        games.append(engine.evolve(games[-1], event))
    rows = [result.spec.events.dump(event) for event in result.log[:VERSIONS]]
    return Truth(key, SEED, games, rows), result.seats


def camel(value: Any) -> Any:
    """As GraphQL shows a value: camelCase keys."""
    if isinstance(value, dict):
        return {_camel(name): camel(item) for name, item in value.items()}
    if isinstance(value, list | tuple):
        return [camel(item) for item in value]
    return value


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def views(truth: Truth, seat: int | None, *, shown_as=None) -> list[Seen]:
    return [
        Seen(seat, "view(atVersion)", version, camel(encode(engine.view(game, shown_as or viewer(seat)))))
        for version, game in enumerate(truth.games)
    ]


def events(truth: Truth, seat: int | None, *, redacted: bool = True) -> list[Seen]:
    seen = []
    for seq, (kind, data) in enumerate(truth.rows, start=1):
        shown = truth.event_for(seq, seat) if redacted else (kind, data)
        if shown is not None:
            seen.append(
                Seen(seat, "events", seq, {"seq": seq, "type": shown[0], "data": camel(shown[1])}, True)
            )
    return seen


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_what_the_engine_shows_each_viewer_has_no_finding(key):
    truth, seats = played(key, 3)
    for seat in (None, *range(seats)):
        assert check(truth, views(truth, seat) + events(truth, seat)) == []


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_a_view_drawn_for_everyone_is_found_in_camel_case_and_nested(key):
    truth = truth_of(key, 3)
    nested = [
        Seen(seen.seat, seen.surface, seen.version, {"page": [{"extra": 1, "view": seen.body}]})
        for seen in views(truth, None, shown_as=OMNISCIENT)
    ]
    leaked = check(truth, nested)
    assert leaked and all("a secret card" in found.what or "omniscient" in found.what for found in leaked)


def test_an_event_shown_unredacted_is_found_even_when_it_holds_no_card():
    truth = truth_of("boulder-bluff", 3)
    leaked = check(truth, events(truth, None, redacted=False))
    assert any("where the engine shows" in finding.what for finding in leaked)


def test_the_seed_anywhere_is_found():
    truth = truth_of("daredevil-rock", 3)
    leaked = check(truth, [Seen(0, "match", 1, {"match": {"note": f"seed {SEED}!"}})])
    assert [finding.what for finding in leaked] == ["the match seed"]
