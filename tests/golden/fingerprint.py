"""The fingerprint of a game's behaviour along a stored match: what every viewer saw, step by step.

A golden log keeps its events in full (they are the match) and, beside them, short digests of what
the engine made of them: for the spectator and each seat, its ``view`` after every event and the
``events`` as redacted for it; for each seat its legal ``moves``, and for the spectator the ``table``
(deadlines, whom the match waits on, who may act). Folding only applies events, so ``decide`` is
fingerprinted apart: the ``playout`` digests are those of the events of the game's seeded random
playout at that seat count, which ``decide`` produces command by command.

Each digest chains the previous one with the canonical JSON of one step, and the chain is written down
every ``EVERY`` events and at the end: the files stay small (digests, never views), yet a difference
anywhere shows, and says where.

``HISTORY`` is what a stored match shows when it is replayed; ``RULES`` is what the rules would let
happen next. See README.md beside this module for which must hold for which rules version.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import engine
from games.core.codec import encode
from games.core.spec import GameSpec
from games.core.visibility import SPECTATOR, Event, Viewer, redact, seat_viewer
from tests.conformance.playouts import playout

EVERY = 50  # events between two written digests: where a difference is narrowed down to
HEX = 16  # characters of each written digest: 64 bits, plenty against a chance match

HISTORY = ("view", "events")
RULES = ("moves", "table")
WHAT = {"view": "view", "events": "redacted events", "moves": "legal moves", "table": "deadlines and turns"}


@dataclass(frozen=True, slots=True)
class Fold:
    """A stored match folded by today's engine: the fingerprint and how it ended."""

    digests: dict[str, dict[str, list[str]]]
    outcome: Any  # the encoded Outcome, None when the match no longer ends
    problems: tuple[str, ...]  # invariants broken at the end


def canonical(value: Any) -> bytes:
    """The canonical JSON of ``value``'s JSON form (``games.core.codec.encode``): sorted keys and sets,
    no spaces. The JSON encoder walks the lists and dicts in C, calling back only for dataclasses, enums
    and sets, which makes folding every log for every viewer about three times faster."""
    try:
        return _json(value).encode()
    except TypeError:  # a mapping keyed by something JSON keys cannot be (an enum): the slow, sure way
        return _json(encode(value)).encode()


def _json(value: Any) -> str:
    return json.dumps(value, default=_plain, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: getattr(value, name) for name in _field_names(type(value))}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, frozenset | set):
        try:
            return sorted(value)
        except TypeError:  # members that do not order (dataclasses, enums): by their JSON
            return sorted(value, key=_json)
    raise TypeError(f"no JSON form for {type(value).__name__}")


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))


def label(viewer: Viewer) -> str:
    return "spectator" if viewer.seat is None else f"seat {viewer.seat}"


def fold(spec: GameSpec[Any], log: dict[str, Any]) -> Fold:
    """Replay ``log`` (a golden log's JSON) with today's engine and fingerprint every step."""
    events = [spec.events.load(name, data) for name, data in log["events"]]
    viewers = [SPECTATOR, *(seat_viewer(seat) for seat in range(log["seats"]))]
    chains = {label(viewer): _Chains() for viewer in viewers}
    written = set(written_at(len(events)))
    game = None
    for step, game, event in _steps(spec, log, events):
        for viewer in viewers:
            chains[label(viewer)].add(_seen(spec, game, event, viewer))
        if step in written:
            for chain in chains.values():
                chain.write()
    assert game is not None  # a fold has at least its first step, the table before any event
    outcome = game.outcome()
    return Fold(
        {name: chain.written for name, chain in chains.items()},
        None if outcome is None else encode(outcome),
        tuple(game.spec.invariants(game.state)),
    )


def _steps(
    spec: GameSpec[Any], log: dict[str, Any], events: Sequence[Event]
) -> Iterator[tuple[int, engine.Game, Event | None]]:
    game = engine.new_game(spec, log["options"], log["seats"], log["seed"])
    yield 0, game, None
    for step, event in enumerate(events, start=1):
        game = engine.evolve(game, event)
        yield step, game, event


def _seen(spec: GameSpec[Any], game: engine.Game, event: Event | None, viewer: Viewer) -> dict[str, Any]:
    shown = None if event is None else redact(event, viewer)
    seen = {
        "view": engine.view(game, viewer),
        "events": None if shown is None else spec.events.dump(shown),
    }
    if viewer.seat is None:
        seen["table"] = {
            "deadlines": spec.deadlines(game.state),
            "waitingOn": sorted(engine.shown_waiting_on(game)),
            "mayAct": sorted(engine.may_act(game)),
        }
    else:
        seen["moves"] = [spec.moves.dump(move) for move in engine.legal_moves(game, viewer.seat)]
    return seen


class _Chains:
    """One running digest per aspect of what a viewer sees, and the ones written down so far."""

    def __init__(self) -> None:
        self.running: dict[str, bytes] = {}
        self.written: dict[str, list[str]] = {}

    def add(self, seen: dict[str, Any]) -> None:
        for aspect, value in seen.items():
            before = self.running.get(aspect, b"")
            self.running[aspect] = hashlib.sha256(before + canonical(value)).digest()

    def write(self) -> None:
        for aspect, digest in self.running.items():
            self.written.setdefault(aspect, []).append(digest.hex()[:HEX])


def played(spec: GameSpec[Any], seats: int) -> tuple[str, dict[str, Any], list[list[Any]]]:
    """The seeded random playout of ``spec`` at ``seats``: its seed, options and events as stored."""
    result = playout(spec, seats * 7 + 1, seats)
    return result.seed, result.options, [list(spec.events.dump(event)) for event in result.log]


def playout_digests(spec: GameSpec[Any], seats: int) -> list[str]:
    """The fingerprint of ``decide``: the chained digests of the events of the seeded playout."""
    _, _, events = played(spec, seats)
    chain, written = _Chains(), set(written_at(len(events)))
    chain.add({"playout": None})
    chain.write()
    for step, event in enumerate(events, start=1):
        chain.add({"playout": event})
        if step in written:
            chain.write()
    return chain.written["playout"]


def written_at(events: int) -> list[int]:
    """The steps whose digests are written down for a log of ``events`` events (0: before the first)."""
    return sorted({*range(0, events + 1, EVERY), events})


def first_difference(recorded: list[str], today: list[str]) -> str | None:
    """Where two written chains part, in the log's words ("in events 51 to 100"), or None."""
    for index, (was, now) in enumerate(zip(recorded, today, strict=False)):
        if was != now:
            if index == 0:
                return "before the first event"
            last = index == min(len(recorded), len(today)) - 1
            return f"in events {(index - 1) * EVERY + 1} to {'the end' if last else index * EVERY}"
    return (
        None if len(recorded) == len(today) else f"in length: {len(recorded)} chain links, now {len(today)}"
    )
