"""Re-deciding a match's log from its seed: the part of verification anyone can run, with the published
engine (games/) and this module only: no server, no database (docs/frontend.md, "Provably fair shuffles").

The log stores events, not the commands that produced them, so each decision is re-derived. At each
point of the log, the seat that produced the next event (its ``seat``) is offered every command it could
have sent there: a player's legal moves and Resign, at the time the event was logged; the server's Begin
(before the deal) or the Timeout of a deadline the game is waiting on, at the deadline's time (lazy
enforcement) or the logged time (a timer). Each is decided with the seeded ``Chance`` of that point, as
the service decided it. A command whose events are exactly the next logged ones (type, data and seat)
explains them, and the game moves on by them. So every shuffle, deal and draw in the log is the one the
seed gives, and every other event follows from the rules and a move its seat could make; which of its
legal moves a player chose is theirs, and only their own client can vouch for it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from games.core import engine
from games.core.codec import camel_keys
from games.core.commands import Begin, Command, Resign, Timeout
from games.core.decisions import Accepted
from games.core.engine import Game
from games.core.spec import GameSpec

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
SHOWN_CHARS = 240  # how much of an event a problem quotes


@dataclass(frozen=True, slots=True)
class Logged:
    """One logged event: as stored (snake_case data) or as exported (camelCase), either compares."""

    seq: int
    type: str
    data: Any
    seat: int | None
    at_ms: int


@dataclass(frozen=True, slots=True)
class Reproduction:
    """How far the engine reproduced the log: ``reproduced`` events, then ``problem`` (None: all)."""

    reproduced: int
    problem: str | None


def ms(at: datetime) -> int:
    """Milliseconds since the epoch, exactly (the service logs whole milliseconds)."""
    return (at - EPOCH) // timedelta(milliseconds=1)


def exported_log(replay: Mapping[str, Any]) -> list[Logged]:
    """The log of a ``replay.json`` body (the full log, once revealed)."""
    return [
        Logged(
            event["seq"], event["type"], event["data"], event["seat"], ms(datetime.fromisoformat(event["at"]))
        )
        for event in replay["events"]
    ]


def reproduce(
    *, spec: GameSpec[Any], options: Any, seats: int, seed: str, log: Sequence[Logged]
) -> Reproduction:
    """Re-decide the log from ``seed``, one decision at a time (see the module's docstring)."""
    game = engine.new_game(spec, options, seats, seed)
    done = 0
    while done < len(log):
        explained, closest = _explain(game, log[done:])
        if explained is None:
            return Reproduction(done, _difference(log, done, closest))
        game = engine.settle(game, explained)
        done += len(explained.events)
    return Reproduction(done, None)


# The closest miss: (events that agreed, the events the engine would have logged).
Miss = tuple[int, list[tuple[str, Any]]]


def _explain(game: Game, rest: Sequence[Logged]) -> tuple[Accepted | None, Miss]:
    """The decision that logs the first events of ``rest`` exactly, else the closest miss."""
    closest: Miss = (-1, [])
    for command in _commands(game, rest[0]):
        decision = engine.decide(game, command)
        if not isinstance(decision, Accepted) or not decision.events:
            continue
        produced = [_plain(game.spec.events.dump(event)) for event in decision.events]
        agreed = _agreement(produced, command.seat, rest)
        if agreed == len(produced):
            return decision, closest
        closest = max(closest, (agreed, produced), key=lambda miss: miss[0])
    return None, closest


def _commands(game: Game, first: Logged) -> Iterator[Command[Any]]:
    """Every command the producer of ``first`` could have sent at this point of the match."""
    if first.seat is not None:
        for move in (*engine.legal_moves(game, first.seat), Resign()):
            yield Command(move, first.seat, first.at_ms)
        return
    if game.version == 0:
        yield Command(Begin(), None, first.at_ms)
        return
    for deadline in game.spec.deadlines(game.state):
        yield Command(Timeout(deadline.id), None, deadline.at)
        if first.at_ms != deadline.at:
            yield Command(Timeout(deadline.id), None, first.at_ms)


def _plain(dumped: tuple[str, Any]) -> tuple[str, Any]:
    """An event as a log holds it: JSON (tuples read back as lists), keys in camelCase, so that a stored
    row (snake_case) and an exported one (camelCase, as the API speaks) compare alike."""
    kind, data = dumped
    return kind, camel_keys(json.loads(json.dumps(data)))


def _agreement(produced: list[tuple[str, Any]], seat: int | None, rest: Sequence[Logged]) -> int:
    for index, (kind, data) in enumerate(produced):
        if index >= len(rest):
            return index
        logged = rest[index]
        if (kind, data, seat) != (logged.type, camel_keys(logged.data), logged.seat):
            return index
    return len(produced)


def _difference(log: Sequence[Logged], done: int, closest: Miss) -> str:
    agreed, produced = closest
    at = done + max(agreed, 0)
    got = log[at] if at < len(log) else None
    shown = f"{got.type} {_quote(got.data)} (seat {got.seat})" if got else "the end of the log"
    if agreed < 0:
        return f"event #{done + 1} differs: no move the seat could make here gives it; got {shown}"
    expected = produced[agreed] if agreed < len(produced) else None
    wanted = f"{expected[0]} {_quote(expected[1])}" if expected else "no further event"
    return f"event #{at + 1} differs: expected {wanted}, got {shown}"


def _quote(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"
