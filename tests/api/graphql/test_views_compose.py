"""Views compose, and a finished match shows from any seat.

Across every game's view type one field name means one thing with one shape (a count is named as a
count, a card is an object, a colour is one enum), so a page that lists matches of several games, the
replay browser, asks for all their views in one document. And a replay can be watched as each seat saw
it: `asSeat` on `view` and `events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from graphql import GraphQLNamedType, get_named_type, is_leaf_type, is_union_type, parse, validate

from api.graphql.schema import schema
from games.registry import REGISTRY

pytestmark = pytest.mark.django_db(transaction=True)


def games() -> dict[str, Any]:
    """The five games (the tests' toy game has no typed view)."""
    return {key: spec for key, spec in REGISTRY.items() if spec.view_type is not None}


def view_types() -> list[Any]:
    return schema._schema.get_possible_types(schema._schema.get_type("GameView"))


def everything(graphql_type: GraphQLNamedType) -> str:
    """A selection of every field of ``graphql_type``, all the way down."""
    if is_leaf_type(graphql_type):
        return ""
    if is_union_type(graphql_type):
        return (
            "{ __typename " + " ".join(f"... on {t.name} {everything(t)}" for t in graphql_type.types) + " }"
        )
    fields = graphql_type.fields.items()
    return (
        "{ " + " ".join(f"{name} {everything(get_named_type(field.type))}" for name, field in fields) + " }"
    )


def test_every_game_s_whole_view_fits_in_one_document():
    """The overlap rule (OverlappingFieldsCanBeMerged) would refuse `deck: Int!` beside
    `deck: [Card]`, or `hand` of cards beside `hand` of kinds: no two games may disagree."""
    views = " ".join(f"... on {view.name} {everything(view)}" for view in view_types())
    document = f"query {{ matches {{ edges {{ node {{ view {{ __typename {views} }} }} }} }} }}"
    assert [error.message for error in validate(schema._schema, parse(document))] == []
    assert {view.name for view in view_types()} == {f"{spec.view_type.__name__}" for spec in games().values()}


# What a page listing matches of every game asks of each view: the fields several games share (each with
# its own meaning before the views were made to compose), in one fragment per game, as the replay list's
# summary fragments do. Sent through the server, so its limits hold for it too.
SHARED = {
    "BoulderBluffView": "hand { number colours } deckSize discardPileSize active turn players { handSize }",
    "CactusView": "hand { kind name } discards { kind } drawPileSize active turn players { handSize hand { kind } }",
    "CliffsNCactusesView": "hand { id } deckSize discards { id } racers { handSize }",
    "DaredevilRockView": "deckSize deck { name } discards { name } active turn",
    "RacesmackView": "hand { id colours } drawPileSize active players { handSize hand { id } }",
}
PAGE = (
    "query { matches(status: FINISHED, first: 10) { edges { node { id game view { __typename "
    + " ".join(f"...{name.removesuffix('View')}Row" for name in SHARED)
    + " } } } } }\n"
    + "\n".join(
        f"fragment {name.removesuffix('View')}Row on {name} {{ {fields} }}" for name, fields in SHARED.items()
    )
)


async def finished_match(register: Any, game: str) -> str:
    """A two-seat match of ``game``, dealt, then resigned by its host: over, every card revealed."""
    table = await start_table_of(register, game)
    await table.host.lobby("resign", table.match_id)
    return table.match_id


@dataclass
class Table:
    host: Any
    match_id: str


async def start_table_of(register: Any, game: str) -> Table:
    """A match of ``game`` with its fewest seats, all players, dealt."""
    host = await register()
    created = await host.create({}, game=game)
    match_id = created["match"]["id"]
    for _ in range(REGISTRY[game].min_players - 1):
        assert (await (await register()).lobby("joinMatch", match_id))["error"] is None
    assert (await host.lobby("startMatch", match_id))["error"] is None
    return Table(host, match_id)


async def test_a_page_of_every_game_s_matches_gets_their_views_in_one_request(register, spectator):
    assert set(SHARED) == {view.name for view in view_types()}
    ids = {game: await finished_match(register, game) for game in games()}
    edges = (await spectator.run(PAGE))["matches"]["edges"]
    seen = {edge["node"]["game"]: edge["node"]["view"] for edge in edges}
    assert {edge["node"]["id"] for edge in edges} == set(ids.values())
    for game, view in seen.items():
        assert view["__typename"] == REGISTRY[game].view_type.__name__
    assert all(isinstance(player["handSize"], int) for player in seen["cactus-card-game"]["players"])
    assert all(card["name"] for card in seen["cactus-card-game"]["hand"])


CACTUS_SEAT_VIEW = """query($id: ID!, $seat: Int) { match(id: $id) {
  view(asSeat: $seat) { ... on CactusView { seat hand { kind } players { hand { kind } } } }
  events(asSeat: $seat) { type data }
} }"""


async def test_after_the_end_anyone_may_watch_the_match_as_any_seat_saw_it(register, spectator):
    table = await start_table_of(register, "cactus-card-game")
    await table.host.lobby("resign", table.match_id)
    everything_shown = (await spectator.run(CACTUS_SEAT_VIEW, {"id": table.match_id, "seat": None}))["match"]
    assert all(player["hand"] is not None for player in everything_shown["view"]["players"])
    for seat in (0, 1):
        match = (await spectator.run(CACTUS_SEAT_VIEW, {"id": table.match_id, "seat": seat}))["match"]
        assert match["view"]["seat"] == seat
        assert match["view"]["hand"] or seat == 0  # its own hand (the host left: its hand was discarded)...
        assert all(player["hand"] is None for player in match["view"]["players"])  # ...and nobody's else
        assert match["events"] != everything_shown["events"]  # the deal, as that seat saw it


async def test_during_play_a_player_may_take_only_its_own_seat(register, spectator):
    table = await start_table_of(register, "cactus-card-game")
    own = (await table.host.run(CACTUS_SEAT_VIEW, {"id": table.match_id, "seat": 0}))["match"]
    assert own["view"]["hand"]
    for caller, seat, code in [
        (table.host, 1, "FORBIDDEN_SEAT"),
        (spectator, 0, "FORBIDDEN_SEAT"),
        (table.host, 2, "INVALID_SEAT"),
        (table.host, -1, "INVALID_SEAT"),
    ]:
        body = await caller.post(CACTUS_SEAT_VIEW, {"id": table.match_id, "seat": seat})
        assert {error["extensions"]["code"] for error in body["errors"]} == {code}, body
        assert body["data"] is None or body["data"]["match"] is None


LOBBY_VIEW = "query($id: ID!) { match(id: $id) { status view { __typename ... on CactusView { started } } } }"


async def test_a_lobby_short_of_players_has_no_view_yet_and_then_one(register):
    host = await register()
    match_id = (await host.create({}, game="cactus-card-game"))["match"]["id"]
    body = await host.post(LOBBY_VIEW, {"id": match_id})
    assert "errors" not in body and body["data"]["match"] == {"status": "LOBBY", "view": None}
    assert (await (await register()).lobby("joinMatch", match_id))["error"] is None
    match = (await host.run(LOBBY_VIEW, {"id": match_id}))["match"]
    assert match["view"] == {"__typename": "CactusView", "started": False}
