"""Toy games for the test suites: each a ``GameSpec`` built only from ``games.core``, small enough to
reason about, so a suite can test the engine, the service or a tool without the rules of a real game.

- ``odds_and_evens``: sealed rounds and hidden chance; the engine contract (tests/games/core), the
  conformance harness (tests/conformance) and the schema's game bindings (tests/api/graphql).
- ``count_to_n``: turns, a turn deadline, a hidden deck and bots; the service (tests/api).
- ``tap_race``: one tap round (``games.core.taps``) raced by real threads; the service (tests/api).
- ``toy_sim``: turns with rests only a timeout ends, and a bot that breaks the rules; the ``simulate``
  command (tests/api/timers).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.spec import GameSpec

CONTRACT = (
    "initial_state",
    "decide",
    "evolve",
    "legal_moves",
    "waiting_on",
    "player_view",
    "deadlines",
    "outcome",
)


def toy_spec(rules: Mapping[str, Any], **about: Any) -> GameSpec[Any]:
    """A toy's spec: the contract's functions taken by name from ``rules`` (the toy module's
    ``globals()``), and what ``about`` tells of the toy (key, name, players, options, codecs, bots)."""
    return GameSpec(**about, **{name: rules[name] for name in CONTRACT})
