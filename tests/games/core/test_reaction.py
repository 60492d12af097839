"""Reaction windows (games.core.reaction): the rules of a window, and properties over random play.

The racing case is the one a review found broken: two STOPs of the same action, the second arriving
a moment after the first, must not be read as a STOP of the first STOP.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.core.codec import EventCodec
from games.core.decisions import Codes, Rejected
from games.core.reaction import (
    WINDOW_EVENTS,
    Left,
    Passed,
    Reacted,
    ReactionWindow,
    WindowClosed,
    WindowOpened,
    leave,
    pass_,
    react,
    time_out,
)


def opened(seats: int = 3, actor: int = 0, deadline: int | None = 1_000) -> ReactionWindow[str]:
    event = WindowOpened("stop-7", actor, frozenset(range(seats)), deadline)
    return ReactionWindow.opened(event, "steal a point")


def fold(window: ReactionWindow[str], *events) -> ReactionWindow[str]:
    for event in events:
        window = window.apply(event)
    return window


def test_a_window_holds_the_action_it_guards_and_opens_to_everyone_but_the_actor():
    window = opened()
    assert window.action == "steal a point"
    assert window.waiting_on == frozenset({1, 2})
    assert window.check(0).code == Codes.NOT_WAITING_FOR_YOU


def test_two_racing_reactions_to_the_action_the_second_is_stale_and_the_action_is_cancelled():
    window = opened()
    first = react(window, 1, answers=0, deadline=2_000)
    assert first == Reacted("stop-7", 1, 0, 2_000)
    window = window.apply(first)
    second = react(window, 2, answers=0, deadline=2_001)
    assert isinstance(second, Rejected) and second.code == Codes.STALE_REACTION
    assert window.cancels and window.reactions == (1,)


def test_a_reaction_to_the_reaction_reopens_the_window_and_lets_the_action_through():
    window = fold(opened(), Reacted("stop-7", 1, 0, 2_000))
    assert window.waiting_on == frozenset({0, 2})
    window = window.apply(react(window, 0, answers=1, deadline=3_000))
    assert not window.cancels and window.waiting_on == frozenset({1, 2})


def test_the_last_pass_closes_the_window_and_says_whether_the_action_stands():
    window = opened()
    assert pass_(window, 1) == (Passed("stop-7", 1),)
    window = window.apply(Passed("stop-7", 1))
    assert pass_(window, 2) == (Passed("stop-7", 2), WindowClosed("stop-7", False))
    closed = fold(window, *pass_(window, 2))
    assert closed.closed and closed.waiting_on == frozenset()
    assert closed.check(1).code == Codes.WINDOW_CLOSED


def test_silence_at_the_deadline_is_a_pass_and_a_stale_deadline_changes_nothing():
    window = fold(opened(), Reacted("stop-7", 2, 0, 2_000))
    assert time_out(window, "stop-7/0") == ()
    assert time_out(window, window.deadline_id) == (WindowClosed("stop-7", True),)
    assert fold(window, *time_out(window, window.deadline_id)).closed


def test_a_participant_who_leaves_is_no_longer_waited_on_nor_offered_the_reopened_window():
    window = opened(seats=4)
    assert leave(window, 2) == (Left("stop-7", 2),)
    window = fold(window, Left("stop-7", 2))
    assert window.waiting_on == frozenset({1, 3})
    window = window.apply(react(window, 1, answers=0, deadline=2_000))
    assert window.waiting_on == frozenset({0, 3})
    assert window.check(2, 1).code == Codes.NOT_WAITING_FOR_YOU


def test_when_the_last_one_waited_on_leaves_the_window_closes_as_it_stands():
    window = fold(opened(), Passed("stop-7", 1), Reacted("stop-7", 2, 0, 2_000))
    window = fold(window, Passed("stop-7", 1))
    assert leave(window, 0) == (Left("stop-7", 0), WindowClosed("stop-7", True))
    assert fold(window, *leave(window, 0)).closed


def test_leaving_a_closed_window_or_one_never_joined_changes_nothing():
    window = opened(seats=3)
    assert leave(window, 5) == ()
    closed = fold(window, WindowClosed("stop-7", False))
    assert leave(closed, 1) == ()


def test_a_window_without_a_deadline_lists_no_timer():
    assert opened(deadline=None).deadlines() == ()


def test_window_events_survive_the_codec():
    codec = EventCodec(WINDOW_EVENTS)
    for event in (
        WindowOpened("stop-7", 0, frozenset({0, 1, 2}), 1_000),
        Reacted("stop-7", 1, 0, None),
        Passed("stop-7", 2),
        Left("stop-7", 1),
        WindowClosed("stop-7", True),
    ):
        assert codec.load(*codec.dump(event)) == event


# Properties: a random table, a random stream of reactions (current or stale), passes and timeouts.
steps = st.lists(
    st.tuples(
        st.sampled_from(("react", "stale", "pass", "leave", "timeout", "old-timeout")), st.integers(0, 5)
    ),
    max_size=40,
)


@given(seats=st.integers(2, 6), actor=st.integers(0, 5), stream=steps)
def test_every_window_follows_the_chain_rules(seats, actor, stream):
    actor %= seats
    window = opened(seats, actor)
    taken: list[int] = []
    gone: set[int] = set()
    for number, (kind, who) in enumerate(stream):
        seat = who % seats
        before = window
        match kind:
            case "react" | "stale":
                answers = window.chain - (1 if kind == "stale" and window.chain else 0)
                outcome = react(window, seat, answers, deadline=2_000 + number)
                events = () if isinstance(outcome, Rejected) else (outcome,)
            case "pass":
                outcome = pass_(window, seat)
                events = () if isinstance(outcome, Rejected) else outcome
            case "leave":
                outcome, events = None, leave(window, seat)
                gone.add(seat)
            case "timeout":
                outcome, events = None, time_out(window, window.deadline_id)
            case _:
                outcome, events = None, time_out(window, "stop-7/99")
        window = fold(window, *events)
        if isinstance(outcome, Rejected):
            assert window == before  # a refusal changes nothing
            if before.closed:
                assert outcome.code == Codes.WINDOW_CLOSED
            elif seat not in before.waiting_on:
                assert outcome.code == Codes.NOT_WAITING_FOR_YOU
            else:
                assert kind == "stale" and outcome.code == Codes.STALE_REACTION
        if isinstance(outcome, Reacted):
            taken.append(seat)
            assert window.eligible == window.participants - {seat}
            assert window.deadline_id != before.deadline_id
        closing = [event for event in events if isinstance(event, WindowClosed)]
        if closing:
            assert window.closed and closing[0].cancelled == (len(taken) % 2 == 1)
        assert window.reactions == tuple(taken)
        assert window.cancels == (len(taken) % 2 == 1)
        assert actor not in window.eligible or taken  # the actor answers only a reaction
        assert all(taken[i] != taken[i + 1] for i in range(len(taken) - 1))  # nobody answers themselves
        assert not gone & window.waiting_on  # nobody waits on a seat that left


def test_a_pass_is_final_unless_the_window_takes_reactions_after_a_pass():
    passed = Passed("stop-7", 1)
    final = opened().apply(passed)
    assert react(final, 1, answers=0, deadline=2_000).code == Codes.NOT_WAITING_FOR_YOU
    event = WindowOpened("stop-7", 0, frozenset(range(3)), 1_000)
    window = ReactionWindow.opened(event, "steal a point", reactions_after_pass=True).apply(passed)
    assert window.waiting_on == frozenset({2})
    assert react(window, 1, answers=0, deadline=2_000) == Reacted("stop-7", 1, 0, 2_000)
    assert pass_(window, 1).code == Codes.NOT_WAITING_FOR_YOU
