"""The Cactus Card Game's drawing module beyond the shared table test (which clicks moves at random):
in every kind of moment random playouts reach (a turn, a STOP window and a chain of STOPs, See and Steal
and Steal a Card as the chooser, the victim and a spectator, a finished match seen whole), each legal
move is drawn on the table exactly once, and every event type is told in its own words as each viewer
receives it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.cactus_card_game.cards import DECK
from games.cactus_card_game.events import EVENTS, Resigned
from games.core import engine
from games.core.codec import camel_keys, encode
from games.core.reaction import Left
from games.core.visibility import OMNISCIENT, SPECTATOR, Viewer, redact, seat_viewer
from games.registry import REGISTRY
from tests.conformance.playouts import playout, steps

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SPEC = REGISTRY["cactus-card-game"]
PLAYOUTS = 12
NAMES = ("Ann", "Bea", "Cy", "Dot", "Eve", "Flo")
SEATS = [{"index": n, "name": name, "isBot": n > 0} for n, name in enumerate(NAMES)]
SLIPS = ("undefined", "null", "NaN", "[object", "Seat ")

# Events a random playout may not make: a seat leaving an open window, a resignation with cards in hand.
EXTRAS = (Left("play-3", 2), Resigned(1, DECK[:3]))

RENDER_ALL = """async ([samples, seats]) => {
  const { render } = await import("preact");
  const { html } = await import("/static/web/app/kit.js");
  const game = await import("/static/web/games/cactus-card-game.js");
  const root = document.createElement("div");
  document.body.append(root);
  return samples.map((sample) => {
    render(html`<${game.Table} view=${sample.view} seat=${sample.seat} seats=${seats} moves=${sample.moves}
      play=${() => Promise.resolve()} deadline=${null} now=${Date.now()} />`, root);
    const drawn = [...root.querySelectorAll("[data-move]")].map((button) => button.dataset.move);
    const text = root.textContent;
    render(null, root);
    return { drawn, text };
  });
}"""

TELL_ALL = """async ([events, seats]) => {
  const game = await import("/static/web/games/cactus-card-game.js");
  return events.map((event) => game.tell(event, seats));
}"""


def moment(game: Any) -> str:
    state = game.state
    if game.over:
        return "over"
    if state.choice is not None:
        return f"pick {state.choice.kind}"
    if state.window is not None:
        return "stop chain" if state.window.reactions else "stop window"
    return "turn"


def lookers(game: Any) -> list[tuple[str, Viewer, tuple[Any, ...]]]:
    """Who to draw the table for, with their legal moves: each seat with a move, a pick's victim, a
    spectator; everyone's cards once the match is over."""
    if game.over:
        return [("omniscient", OMNISCIENT, ())]
    state = game.state
    found: list[tuple[str, Viewer, tuple[Any, ...]]] = [("spectator", SPECTATOR, ())]
    for seat in range(state.seats):
        moves = engine.legal_moves(game, seat)
        if moves:
            found.append(("mover", seat_viewer(seat), moves))
        elif state.choice is not None and seat == state.choice.victim:
            found.append(("victim", seat_viewer(seat), ()))
    return found


def sample(game: Any, viewer: Viewer, moves: tuple[Any, ...]) -> dict[str, Any]:
    """The view as the API's JSON has it (camelCase) and the viewer's legal moves as LegalMove."""
    dumped = [SPEC.moves.dump(move) for move in moves]
    return {
        "view": camel_keys(encode(engine.view(game, viewer))),
        "seat": viewer.seat,
        "moves": [{"label": SPEC.describe_move(move), "input": {"cactusCardGame": move}} for move in dumped],
    }


def samples() -> dict[tuple[str, str, str], dict[str, Any]]:
    """One sample per moment, who looks and what varies the drawing (the action card in a window, the
    kinds of moves offered), from random playouts."""
    found: dict[tuple[str, str, str], dict[str, Any]] = {}
    for seed in range(PLAYOUTS):
        for _, game, _ in steps(SPEC, 2 + seed % 5, f"draw-{seed}", SPEC.options.defaults()):
            window = game.state.window
            for who, viewer, moves in lookers(game):
                varies = {type(move).__name__ for move in moves} | (
                    {str(window.action.kind)} if window else set()
                )
                key = (moment(game), who, " ".join(sorted(varies)))
                if key not in found:
                    found[key] = sample(game, viewer, moves)
    return found


def test_every_legal_move_is_drawn_on_the_table_exactly_once(new_page):
    found = samples()
    moments = {where for where, _, _ in found}
    wanted = {"turn", "stop window", "stop chain", "pick see-and-steal", "pick steal-a-card", "over"}
    assert wanted <= moments, moments
    assert any("PlaySet" in what for _, _, what in found), "no set was offered"

    page = new_page()
    page.goto("/")  # any page: it carries the import map the module's imports need
    drawn = page.evaluate(RENDER_ALL, [list(found.values()), SEATS])

    for (where, who, _), shown, table in zip(found, found.values(), drawn, strict=True):
        labels = Counter(move["label"] for move in shown["moves"])
        assert Counter(table["drawn"]) == labels, f"{where}, {who}: {table['drawn']} != {sorted(labels)}"
        for slip in SLIPS:
            assert slip not in table["text"], f"{where}, {who}: {slip!r} in {table['text']}"


def received() -> list[dict[str, Any]]:
    """Every event of the playouts (and the extras) as the API hands it to each kind of viewer."""
    events: list[dict[str, Any]] = []
    limited = steps(SPEC, 3, "limit", {**SPEC.options.defaults(), "turnLimit": 2})  # TurnLimitReached
    logs = [playout(SPEC, seed).log for seed in range(PLAYOUTS // 2)]
    logs.append(tuple(event for _, _, step in limited for event in step.events))
    for log in logs:
        for seq, event in enumerate((*log, *EXTRAS), start=1):
            for viewer in (OMNISCIENT, SPECTATOR, seat_viewer(0)):
                shown = redact(event, viewer)
                if shown is not None:
                    data = camel_keys(encode(shown))
                    events.append({"seq": seq, "type": type(shown).__name__, "seat": None, "data": data})
    return events


def fallback(kind: str) -> str:
    """What ``tell`` says of an event type it does not know: the type's words."""
    return "".join(f" {c}" if c.isupper() and i else c for i, c in enumerate(kind))


def test_every_event_type_is_told_in_words_as_each_viewer_receives_it(new_page):
    events = received()
    kinds = {cls.__name__ for cls in EVENTS.types}
    assert kinds <= {event["type"] for event in events}, f"not played: {kinds - {e['type'] for e in events}}"

    page = new_page()
    page.goto("/")
    told = page.evaluate(TELL_ALL, [events, SEATS])

    for words, event in zip(told, events, strict=True):
        assert words and words.endswith((".", "!")), (event, words)
        assert not words.startswith(fallback(event["type"])), f"{event['type']} is not told: {words}"
        for slip in SLIPS:
            assert slip not in words, f"{event['type']} {event['data']}: {words}"
