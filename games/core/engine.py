"""A match as the engine sees it: a spec, the seed, the version (events applied) and the state.

This is the surface the service calls. It derives each decision's ``Chance`` from ``(seed, seq)``,
applies overdue timeouts before a late command (lazy enforcement), and replays logs by folding
``evolve``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.core.chance import Chance
from games.core.commands import Command, Timeout
from games.core.deadlines import overdue
from games.core.decisions import Accepted, Decision, Rejected
from games.core.frozen import replacer
from games.core.outcome import Outcome
from games.core.spec import GameSpec
from games.core.visibility import Event, Viewer

# Lazy enforcement applies at most this many overdue timeouts before one command: a match left
# alone for days must not make one request fold an unbounded chain of turns.
MAX_OVERDUE = 64
# Legal moves are kept for the last 512 to 1,024 (game, seat) pairs asked: on a busy server, the moves
# of the last second or so.
KNOWN_LEGAL_MOVES = 512


@dataclass(frozen=True, slots=True)
class Game:
    spec: GameSpec[Any]
    seed: str
    version: int
    state: Any

    @property
    def over(self) -> bool:
        return self.spec.outcome(self.state) is not None

    def outcome(self) -> Outcome | None:
        return self.spec.outcome(self.state)


@dataclass(frozen=True, slots=True)
class Step:
    """The result of one command: its own decision, every event to append, and the game after them.

    ``events`` starts with any overdue timeouts the command had to apply first. A rejected command
    changes nothing: no events and the game as it was, though it was decided against the game after
    those timeouts; the timeouts themselves are appended when their timers fire.
    """

    decision: Decision
    events: tuple[Event, ...]
    game: Game


# Every decision settled builds a new Game: quicker than ``dataclasses.replace`` (games.core.frozen).
_replace_game = replacer(Game)


def new_game(spec: GameSpec[Any], options: Mapping[str, Any], seats: int, seed: str) -> Game:
    return Game(spec, seed, 0, spec.initial_state(options, seats))


def decide(game: Game, command: Command[Any]) -> Decision:
    if game.over and isinstance(command.move, Timeout):
        # A timer firing after the end (or after lazy enforcement applied its own deadline first, and
        # that ended the match) is stale like any other: timeouts are idempotent, never refused.
        return Accepted(())
    return game.spec.decide(game.state, command, Chance(game.seed, game.version + 1))


def evolve(game: Game, event: Event) -> Game:
    return _replace_game(game, version=game.version + 1, state=game.spec.evolve(game.state, event))


def settle(game: Game, decision: Accepted) -> Game:
    """``game`` after an accepted decision's events: the state ``decide`` folded, when it has one,
    so that each event is applied once (see ``Accepted.after``)."""
    if decision.after is None:
        return advance(game, decision.events)
    return _replace_game(game, version=game.version + len(decision.events), state=decision.after)


def advance(game: Game, events: Iterable[Event]) -> Game:
    state, version, evolve_state = game.state, game.version, game.spec.evolve
    for event in events:
        state = evolve_state(state, event)
        version += 1
    return _replace_game(game, version=version, state=state)


def replay(
    spec: GameSpec[Any], options: Mapping[str, Any], seats: int, seed: str, events: Iterable[Event]
) -> Game:
    return advance(new_game(spec, options, seats, seed), events)


def step(game: Game, command: Command[Any]) -> Step:
    """Apply overdue timeouts, then decide ``command``; return everything that happened."""
    timed_out, timeouts = _apply_overdue(game, command.at)
    decision = decide(timed_out, command)
    if isinstance(decision, Rejected):
        return Step(decision, (), game)
    return Step(decision, timeouts + decision.events, settle(timed_out, decision))


def caught_up(game: Game, now: int) -> Game:
    """``game`` as a command arriving at ``now`` finds it: after the timeouts already overdue."""
    return _apply_overdue(game, now)[0]


def moved_on(then: Game, now: Game, seat: int) -> bool:
    """Whether something began for ``seat`` between ``then`` and ``now`` that a move it chose then did
    not know of: a deadline that was not standing (a new turn, round, tap window or question), or a move
    open to it that was not. What others' actions only took away (a target, their own deadline) leaves
    the chosen move meant as it was; if they took the move itself, ``decide`` refuses it."""
    new_deadlines = _standing(now) - _standing(then)
    return bool(new_deadlines) or not frozenset(legal_moves(now, seat)) <= frozenset(legal_moves(then, seat))


def _standing(game: Game) -> frozenset[str]:
    return frozenset() if game.over else frozenset(d.id for d in game.spec.deadlines(game.state))


def _apply_overdue(game: Game, now: int) -> tuple[Game, tuple[Event, ...]]:
    applied: list[Event] = []
    for _ in range(MAX_OVERDUE):
        due = overdue(game.spec.deadlines(game.state), now)
        if not due:
            break
        deadline = due[0]
        decision = decide(game, Command(Timeout(deadline.id), None, deadline.at))
        if not isinstance(decision, Accepted) or not decision.events:
            break  # a game that ignores its own deadline would loop: stop here
        applied.extend(decision.events)
        game = settle(game, decision)
    return game, tuple(applied)


def view(game: Game, viewer: Viewer) -> Any:
    return game.spec.player_view(game.state, viewer)


def waiting_on(game: Game) -> frozenset[int]:
    """The seats the match waits on: it moves on when they act, or when a deadline passes."""
    return frozenset() if game.over else game.spec.waiting_on(game.state)


def shown_waiting_on(game: Game) -> frozenset[int]:
    """Whom everyone may see the match wait on: ``waiting_on``, unless the game hides readiness."""
    if game.over:
        return frozenset()
    spec = game.spec
    return (spec.shown_waiting_on or spec.waiting_on)(game.state)


def may_act(game: Game) -> frozenset[int]:
    """The seats with a legal move now: those it waits on, and any with an optional move."""
    if game.over:
        return frozenset()
    spec = game.spec
    return (spec.may_act or spec.waiting_on)(game.state)


def bot_delay_ms(game: Game, seat: int) -> int | None:
    """How long the game wants a bot at ``seat`` to take before acting now (None: no wish)."""
    delay = game.spec.bot_delay_ms
    return None if delay is None else delay(game.state, seat)


def legal_moves(game: Game, seat: int) -> tuple[Any, ...]:
    """The moves ``seat`` may make in ``game``; asked of one game many times, so kept (``_Known``)."""
    key = (id(game), seat)
    known = _known.get(key)
    if known is not None and known[0] is game:
        return known[1]
    moves = () if game.over else game.spec.legal_moves(game.state, seat)
    _known.put(key, game, moves)
    return moves


class _Known:
    """The legal moves of the games asked of last, by (game, seat).

    The same game is asked again and again: for each of its seats' live updates, then by the write path
    when a move chosen at that version arrives after the match moved on (``moved_on`` compares the game
    the mover was shown with the game now). Games are immutable, so an answer holds for as long as its
    game lives; an entry keeps its game, so the game's ``id`` names no other while the entry lasts.

    Two generations of at most ``size`` entries each: when the young one is full it becomes the old one,
    and the old one goes. Safe between the threads that ask: each step is one dict call or attribute
    store under the interpreter's lock (no iteration another thread could change), and a race lost
    only means a game is asked again.
    """

    __slots__ = ("_old", "_young", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._young: dict[tuple[int, int], tuple[Game, tuple[Any, ...]]] = {}
        self._old: dict[tuple[int, int], tuple[Game, tuple[Any, ...]]] = {}

    def __len__(self) -> int:
        return len(self._young) + len(self._old)

    def get(self, key: tuple[int, int]) -> tuple[Game, tuple[Any, ...]] | None:
        known = self._young.get(key)
        return known if known is not None else self._old.get(key)

    def put(self, key: tuple[int, int], game: Game, moves: tuple[Any, ...]) -> None:
        young = self._young
        if len(young) >= self.size:
            self._old = young
            young = self._young = {}
        young[key] = (game, moves)


_known = _Known(KNOWN_LEGAL_MOVES)
