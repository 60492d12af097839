"""Turn flow: whose turn it is, its deadline, and the story of one decision told event by event.

A game that takes turns keeps a ``Turn`` in its state (``None`` before the deal and after the end),
tells ``TurnStarted`` and ``TurnEnded`` through a ``Story``, and lists ``turn.deadlines()``. Passing a
turn's deadline is ``Timeout(turn.deadline_id)``; once another turn has started that id is stale. Its
state reads whose turn it is, and the turn's number, through ``TakesTurns``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from games.core.deadlines import Deadline, seconds_after
from games.core.visibility import Event

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    turn: int  # 1 for the match's first turn
    deadline: int | None  # when the turn times out (ms since the epoch), or None


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """``reason`` in the game's words: "actions", "ended", "timeout", "point", "drew"..."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class Turn:
    seat: int
    number: int
    deadline: int | None = None

    @classmethod
    def started(cls, event: TurnStarted) -> Turn:
        return cls(event.seat, event.turn, event.deadline)

    @property
    def deadline_id(self) -> str:
        return f"turn-{self.number}"

    def deadlines(self, kind: str = "turn") -> tuple[Deadline, ...]:
        return () if self.deadline is None else (Deadline(self.deadline_id, self.deadline, kind),)

    def times_out(self, deadline_id: str) -> bool:
        """True when ``deadline_id`` is this turn's current deadline (any other timeout is stale)."""
        return self.deadline is not None and deadline_id == self.deadline_id


class HasTurn(Protocol):
    """A game's state that keeps its ``Turn`` and knows whether the match is over."""

    @property
    def turn(self) -> Turn | None: ...
    @property
    def over(self) -> bool: ...


class TakesTurns:
    """``active`` and ``turn_number`` of a game's state, read from its ``turn`` and ``over``. A base of
    the frozen, slotted state dataclasses: it adds no slot of its own, so they stay slotted."""

    __slots__ = ()

    @property
    def active(self: HasTurn) -> int | None:
        """The seat whose turn it is (nobody's once the match is over)."""
        return None if self.turn is None or self.over else self.turn.seat

    @property
    def turn_number(self: HasTurn) -> int:
        """1 for the first turn of the match; 0 before it."""
        return 0 if self.turn is None else self.turn.number


class Story(Generic[S]):
    """The events of one decision so far, and the state after them.

    Each event is folded into the working state as it is told, so later rules (is the turn over? has
    someone won?) read the table as it is after the earlier events, never a second copy of the logic.
    ``Accepted(story.events, story.state)`` then spares the engine folding them again.
    """

    __slots__ = ("at", "events", "evolve", "state", "turn_over")

    def __init__(self, state: S, at: int, evolve: Callable[[S, Event], S]) -> None:
        self.state = state
        self.at = at  # the command's time: new deadlines count from it
        self.evolve = evolve
        self.events: list[Event] = []
        self.turn_over = False

    def tell(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = self.evolve(self.state, event)


def storyteller(evolve: Callable[[S, Event], S]) -> Callable[[S, int], Story[S]]:
    """A game's ``new_story(state, at)``: the story of one decision, folding each event with ``evolve``."""

    def new_story(state: S, at: int) -> Story[S]:
        return Story(state, at, evolve)

    return new_story


def start_turn(story: Story[S], seat: int, *, previous: Turn | None, seconds: float | None) -> None:
    """Start ``seat``'s turn, numbered after ``previous``; its deadline counts from the command that
    started it (``story.at``), ``seconds`` later (None or 0: no deadline)."""
    number = 1 if previous is None else previous.number + 1
    story.tell(TurnStarted(seat, number, seconds_after(story.at, seconds)))


def end_turn(story: Story[S], turn: Turn, reason: str) -> None:
    """Tell that ``turn`` ended; the game then starts the next one (or ends the match)."""
    story.tell(TurnEnded(turn.seat, reason))
    story.turn_over = True


def next_turn(
    story: Story[S],
    seat: int,
    *,
    had: int,
    limit: int | None,
    limit_reached: Callable[[S], Event],
    start: Callable[[Story[S], int], None],
) -> None:
    """Start ``seat``'s turn, unless it has had ``limit`` turns already (``had``): then the match ends,
    told as ``limit_reached(table)``. Turns go round in order, so every seat still in has had as many."""
    if limit is not None and had >= limit:
        story.tell(limit_reached(story.state))
    else:
        start(story, seat)
