"""The head of every game's ``decide`` and ``legal_moves``, written once.

A command is one of the system moves, or a player's move. ``Begin`` (which deals) and ``Timeout`` (which
ends what its deadline guards) go to the game's own handlers. ``Resign`` takes a seat out: it passes the
game's ``may_resign`` (any seat still in a running match may resign, at any time, its turn or not), and
what the leaver's leaving does is told by the game's ``leave`` through a new ``Story``. A player's move
passes the game's ``gate`` (may this seat move at all now? the gate starts with ``seats.may_move``),
then its ``check`` (is this move allowed now, and is it one of the game's moves at all?), and is then
told by its ``play`` through a new ``Story``. ``legal_moves`` asks the same gate and check of the
game's ``candidates``, so that what a seat is offered is exactly what ``decide`` accepts.

A game declares its ``Decider`` at the end of ``rules.py``, once its handlers are defined, and exports
``decide = DECIDER.decide`` and ``legal_moves = DECIDER.legal_moves``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from games.core.chance import Chance
from games.core.commands import Begin, Command, Resign, Timeout
from games.core.decisions import Accepted, Decision, Rejected
from games.core.turns import Story

S = TypeVar("S")
P = TypeVar("P")  # what the gate lets through: the player, or its seat, as the game's checks take it


@dataclass(frozen=True, slots=True)
class Decider(Generic[S, P]):
    begin: Callable[[S, int, Chance], Decision]  # (state, at, chance)
    timeout: Callable[[S, str, int, Chance], Decision]  # (state, deadline id, at, chance)
    may_resign: Callable[[S, int | None], P | Rejected]  # who may resign: a seat still in the match, any time
    leave: Callable[[Story[S], P, Chance], None]  # (story, leaver, chance): what its leaving does
    gate: Callable[[S, int | None], P | Rejected]
    check: Callable[[S, P, Any], Rejected | None]
    candidates: Callable[[S, P], Iterable[Any]]  # every move worth asking ``check`` about
    new_story: Callable[[S, int], Story[S]]
    play: Callable[[Story[S], int, Any, Chance], None]  # (story, seat, move, chance)

    def decide(self, state: S, command: Command[Any], chance: Chance) -> Decision:
        match command.move:
            case Begin():
                return self.begin(state, command.at, chance)
            case Timeout(deadline_id=deadline_id):
                return self.timeout(state, deadline_id, command.at, chance)
            case Resign():
                return self._resign(state, command, chance)
        return self._move(state, command, chance)

    def legal_moves(self, state: S, seat: int) -> tuple[Any, ...]:
        """The moves ``seat`` may make now (system moves and resigning aside)."""
        player = self.gate(state, seat)
        if isinstance(player, Rejected):
            return ()
        return tuple(
            move for move in self.candidates(state, player) if self.check(state, player, move) is None
        )

    def _move(self, state: S, command: Command[Any], chance: Chance) -> Decision:
        player = self.gate(state, command.seat)
        if isinstance(player, Rejected):
            return player
        problem = self.check(state, player, command.move)
        if problem is not None:
            return problem
        assert command.seat is not None  # the gate refuses a missing seat
        story = self.new_story(state, command.at)
        self.play(story, command.seat, command.move, chance)
        return Accepted(tuple(story.events), story.state)

    def _resign(self, state: S, command: Command[Any], chance: Chance) -> Decision:
        """A seat leaves the match. Not ``gate``: a seat may resign whether or not the match waits on it."""
        leaver = self.may_resign(state, command.seat)
        if isinstance(leaver, Rejected):
            return leaver
        story = self.new_story(state, command.at)
        self.leave(story, leaver, chance)
        return Accepted(tuple(story.events), story.state)
