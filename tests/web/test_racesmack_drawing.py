"""Racesmack's drawing module, state by state, in the browser: what one played match cannot promise.

The shared table test plays one match with the default options, so it never meets After You's blind
pile, a Time Penalty, Racing Rules or Shifting Gears. Here seeded playouts of the engine with those
variants on give states in which seat 0 makes every kind of move, and states seen by a spectator and
with every card shown. For each, the module's fragments must validate against schema.graphql; its Table
must draw every legal move exactly once as a clickable `[data-move]`, none of them in the actions bar
(each has an element to click: a hand card, a played card, a Race card, a won card, the blind pile, the
question); `tell` must put every event type a viewer receives (its redacted forms included) into words
of its own; `Summary` must say something.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from graphql import build_schema, parse, validate

from games.core import engine
from games.core.codec import camel_keys, encode
from games.core.taps import TapsOpened
from games.core.visibility import OMNISCIENT, SPECTATOR, Viewer, seat_viewer
from games.racesmack.cards import DECK
from games.racesmack.events import EVENTS, HandCardLost, PlayerLeft, Resigned
from games.racesmack.moves import MOVES as MOVE_CODEC
from games.racesmack.spec import SPEC
from tests.conformance.playouts import steps
from tests.web.drawing import draw_script, fragment_fields, fragments_script, received, select

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
MODULE = "/static/web/games/racesmack.js"
SEATS = [{"index": 0, "name": "Ann", "isBot": False}, {"index": 1, "name": "Bot (heuristic)", "isBot": True},
         {"index": 2, "name": "Bot (heuristic)", "isBot": True}]  # fmt: skip
# Option sets (seed, variants) whose playouts between them have seat 0 make every kind of move.
PLAYOUTS = (
    ("plain-1", {}),
    ("after-you-1", {"afterYou": True, "timePenalty": True, "shiftingGears": True}),
    ("racing-1", {"racingRules": True, "timePenalty": True, "noiseCanceling": True, "tiebreaker": True}),
    ("penalty-2", {"timePenalty": True}),
)
ACTIONS = set(MOVE_CODEC.actions)
EVERY = 7  # a spectator's and an omniscient view of every 7th state (and the last)
# Events no random playout makes: a player leaving (today's and an older match's form), and the taps of
# an older match that named card ids.
EXTRAS = (
    PlayerLeft(1, 2, DECK[:2]),
    Resigned(1, DECK[2:4]),
    HandCardLost(0, DECK[5]),
    TapsOpened("taps-1", frozenset({0, 1}), frozenset({3, 40}), None),
)
SLIPS = ("undefined", "null", "NaN", "[object", "Seat ", ": .", "  ")

FRAGMENTS = fragments_script(MODULE)
DRAW = draw_script(MODULE)


def cases_and_events(
    table: tuple[Any, ...], summary: tuple[Any, ...]
) -> tuple[list[Any], list[Any], set[str]]:
    cases: list[dict[str, Any]] = []
    events: dict[str, dict[str, Any]] = {}
    played: set[str] = set()

    def add(state: Any, viewer: Viewer, moves: list[dict[str, Any]]) -> None:
        view = camel_keys(encode(SPEC.player_view(state, viewer)))
        cases.append({"view": select(view, table), "summary": select(view, summary), "moves": moves})

    def tell(event: Any) -> None:
        for viewer in (seat_viewer(0), SPECTATOR, OMNISCIENT):
            shown = received(event, viewer)
            if shown is not None:
                events.setdefault(repr(shown["data"]) + shown["type"], shown)

    for seed, variants in PLAYOUTS:
        options = SPEC.options.defaults() | variants
        for number, (_, game, step) in enumerate(steps(SPEC, 3, seed, options)):
            legal = [MOVE_CODEC.dump(move) for move in engine.legal_moves(game, 0)]
            if legal:
                played |= {move["action"] for move in legal}
                moves = [{"label": SPEC.describe_move(m), "input": {"racesmack": m}} for m in legal]
                add(game.state, seat_viewer(0), moves)
            if number % EVERY == 0 or game.over:
                add(game.state, SPECTATOR, [])
                add(game.state, OMNISCIENT, [])
            for event in step.events:
                tell(event)
    for event in EXTRAS:
        tell(event)
    return cases, list(events.values()), played


def test_every_state_draws_each_legal_move_once_on_the_table_and_every_event_is_told(new_page):
    page = new_page()
    page.goto("/")  # any page: it carries the import map the module's imports need
    table, summary = page.evaluate(FRAGMENTS)
    query = "query($id: ID!) { match(id: $id) { view { ...RacesmackTable ...RacesmackSummary } } }"
    errors = validate(
        build_schema((ROOT / "schema.graphql").read_text()), parse(f"{query}\n{table}\n{summary}")
    )
    assert not errors, f"the fragments do not fit schema.graphql: {errors}"

    cases, events, played = cases_and_events(fragment_fields(table), fragment_fields(summary))
    assert played == ACTIONS, f"the playouts no longer give seat 0 every move: {sorted(ACTIONS - played)}"
    kinds = {cls.__name__ for cls in EVENTS.types}
    assert kinds <= {event["type"] for event in events}, (
        f"never received: {kinds - {e['type'] for e in events}}"
    )
    result = page.evaluate(DRAW, json.dumps({"cases": cases, "events": events, "seats": SEATS}))

    for case, drawn in zip(cases, result["drawn"], strict=True):
        labels = sorted(move["label"] for move in case["moves"])
        where = f"step {case['view']['step']!r}, seat {case['view']['seat']}, round {case['view']['round']}"
        assert sorted(drawn["clickable"]) == labels, (
            f"{where}: clickable {drawn['clickable']}, legal {labels}"
        )
        assert not drawn["bar"], f"{where}: {drawn['bar']} belong on the table, not in the actions bar"
        assert drawn["summary"], f"{where}: an empty summary"
    for event, told in zip(events, result["told"], strict=True):
        fallback = "".join(f" {c}" if c.isupper() and i else c for i, c in enumerate(event["type"]))
        assert told and told.endswith((".", "!")) and not told.startswith(fallback), (
            f"{event['type']} is not told: {told!r} ({event})"
        )
        slips = [slip for slip in SLIPS if slip in told]
        assert not slips, f"{event['type']} told with {slips}: {told!r} ({event['data']})"
