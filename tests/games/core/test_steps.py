"""The queue of pending steps (games.core.steps): order, waiting, resumption, and its events' codec."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from enum import Enum

from hypothesis import given
from hypothesis import strategies as st

from games.core.codec import EventCodec
from games.core.prompt import Prompt
from games.core.sealed import RoundOpened, SealedRound
from games.core.steps import (
    STEPS_EVENTS,
    StepDone,
    Steps,
    StepsDropped,
    StepsQueued,
    StepWaiting,
    resume,
    run,
)
from games.core.turns import Story
from games.core.visibility import Event


class Kind(Enum):
    SAY = "say"  # done at once
    ASK = "ask"  # a prompt to one seat
    VOTE = "vote"  # a sealed round of several seats


@dataclass(frozen=True, slots=True)
class Step:
    kind: Kind
    seats: frozenset[int]


@dataclass(frozen=True, slots=True)
class Planned(StepsQueued[Step]):
    pass


@dataclass(frozen=True, slots=True)
class Said(Event):
    seats: frozenset[int]


@dataclass(frozen=True, slots=True)
class Table:
    steps: Steps[Step] = field(default_factory=Steps)
    said: tuple[frozenset[int], ...] = ()


def evolve(table: Table, event: Event) -> Table:
    match event:
        case Said(seats=seats):
            return replace(table, said=(*table.said, seats))
    return replace(table, steps=table.steps.apply(event))


def perform(story: Story[Table], step: Step) -> Prompt[bool] | SealedRound[bool] | None:
    match step.kind:
        case Kind.SAY:
            story.tell(Said(step.seats))
            return None
        case Kind.ASK:
            (seat,) = step.seats
            return Prompt(f"ask-{seat}", seat, "join", (True, False), False, 9_000)
        case Kind.VOTE:
            return SealedRound.opened(RoundOpened("vote", step.seats, 3_000))


def steps_of(table: Table) -> Steps[Step]:
    return table.steps


def story() -> Story[Table]:
    return Story(Table(), 0, evolve)


def say(*seats: int) -> Step:
    return Step(Kind.SAY, frozenset(seats))


def ask(seat: int) -> Step:
    return Step(Kind.ASK, frozenset((seat,)))


def vote(*seats: int) -> Step:
    return Step(Kind.VOTE, frozenset(seats))


CODEC = EventCodec((Planned, *STEPS_EVENTS, Said))


def test_steps_that_do_not_wait_run_at_once_in_order():
    s = story()
    s.tell(Planned((say(0), say(1), say(2))))
    assert run(s, steps_of, perform) is None
    assert s.state.said == (frozenset({0}), frozenset({1}), frozenset({2}))
    assert s.state.steps == Steps()


def test_a_prompt_step_stops_the_run_and_blocks_only_its_seat():
    s = story()
    s.tell(Planned((say(0), ask(2), say(3))))
    waits = run(s, steps_of, perform)
    assert isinstance(waits, Prompt) and waits.seat == 2
    assert s.state.steps.blocked == frozenset({2})
    assert s.state.steps.peek() == ask(2)
    assert s.state.said == (frozenset({0}),)


def test_running_again_while_the_head_waits_tells_nothing():
    s = story()
    s.tell(Planned((ask(1), say(0))))
    run(s, steps_of, perform)
    told = len(s.events)
    assert run(s, steps_of, perform) is None and len(s.events) == told


def test_resume_finishes_the_waiting_step_and_runs_on():
    s = story()
    s.tell(Planned((ask(1), say(0), vote(0, 2), say(1))))
    run(s, steps_of, perform)
    waits = resume(s, steps_of, perform)
    assert isinstance(waits, SealedRound) and s.state.steps.blocked == frozenset({0, 2})
    assert resume(s, steps_of, perform) is None
    assert s.state.said == (frozenset({0}), frozenset({1}))
    assert len(s.state.steps) == 0


def test_steps_queued_first_go_right_behind_the_head():
    """The head (performed or waited on) finishes first; then what it queued, then the rest."""
    waiting = Steps((ask(1), say(0))).wait(frozenset({1}))
    assert waiting.push((say(5),), first=True).pending == (ask(1), say(5), say(0))
    assert Steps((say(0), say(1))).push((say(5),), first=True).pending == (say(0), say(5), say(1))
    assert Steps().push((say(5),), first=True).pending == (say(5),)


def test_a_step_that_queues_steps_first_has_them_run_next():
    s = story()
    s.tell(Planned((say(0), say(9))))

    def perform_and_queue(story: Story[Table], step: Step) -> Prompt[bool] | SealedRound[bool] | None:
        if step == say(0):
            story.tell(Planned((ask(2), say(1)), first=True))
        return perform(story, step)

    waits = run(s, steps_of, perform_and_queue)
    assert isinstance(waits, Prompt) and waits.seat == 2
    assert resume(s, steps_of, perform_and_queue) is None
    assert s.state.said == (frozenset({0}), frozenset({1}), frozenset({9}))


def test_dropping_the_steps_abandons_the_waiting_head_and_all_the_rest():
    s = story()
    s.tell(Planned((ask(1), say(0))))
    run(s, steps_of, perform)
    s.tell(StepsDropped())
    assert s.state.steps == Steps() and run(s, steps_of, perform) is None and s.state.said == ()


def test_the_queue_events_survive_the_codec():
    events = (Planned((say(0), ask(1), vote(0, 2)), first=True), StepWaiting(frozenset({2})), StepDone())
    for event in (*events, StepsDropped()):
        name, data = CODEC.dump(event)
        assert CODEC.load(name, json.loads(json.dumps(data))) == event


STEP = st.one_of(
    st.builds(say, st.integers(0, 3)),
    st.builds(ask, st.integers(0, 3)),
    st.builds(lambda seats: vote(*seats), st.sets(st.integers(0, 3), min_size=1)),
)


@given(st.lists(STEP, max_size=12))
def test_every_step_is_performed_once_in_order_and_each_wait_blocks_exactly_its_seats(plan):
    s = story()
    s.tell(Planned(tuple(plan)))
    waited: list[Step] = []
    waits = run(s, steps_of, perform)
    while waits is not None:
        head = s.state.steps.peek()
        assert head is not None and head.kind is not Kind.SAY
        assert s.state.steps.blocked == head.seats == waits.waiting_on
        waited.append(head)
        waits = resume(s, steps_of, perform)
    assert waited == [step for step in plan if step.kind is not Kind.SAY]
    assert list(s.state.said) == [step.seats for step in plan if step.kind is Kind.SAY]
    assert s.state.steps == Steps()


@given(st.lists(STEP, max_size=12))
def test_replaying_the_told_events_through_the_codec_gives_the_same_queue(plan):
    s = story()
    s.tell(Planned(tuple(plan)))
    while run(s, steps_of, perform) is not None:
        s.tell(StepDone())
    table = Table()
    for event in s.events:
        name, data = CODEC.dump(event)
        table = evolve(table, CODEC.load(name, json.loads(json.dumps(data))))
    assert table == s.state
