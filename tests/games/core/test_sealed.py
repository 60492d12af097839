"""Sealed rounds (games.core.sealed): secret typed choices, a close apart from the reveal, deadlines."""

from __future__ import annotations

import json
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from games.core.codec import EventCodec
from games.core.decisions import Codes, Rejected
from games.core.sealed import (
    QUIET_EVENTS,
    SEALED_EVENTS,
    ChoiceSealed,
    ChoicesRevealed,
    QuietChoice,
    QuietRoundOpened,
    RoundClosed,
    RoundOpened,
    SealedRound,
    SeatReady,
    reveal,
    seal,
    time_out,
)
from games.core.visibility import SPECTATOR, redact, seat_viewer


@dataclass(frozen=True, slots=True)
class PlayCard:
    card: int
    target: int


@dataclass(frozen=True, slots=True)
class CardPlayed(ChoiceSealed[PlayCard]):
    pass


@dataclass(frozen=True, slots=True)
class CardsShown(ChoicesRevealed[PlayCard]):
    pass


@dataclass(frozen=True, slots=True)
class StayPicked(QuietChoice[bool]):
    pass


@dataclass(frozen=True, slots=True)
class StaysShown(ChoicesRevealed[bool]):
    pass


CODEC = EventCodec((CardPlayed, CardsShown, StayPicked, StaysShown, *SEALED_EVENTS, *QUIET_EVENTS))


def round_trip(event):
    name, data = CODEC.dump(event)
    return CODEC.load(name, json.loads(json.dumps(data)))


def opened(seats=(0, 2), deadline: int | None = 5_000) -> SealedRound[PlayCard]:
    return SealedRound.opened(RoundOpened("race-1", frozenset(seats), deadline))


def fold(round_, *events):
    for event in events:
        round_ = round_.apply(event)
    return round_


def test_a_typed_choice_comes_back_from_the_log_as_it_was_played():
    event = CardPlayed("r1", 0, PlayCard(3, 1))
    assert round_trip(event) == event and isinstance(round_trip(event).choice, PlayCard)
    shown = CardsShown("r1", {0: PlayCard(3, 1), 2: PlayCard(1, 0)})
    assert round_trip(shown) == shown


def test_a_sealed_round_waits_for_everyone_and_refuses_a_second_choice():
    round_ = opened()
    assert round_.check(1).code == Codes.NOT_WAITING_FOR_YOU
    round_ = fold(round_, *seal(round_, 0, PlayCard(1, 1), CardPlayed))
    assert round_.check(0).code == Codes.ALREADY_CHOSEN
    assert round_.still_to_choose == frozenset({2}) and not round_.closed
    assert [d.id for d in round_.deadlines()] == ["race-1"]


def test_the_last_choice_closes_the_round_and_the_choices_stay_face_down():
    round_ = fold(opened(), CardPlayed("race-1", 0, PlayCard(1, 1)))
    told = seal(round_, 2, PlayCard(2, 0), CardPlayed)
    assert told == (CardPlayed("race-1", 2, PlayCard(2, 0)), RoundClosed("race-1", frozenset()))
    closed = fold(round_, *told)
    assert closed.closed and not closed.revealed and closed.deadlines() == ()
    assert closed.check(2).code == Codes.ROUND_CLOSED
    assert redact(told[0], seat_viewer(0)) == SeatReady("race-1", 2)  # closed is not revealed


def test_revealing_is_a_step_of_its_own_that_shows_every_choice():
    closed = fold(opened(), CardPlayed("race-1", 0, PlayCard(1, 1)), RoundClosed("race-1", frozenset({2})))
    shown = reveal(closed, CardsShown)
    assert shown == CardsShown("race-1", {0: PlayCard(1, 1)})
    assert redact(shown, SPECTATOR) == shown and fold(closed, shown).revealed


def test_the_deadline_closes_the_round_with_the_silent_seats_and_a_stale_one_does_nothing():
    round_ = fold(opened(), CardPlayed("race-1", 2, PlayCard(1, 1)))
    assert time_out(round_, "race-0") == ()
    assert time_out(round_, "race-1") == (RoundClosed("race-1", frozenset({0})),)
    assert time_out(fold(round_, RoundClosed("race-1", frozenset({0}))), "race-1") == ()
    assert time_out(opened(deadline=None), "race-1") == ()


def test_a_sealed_choice_is_seen_only_by_its_chooser():
    event = ChoiceSealed("rps-1", 2, "scissors")
    assert redact(event, seat_viewer(2)) == event
    assert redact(event, seat_viewer(0)) == SeatReady("rps-1", 2)
    assert redact(event, SPECTATOR) == SeatReady("rps-1", 2)


@given(
    seats=st.sets(st.integers(0, 5), min_size=1),
    stream=st.lists(st.tuples(st.integers(0, 6), st.booleans()), max_size=20),
)
def test_every_round_takes_each_waited_seat_once_and_closes_once(seats, stream):
    round_ = opened(sorted(seats))
    closes = 0
    for seat, silence in stream:
        before = round_
        told = time_out(round_, "race-1") if silence else seal(round_, seat, PlayCard(seat, 0), CardPlayed)
        if isinstance(told, Rejected):
            assert round_ == before
            continue
        round_ = fold(round_, *told)
        closes += sum(isinstance(event, RoundClosed) for event in told)
        assert set(round_.choices) <= seats
    assert closes == (1 if round_.closed else 0)
    assert round_.closed == (round_.complete or any(silence for _, silence in stream))


def countdown(seats=(0, 1, 2)) -> SealedRound[bool]:
    return SealedRound.opened(QuietRoundOpened("snake-1", frozenset(seats), 3_000))


def test_where_silence_counts_nobody_else_learns_who_has_chosen():
    """Owner ruling on Boulder L1: readiness is hidden where silence means something."""
    told = seal(countdown(), 0, False, StayPicked)
    assert told == (StayPicked("snake-1", 0, False),)
    assert redact(told[0], seat_viewer(0)) == told[0]
    assert redact(told[0], seat_viewer(1)) is None and redact(told[0], SPECTATOR) is None
    round_ = fold(countdown(), *told)
    assert round_.seen_waiting_on == frozenset({0, 1, 2}) and round_.still_to_choose == frozenset({1, 2})
    assert round_trip(told[0]) == told[0]
    assert round_trip(QuietRoundOpened("snake-1", frozenset({0}), 3_000)) == QuietRoundOpened(
        "snake-1", frozenset({0}), 3_000
    )


def test_where_silence_counts_the_round_runs_to_its_deadline_naming_no_silent_seat():
    round_ = fold(countdown((0, 1)), StayPicked("snake-1", 0, False))
    last = seal(round_, 1, True, StayPicked)
    assert last == (StayPicked("snake-1", 1, True),)  # everyone chose, and the round is still open
    round_ = fold(countdown(), StayPicked("snake-1", 0, False))
    assert time_out(round_, "snake-1") == (RoundClosed("snake-1", frozenset()),)
    closed = fold(round_, *time_out(round_, "snake-1"))
    assert closed.silent == frozenset({1, 2}) and closed.seen_waiting_on == frozenset()
    assert reveal(closed, StaysShown, silence=True) == StaysShown("snake-1", {0: False, 1: True, 2: True})


def test_where_silence_means_nothing_readiness_stays_public():
    round_ = fold(opened(), CardPlayed("race-1", 0, PlayCard(1, 1)))
    assert not round_.silence_counts
    assert round_.seen_waiting_on == round_.still_to_choose == frozenset({2})
