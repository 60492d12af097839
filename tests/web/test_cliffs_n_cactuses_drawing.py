"""Cliffs n' Cactuses' drawing module, state by state, in the browser: what one played match cannot promise.

The shared table test plays one short match by clicking whatever is on offer, so it rarely meets an ANY
target to choose, the last call for Last-Ditch Larry, a bracket of rock-paper-scissors or the Stack
rule. Here seeded playouts of the engine (four racers, the opening bracket, Stack on and off) give
states in which seat 0 makes every kind of move, and states seen by a spectator and with every card
shown. For each, the module's fragments must validate against schema.graphql; its Table must draw every
legal move exactly once as a clickable `[data-move]` that sends that move's own input, and only
KEEP_LARRY in the actions bar (every other move has an element to click: a queue, a card, a racer's
lane, the deck, the throw box); `tell` must put every event type a viewer receives (its redacted forms
included) into words of its own; `Summary` must say something.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from graphql import build_schema, parse, validate

from games.cliffs_n_cactuses.events import EVENTS, LarryKept, MatchEnded, Missed, PairWon, Resigned
from games.cliffs_n_cactuses.moves import MOVES as MOVE_CODEC
from games.cliffs_n_cactuses.spec import SPEC
from games.core import engine
from games.core.codec import camel_keys, encode
from games.core.visibility import OMNISCIENT, SPECTATOR, Viewer, seat_viewer
from tests.conformance.playouts import steps
from tests.web.drawing import draw_script, fragment_fields, fragments_script, received, select

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
MODULE = "/static/web/games/cliffs-n-cactuses.js"
MEMBER = "cliffsNCactuses"
SEATS = [{"index": 0, "name": "Ann", "isBot": False}, {"index": 1, "name": "Bot (heuristic)", "isBot": True},
         {"index": 2, "name": "Bot (heuristic)", "isBot": True}, {"index": 3, "name": "Cy", "isBot": False}]  # fmt: skip
# Option sets (seed, options) whose playouts between them have seat 0 make every kind of move.
PLAYOUTS = (
    ("bracket-1", {"start": "600"}),
    ("stack-1", {"start": "600", "stack": True}),
    ("top-2", {}),
)
ACTIONS = set(MOVE_CODEC.actions)
BAR = {"KEEP_LARRY"}  # the only move with no element of its own on the table
EVERY = 9  # a spectator's and an omniscient view of every 9th state (and the last)
# Events a random playout may not make: a racer leaving, the end that follows, a pair both left, a miss,
# Larry kept on purpose (silence keeps him without a word).
EXTRAS = (
    Resigned(1),
    MatchEnded((0,), "every other racer left"),
    PairWon(None),
    Missed(2, "the empty card"),
    LarryKept(3),
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

    for seed, changes in PLAYOUTS:
        options = SPEC.options.defaults() | changes
        for number, (_, game, step) in enumerate(steps(SPEC, len(SEATS), seed, options)):
            legal = [MOVE_CODEC.dump(move) for move in engine.legal_moves(game, 0)]
            if legal:
                played |= {move["action"] for move in legal}
                moves = [{"label": SPEC.describe_move(m), "input": {MEMBER: camel_keys(m)}} for m in legal]
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
    query = (
        "query($id: ID!) { match(id: $id) { view { ...CliffsNCactusesTable ...CliffsNCactusesSummary } } }"
    )
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
        view = case["view"]
        where = f"phase {view['phase']}, round {view['round']}, seat {view['seat']}"
        labels = sorted(move["label"] for move in case["moves"])
        assert sorted(drawn["clickable"]) == labels, (
            f"{where}: clickable {drawn['clickable']}, legal {labels}"
        )
        inputs = sorted(json.dumps(move["input"], separators=(",", ":")) for move in case["moves"])
        sent = sorted(json.dumps(json.loads(s), separators=(",", ":")) for s in drawn["sent"])
        assert sent == inputs, f"{where}: clicking sent {sent}, the moves are {inputs}"
        in_bar = {m["input"][MEMBER]["action"] for m in case["moves"] if m["label"] in drawn["bar"]}
        assert in_bar <= BAR, f"{where}: {sorted(in_bar - BAR)} belong on the table, not in the actions bar"
        assert drawn["summary"], f"{where}: an empty summary"
    for event, told in zip(events, result["told"], strict=True):
        fallback = "".join(f" {c}" if c.isupper() and i else c for i, c in enumerate(event["type"])).lower()
        assert told and told.endswith((".", "!")) and not told.lower().startswith(fallback), (
            f"{event['type']} is not told: {told!r} ({event})"
        )
        slips = [slip for slip in SLIPS if slip in told]
        assert not slips, f"{event['type']} told with {slips}: {told!r} ({event['data']})"
