"""Boulder Bluff's drawing module, state by state, in the browser: what one played match cannot promise.

The shared table test plays one match by clicking at random, so it may never meet a Boar Assault pick,
an injury to place or Sneaky Snake's countdown in the player's seat. Here two seeded playouts of the
engine (Animal Kingdom, with and without the variant) give every state a seat is asked something in,
and states seen by a spectator and with every card shown. For each, the module's fragments must
validate against schema.graphql; its Table must draw every legal move exactly once as a clickable
`[data-move]` and nothing else as one, in the actions bar only the moves with no element to click; `tell` must put every event a viewer receives (its redacted
forms included) into words of its own, not the fallback sentence; `Summary` must say something.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from graphql import build_schema, parse, validate

from games.boulder_bluff.spec import SPEC
from games.core import engine
from games.core.codec import camel_keys, encode
from games.core.visibility import OMNISCIENT, SPECTATOR, Viewer, redact, seat_viewer
from tests.conformance.playouts import steps
from tests.web.drawing import draw_script, fragment_fields, fragments_script, select

ROOT = Path(__file__).resolve().parents[2]
MODULE = "/static/web/games/boulder-bluff.js"
SEATS = [{"index": 0, "name": "Ann", "isBot": False}, {"index": 1, "name": "Ben", "isBot": False},
         {"index": 2, "name": "Bot (heuristic)", "isBot": True}]  # fmt: skip
PLAYOUTS = (("draw-0", False), ("draw-11", True))  # seeds whose seat 0 is asked every kind of question
ASKED = {"turn", "play", "join", "snake", "boar", "injury"}
# The moves with no element of their own; every other move is clicked on its boulder or card.
BAR = {"PREP", "CHALK_UP", "JOIN", "STAY_OFF", "STAY", "WITHDRAW", "CANCEL_NOTHING"}
EVERY = 7  # a spectator's and an omniscient view of every 7th state (and the last)

FRAGMENTS = fragments_script(MODULE)
DRAW = draw_script(MODULE)


def cases_and_events(
    table: tuple[Any, ...], summary: tuple[Any, ...]
) -> tuple[list[Any], list[Any], set[str]]:
    cases: list[dict[str, Any]] = []
    events: dict[str, dict[str, Any]] = {}
    asked: set[str] = set()

    def add(state: Any, viewer: Viewer, moves: list[dict[str, Any]]) -> None:
        view = camel_keys(encode(SPEC.player_view(state, viewer)))
        cases.append({"view": select(view, table), "summary": select(view, summary), "moves": moves})

    for seed, variant in PLAYOUTS:
        options = SPEC.options.defaults() | {"animalKingdom": True, "injuriesAffectClimbing": variant}
        for number, (_, game, step) in enumerate(steps(SPEC, 3, seed, options)):
            legal = [SPEC.moves.dump(move) for move in engine.legal_moves(game, 0)]
            if legal:
                asked.add(SPEC.player_view(game.state, seat_viewer(0)).step)
                moves = [{"label": SPEC.describe_move(m), "input": {"boulderBluff": m}} for m in legal]
                add(game.state, seat_viewer(0), moves)
            if number % EVERY == 0 or game.over:
                add(game.state, SPECTATOR, [])
                add(game.state, OMNISCIENT, [])
            for event in step.events:
                for viewer in (seat_viewer(0), SPECTATOR, OMNISCIENT):
                    shown = redact(event, viewer)
                    if shown is not None:  # a MatchEvent as the API sends it (selectors.visible)
                        data = camel_keys(encode(shown))
                        events.setdefault(repr(data), {"seq": 1, "type": type(shown).__name__, "data": data})
    return cases, list(events.values()), asked


def test_every_state_draws_each_legal_move_once_and_every_event_is_told(new_page):
    page = new_page()
    page.goto("/")
    table, summary = page.evaluate(FRAGMENTS)
    query = "query($id: ID!) { match(id: $id) { view { ...BoulderBluffTable ...BoulderBluffSummary } } }"
    errors = validate(
        build_schema((ROOT / "schema.graphql").read_text()), parse(f"{query}\n{table}\n{summary}")
    )
    assert not errors, f"the fragments do not fit schema.graphql: {errors}"

    cases, events, asked = cases_and_events(fragment_fields(table), fragment_fields(summary))
    assert asked == ASKED, (
        f"the playouts no longer ask seat 0 every question: {sorted(ASKED - asked)} missing"
    )
    result = page.evaluate(DRAW, json.dumps({"cases": cases, "events": events, "seats": SEATS}))

    for case, drawn in zip(cases, result["drawn"], strict=True):
        labels = sorted(move["label"] for move in case["moves"])
        where = f"step {case['view']['step']!r}, seat {case['view']['seat']}, turn {case['view']['turn']}"
        assert sorted(drawn["clickable"]) == labels, (
            f"{where}: clickable {drawn['clickable']}, legal {labels}"
        )
        actions = {move["label"]: move["input"]["boulderBluff"]["action"] for move in case["moves"]}
        misplaced = [label for label in drawn["bar"] if actions[label] not in BAR]
        assert not misplaced, f"{where}: {misplaced} belong on the table, not in the actions bar"
        assert drawn["summary"], f"{where}: an empty summary"
    for event, told in zip(events, result["told"], strict=True):
        assert told and not told.startswith(event["type"]), f"{event['type']} is not told: {told!r} ({event})"
