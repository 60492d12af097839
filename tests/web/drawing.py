"""What the per-game drawing tests share: the scripts that load a drawing module in the page and draw
states with it, and the view and event forms the API would send for a state the engine made."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from graphql import FieldNode, FragmentDefinitionNode, parse

from games.core.codec import camel_keys, encode
from games.core.visibility import Viewer, redact


def fragments_script(module: str) -> str:
    """A page script returning the module's ``[fragment, summaryFragment]``."""
    return f"""async () => {{
  const game = await import("{module}");
  return [game.fragment, game.summaryFragment];
}}"""


def draw_script(module: str) -> str:
    """A page script that draws each case into one host element, reading back the clickable moves, the
    inputs their clicks send and the summary, and tells every event in words."""
    return f"""async (payload) => {{
  const {{ cases, events, seats }} = JSON.parse(payload);  // one string: far quicker to send than objects
  const {{ render }} = await import("preact");
  const {{ html }} = await import("/static/web/app/kit.js");
  const game = await import("{module}");
  const host = document.createElement("div");
  document.body.append(host);
  const drawn = [];
  for (const c of cases) {{
    const sent = [];
    const play = (input) => {{ sent.push(JSON.stringify(input)); return Promise.resolve(); }};
    render(html`<${{game.Table}} view=${{c.view}} seat=${{c.view.seat}} seats=${{seats}} moves=${{c.moves}}
      play=${{play}} deadline=${{null}} now=${{Date.now()}} />`, host);
    const buttons = [...host.querySelectorAll("button[data-move]")];
    const clickable = buttons.map((b) => b.dataset.move);
    const bar = [...host.querySelectorAll(".actions [data-move]")].map((b) => b.dataset.move);
    buttons.forEach((b) => b.click());
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(html`<${{game.Summary}} view=${{c.summary}} seats=${{seats}} />`, host);
    drawn.push({{ clickable, bar, sent, summary: host.textContent.trim() }});
    render(null, host);
  }}
  return {{ drawn, told: events.map((e) => game.tell(e, seats)) }};
}}"""


def select(value: Any, fields: tuple[Any, ...]) -> Any:
    """``value`` (a view as JSON) cut to a GraphQL selection, as the server would answer it."""
    if isinstance(value, list):
        return [select(item, fields) for item in value]
    if value is None or not fields:
        return value
    picked = {}
    for field in fields:
        assert isinstance(field, FieldNode), "the fragments select plain fields"
        name = field.name.value
        inner = field.selection_set.selections if field.selection_set else ()
        found = value[name]
        if name == "deadline" and isinstance(found, int):  # Millis travel as DateTime
            found = datetime.fromtimestamp(found / 1000, UTC).isoformat()
        picked[(field.alias or field.name).value] = select(found, tuple(inner))
    return picked


def fragment_fields(fragment: str) -> tuple[Any, ...]:
    (definition,) = parse(fragment).definitions
    assert isinstance(definition, FragmentDefinitionNode)
    return tuple(definition.selection_set.selections)


def received(event: Any, viewer: Viewer) -> dict[str, Any] | None:
    """A MatchEvent as the API sends it to ``viewer`` (selectors.visible): its redacted form."""
    shown = redact(event, viewer)
    if shown is None:
        return None
    return {"seq": 1, "type": type(shown).__name__, "seat": None, "data": camel_keys(encode(shown))}
