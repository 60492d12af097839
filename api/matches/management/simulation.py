"""Bot-vs-bot matches on the pure engine (no database), checking invariants as they play.

Per match: every bot move is accepted; every event survives its JSON codec; replaying the log gives
exactly the live final state; the match ends within ``move_cap`` moves. A broken invariant is
recorded on the result, never raised, so one bad match cannot stop a long run.
"""

from __future__ import annotations

import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command, Timeout
from games.core.decisions import Rejected
from games.core.spec import GameSpec
from games.core.visibility import Event, seat_viewer

START_MS = 1_700_000_000_000
MOVE_MS = 1  # simulated think time: bots answer at once, so timers fire only when nobody can act


@dataclass(frozen=True, slots=True)
class MatchResult:
    seed: str
    bots: tuple[str, ...]  # bot name per seat
    winners: tuple[int, ...] = ()
    moves: int = 0  # bot moves (timeouts are not moves)
    turns: int = 0  # TurnStarted events when the game has them, else times the acting seat changed
    failure: str | None = None


def seat_bots(bots: Sequence[str], players: int, match_index: int) -> tuple[str, ...]:
    """Seat i plays bots[i % len]; with one bot per seat, rotate each match so each plays every seat."""
    shift = match_index if len(bots) == players else 0
    return tuple(bots[(seat + shift) % len(bots)] for seat in range(players))


class _Failure(Exception):
    pass


class Playout:
    def __init__(self, spec: GameSpec[Any], options: Mapping[str, Any], bots: tuple[str, ...], seed: str):
        self.spec, self.options, self.bots, self.seed = spec, options, bots, seed
        self.game = engine.new_game(spec, options, len(bots), seed)
        self.now = START_MS
        self.events: list[Event] = []
        self.moves = self.turns = 0
        self.last_seat: int | None = None

    def apply(self, command: Command[Any], who: str) -> bool:
        """Step the engine; return False when the command was accepted but changed nothing."""
        result = engine.step(self.game, command)
        self.events.extend(result.events)
        self.game = result.game
        if isinstance(result.decision, Rejected):
            raise _Failure(
                f"{who} {command.move!r} rejected: {result.decision.code} {result.decision.message}"
            )
        return bool(result.events)

    def next_seat(self) -> int | None:
        for seat in sorted(engine.waiting_on(self.game)):
            if engine.legal_moves(self.game, seat):
                return seat
        return None

    def count_turns(self) -> int:
        started = [event for event in self.events if type(event).__name__ == "TurnStarted"]
        return len(started) if started else self.turns

    def bot_move(self, seat: int) -> None:
        view = engine.view(self.game, seat_viewer(seat))
        legal = engine.legal_moves(self.game, seat)
        chance = Chance(f"{self.seed}:bot:{seat}", self.game.version + 1)
        move = self.spec.bots[self.bots[seat]].choose(view, legal, chance)
        self.turns += seat != self.last_seat
        self.last_seat = seat
        self.moves += 1
        self.apply(Command(move, seat, self.now), f"seat {seat} ({self.bots[seat]})")

    def timeout(self) -> None:
        deadlines = sorted(self.spec.deadlines(self.game.state), key=lambda d: (d.at, d.id))
        if not deadlines:
            raise _Failure(f"stuck at version {self.game.version}: nobody can act and no deadline is set")
        self.now = max(self.now, deadlines[0].at)
        if not self.apply(Command(Timeout(deadlines[0].id), None, self.now), "timeout"):
            raise _Failure(f"stuck at version {self.game.version}: timeout {deadlines[0].id} changed nothing")

    def run(self, move_cap: int) -> None:
        self.apply(Command(Begin(), None, self.now), "begin")
        while not self.game.over:
            if self.moves >= move_cap:
                raise _Failure(f"no result after {move_cap} moves (move cap)")
            self.now += MOVE_MS
            seat = self.next_seat()
            if seat is None:
                self.timeout()
            else:
                self.bot_move(seat)
        self.check_replay()

    def check_replay(self) -> None:
        codec = self.spec.events
        stored = [codec.load(*codec.dump(event)) for event in self.events]
        for index, (event, back) in enumerate(zip(self.events, stored, strict=True), start=1):
            if event != back:
                raise _Failure(f"event {index} changes through its JSON codec: {event!r} -> {back!r}")
        replayed = engine.replay(self.spec, self.options, len(self.bots), self.seed, stored)
        if replayed.version != self.game.version or replayed.state != self.game.state:
            raise _Failure(f"replaying {len(stored)} events does not give the live final state")


def play_match(
    spec: GameSpec[Any], options: Mapping[str, Any], bots: tuple[str, ...], seed: str, *, move_cap: int
) -> MatchResult:
    play = Playout(spec, options, bots, seed)
    failure: str | None = None
    try:
        play.run(move_cap)
    except _Failure as broken:
        failure = str(broken)
    except Exception as error:
        where = traceback.extract_tb(error.__traceback__)[-1]
        failure = f"{type(error).__name__}: {error} (at {where.filename}:{where.lineno})"
    outcome = play.game.outcome() if failure is None else None
    winners = outcome.winners if outcome else ()
    return MatchResult(seed, bots, winners, play.moves, play.count_turns(), failure)
