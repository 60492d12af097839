"""A match as a research environment sees it: who chooses now, from which action ids, and what follows.

The engine's game is real time (seats the match waits on, optional moves, deadlines); an OpenSpiel or
PettingZoo game is a tree of decisions. ``Position`` is the one translation both adapters share:

- **Chance.** The engine draws every shuffle and deal from a stream seeded by ``(match seed, event
  seq)`` and does not expose the individual draws, so the honest chance node is the seed itself: the
  first node of every match picks one of ``seeds`` equiprobable seeds (``research-0``, ``research-1``,
  ...), after which the match is a deterministic function of the players' choices, exactly as on the
  server (a server match with seed ``research-17`` deals the same cards). The one other chance node is
  the order in which simultaneous choices arrive (below): a uniformly random permutation.
- **Who chooses.** At each node the seats that ``may_act`` choose (the seats the match waits on, and
  seats with an optional move such as a STOP they may still play). One seat: a sequential node. Several:
  a simultaneous node, each choosing without seeing the others' choice. Their moves are then applied in
  a random arrival order (the chance node above); a sealed round is not affected by the order, a race
  (Racesmack's taps, answers to a STOP) is, and a move made stale by an earlier one is refused, as on
  the server, and changes nothing.
- **Time.** Besides its legal moves a seat may ``WAIT`` (action 0): say nothing now. It is offered where
  silence has an effect: to a seat whose move is optional, and to any seat while a deadline is set. When
  every seat asked waits, the earliest deadline passes (its ``Timeout`` applies, as the timer worker
  would apply it); when nobody may act, deadlines pass on their own. Without deadlines (Daredevil Rock
  in solitaire, or a game's timers turned off) a seat the match waits on must move.
- **Views.** What a seat knows comes only from the engine's redacted surfaces, as the API serves them:
  its ``player_view`` now (the observation) and, for perfect recall, every event of the log redacted for
  it, with its own choices and refusals (the information state). Never from the state.
- **The end.** Returns come from the outcome's ranks: seat ``i`` gets (seats ranked below ``i`` minus
  seats ranked above) / (seats - 1), in [-1, 1] and summing to 0; alone at the table (Daredevil Rock's
  solitaire) +1 when the climber reached the summit (the outcome has a score), else -1. A match still
  running after ``max_decisions`` decision nodes is cut short: truncated, every return 0.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from clients.research.actions import WAIT, GameActions, actions_for
from clients.research.records import Link, Step, Viewpoint
from clients.research.views import canonical, view_json
from games.core import engine
from games.core.commands import Begin, Command, Timeout
from games.core.decisions import Rejected
from games.core.engine import Game
from games.core.spec import GameSpec
from games.core.visibility import OMNISCIENT, SPECTATOR, seat_viewer
from games.registry import REGISTRY

T0 = 1_700_000_000_000  # the virtual clock's start, in ms; each move takes 1 ms, a timeout jumps to it
MAX_TIMEOUTS = 1_000  # deadlines passing in a row with nobody asked: past this the match is stuck
# Decision nodes before a match is cut short: well past the longest of thousands of random playouts.
MAX_DECISIONS = {
    "daredevil-rock": 4_000,
    "cactus-card-game": 6_000,
    "racesmack": 3_000,
    "cliffs-n-cactuses": 3_000,
    "boulder-bluff": 3_000,
}
DEFAULT_SEEDS = 1_000
SEED_PREFIX = "research-"
# Games that never ask two seats at once: registered with OpenSpiel as sequential.
SEQUENTIAL = frozenset({"daredevil-rock"})

Transition = tuple[str, Any]  # ("seed", index) | ("choose", ((seat, action), ...)) | ("order", index)


class StuckMatch(RuntimeError):
    """Nobody may act, no deadline is set, and the match is not over: a bug in the game."""


@dataclass(frozen=True)
class Setup:
    """What stays fixed for a match: the game, its options, the seats, the tree's parameters."""

    key: str
    seats: int
    options: Mapping[str, Any]
    seeds: int = DEFAULT_SEEDS
    max_decisions: int = 0  # 0: the game's MAX_DECISIONS

    def __post_init__(self) -> None:
        spec = REGISTRY.get(self.key)
        if spec is None:
            raise ValueError(f"no game {self.key!r}; known: {', '.join(REGISTRY)}")
        if not spec.min_players <= self.seats <= spec.max_players:
            raise ValueError(f"{spec.name} seats {spec.min_players} to {spec.max_players}, not {self.seats}")
        parsed = spec.options.parse(dict(self.options))
        if isinstance(parsed, Rejected):
            raise ValueError(f"{spec.name}: {parsed.message}")
        if self.seeds < 1:
            raise ValueError("seeds must be at least 1")
        object.__setattr__(self, "options", parsed)
        if self.max_decisions <= 0:
            object.__setattr__(self, "max_decisions", MAX_DECISIONS.get(self.key, 4_000))

    @property
    def spec(self) -> GameSpec[Any]:
        return REGISTRY[self.key]

    @cached_property
    def actions(self) -> GameActions:
        return actions_for(self.key)

    @property
    def sequential(self) -> bool:
        return self.key in SEQUENTIAL

    @property
    def max_chance_outcomes(self) -> int:
        return max(self.seeds, math.factorial(self.spec.max_players))

    def seed(self, index: int) -> str:
        return f"{SEED_PREFIX}{index}"


@dataclass(frozen=True, eq=False)
class Position:
    """An immutable node of the tree. Copies share everything (``copy.deepcopy`` returns it)."""

    setup: Setup
    game: Game
    dealt: bool = False
    now: int = T0
    queued: tuple[tuple[int, dict[str, Any]], ...] = ()  # simultaneous moves awaiting their order
    decisions: int = 0
    log: Link | None = None
    path: tuple[Transition, ...] = ()
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    # -- copying and pickling (OpenSpiel clones by deepcopy and serializes by pickle) -------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        setup = self.setup
        return (
            replay,
            (setup.key, setup.seats, dict(setup.options), setup.seeds, setup.max_decisions, self.path),
        )

    # -- what kind of node ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        if "over" not in self.memo:
            self.memo["over"] = self.dealt and self.game.over
        over: bool = self.memo["over"]
        return over

    @property
    def truncated(self) -> bool:
        return not self.over and self.decisions >= self.setup.max_decisions

    @property
    def terminal(self) -> bool:
        return self.over or self.truncated

    @property
    def chance(self) -> bool:
        return not self.terminal and (not self.dealt or bool(self.queued))

    @property
    def acting(self) -> tuple[int, ...]:
        """The seats choosing now, in seat order (none at a chance or terminal node)."""
        if "acting" not in self.memo:
            asked = () if self.terminal or self.chance else tuple(sorted(engine.may_act(self.game)))
            self.memo["acting"] = asked
        acting: tuple[int, ...] = self.memo["acting"]
        return acting

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.dealt:
            count = self.setup.seeds
        elif self.queued:
            count = math.factorial(len(self.queued))
        else:
            raise ValueError("not a chance node")
        return [(outcome, 1.0 / count) for outcome in range(count)]

    def legal(self, seat: int) -> list[int]:
        """The action ids ``seat`` may choose now, ascending (empty unless it is asked)."""
        key = ("legal", seat)
        if key not in self.memo:
            self.memo[key] = self._legal(seat)
        return list(self.memo[key])

    def _legal(self, seat: int) -> tuple[int, ...]:
        if seat not in self.acting:
            return ()
        moves = engine.legal_moves(self.game, seat)
        ids = set(self.setup.actions.ids([self.setup.spec.moves.dump(move) for move in moves]))
        if self._may_wait(seat):
            ids.add(WAIT)
        if not ids:
            raise StuckMatch(f"{self.setup.key}: seat {seat} may act but has no legal move")
        return tuple(sorted(ids))

    def _may_wait(self, seat: int) -> bool:
        return seat not in engine.waiting_on(self.game) or bool(self.setup.spec.deadlines(self.game.state))

    # -- moving on -------------------------------------------------------------------------------

    def deal(self, outcome: int) -> Position:
        """The seed chance node: deal the match with seed number ``outcome``."""
        if self.dealt or not 0 <= outcome < self.setup.seeds:
            raise ValueError(f"no seed outcome {outcome} here")
        setup = self.setup
        game = engine.new_game(setup.spec, setup.options, setup.seats, setup.seed(outcome))
        fresh = Position(setup, game, True, self.now, (), 0, self.log, (*self.path, ("seed", outcome)))
        return fresh._command(Command(Begin(), None, self.now))._settled()

    def choose(self, choices: Mapping[int, int]) -> Position:
        """Every acting seat's action id (a seat left out waits); a sequential node has one seat."""
        acting = self.acting
        if not acting:
            raise ValueError("nobody chooses at this node")
        unknown = set(choices) - set(acting)
        if unknown:
            raise ValueError(f"seats {sorted(unknown)} are not asked now (asked: {list(acting)})")
        picked = {seat: choices.get(seat, WAIT) for seat in acting}
        for seat, action in picked.items():
            if action not in self.legal(seat):
                raise ValueError(f"{self.setup.actions.label(action)} is not legal for seat {seat} now")
        labels = tuple((seat, self.setup.actions.label(action)) for seat, action in picked.items())
        moves = tuple(
            (seat, self.setup.actions.move(action) or {}) for seat, action in picked.items() if action != WAIT
        )
        after = self._but(
            decisions=self.decisions + 1,
            log=Link(Step(chose=labels), self.log),
            path=(*self.path, ("choose", tuple(sorted(picked.items())))),
        )
        if not moves:
            return after._time_passes()._settled()
        if len(moves) == 1:
            seat, move = moves[0]
            return after._move(seat, move)._settled()
        return after._but(queued=moves)

    def order(self, outcome: int) -> Position:
        """The arrival-order chance node: apply the queued moves in permutation ``outcome``."""
        orders = list(itertools.permutations(self.queued))
        if not self.queued or not 0 <= outcome < len(orders):
            raise ValueError(f"no order outcome {outcome} here")
        after = self._but(queued=(), path=(*self.path, ("order", outcome)))
        for seat, move in orders[outcome]:
            after = after._move(seat, move)
        return after._settled()

    def apply_chance(self, outcome: int) -> Position:
        return self.deal(outcome) if not self.dealt else self.order(outcome)

    def _but(self, **changes: Any) -> Position:
        return dataclasses.replace(self, memo={}, **changes)

    def _move(self, seat: int, move: Mapping[str, Any]) -> Position:
        parsed = self.setup.spec.moves.load(dict(move))
        if isinstance(parsed, Rejected):
            raise ValueError(f"{self.setup.key}: the table's move {move} does not load: {parsed.message}")
        return self._command(Command(parsed, seat, self.now + 1))

    def _command(self, command: Command[Any]) -> Position:
        done = engine.step(self.game, command)
        if isinstance(done.decision, Rejected):
            refused = () if command.seat is None else ((command.seat, done.decision.code),)
            return self._but(now=command.at, log=Link(Step(refused=refused), self.log))
        return self._but(game=done.game, now=command.at, log=Link(Step(events=done.events), self.log))

    def _time_passes(self) -> Position:
        """Everyone asked is silent: the earliest deadline passes."""
        deadlines = sorted(self.setup.spec.deadlines(self.game.state), key=lambda d: (d.at, d.id))
        if not deadlines:
            raise StuckMatch(f"{self.setup.key}: everyone waits and no deadline is set")
        first = deadlines[0]
        before = self.game.version
        after = self._command(Command(Timeout(first.id), None, max(self.now, first.at)))
        if after.game.version == before:
            raise StuckMatch(f"{self.setup.key}: deadline {first.id} passed and changed nothing")
        return after

    def _settled(self) -> Position:
        """Past the stretches nobody acts in: deadlines pass until someone may act or the match ends."""
        position = self
        for _ in range(MAX_TIMEOUTS):
            if position.game.over or engine.may_act(position.game):
                break
            position = position._time_passes()
        else:
            raise StuckMatch(f"{self.setup.key}: {MAX_TIMEOUTS} deadlines passed with nobody asked")
        if self.setup.sequential and len(engine.may_act(position.game)) > 1:
            raise StuckMatch(f"{self.setup.key} is registered as sequential but asks several seats at once")
        return position

    # -- what the players see --------------------------------------------------------------------

    def observation(self, viewpoint: Viewpoint) -> str:
        """The view of ``viewpoint`` (a seat, None: a spectator) now, as canonical JSON."""
        key = ("view", viewpoint)
        if key not in self.memo:
            viewer = SPECTATOR if viewpoint is None else seat_viewer(viewpoint)
            self.memo[key] = canonical(view_json(self.game, viewer))
        text: str = self.memo[key]
        return text

    def information_state(self, viewpoint: Viewpoint) -> str:
        """Everything ``viewpoint`` has seen, in order: each step's events redacted for it, its own
        choices (``you WAIT``, ``you TAP seat=2``) and refusals, then its view now."""
        who = "spectator" if viewpoint is None else f"seat {viewpoint}"
        body = "" if self.log is None else self.log.record(viewpoint)
        return f"{who}\n{body}\nview {self.observation(viewpoint)}"

    def returns(self) -> list[float]:
        seats = self.setup.seats
        if not self.over:
            return [0.0] * seats
        outcome = self.game.outcome()
        assert outcome is not None
        return rank_returns(outcome.ranks, outcome.scores)

    def table(self) -> str:
        """The whole table, every card shown (the omniscient view), as canonical JSON."""
        if "table" not in self.memo:
            self.memo["table"] = canonical(view_json(self.game, OMNISCIENT))
        text: str = self.memo["table"]
        return text

    def __str__(self) -> str:
        """For debugging (OpenSpiel's ToString): where the match is, and the whole table."""
        node = "terminal" if self.terminal else "chance" if self.chance else f"acting {list(self.acting)}"
        seed = self.game.seed if self.dealt else "(not dealt)"
        header = f"{self.setup.key} seats={self.setup.seats} seed={seed} version={self.game.version}"
        return f"{header} decisions={self.decisions} {node}\n{self.table()}"


def rank_returns(ranks: Sequence[int], scores: Sequence[float | None]) -> list[float]:
    """Returns from an outcome: (seats ranked below - seats ranked above) / (seats - 1); alone, +1 with
    a score, -1 without (Daredevil Rock's solitaire scores only a climb that reached the summit)."""
    if len(ranks) == 1:
        return [1.0 if scores[0] is not None else -1.0]
    others = len(ranks) - 1
    return [(sum(r > mine for r in ranks) - sum(r < mine for r in ranks)) / others for mine in ranks]


def start(setup: Setup) -> Position:
    """The first node: the seed's chance node, the table not yet dealt."""
    return Position(setup, engine.new_game(setup.spec, setup.options, setup.seats, ""))


def replay(
    key: str,
    seats: int,
    options: Mapping[str, Any],
    seeds: int,
    max_decisions: int,
    path: Sequence[Transition],
) -> Position:
    """The position ``path`` leads to (how a pickled position is rebuilt)."""
    position = start(Setup(key, seats, options, seeds, max_decisions))
    for kind, value in path:
        if kind == "seed":
            position = position.deal(value)
        elif kind == "order":
            position = position.order(value)
        else:
            position = position.choose(dict(value))
    return position
