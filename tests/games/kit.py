"""The rule tests' kit: moves played on a table, rejections and the events of one type, for every game.

A game's table module binds the kit to its rules once and names what its tests call:

    DAREDEVIL = Rules(decide, evolve)
    play, rejection = DAREDEVIL.play, DAREDEVIL.rejection

Each move is decided, must be accepted, and its events are folded through ``evolve``, so a rule test
also checks that the events it asserts on bring the table to the state it asserts on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from games.core.chance import Chance
from games.core.commands import Command, Timeout
from games.core.decisions import Accepted, Decision, Rejected
from games.core.visibility import Event

T0 = 1_700_000_000_000


def of_type(events: Sequence[Event], kind: type) -> list[Any]:
    """The events of type ``kind``, in the order they were told."""
    return [event for event in events if isinstance(event, kind)]


def as_given(state: Any, seat: int | None, move: Any) -> Any:
    """Most games' tests name a move just as the player sends it."""
    return move


@dataclass(frozen=True)
class Rules:
    """One game's ``decide`` and ``evolve`` as its rule tests drive them.

    ``at``: when moves are made unless a test says otherwise. ``stream``: which stream of ``seed`` a
    move draws its chance from: its place among one call's moves (``"move"``), or the time it is made
    at (``"time"``; the Cliffs n' Cactuses and Boulder Bluff tables drew theirs so, and their tests'
    shuffles depend on it). ``sent``: the move a player sends for the one a test names (Racesmack's
    tests name cards by id, its moves by where the card lies).
    """

    decide: Callable[[Any, Command[Any], Chance], Decision]
    evolve: Callable[[Any, Event], Any]
    at: int = T0
    seed: str = "test"
    stream: Literal["move", "time"] = "move"
    sent: Callable[[Any, int | None, Any], Any] = as_given

    def decided(
        self, state: Any, seat: int | None, move: Any, *, at: int, index: int = 0, seed: str
    ) -> Decision:
        chance = Chance(seed, at if self.stream == "time" else index)
        return self.decide(state, Command(self.sent(state, seat, move), seat, at), chance)

    def play(
        self, state: Any, seat: int | None, *moves: Any, at: int | None = None, seed: str | None = None
    ) -> tuple[Any, tuple[Event, ...]]:
        """``seat`` makes each move in turn (each must be accepted): the table after, and every event."""
        when, seeded = self.at if at is None else at, self.seed if seed is None else seed
        events: list[Event] = []
        for index, move in enumerate(moves):
            decision = self.decided(state, seat, move, at=when, index=index, seed=seeded)
            assert isinstance(decision, Accepted), f"{move} was rejected: {decision}"
            for event in decision.events:
                state = self.evolve(state, event)
            events.extend(decision.events)
        return state, tuple(events)

    def in_turn(
        self, state: Any, *by_seat: tuple[int, Any], at: int | None = None
    ) -> tuple[Any, tuple[Event, ...]]:
        """Several seats act in turn, e.g. ``(0, PlayCard(1)), (1, PlayCard(2))``."""
        events: tuple[Event, ...] = ()
        for seat, move in by_seat:
            state, told = self.play(state, seat, move, at=at)
            events += told
        return state, events

    def time_out(self, state: Any, deadline_id: str, at: int | None = None) -> tuple[Any, tuple[Event, ...]]:
        """The service's timer fires ``deadline_id``."""
        return self.play(state, None, Timeout(deadline_id), at=at)

    def rejection(self, state: Any, seat: int | None, move: Any) -> str:
        """The code ``move`` is rejected with (it must be rejected, with a sentence for the player)."""
        decision = self.decided(state, seat, move, at=self.at, seed=self.seed)
        assert isinstance(decision, Rejected), f"{move} was accepted: {decision}"
        assert decision.message.endswith("."), decision.message
        return decision.code
