"""The rulebook's own examples of Swap and Steal, the special faces no other test resolves, and a
multiplier doubling more than one card (audit U1, U2). Seat 0 is in 1st place at stage 3; its left is
seat 1, its right seat 2. Each racer plays the named cards onto its own queue, left to right.
"""

from __future__ import annotations

import pytest

from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.moves import ChooseTarget
from games.cliffs_n_cactuses.state import Spot, State
from tests.games.cliffs_n_cactuses.table import play, queue_names, resolved

NO_LARRY = (False, False, False)


def answer(state: State, *, racer: int) -> State:
    """The revealer aims its question at ``racer`` (the first such aim)."""
    assert state.question is not None
    option = next(n for n, aim in enumerate(state.question.aims) if aim.racer == racer)
    state, _ = play(state, state.question.prompt.seat, ChooseTarget(option))
    return state


def test_the_swap_example_swaps_the_card_to_its_left_with_any_racers_left_most():
    """ "This Swap swaps the card to its left with ANY racer's left-most card" (audit U1)."""
    state, _ = resolved({0: ("Banana", "Swap: < with any racer's «"), 1: ("Coffee", "Nitroooooo!")})
    state = answer(state, racer=1)
    assert queue_names(state, 0) == ["Coffee"]
    assert queue_names(state, 1) == ["Banana", "Nitroooooo!"]


def test_the_steal_example_takes_the_right_racers_right_most_card():
    """ "This Steal targets the racer to the right, adding their right-most card to the revealing
    racer's queue" (audit U1): seat 1's right is seat 0."""
    state, events = resolved({0: ("Coffee", "Nitroooooo!"), 1: ("Steal: right racer's »",)})
    assert ev.CardMoved(Spot(0, 1), 1) in events
    assert queue_names(state, 0) == ["Coffee"] and queue_names(state, 1) == ["Nitroooooo!"]


@pytest.mark.parametrize(
    ("queue", "kept", "to", "given"),
    [
        (("Coffee", "Banana", "Gift: » to left racer"), ["Coffee"], 1, ["Banana"]),
        (("Coffee", "Banana", "Gift: » to right racer"), ["Coffee"], 2, ["Banana"]),
        (("Coffee", "Gift: < to right racer", "Banana"), ["Banana"], 2, ["Coffee"]),
    ],
)
def test_a_gift_sends_its_card_to_the_end_of_the_named_racers_queue(queue, kept, to, given):
    """Gift faces `»`→left, `»`→right and `<`→right (audit U1)."""
    state, _ = resolved({0: queue})
    assert queue_names(state, 0) == kept and queue_names(state, to) == given


def test_a_gift_to_any_racer_asks_where_it_goes():
    state, _ = resolved({0: ("Coffee", "Gift: * to any racer")})
    state = answer(state, racer=1)
    assert queue_names(state, 0) == [] and queue_names(state, 1) == ["Coffee"]


def test_a_swap_to_the_right_with_any_racers_right_most():
    """Swap `>`↔`*`'s `»` (audit U1): the card to its right is the Banana."""
    state, _ = resolved({0: ("Swap: > with any racer's »", "Banana"), 2: ("Coffee", "Nitroooooo!")})
    state = answer(state, racer=2)
    assert queue_names(state, 0) == ["Nitroooooo!"] and queue_names(state, 2) == ["Coffee", "Banana"]


@pytest.mark.parametrize(("steal", "taken", "left"), [("«", "Coffee", "Banana"), ("»", "Banana", "Coffee")])
def test_a_steal_from_any_racer_takes_its_end_card(steal, taken, left):
    """Steal `*`'s `«` and `*`'s `»` (audit U1)."""
    state, _ = resolved({1: (f"Steal: any racer's {steal}",), 2: ("Coffee", "Banana")})
    state = answer(state, racer=2)
    assert queue_names(state, 1) == [taken] and queue_names(state, 2) == [left]


def test_a_flip_of_the_right_most_card_turns_a_bonus_into_a_sabotage():
    """Flip `»` (audit U1): lifted out, the right-most card is the Coffee: it runs 100 m up."""
    _, events = resolved({0: ("Coffee", "Flip: »")}, larry=NO_LARRY)
    assert ev.CardFlipped(Spot(0, 0)) in events
    (tallied,) = [event for event in events if isinstance(event, ev.Tallied)]
    assert tallied.movements[0] == -100


def test_one_multiplier_doubles_two_specials_in_turn_and_then_a_bonus():
    """ "A multiplier card can end up doubling more than one card throughout the resolution phase"
    (audit U2): `Multiplier >` doubles the first Steal (Coffee, Banana), then the second, which moved
    next to it (Death Rays, Giant Worm), and at the tally the Coffee: 2 x 100 - 50 - 150 + 200."""
    _, events = resolved(
        {
            0: ("Multiplier >", "Steal: left racer's «", "Steal: left racer's »"),
            1: ("Coffee", "Banana", "Giant Worm", "Death Rays"),
        },
        larry=NO_LARRY,
    )
    lifted = [event.triggers for event in events if isinstance(event, ev.SpecialLifted)]
    assert lifted == [2, 2]
    (tallied,) = [event for event in events if isinstance(event, ev.Tallied)]
    assert tallied.movements == (200, 200, 200)
