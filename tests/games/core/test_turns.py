"""Turn flow (games.core.turns): numbered turns, their deadlines, and a story folded as it is told."""

from __future__ import annotations

from dataclasses import dataclass, replace

from hypothesis import given
from hypothesis import strategies as st

from games.core.turns import Story, Turn, TurnEnded, TurnStarted, end_turn, start_turn
from games.core.visibility import Event


@dataclass(frozen=True)
class Table:
    turn: Turn | None = None
    ended: int = 0


def evolve(table: Table, event: Event) -> Table:
    match event:
        case TurnStarted():
            return replace(table, turn=Turn.started(event))
        case TurnEnded():
            return replace(table, ended=table.ended + 1)
    return table


def test_the_first_turn_is_number_one_and_its_deadline_counts_from_the_command():
    story = Story(Table(), 5_000, evolve)
    start_turn(story, 2, previous=None, seconds=30)
    assert story.events == [TurnStarted(2, 1, 35_000)]
    assert story.state.turn == Turn(2, 1, 35_000)
    assert story.state.turn.deadlines()[0].id == "turn-1"


def test_no_seconds_means_no_deadline():
    story = Story(Table(), 5_000, evolve)
    start_turn(story, 0, previous=None, seconds=None)
    assert story.state.turn.deadlines() == () and not story.state.turn.times_out("turn-1")


def test_ending_a_turn_is_told_and_marks_the_story():
    story = Story(Table(turn=Turn(1, 4, 9_000)), 6_000, evolve)
    end_turn(story, story.state.turn, "timeout")
    assert story.events == [TurnEnded(1, "timeout")] and story.turn_over and story.state.ended == 1


@given(seats=st.lists(st.integers(0, 5), min_size=1, max_size=30), at=st.integers(0, 10**12))
def test_turns_number_on_and_only_the_current_deadline_times_out(seats, at):
    story = Story(Table(), at, evolve)
    for seat in seats:
        previous = story.state.turn
        start_turn(story, seat, previous=previous, seconds=10)
        turn = story.state.turn
        assert turn.number == (1 if previous is None else previous.number + 1)
        assert turn.times_out(turn.deadline_id) and turn.deadline == at + 10_000
        assert previous is None or not turn.times_out(previous.deadline_id)
    assert len(story.events) == len(seats)
