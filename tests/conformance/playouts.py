"""Random playouts through the engine, shared by the conformance and redaction suites."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command, Timeout
from games.core.deadlines import overdue
from games.core.decisions import Accepted, Rejected
from games.core.engine import Game
from games.core.spec import GameSpec
from games.core.visibility import Event

T0 = 1_700_000_000_000
MAX_COMMANDS = 20_000
SILENCE = 16  # about one command in this many is a deadline passing instead


class PlayoutError(AssertionError):
    pass


@dataclass(frozen=True)
class Playout:
    spec: GameSpec[Any]
    options: dict[str, Any]
    seats: int
    seed: str
    log: tuple[Event, ...]
    game: Game
    commands: int


def options_for(spec: GameSpec[Any], seed: int) -> dict[str, Any]:
    """Default options, with each boolean and choice option varied by the seed so variants get played."""
    chance = Chance(f"options:{seed}", 0)
    while True:  # a combination the game refuses (``OptionsSchema.excludes``) is drawn again
        options = spec.options.defaults()
        for option in spec.options.fields:
            choices = getattr(option, "choices", None)
            if isinstance(option.default, bool):
                options[option.name] = chance.coin()
            elif choices:
                options[option.name] = chance.pick(choices)
        if not isinstance(spec.options.parse(options), Rejected):
            return options


def steps(
    spec: GameSpec[Any], seats: int, seed: str, options: dict[str, Any]
) -> Iterator[tuple[Game, Game, Any]]:
    """Play random legal moves to the end, yielding (before, after, step) for every accepted command."""
    game = engine.new_game(spec, options, seats, seed)
    chance = Chance(f"playout:{seed}", 0)
    now = T0
    command: Command[Any] = Command(Begin(), None, now)
    for _ in range(MAX_COMMANDS):
        step = engine.step(game, command)
        if not isinstance(step.decision, Accepted):
            raise PlayoutError(f"{spec.key} seed {seed}: {command} was rejected: {step.decision}")
        yield game, step.game, step
        game = step.game
        if game.over:
            return
        now += 1 + chance.below(3_000)
        command = _due_timer(game, now) or _next_command(game, chance, now)
        now = max(now, command.at)  # a silence waits for the deadline
    raise PlayoutError(f"{spec.key} seed {seed}: no end after {MAX_COMMANDS} commands")


def _due_timer(game: Game, now: int) -> Command[Any] | None:
    """A deadline that passed before ``now`` fires first, as the timer worker fires it: a move chosen
    from the table before it could answer what is no longer open (a STOP window that timed out)."""
    due = overdue(game.spec.deadlines(game.state), now)
    return Command(Timeout(due[0].id), None, due[0].at) if due else None


def _next_command(game: Game, chance: Chance, now: int) -> Command[Any]:
    """A seat the match waits on plays; now and then a seat with only an optional move does, or
    everyone stays silent until the earliest deadline passes (always, when nobody is waited on)."""
    waiting = engine.waiting_on(game)
    optional = sorted(engine.may_act(game) - waiting)
    deadlines = sorted(game.spec.deadlines(game.state), key=lambda d: (d.at, d.id))
    if deadlines and (not waiting or chance.below(SILENCE) == 0):
        return Command(Timeout(deadlines[0].id), None, max(now, deadlines[0].at))
    if optional and (not waiting or chance.below(8) == 0):
        seat = chance.pick(optional)
    elif waiting:
        seat = chance.pick(sorted(waiting))
    else:
        raise PlayoutError(
            f"{game.spec.key}: nobody may act and no deadline is set, but the match is not over"
        )
    legal = engine.legal_moves(game, seat)
    if not legal:
        raise PlayoutError(f"{game.spec.key}: seat {seat} must act but has no legal move")
    return Command(chance.pick(legal), seat, now)


def playout(spec: GameSpec[Any], seed: int, seats: int | None = None) -> Playout:
    seats = seats or spec.min_players + seed % (spec.max_players - spec.min_players + 1)
    options = options_for(spec, seed)
    log: list[Event] = []
    commands = 0
    final = engine.new_game(spec, options, seats, str(seed))
    for _, final, step in steps(spec, seats, str(seed), options):  # noqa: B007 - the last one is kept
        log.extend(step.events)
        commands += 1
    return Playout(spec, options, seats, str(seed), tuple(log), final, commands)
