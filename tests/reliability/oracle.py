"""The leak oracle: what each viewer may not know at each version, and every response checked against it.

The truth comes from the server's database, not from the API under test: the match's seed, options and
full log, folded by the engine into its state at every version. For a seat, or the spectator, at version
``v`` the game's ``secrets(state, viewer)`` names the cards it may not know then (others' hands, face-down
cards, the deck and so its order, a sealed card before the reveal); the seed is secret until the end.

A response is attributed to the version it shows (an update's ``version``, ``view(atVersion)``'s, an
event's ``seq``) and searched for those secrets in any shape the API gives them: a card is found when any
JSON object holds the whole of the card's encoding (nested faces and icons included), whatever the key's
case (``their_card`` and ``theirCard`` are one key), with other fields beside it or not. Events are held to more: each must be exactly what the engine's ``redact``
makes of the stored event for that viewer, so a sealed choice that is no card (stay or withdraw) cannot
travel in an event either. Views are held to more too, for games whose views name cards by kind alone
(a Cactus hand is a list of kinds, which no card's identity can be searched for): a field of a view
that carries what the omniscient view shows there, and not what the engine shows this viewer, leaks.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
import psycopg

from games.core import engine
from games.core.codec import encode
from games.core.engine import Game
from games.core.visibility import OMNISCIENT, SPECTATOR, Viewer, redact, seat_viewer
from games.registry import REGISTRY

KEY = re.compile(rb'"([A-Za-z0-9_]+)":')
Field = tuple[str, bytes]  # a normalized key and a scalar value as canonical JSON
VIEW_INTERFACE = frozenset(("typename", "game", "version"))  # GameView's own fields, normalized


@dataclass(frozen=True, slots=True)
class Secret:
    """A value the viewer may not know, normalized; ``anchor`` is a scalar field any holder has."""

    value: Any
    anchor: Field


@dataclass(frozen=True, slots=True)
class Seen:
    """One response a viewer got, at the version it shows."""

    seat: int | None  # None: the spectator
    surface: str  # "matchUpdates", "submitMove", "match", "view(atVersion)", "events", "replay.json"
    version: int  # an event's: its seq
    body: Any  # the parsed JSON of this part of the response
    event: bool = False  # one event of the log (then held to the engine's redaction of it)


@dataclass(frozen=True, slots=True)
class Finding:
    seat: int | None
    surface: str
    version: int
    what: str

    def __str__(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        return f"{who}, {self.surface} at v{self.version}: {self.what}"


@dataclass
class Truth:
    """A match as the server stored it: every version's game, and its log."""

    game: str
    seed: str
    games: list[Game]  # games[v]: the match at version v
    rows: list[tuple[str, dict[str, Any]]]  # rows[s - 1]: the stored (type, data) of event s
    _secrets: dict[tuple[int, int | None], dict[Field, list[Secret]]] = field(default_factory=dict)

    @property
    def final(self) -> int:
        return len(self.games) - 1

    def secrets(self, version: int, seat: int | None) -> dict[Field, list[Secret]]:
        """The viewer's secrets at ``version``, indexed by one scalar field each (a cheap first test)."""
        key = (version, seat)
        if key not in self._secrets:
            game = self.games[min(version, self.final)]
            index: dict[Field, list[Secret]] = {}
            for card in game.spec.secrets(game.state, viewer(seat)):
                secret = _secret(card)
                index.setdefault(secret.anchor, []).append(secret)
            self._secrets[key] = index
        return self._secrets[key]

    def view_fields(self, version: int, seat: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        """The engine's view for the viewer at ``version``, and the omniscient one, normalized."""
        game = self.games[min(version, self.final)]
        return (
            normalized(encode(engine.view(game, viewer(seat)))),
            normalized(encode(engine.view(game, OMNISCIENT))),
        )

    def event_for(self, seq: int, seat: int | None) -> tuple[str, Any] | None:
        """Event ``seq`` as the engine redacts it for the viewer: (type, data), or None if not shown."""
        kind, data = self.rows[seq - 1]
        game = self.games[seq]
        shown = redact(game.spec.events.load(kind, data), viewer(seat))
        if shown is None:
            return None
        return type(shown).__name__, normalized(encode(shown))


@functools.cache
def _secret(card: Any) -> Secret:
    """A card as the oracle searches for it (cards are frozen values: each is encoded once)."""
    value = normalized(encode(card))
    fields = scalar_fields(value)
    assert fields, f"a secret with no scalar field cannot be searched for: {value!r}"
    return Secret(value, min(fields))


def viewer(seat: int | None) -> Viewer:
    return SPECTATOR if seat is None else seat_viewer(seat)


def load_truth(database_url: str, match_id: str) -> Truth:
    """The match from the database the server writes to, every version folded by the engine."""
    with psycopg.connect(database_url) as connection:
        game, options, seed = connection.execute(
            "select game, options, seed from matches_match where id = %s", (int(match_id),)
        ).fetchone()
        (seats,) = connection.execute(
            "select count(*) from matches_seat where match_id = %s", (int(match_id),)
        ).fetchone()
        rows = connection.execute(
            "select type, data from matches_matchevent where match_id = %s order by seq", (int(match_id),)
        ).fetchall()
    spec = REGISTRY[game]
    games = [engine.new_game(spec, options, seats, seed)]
    for kind, data in rows:
        games.append(engine.evolve(games[-1], spec.events.load(kind, data)))
    return Truth(game, seed, games, [(kind, data) for kind, data in rows])


def key(name: str) -> str:
    return name.replace("_", "").lower()


def normalized(value: Any) -> Any:
    """JSON with every object key normalized (case and underscores), tuples as lists."""
    if isinstance(value, Mapping):
        return {key(name): normalized(item) for name, item in value.items()}
    if isinstance(value, list | tuple):
        return [normalized(item) for item in value]
    return value


def normalized_json(body: Any) -> Any:
    """``normalized(body)`` for a whole response, at the JSON parser's speed: a JSON string value is
    never followed by a colon, so a quoted name before one is a key."""
    text = KEY.sub(lambda found: b'"' + found[1].replace(b"_", b"").lower() + b'":', orjson.dumps(body))
    return orjson.loads(text)


def scalar_fields(value: Any) -> frozenset[Field]:
    """The scalar members of an object (a card's number, suit, copy...)."""
    if not isinstance(value, Mapping):
        return frozenset()
    return frozenset(
        (key(name), orjson.dumps(item))
        for name, item in value.items()
        if not isinstance(item, Mapping | list)
    )


def objects(value: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in ``value``, at any depth."""
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            yield item
            stack.extend(item.values())
        elif type(item) is list:
            stack.extend(item)


def holds(shown: Any, secret: Any) -> bool:
    """Does ``shown`` (normalized) carry all of ``secret``: every field of it, at any depth?"""
    if isinstance(secret, Mapping):
        return isinstance(shown, Mapping) and all(
            name in shown and holds(shown[name], item) for name, item in secret.items()
        )
    if isinstance(secret, list):
        return isinstance(shown, list) and len(shown) == len(secret) and all(map(holds, shown, secret))
    return shown == secret


def cards_in(body: Any, secrets: Mapping[Field, list[Secret]]) -> Iterator[Secret]:
    """Each secret some object of ``body`` holds entirely."""
    names = {name for name, _ in secrets}  # the keys secrets are indexed by: "id", "number"...
    if not names:
        return
    for node in objects(normalized_json(body)):
        for name in names & node.keys():
            value = node[name]
            if isinstance(value, Mapping | list):
                continue
            for secret in secrets.get((name, orjson.dumps(value)), ()):
                if holds(node, secret.value):
                    yield secret


def check(truth: Truth, seen: Sequence[Seen]) -> list[Finding]:
    """Every way ``seen`` tells a viewer what it may not know."""
    findings: list[Finding] = []
    for response in seen:
        findings.extend(_leaks(truth, response))
    return findings


def _leaks(truth: Truth, response: Seen) -> Iterator[Finding]:
    if truth.seed in orjson.dumps(response.body).decode():
        yield _finding(response, "the match seed")
    if response.event:
        yield from _event_leaks(truth, response)
        return
    yield from _cards(truth, response)
    yield from _view_leaks(truth, response)


def _view_leaks(truth: Truth, response: Seen) -> Iterator[Finding]:
    """Objects shaped like the game's view (two or more of its fields, and else only the ``GameView``
    interface's) whose field holds what the omniscient view shows there and not what this viewer's does."""
    own, everything = truth.view_fields(response.version, response.seat)
    names = own.keys()
    for node in objects(normalized_json(response.body)):
        keys = node.keys() & names
        if len(keys) < 2 or not node.keys() - names <= VIEW_INTERFACE:
            continue
        for name in sorted(keys):
            if holds(everything[name], node[name]) and not holds(own[name], node[name]):
                yield _finding(response, f"a view whose {name} is the omniscient view's")


def _cards(truth: Truth, response: Seen) -> Iterator[Finding]:
    for secret in cards_in(response.body, truth.secrets(response.version, response.seat)):
        yield _finding(response, f"a secret card {orjson.dumps(secret.value).decode()}")


def _event_leaks(truth: Truth, response: Seen) -> Iterator[Finding]:
    expected = truth.event_for(response.version, response.seat)
    shown = (response.body["type"], normalized(response.body["data"]))
    if expected is None:
        yield _finding(response, f"an event it may not see at all: {shown[0]}")
    elif shown != expected:
        yield _finding(response, f"{shown[0]} {shown[1]} where the engine shows {expected[0]} {expected[1]}")
    yield from _cards(truth, response)


def _finding(response: Seen, what: str) -> Finding:
    return Finding(response.seat, response.surface, response.version, what)
