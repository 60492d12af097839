"""Tap rounds (games.core.taps): the rules of a round, and properties over random streams of taps.

The service half of the guarantee (the log's order is arrival order) is tested in tests/api/test_taps.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core.codec import EventCodec
from games.core.decisions import Codes, Rejected
from games.core.taps import TAP_EVENTS, Tapped, TapRound, TapsClosed, TapsOpened, tap, time_out


def opened(seats: int = 3, targets: int = 3, deadline: int | None = 10_000) -> TapRound:
    return TapRound.opened(TapsOpened("taps-2", frozenset(range(seats)), frozenset(range(targets)), deadline))


def fold(round_: TapRound, *events) -> TapRound:
    for event in events:
        round_ = round_.apply(event)
    return round_


def test_a_round_waits_on_every_seat_it_opened_to():
    round_ = opened()
    assert round_.waiting_on == frozenset({0, 1, 2}) and not round_.closed
    assert round_.claims == ()


def test_a_tap_claims_its_target_for_that_seat():
    round_ = opened()
    assert tap(round_, 1, 2) == (Tapped("taps-2", 1, 2),)
    round_ = fold(round_, *tap(round_, 1, 2))
    assert round_.claims == ((1, 2),) and round_.target_of(1) == 2
    assert round_.waiting_on == frozenset({0, 2})


def test_a_target_already_tapped_is_refused_and_the_seat_may_tap_another():
    round_ = fold(opened(), Tapped("taps-2", 0, 1))
    late = tap(round_, 2, 1)
    assert isinstance(late, Rejected) and late.code == Codes.TARGET_TAKEN
    assert tap(round_, 2, 0) == (Tapped("taps-2", 2, 0),)


def test_a_seat_taps_once():
    round_ = fold(opened(), Tapped("taps-2", 0, 1))
    assert round_.check(0, 2).code == Codes.ALREADY_TAPPED


def test_only_the_seats_of_the_round_may_tap():
    round_ = opened(seats=2)
    assert round_.check(2, 0).code == Codes.NOT_WAITING_FOR_YOU
    assert round_.check(None, 0).code == Codes.NOT_WAITING_FOR_YOU


def test_a_target_outside_the_round_is_refused():
    assert opened().check(0, 3).code == Codes.NO_SUCH_TARGET


def test_the_last_seat_to_tap_closes_the_round():
    round_ = fold(opened(), Tapped("taps-2", 2, 0), Tapped("taps-2", 0, 2))
    assert tap(round_, 1, 1) == (Tapped("taps-2", 1, 1), TapsClosed("taps-2"))
    round_ = fold(round_, *tap(round_, 1, 1))
    assert round_.closed and round_.waiting_on == frozenset()
    assert round_.check(1, 1).code == Codes.ROUND_CLOSED
    assert round_.claims == ((2, 0), (0, 2), (1, 1))  # the order of the log


def test_when_every_target_is_taken_the_round_closes_and_waits_on_nobody():
    round_ = opened(seats=3, targets=1)
    assert tap(round_, 2, 0) == (Tapped("taps-2", 2, 0), TapsClosed("taps-2"))
    round_ = fold(round_, *tap(round_, 2, 0))
    assert round_.closed and round_.waiting_on == frozenset()


def test_at_the_deadline_the_round_closes_as_it_stands_and_a_stale_id_does_nothing():
    round_ = fold(opened(), Tapped("taps-2", 1, 0))
    assert [(d.id, d.at, d.kind) for d in round_.deadlines()] == [("taps-2", 10_000, "tap")]
    assert time_out(round_, "taps-1") == ()
    assert time_out(round_, round_.deadline_id) == (TapsClosed("taps-2"),)
    round_ = fold(round_, *time_out(round_, round_.deadline_id))
    assert round_.closed and round_.claims == ((1, 0),) and round_.target_of(0) is None
    assert round_.deadlines() == () and time_out(round_, "taps-2") == ()
    assert time_out(None, "taps-2") == ()


def test_a_round_without_a_deadline_lists_no_timer():
    assert opened(deadline=None).deadlines() == ()


def test_the_fastest_is_the_first_claim_in_the_log_that_counts():
    round_ = fold(opened(seats=4, targets=4), *(Tapped("taps-2", s, t) for s, t in ((3, 1), (0, 2), (1, 0))))
    assert round_.fastest(lambda target: target in {0, 2}) == 0
    assert round_.fastest(lambda target: target == 3) is None


def test_a_round_needs_seats_and_targets():
    with pytest.raises(ValueError, match="needs seats"):
        opened(targets=0)


def test_tap_events_survive_the_codec():
    codec = EventCodec(TAP_EVENTS)
    for event in (
        TapsOpened("taps-2", frozenset({0, 1, 2}), frozenset({0, 1, 2, 3}), 10_000),
        TapsOpened("taps-3", frozenset({1}), frozenset({5}), None),
        Tapped("taps-2", 1, 3),
        TapsClosed("taps-2"),
    ):
        assert codec.load(*codec.dump(event)) == event


# Properties: a random round and a random stream of taps (any seat, any target, in or out of the
# round), deadlines and stale timeouts.
steps = st.lists(
    st.tuples(
        st.sampled_from(("tap", "tap", "tap", "timeout", "stale")), st.integers(-1, 6), st.integers(-1, 6)
    ),
    max_size=30,
)


@given(seats=st.integers(1, 6), targets=st.integers(1, 6), stream=steps)
def test_every_round_keeps_each_seat_and_target_once_in_acceptance_order(seats, targets, stream):
    round_ = opened(seats, targets)
    accepted: list[tuple[int, int]] = []
    closings = 0
    for kind, seat, target in stream:
        before = round_
        match kind:
            case "tap":
                outcome = tap(round_, seat, target)
                events = () if isinstance(outcome, Rejected) else outcome
            case "timeout":
                outcome, events = None, time_out(round_, round_.deadline_id)
            case _:
                outcome, events = None, time_out(round_, "taps-1")
        round_ = fold(round_, *events)
        closings += sum(isinstance(event, TapsClosed) for event in events)
        if isinstance(outcome, Rejected):
            assert round_ == before  # a refusal changes nothing
            assert outcome.code == expected_refusal(before, seat, target)
        elif kind == "tap":
            accepted.append((seat, target))
        if kind == "stale" or before.closed:
            assert round_ == before and events == ()
        if kind == "timeout" and not before.closed:
            assert events == (TapsClosed("taps-2"),)
        if kind == "tap" and not isinstance(outcome, Rejected):
            everyone = before.seats <= round_.tapped or before.targets <= round_.taken
            assert (TapsClosed("taps-2") in events) == everyone
        assert round_.claims == tuple(accepted)  # the order of acceptance
        assert len(round_.tapped) == len(round_.taken) == len(accepted)  # each seat, each target once
        assert closings == (1 if round_.closed else 0)
        assert round_.waiting_on == (frozenset() if round_.closed else round_.seats - round_.tapped)


def expected_refusal(round_: TapRound, seat: int, target: int) -> str:
    if round_.closed:
        return Codes.ROUND_CLOSED
    if seat not in round_.seats:
        return Codes.NOT_WAITING_FOR_YOU
    if seat in round_.tapped:
        return Codes.ALREADY_TAPPED
    if target not in round_.targets:
        return Codes.NO_SUCH_TARGET
    return Codes.TARGET_TAKEN
