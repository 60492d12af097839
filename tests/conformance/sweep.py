"""Bot-against-bot matches on the pure engine, timed as the service times them, for the seeded sweep.

The service gives every bot the match waits on a timer: the game's wish (``bot_delay_ms``, a Racesmack
tap) or its own thinking time, 300 ms (``api.matches.store``); the earliest timer or game deadline
fires first. Here bots that would fire at the same moment are ordered by a seeded stream, never by
seat, so the sweep itself favours no seat. Each bot sees only its own view and its legal moves.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command, Timeout
from games.core.decisions import Rejected
from games.core.engine import Game
from games.core.options import BoolOption, ChoiceOption, IntOption
from games.core.spec import GameSpec
from games.core.visibility import Event, seat_viewer

T0 = 1_700_000_000_000
THINKING_MS = 300  # the service's BOT_DELAY_MS
MAX_STEPS = 20_000  # bot moves and timeouts: far beyond any game's own turn limit
SMALL_RANGE = 3  # a nullable int option off by default, with at most this many values, is a variant
HEURISTIC, RANDOM = "heuristic", "random"


class Broken(AssertionError):
    """A match that went wrong: it says which game, seats, options and seed, to replay it."""


@dataclass(frozen=True)
class Table:
    spec: GameSpec[Any]
    seats: int
    options: Mapping[str, Any]
    seed: str
    bots: tuple[str, ...]

    def __str__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.spec.options.defaults()[k]}
        return f"{self.spec.key}, {self.seats} seats, options {changed or 'default'}, seed {self.seed!r}, bots {self.bots}"


@dataclass(frozen=True)
class Result:
    table: Table
    game: Game
    moves: int
    last: tuple[Event, ...]  # the events of the command that ended the match

    @property
    def winners(self) -> tuple[int, ...]:
        outcome = self.game.outcome()
        return outcome.winners if outcome else ()


def option_sets(spec: GameSpec[Any]) -> list[dict[str, Any]]:
    """Every combination of the options that change the play (booleans, choices, small variant ints),
    the defaults first, leaving out the combinations the game refuses. Clocks and limits keep their
    defaults: bots answer well within the clocks, and the sweep checks the turn limits are not reached."""
    defaults = spec.options.defaults()
    varied = {
        option.name: _values(option) for option in spec.options.fields if option.name != "revealAfterEnd"
    }
    varied = {name: values for name, values in varied.items() if values}
    combos = [dict(zip(varied, values, strict=True)) for values in itertools.product(*varied.values())]
    sets = [{**defaults, **combo} for combo in combos]
    sets.sort(key=lambda options: options != defaults)
    return [options for options in sets if _accepted(spec, options)]


def _accepted(spec: GameSpec[Any], options: dict[str, Any]) -> bool:
    """The service refuses these options (``parse``), or the game does when it builds its table (a
    combination of variants it cannot play raises ``ValueError``, e.g. Racesmack's Q3)."""
    if isinstance(spec.options.parse(options), Rejected):
        return False
    try:
        spec.initial_state(options, spec.min_players)
    except ValueError:
        return False
    return True


def _values(option: Any) -> tuple[Any, ...]:
    if isinstance(option, BoolOption):
        return (option.default, not option.default)
    if isinstance(option, ChoiceOption):
        return (option.default, *(choice for choice in option.choices if choice != option.default))
    if isinstance(option, IntOption) and option.default is None and option.nullable:
        low, high = option.minimum, option.maximum
        if low is not None and high is not None and high - low < SMALL_RANGE:
            return (None, *range(low, high + 1))
    return ()


def lineup(seats: int, index: int) -> tuple[str, ...]:
    """The bots of match ``index`` at a table: in each block of ``2 * seats`` matches, first all
    heuristic, then heuristic and random bots alternating, turned one seat further each match. Over a
    block every seat has held every place of each line-up once, so no seat gets better bots."""
    place = index % (2 * seats)
    if place < seats:
        return (HEURISTIC,) * seats
    if seats == 1:
        return (RANDOM,)  # a solitaire climber plays the random bot alone
    return tuple(HEURISTIC if (seat + place) % seats % 2 == 0 else RANDOM for seat in range(seats))


def play(table: Table) -> Result:
    """The match played to its end; ``Broken`` if a bot's move is refused, an invariant breaks, nobody
    can move the match on, or it does not end."""
    spec = table.spec
    game, now = engine.new_game(spec, table.options, table.seats, table.seed), T0
    game, events = _step(table, game, Command(Begin(), None, now))
    moves = 0
    for _ in range(MAX_STEPS):
        if game.over:
            return Result(table, game, moves, events)
        command = _next(table, game, now)
        now, moves = command.at, moves + (command.seat is not None)
        game, events = _step(table, game, command)
    raise Broken(f"{table}: no end after {MAX_STEPS} moves and timeouts")


def _next(table: Table, game: Game, now: int) -> Command[Any]:
    """The command that comes first: the earliest bot timer (ties drawn at random), else the earliest
    game deadline."""
    due = dict(_bot_timers(game, now))
    deadlines = sorted(table.spec.deadlines(game.state), key=lambda deadline: (deadline.at, deadline.id))
    if deadlines and (not due or deadlines[0].at < min(due.values())):
        return Command(Timeout(deadlines[0].id), None, max(now, deadlines[0].at))
    if not due:
        raise Broken(f"{table}: at version {game.version} nobody may act and no deadline is set")
    seat = Chance(f"{table.seed}:order", game.version).best(sorted(due), key=lambda seat: -due[seat])
    view = engine.view(game, seat_viewer(seat))
    legal = engine.legal_moves(game, seat)
    move = table.spec.bots[table.bots[seat]].choose(
        view, legal, Chance(f"{table.seed}:bot:{seat}", game.version)
    )
    return Command(move, seat, due[seat])


def _bot_timers(game: Game, now: int) -> Iterator[tuple[int, int]]:
    for seat in engine.waiting_on(game):
        if engine.legal_moves(game, seat):
            wished = engine.bot_delay_ms(game, seat)
            yield seat, now + (THINKING_MS if wished is None else max(0, wished))


def _step(table: Table, game: Game, command: Command[Any]) -> tuple[Game, tuple[Event, ...]]:
    step = engine.step(game, command)
    if isinstance(step.decision, Rejected):
        who = "the timer" if command.seat is None else f"seat {command.seat} ({table.bots[command.seat]})"
        raise Broken(f"{table}: at version {game.version} {who} played {command.move!r}: {step.decision}")
    broken = table.spec.invariants(step.game.state)
    if broken:
        raise Broken(f"{table}: at version {step.game.version} invariants broken: {broken}")
    return step.game, step.events


def named_winner(result: Result) -> bool:
    """Whether the match ended naming a winner: the end event's ``winner`` or ``winners`` when it has
    one (a turn limit names none), else the outcome's first place."""
    ends = [event for event in result.last if type(event).__name__ == "MatchEnded"]
    if ends and hasattr(ends[-1], "winner"):
        return ends[-1].winner is not None
    if ends and hasattr(ends[-1], "winners"):
        return bool(ends[-1].winners)
    return bool(result.winners)
