"""Quota rounds (games.core.quotas): everyone plays at once, each up to a quota, until done or time is up."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from games.core.codec import EventCodec
from games.core.decisions import Codes, Rejected
from games.core.quotas import (
    QUOTA_EVENTS,
    Played,
    QuotaClosed,
    QuotaOpened,
    QuotaRound,
    SeatDone,
    finish,
    play,
    time_out,
)
from games.core.visibility import Event


@dataclass(frozen=True, slots=True)
class Card:
    card: int
    onto: int  # the seat whose queue it goes to


@dataclass(frozen=True, slots=True)
class CardPlayed(Played[Card]):
    pass


def opened(quotas: dict[int, int] | None = None, deadline: int | None = 30_000) -> QuotaRound:
    return QuotaRound.opened(QuotaOpened("race-1", quotas or {0: 2, 1: 2, 2: 2}, deadline))


def fold(round_: QuotaRound, *events: Event) -> QuotaRound:
    for event in events:
        round_ = round_.apply(event)
    return round_


def test_a_round_waits_on_every_seat_each_with_its_quota():
    round_ = opened({0: 2, 1: 3})
    assert round_.waiting_on == frozenset({0, 1}) and not round_.closed
    assert (round_.left(0), round_.left(1)) == (2, 3)


def test_a_play_spends_one_of_the_seats_quota_and_nobody_elses():
    round_ = opened()
    played = play(round_, 1, Card(7, onto=0), CardPlayed)
    assert played == CardPlayed("race-1", 1, Card(7, onto=0))
    round_ = fold(round_, played)
    assert (round_.left(0), round_.left(1), round_.left(2)) == (2, 1, 2)


def test_a_seat_whose_quota_is_spent_may_not_play_but_is_not_done():
    round_ = fold(opened(), CardPlayed("race-1", 0, Card(1, 1)), CardPlayed("race-1", 0, Card(2, 0)))
    refused = play(round_, 0, Card(3, 2), CardPlayed)
    assert isinstance(refused, Rejected) and refused.code == Codes.QUOTA_SPENT
    assert 0 in round_.waiting_on  # it may still do what the game allows before it is done (draw)
    assert finish(round_, 0) == (SeatDone("race-1", 0),)


def test_a_seat_that_is_done_plays_no_more_even_with_plays_left():
    round_ = fold(opened(), SeatDone("race-1", 2))
    assert round_.left(2) == 0 and round_.waiting_on == frozenset({0, 1})
    assert round_.check(2).code == Codes.ALREADY_DONE
    assert round_.check_done(2).code == Codes.ALREADY_DONE


def test_the_last_seat_to_be_done_closes_the_round_early():
    round_ = fold(opened(), SeatDone("race-1", 0), SeatDone("race-1", 2))
    assert finish(round_, 1) == (SeatDone("race-1", 1), QuotaClosed("race-1", timed_out=False))
    closed = fold(round_, *finish(round_, 1))
    assert closed.closed and not closed.timed_out and closed.waiting_on == frozenset()
    assert closed.check(0).code == Codes.ROUND_CLOSED
    assert closed.deadlines() == ()


def test_at_the_deadline_everybody_stops_and_a_late_play_is_refused_with_its_own_code():
    round_ = fold(opened(), CardPlayed("race-1", 0, Card(1, 1)))
    assert [deadline.id for deadline in round_.deadlines()] == ["race-1"]
    assert time_out(round_, "race-1") == (QuotaClosed("race-1", timed_out=True),)
    late = fold(round_, *time_out(round_, "race-1"))
    refused = play(late, 1, Card(2, 0), CardPlayed)
    assert isinstance(refused, Rejected) and refused.code == Codes.TIME_UP
    assert finish(late, 1).code == Codes.TIME_UP


def test_a_stale_or_unknown_deadline_changes_nothing():
    round_ = opened()
    assert time_out(round_, "race-0") == ()
    assert time_out(None, "race-1") == ()
    assert time_out(opened(deadline=None), "race-1") == ()
    closed = fold(round_, QuotaClosed("race-1", timed_out=False))
    assert time_out(closed, "race-1") == ()


def test_only_the_seats_of_the_round_play_and_the_server_never_does():
    round_ = opened({0: 1, 1: 1})
    assert round_.check(2).code == Codes.NOT_WAITING_FOR_YOU
    assert round_.check(None).code == Codes.NOT_WAITING_FOR_YOU
    assert finish(round_, None).code == Codes.NOT_WAITING_FOR_YOU


def test_a_quota_of_zero_lets_a_seat_only_be_done():
    round_ = opened({0: 0, 1: 2})
    assert round_.check(0).code == Codes.QUOTA_SPENT
    assert finish(round_, 0) == (SeatDone("race-1", 0),)


def test_the_rounds_events_and_a_typed_play_come_back_from_the_log_as_they_were():
    codec = EventCodec((*QUOTA_EVENTS, CardPlayed))
    for event in (
        QuotaOpened("race-1", {0: 2, 3: 4}, 30_000),
        CardPlayed("race-1", 3, Card(12, onto=0)),
        SeatDone("race-1", 3),
        QuotaClosed("race-1", timed_out=True),
    ):
        assert codec.load(*codec.dump(event)) == event


@given(st.lists(st.tuples(st.sampled_from(["play", "done", "time"]), st.integers(0, 3)), max_size=40))
def test_no_stream_of_actions_lets_a_seat_pass_its_quota_or_act_after_the_close(actions):
    round_ = opened({0: 2, 1: 3, 2: 1})
    plays: dict[int, int] = {}
    for kind, seat in actions:
        if kind == "time":
            events: tuple[Event, ...] | Rejected = time_out(round_, "race-1")
        elif kind == "done":
            events = finish(round_, seat)
        else:
            events = play(round_, seat, Card(seat, seat), CardPlayed)
        if isinstance(events, Rejected):
            continue
        for event in events if isinstance(events, tuple) else (events,):
            assert not round_.closed, "nothing is accepted once the round is closed"
            if isinstance(event, CardPlayed):
                plays[event.seat] = plays.get(event.seat, 0) + 1
                assert event.seat not in round_.done
            round_ = round_.apply(event)
    assert all(plays[seat] <= round_.quotas[seat] for seat in plays)
    assert round_.closed == (round_.timed_out or round_.done == round_.seats)
