"""Last-Ditch Larry "At ANY TIME" in Resolution (Ruling 11), and racers leaving mid-Resolution.

Resolution reveals one card at a time: after each reveal it pauses ``revealSeconds`` (1 by default)
while a racer could still play Larry, and a timeout goes on to the next reveal. Seat 0 is in 1st place
(stage 3), then seats 1 and 2 clockwise; each racer plays the named cards onto its own queue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cliffs_n_cactuses import SPEC
from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.moves import ChooseTarget, Draw, KeepLarry, PlayCard, PlayLarry
from games.cliffs_n_cactuses.state import Phase, State
from games.core.commands import Resign
from games.core.visibility import Event
from tests.games.cliffs_n_cactuses.table import card_id, name_of, play, queue_names, table, time_out
from tests.games.kit import T0

END_OF_RACE = T0 + 1000


def raced(
    queues: Mapping[int, Sequence[str]],
    *,
    deck: Sequence[str] = (),
    larry: Sequence[bool] = (True, True, True),
    options: Mapping[str, Any] | None = None,
) -> tuple[State, tuple[Event, ...]]:
    """Each seat plays its cards onto its own queue, then everyone draws: the events of Resolution."""
    state = table(queues, positions=(500, 900, 900), deck=deck, larry=larry, options=options)
    for seat, names in queues.items():
        for name in names:
            state, _ = play(state, seat, PlayCard(card_id(state, seat, name), seat))
    told: tuple[Event, ...] = ()
    for seat in range(3):
        state, events = play(state, seat, Draw(), at=END_OF_RACE)
        told += events
    return state, told


def revealed(events: Sequence[Event]) -> list[tuple[int, str]]:
    return [(event.seat, name_of(event.card)) for event in events if isinstance(event, ev.CardRevealed)]


def test_resolution_pauses_after_each_reveal_and_larry_slips_in_between():
    """Ruling 11 (audit Q1): after the leader's Coffee is revealed Resolution waits a second; seat 2
    plays Larry onto seat 1's queue before seat 1 reveals, and his card is revealed in seat 1's turn."""
    state, events = raced(
        {0: ("Coffee",), 1: ("Banana",)}, deck=("Giant Worm",), options={"revealSeconds": 1}
    )
    assert revealed(events) == [(0, "Coffee")]
    assert events[-1] == ev.RevealPaused("reveal-1", END_OF_RACE + 1000)
    assert state.phase is Phase.RESOLUTION and SPEC.waiting_on(state) == frozenset()
    assert [(d.id, d.at, d.kind) for d in SPEC.deadlines(state)] == [
        ("reveal-1", END_OF_RACE + 1000, "reveal")
    ]
    assert SPEC.may_act(state) == {0, 1, 2}

    top = name_of(state.deck[0])
    state, _ = play(state, 2, PlayLarry(1), at=END_OF_RACE + 500)
    assert queue_names(state, 1) == ["Banana", top]
    state, events = time_out(state, "reveal-1", END_OF_RACE + 1000)
    assert events[0] == ev.RevealResumed("reveal-1")
    assert revealed(events) == [(1, "Banana")] and isinstance(events[-1], ev.RevealPaused)
    state, events = time_out(state, events[-1].key, events[-1].deadline)
    assert revealed(events)[0] == (1, top)  # Larry's card, in seat 1's turn
    assert state.racers[2].larry is False  # played: the last call will not ask seat 2


def test_a_stale_pause_timeout_changes_nothing():
    state, _ = raced({0: ("Coffee",), 1: ("Banana",)}, options={"revealSeconds": 1})
    _, events = time_out(state, "reveal-7", END_OF_RACE + 5000)
    assert events == ()


def test_reveal_seconds_zero_reveals_everything_at_once():
    """Ruling 11: with ``revealSeconds`` 0 Resolution runs in one go and Larry waits for the last call."""
    state, events = raced({0: ("Coffee",), 1: ("Banana",)}, options={"revealSeconds": 0})
    assert revealed(events) == [(0, "Coffee"), (1, "Banana")]
    assert not [event for event in events if isinstance(event, ev.RevealPaused)]
    assert state.phase is Phase.LAST_CALL


def test_resolution_does_not_pause_when_nobody_could_play_larry():
    """Ruling 11: with every Larry played there is nothing to wait for."""
    _, events = raced(
        {0: ("Coffee",), 1: ("Banana",)}, larry=(False, False, False), options={"revealSeconds": 1}
    )
    assert revealed(events) == [(0, "Coffee"), (1, "Banana")]
    assert [event for event in events if isinstance(event, ev.Tallied)]  # and the tally at once
    assert not [event for event in events if isinstance(event, ev.RevealPaused)]


def test_larry_played_while_a_target_is_asked_is_revealed_in_its_queues_turn():
    """Ruling 11 (audit U3): seat 0's Steal asks where it acts; meanwhile seat 2 plays Larry onto seat
    1's queue; once seat 0 answers, Resolution goes on and seat 1 reveals Larry's card in its turn."""
    state, _ = raced(
        {0: ("Steal: any racer's *",), 1: ("Banana",), 2: ("Coffee",)},
        options={"revealSeconds": 0},
    )
    assert state.question is not None and state.question.prompt.seat == 0
    top = name_of(state.deck[0])
    state, events = play(state, 2, PlayLarry(1), at=END_OF_RACE + 100)
    assert [type(event) for event in events] == [ev.LarryPlayed]
    assert state.question is not None and queue_names(state, 1) == ["Banana", top]
    coffee = next(n for n, aim in enumerate(state.question.aims) if aim.racer == 2)
    state, events = play(state, 0, ChooseTarget(coffee), at=END_OF_RACE + 200)
    # the stolen Coffee ends seat 0's queue and is revealed there; then seat 1's turn, Larry's card last
    assert revealed(events)[:3] == [(0, "Coffee"), (1, "Banana"), (1, top)]
    assert queue_names(state, 0) == ["Coffee"]


def test_a_racer_who_leaves_while_asked_for_a_target_gets_the_default():
    """Ruling 9 and Ruling 12 (audit U3): the question is answered with its default, Resolution goes
    on, and the leaver runs nothing at the tally."""
    state, _ = raced(
        {0: ("Steal: any racer's *",), 1: ("Banana",), 2: ("Coffee",)},
        larry=(False, False, False),
        options={"revealSeconds": 0},
    )
    question = state.question
    assert question is not None and question.prompt.seat == 0
    state, events = play(state, 0, Resign(), at=END_OF_RACE + 100)
    assert ev.TargetChosen(question.prompt.key, question.prompt.default) in events
    (tallied,) = [event for event in events if isinstance(event, ev.Tallied)]
    assert tallied.movements[0] == 0 and tallied.positions[0] == 500


def test_a_racer_who_leaves_at_the_last_call_keeps_larry():
    """Ruling 11 (audit U3): the last call no longer waits on the leaver; the others still answer."""
    state, _ = raced({0: ("Coffee",)}, options={"revealSeconds": 0})
    assert state.phase is Phase.LAST_CALL and state.last_call is not None
    state, events = play(state, 1, Resign(), at=END_OF_RACE + 100)
    assert ev.LarryKept(1) in events and state.last_call is not None
    assert state.last_call.waiting == {0, 2}
    state, _ = play(state, 0, KeepLarry(), at=END_OF_RACE + 200)
    state, events = play(state, 2, KeepLarry(), at=END_OF_RACE + 300)
    assert [event for event in events if isinstance(event, ev.Tallied)]
