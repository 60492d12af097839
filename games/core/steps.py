"""A queue of pending steps: the rest of an effect that waits on players, kept as state.

Some effects take several steps, and some steps wait on players: a Boulder Bluff climb asks each
other player clockwise whether they join, then reveals, then tallies. Boulder Bluff is its only user
(Cliffs n' Cactuses resolves through its own ``Lifted``/``Question``/``LastCall`` cursor); the queue
is shaped by that climb and no wider. The game writes each step as a value in its own
words (a frozen dataclass, or an enum) and keeps a ``Steps`` queue in its state. Three events, folded
by ``Steps.apply`` in the game's ``evolve``, keep the queue replayable:

- ``StepsQueued``: steps added at the back of the queue, or (``first``) right behind the head step,
  the one being performed or waited on: what it found out must be resolved before what was pending
  (a player joined a climb: they play their cards before the next player is asked). A game subclasses it with its step type,
  ``class ClimbPlanned(StepsQueued[ClimbStep])``, so the codec brings steps back as they were;
- ``StepWaiting``: the step at the head waits on these seats (it opened a ``Prompt`` or a
  ``SealedRound``, the game's own events telling what it asks);
- ``StepDone``: the step at the head is done and leaves the queue;
- ``StepsDropped``: every pending step is abandoned (the effect is called off, a player resigned).

Inside ``decide``, ``run`` performs steps in order until one waits on players; when the answer comes
(or the deadline's default), the game tells its own answer event and calls ``resume``. Steps are part
of the public table: they say what happens next, never a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from games.core.turns import Story
from games.core.visibility import Event

T = TypeVar("T")
S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class StepsQueued(Event, Generic[T]):
    steps: tuple[T, ...]
    first: bool = False  # right behind the head step, ahead of the other pending steps


@dataclass(frozen=True, slots=True)
class StepWaiting(Event):
    """The head step waits on ``seats`` until the game tells ``StepDone``."""

    seats: frozenset[int]


@dataclass(frozen=True, slots=True)
class StepDone(Event):
    """The head step is done (performed at once, or answered, or defaulted at its deadline)."""


@dataclass(frozen=True, slots=True)
class StepsDropped(Event):
    """Every pending step is abandoned, the waiting head included."""


# The queue's events with no step in them; a game adds its own typed StepsQueued.
STEPS_EVENTS = (StepWaiting, StepDone, StepsDropped)


class Waits(Protocol):
    """What a waiting step opens: a ``Prompt`` or a ``SealedRound``, both knowing whom they wait on."""

    @property
    def waiting_on(self) -> frozenset[int]: ...


@dataclass(frozen=True, slots=True)
class Steps(Generic[T]):
    """The pending steps, head first, and the seats the head waits on (none: it is not waiting)."""

    pending: tuple[T, ...] = ()
    blocked: frozenset[int] = frozenset()

    def __len__(self) -> int:
        return len(self.pending)

    def peek(self) -> T | None:
        return self.pending[0] if self.pending else None

    def push(self, steps: tuple[T, ...], *, first: bool = False) -> Steps[T]:
        if first and self.pending:
            # the head is the step being performed or waited on: it finishes first, then these
            return Steps((self.pending[0], *steps, *self.pending[1:]), self.blocked)
        return Steps((*self.pending, *steps), self.blocked)

    def pop(self) -> Steps[T]:
        assert self.pending, "no pending step to finish"
        return Steps(self.pending[1:])

    def wait(self, seats: frozenset[int]) -> Steps[T]:
        assert self.pending, "only a pending step waits"
        return Steps(self.pending, seats)

    def apply(self, event: Event) -> Steps[T]:
        """The queue after one of its own events; any other event leaves it as it is."""
        match event:
            case StepsQueued(steps=steps, first=first):
                return self.push(steps, first=first)
            case StepWaiting(seats=seats):
                return self.wait(seats)
            case StepDone():
                return self.pop()
            case StepsDropped():
                return Steps()
        return self


def run(
    story: Story[S], steps_of: Callable[[S], Steps[T]], perform: Callable[[Story[S], T], Waits | None]
) -> Waits | None:
    """Perform the pending steps in order until one waits on players; return what it waits for.

    ``perform`` tells the step's events through ``story``; it returns ``None`` when the step is done
    at once, or the ``Prompt``/``SealedRound`` it opened when it waits (it stays at the head). A head
    already waiting is not performed again: ``None`` is returned and nothing is told.
    """
    while (steps := steps_of(story.state)).pending and not steps.blocked:
        waits = perform(story, steps.pending[0])
        if waits is not None:
            story.tell(StepWaiting(frozenset(waits.waiting_on)))
            return waits
        story.tell(StepDone())
    return None


def resume(
    story: Story[S], steps_of: Callable[[S], Steps[T]], perform: Callable[[Story[S], T], Waits | None]
) -> Waits | None:
    """The waiting head step has its answer (the game told it): finish it and run on."""
    assert steps_of(story.state).blocked, "resume a step that waits"
    story.tell(StepDone())
    return run(story, steps_of, perform)
