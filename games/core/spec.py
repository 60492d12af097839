"""The engine contract: one frozen ``GameSpec`` per game, following the Decider pattern.

- ``initial_state(options, seats)``: the table before the deal. Dealing is chance, so it happens in
  ``decide`` on the ``Begin`` command and is recorded in events like any other draw.
- ``decide(state, command, chance)``: all the rules. Returns ``Accepted(events)`` or
  ``Rejected(code, message)``; never raises for a bad command. Draws only from ``chance``.
- ``evolve(state, event)``: applies a fact. No rules, cannot fail for an event ``decide`` produced.
- ``legal_moves(state, seat)``: built from the same predicates as ``decide``.
- ``waiting_on(state)``: the seats the match waits on: it moves on only when they act (or a deadline
  passes). Bots, timers and playouts act for these.
- ``shown_waiting_on(state)``: whom the table sees the match wait on; defaults to ``waiting_on``. It
  differs in a sealed round whose silence is a choice: everyone asked, until its deadline, so that
  nobody learns who has already chosen (owner ruling "readiness is hidden where silence means
  something").
- ``may_act(state)``: the seats that have a legal move now, a superset of ``waiting_on``: an optional
  move (Cliffs' Last-Ditch Larry, a reaction nobody has to make) blocks nobody. Defaults to
  ``waiting_on``.
- ``player_view(state, viewer)``: what ``viewer`` may know; events redact themselves (see visibility).
- ``deadlines(state)``: the timers the service must arm; ``Timeout(id)`` is what passing one does.
- ``outcome(state)``: ranks and scores once the match is over, else ``None``.
- ``bots``: players that choose from their own view and the legal moves only. A heuristic one that
  knows the move it wants, and what to play when that move is not legal, chooses with ``choose_wanted``.
- ``invariants(state)``: what must always hold (cards conserved...); returns the violations found.
- ``secrets(state, viewer)``: values ``viewer`` must not be able to learn now (face-down cards, deck
  order, other hands). The redaction suite checks that none of them appears in what the viewer gets.
- ``bot_delay_ms(state, seat)``: how long a bot at ``seat`` takes before it acts now, in ms, when the
  game wants human-like time (a Racesmack tap); ``None`` (or no function): the service's own delay.
- ``view_type``: the dataclass ``player_view`` returns, named ``<Prefix>View``; the API mirrors it field
  by field as the game's typed GraphQL view, and names the game's other GraphQL types ``<Prefix>...``.
- ``describe_move(move)``: a short sentence for people naming a move given in its JSON form.
- ``rules_version``: which rules this code plays, a whole number from 1, raised by one whenever the game's
  behaviour changes (what ``decide`` accepts and produces, what a viewer sees). Each match records the
  version it was created under; a golden log per version (tests/golden) keeps old versions replaying and
  fails CI on a behaviour change without a raise.
- ``copies``: the game's card type and the field that tells two copies of one kind apart (see
  ``games.core.copies``); ``None`` for a game without cards. The conformance suite relabels copies
  with it to check that no viewer can tell them apart, and follows each seat's knowledge card by card.

``games.core.engine`` wraps a spec with the match seed and version, and is what services call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from games.core.chance import Chance
from games.core.codec import EventCodec, MoveCodec, describe_action
from games.core.commands import Command
from games.core.copies import Copies
from games.core.deadlines import Deadline
from games.core.decisions import Decision
from games.core.options import OptionsSchema
from games.core.outcome import Outcome
from games.core.visibility import Event, Viewer

S = TypeVar("S")
V = TypeVar("V")  # a bot's view
M = TypeVar("M")  # a move


class Bot(Protocol):
    """A computer player. It sees only its own seat's view and the moves it may make."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any], chance: Chance) -> Any: ...


class RandomBot:
    """Any legal move, uniformly at random from the seeded stream: every game's "random" bot."""

    name = "random"

    def choose(self, view: Any, legal: Sequence[Any], chance: Chance) -> Any:
        return chance.pick(legal)


def choose_wanted(
    view: V,
    legal: Sequence[M],
    chance: Chance,
    wanted: Callable[[V, tuple[M, ...], Chance], M | None],
    fallbacks: tuple[M, ...] = (),
) -> M | None:
    """A heuristic bot's choice: nothing without a legal move; else the move it ``wanted`` (asked with
    the legal moves), when legal; else the first of its ``fallbacks`` that is legal; else a legal move
    drawn from the seeded stream. A wish the rules refuse (its reading of the view may be wrong) never
    stalls the match, and a bot's play stays reproducible."""
    if not legal:
        return None
    move = wanted(view, tuple(legal), chance)
    if move in legal:
        return move
    for fallback in fallbacks:
        if fallback in legal:
            return fallback
    return chance.pick(legal)


@dataclass(frozen=True)
class GameSpec(Generic[S]):
    key: str
    name: str
    designer: str
    min_players: int
    max_players: int
    options: OptionsSchema
    events: EventCodec
    moves: MoveCodec
    initial_state: Callable[[Mapping[str, Any], int], S]
    decide: Callable[[S, Command[Any], Chance], Decision]
    evolve: Callable[[S, Event], S]
    legal_moves: Callable[[S, int], tuple[Any, ...]]
    waiting_on: Callable[[S], frozenset[int]]
    player_view: Callable[[S, Viewer], Any]
    deadlines: Callable[[S], tuple[Deadline, ...]]
    outcome: Callable[[S], Outcome | None]
    bots: Mapping[str, Bot] = field(default_factory=dict)
    summary: str = ""
    rules_version: int = 1  # every game sets its own; 1 is where versions began (see the docstring)
    invariants: Callable[[S], tuple[str, ...]] = field(default=lambda state: ())
    secrets: Callable[[S, Viewer], tuple[Any, ...]] = field(default=lambda state, viewer: ())
    may_act: Callable[[S], frozenset[int]] | None = None  # None: the seats it waits on
    shown_waiting_on: Callable[[S], frozenset[int]] | None = None  # None: the seats it waits on
    bot_delay_ms: Callable[[S, int], int | None] | None = None  # None: the service's BOT_DELAY_MS
    view_type: type | None = None  # None: no part in the GraphQL schema (the test suites' toy games)
    describe_move: Callable[[Mapping[str, Any]], str] = describe_action
    copies: Copies | None = None  # None: a game without cards (the test suites' toy games)
