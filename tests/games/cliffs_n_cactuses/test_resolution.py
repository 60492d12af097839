"""Resolution, played through ``decide``: the rulebook's Special Cards and Resolution rules, its FAQ,
and the rulings that settle what it leaves open, each with the rulebook's cards where it names them.

Each table puts one racer clearly in 1st place (lowest on the cliff, so no tiebreak, stage 3: four
cards each, 200 m default movement), has the racers play the named cards onto queues in the order
given, then ends the Race phase with everyone drawing (or with the race deadline) and reads what
Resolution did. Racers hold Larry unless a test says otherwise, so Resolution stops at the last call
with the queues as they ended; a test that needs the tally takes Larry away. Seats are clockwise:
a racer's left is the next seat, their right the previous one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.moves import ChooseTarget, PlayCard
from games.cliffs_n_cactuses.state import Spot, State
from games.core.decisions import Codes
from games.core.visibility import PUBLIC, Event, only, redact, seat_viewer
from tests.games.cliffs_n_cactuses.table import (
    POSITIONS,
    card_id,
    end_race,
    name_of,
    play,
    queue_names,
    rejection,
    resolved,
    table,
    time_out,
)
from tests.games.kit import T0, of_type

STAGE_3_DEFAULT = 200
NO_LARRY = (False, False, False)


def revealed(events: Sequence[Event]) -> list[tuple[int, int, str]]:
    """(seat, index, card name) of each card revealed, in order."""
    return [(e.seat, e.index, name_of(e.card)) for e in of_type(events, ev.CardRevealed)]


def events_card(events: Sequence[Event], name: str) -> Any:
    """The card named ``name`` among those revealed."""
    return next(e.card for e in of_type(events, ev.CardRevealed) if name_of(e.card) == name)


def tally(events: Sequence[Event]) -> tuple[int, ...]:
    (tallied,) = of_type(events, ev.Tallied)
    return tallied.movements


def aim_at(state: State, their: Spot) -> int:
    """The index of the question's aim that takes ``their`` card."""
    assert state.question is not None
    return next(index for index, aim in enumerate(state.question.aims) if aim.their == their)


# The Vaporize, and where a lifted special counts from


def test_raphaels_vaporize_discards_the_angry_beehive_and_then_itself():
    # "His 3rd card is a Special Card, Vaporize. He lifts it up ... The Vaporize discards its target card,
    # which is the right-most card in the queue, the Angry Beehive. Then the Vaporize card is discarded,
    # and the only card left in the queue is Trail Skates."
    raphael = 0
    state, events = resolved(
        {raphael: ("Trail Skates", "Angry Beehive", "Vaporize: »")}, positions=(500, 900)
    )
    assert ev.SpecialLifted(raphael, 2, 1) in events
    (vaporized,) = of_type(events, ev.Vaporized)
    assert vaporized.spot == Spot(raphael, 1) and name_of(vaporized.card) == "Angry Beehive"
    assert ev.SpecialDiscarded(raphael) in events
    assert queue_names(state, raphael) == ["Trail Skates"]
    assert [name_of(card) for card in state.discards] == ["Angry Beehive", "Vaporize: »"]


@pytest.mark.parametrize(
    ("queue", "left"),
    [
        (("Coffee", "Vaporize: <", "Banana"), ["Banana"]),  # in [A, S, B], S's < is A
        (("Coffee", "Vaporize: >", "Banana"), ["Coffee"]),  # and > is B
        (("Coffee", "Banana", "Vaporize: >"), ["Banana"]),  # S last: > wraps round to the first card
        (("Vaporize: <", "Coffee", "Banana"), ["Coffee"]),  # S first: < wraps round to the last card
    ],
)
def test_a_lifted_special_counts_relative_targets_from_where_it_lay(queue, left):
    # "He lifts it up so he can remember where it was (position still matters)"; "Relative left and right
    # references wrap around the queue."
    state, events = resolved({0: queue})
    assert len(of_type(events, ev.Vaporized)) == 1
    assert queue_names(state, 0) == left


# Ruling 5: multiplied specials


def test_a_doubled_vaporize_discards_two_cards_to_its_right_wrapping_round():
    # FAQ "Multiplying a special card": "Doubling Vaporize the card to the right discards 2 cards to the
    # right (remember "right" may wrap around and be on the left of the special card)." Ruling 5.
    state, events = resolved({0: ("Coffee", "Multiplier >", "Vaporize: >", "Banana")})
    assert ev.SpecialLifted(0, 2, 2) in events
    assert [(e.spot, name_of(e.card)) for e in of_type(events, ev.Vaporized)] == [
        (Spot(0, 2), "Banana"),  # the card to its right
        (Spot(0, 0), "Coffee"),  # then, wrapping round, the first card
    ]
    assert queue_names(state, 0) == ["Multiplier >"]


def test_a_doubled_vaporize_to_the_left_discards_two_cards_to_its_left():
    # The FAQ's doubled Vaporize, pointing left (Ruling 5). It lay between the Multiplier and the Banana;
    # once the Multiplier is gone it lies between the Coffee and the Banana, so its second card to the
    # left is the Coffee: "position still matters", and the Banana on its right is never its target.
    state, events = resolved({0: ("Coffee", "Multiplier >", "Vaporize: <", "Banana")})
    assert ev.SpecialLifted(0, 2, 2) in events
    assert [(e.spot, name_of(e.card)) for e in of_type(events, ev.Vaporized)] == [
        (Spot(0, 1), "Multiplier >"),
        (Spot(0, 0), "Coffee"),
    ]
    assert queue_names(state, 0) == ["Banana"]


def test_a_face_down_multiplier_does_not_double_a_special():
    # Ruling 5: only the multipliers already face up count. The Multiplier « points at the Vaporize but
    # is revealed after it, so the Vaporize acts once; the multiplier then doubles the Coffee at the tally.
    state, events = resolved({0: ("Vaporize: >", "Banana", "Coffee", "Multiplier «")})
    assert ev.SpecialLifted(0, 0, 1) in events
    assert [name_of(e.card) for e in of_type(events, ev.Vaporized)] == ["Banana"]
    assert queue_names(state, 0) == ["Coffee", "Multiplier «"]


def test_a_doubled_steal_acts_twice_with_fresh_choices():
    # FAQ "Multiplying a special card": "doubling Steal any card from any racer, the revealing player can
    # chose any two cards, from different racers." Ruling 5: each trigger asks afresh, from the table as
    # the first trigger left it.
    state, _ = resolved(
        {0: ("Multiplier >", "Steal: any racer's *"), 1: ("Nitroooooo!",), 2: ("Giant Worm",)}
    )
    assert state.lifted is not None and state.lifted.triggers == 2
    first = state.question
    assert first is not None and first.prompt.seat == 0
    assert [aim.their for aim in first.aims] == [Spot(0, 0), Spot(1, 0), Spot(2, 0)]
    state, _ = play(state, 0, ChooseTarget(aim_at(state, Spot(1, 0))))
    second = state.question
    assert second is not None and second.prompt.key != first.prompt.key
    assert [aim.their for aim in second.aims] == [Spot(0, 0), Spot(0, 1), Spot(1, None), Spot(2, 0)]
    state, _ = play(state, 0, ChooseTarget(aim_at(state, Spot(2, 0))))
    assert queue_names(state, 0) == ["Multiplier >", "Nitroooooo!", "Giant Worm"]
    assert queue_names(state, 1) == [] and queue_names(state, 2) == []


def test_a_swap_doubled_swaps_the_same_two_cards_back():
    # FAQ "Multiplying a swap": "If you swap the same two cards twice, it's like nothin' ever happened!"
    # The Multiplier > doubles the Swap (Ruling 5): the Coffee and the left racer's Banana change places,
    # then change back.
    state, events = resolved({0: ("Coffee", "Multiplier >", "Swap: « with left racer's «"), 1: ("Banana",)})
    assert ev.SpecialLifted(0, 2, 2) in events
    assert of_type(events, ev.CardsSwapped) == [ev.CardsSwapped(Spot(0, 0), Spot(1, 0))] * 2
    assert queue_names(state, 0) == ["Coffee", "Multiplier >"]
    assert queue_names(state, 1) == ["Banana"]


# ANY racer, and the empty card


def test_a_racer_may_steal_from_themselves():
    # FAQ "Stealing from yourself": "ANY racer includes the revealing racer". The card goes to the end of
    # the revealer's own queue.
    state, _ = resolved({0: ("Coffee", "Banana", "Steal: any racer's *"), 1: ("Nitroooooo!",)})
    assert state.question is not None
    assert {aim.racer for aim in state.question.aims} == {0, 1, 2}
    own = aim_at(state, Spot(0, 0))
    state, events = play(state, 0, ChooseTarget(own))
    assert ev.CardMoved(Spot(0, 0), 0) in events
    assert queue_names(state, 0) == ["Banana", "Coffee"]
    assert queue_names(state, 1) == ["Nitroooooo!"]


def test_the_empty_card():
    # FAQ "Targeting an empty queue": "A player who has no cards in their queue is considered to have an
    # "empty card." This empty card can be targeted." Ruling 7: a Swap with it moves the other card
    # across. Seat 0's Coffee goes into seat 1's (its left racer's) empty queue.
    state, events = resolved({0: ("Coffee", "Swap: « with left racer's «")})
    assert of_type(events, ev.CardsSwapped) == [ev.CardsSwapped(Spot(0, 0), Spot(1, None))]
    assert queue_names(state, 0) == [] and queue_names(state, 1) == ["Coffee"]
    assert not of_type(events, ev.Missed)


def test_a_swap_brings_a_card_into_the_revealers_empty_queue():
    # Ruling 7, the other way round: seat 1's own queue is empty once its Swap is lifted, and its right
    # racer's (seat 0's) right-most card, the Banana, comes across.
    state, events = resolved({0: ("Banana",), 1: ("Swap: » with right racer's »",)})
    assert of_type(events, ev.CardsSwapped) == [ev.CardsSwapped(Spot(1, None), Spot(0, 0))]
    assert queue_names(state, 0) == [] and queue_names(state, 1) == ["Banana"]


def test_a_swap_of_a_card_with_itself_misses():
    # Ruling 7: "A Swap of a card with itself does nothing." The ANY swap is asked; its first aim is the
    # Coffee with itself.
    state, _ = resolved({0: ("Coffee", "Swap: * with any racer's *")})
    assert state.question is not None
    aim = state.question.aims[0]
    assert aim.card == aim.their == Spot(0, 0)
    state, events = play(state, 0, ChooseTarget(0))
    assert ev.Missed(0, "nothing to swap") in events and not of_type(events, ev.CardsSwapped)
    assert queue_names(state, 0) == ["Coffee"]


def test_a_vaporize_flip_gift_or_steal_at_the_empty_card_misses():
    # Ruling 7: aimed at an empty card, these do nothing and tell Missed. Each special is alone in its
    # queue, so once lifted its own queue is empty; seat 3 steals from seat 0, emptied by then.
    state, events = resolved(
        {0: ("Vaporize: »",), 1: ("Flip: <",), 2: ("Gift: « to left racer",), 3: ("Steal: left racer's »",)},
        positions=(500, 900, 900, 900),
    )
    assert of_type(events, ev.Missed) == [ev.Missed(seat, "the empty card") for seat in (0, 1, 2, 3)]
    assert (
        not of_type(events, ev.Vaporized)
        and not of_type(events, ev.CardFlipped)
        and not of_type(events, ev.CardMoved)
    )
    assert all(queue_names(state, seat) == [] for seat in range(4))
    assert len(state.discards) == 4  # the four specials, each discarded after its miss


# Flip (Ruling 2)


def test_a_flipped_bonus_counts_as_a_sabotage_of_the_same_metres():
    # "Flips the target card upside-down. This ... turns Bonuses into Sabotages and vice-versa." "Turn
    # the target card upside down, even if it's unrevealed." Ruling 2.
    _, events = resolved({0: ("Flip: >", "Nitroooooo!"), 1: ("Cow Crossing", "Flip: <")}, larry=NO_LARRY)
    assert ev.CardRevealed(0, 0, events_card(events, "Nitroooooo!"), True) in events  # face down when flipped
    assert tally(events) == (-200, 150, STAGE_3_DEFAULT)


def test_a_flipped_multiplier_points_the_other_way():
    # "This reverses directions on a card (left/right)". The Multiplier < turned over doubles the Banana
    # to its right instead of the Coffee to its left: 100 - 2 * 50 = 0, where upright it would be
    # 2 * 100 - 50 = 150.
    _, events = resolved({0: ("Coffee", "Multiplier <", "Flip: <", "Banana")}, larry=NO_LARRY)
    assert ev.CardFlipped(Spot(0, 1)) in events
    assert tally(events)[0] == 0


def test_a_flipped_special_acts_the_other_way():
    # Ruling 2: upside down, a special's directions mirror. The Flip turns the face-down Vaporize: » over,
    # so once revealed it discards the left-most card, the Coffee, instead of the Banana.
    state, events = resolved({0: ("Flip: >", "Vaporize: »", "Coffee", "Banana")})
    assert ev.CardRevealed(0, 0, events_card(events, "Vaporize: »"), True) in events
    assert [name_of(e.card) for e in of_type(events, ev.Vaporized)] == ["Coffee"]
    assert queue_names(state, 0) == ["Banana"]


@pytest.mark.parametrize(("seat_1", "moved"), [((), -200), (("Flip: «",), 200)])
def test_a_flipped_card_stays_flipped_between_queues_until_flipped_again(seat_1, moved):
    # FAQ "Moving a flipped card": "A card stays flipped when moved between queues. It only goes back to
    # normal if hit with another Flip." Ruling 2. Seat 0 flips its Nitroooooo! and gifts it to seat 1:
    # there it runs 200 m up, or, after seat 1's own Flip, 200 m down again.
    _, events = resolved({0: ("Nitroooooo!", "Flip: <", "Gift: « to left racer"), 1: seat_1}, larry=NO_LARRY)
    assert ev.CardMoved(Spot(0, 0), 1) in events
    assert tally(events)[:2] == (STAGE_3_DEFAULT, moved)


# Draw (Ruling 8)


HAND = ("Nitroooooo!", "Giant Worm", "Coffee", "Banana", "Death Rays")
FULL = ("Surprise Cactus", "Banana", "Drone Swarm", "Angry Beehive", "Death Rays")  # five: draws nothing


def test_a_draw_takes_cards_at_random_from_a_hand():
    # Ruling 8: two cards at random from the target racer's hand; only the two racers see which.
    taken: set[frozenset[int]] = set()
    for at in range(T0 + 1000, T0 + 9000, 1000):
        state, events = resolved({0: ("Draw: 2 from left racer's hand",)}, hands={1: HAND}, at=at)
        (raid,) = of_type(events, ev.HandRaided)
        assert (raid.seat, raid.racer, raid.count) == (0, 1, 2)
        assert raid.cards is not None and len(raid.cards) == 2
        assert {name_of(card) for card in raid.cards} <= set(HAND)
        assert all(card in state.racers[0].hand for card in raid.cards)
        assert len(state.racers[1].hand) == 3 and not set(raid.cards) & set(state.racers[1].hand)
        assert raid.audience() == only(0, 1)
        assert raid.public_form() == replace(raid, cards=None) and raid.public_form().audience() is PUBLIC
        assert redact(raid, seat_viewer(1)) == raid and redact(raid, seat_viewer(2)).cards is None
        taken.add(frozenset(card.id for card in raid.cards))
    assert len(taken) > 1  # at random, not always the same two


def test_a_draw_from_an_empty_hand_misses():
    # Ruling 8. Seat 1 played nothing and never drew: its hand is empty when seat 0's Draw comes.
    state, events = resolved({0: ("Draw: 2 from left racer's hand",)}, hands={1: ()}, drawing=(0, 2))
    assert len(state.racers[1].hand) == 0
    assert ev.Missed(0, "an empty hand") in events
    assert not of_type(events, ev.HandRaided)


def test_a_draw_from_your_own_hand_misses():
    # Ruling 8: "A Draw aimed at the revealer's own hand ... misses" (ANY racer includes the revealer).
    state, _ = resolved({0: ("Draw: 2 from any racer's hand",)})
    assert state.question is not None
    assert [aim.racer for aim in state.question.aims] == [0, 1, 2]
    state, events = play(state, 0, ChooseTarget(0))
    assert ev.Missed(0, "your own hand") in events
    assert len(state.racers[0].hand) == 5


def test_a_draw_from_the_deck_takes_its_top_two_cards():
    # "If there is no target racer, draw from the deck." Ruling 8: its top two cards. Every hand is full
    # after the Race phase, so the race's draws leave the deck's top where it was.
    state, events = resolved(
        {0: ("Draw: 2 from the deck",)},
        hands=dict.fromkeys(range(3), FULL),
        deck=("Nitroooooo!", "Giant Worm"),
    )
    (drawn,) = of_type(events, ev.CardsDrawn)
    assert drawn.seat == 0 and [name_of(card) for card in drawn.cards] == ["Nitroooooo!", "Giant Worm"]
    assert [name_of(card) for card in state.racers[0].hand][-2:] == ["Nitroooooo!", "Giant Worm"]
    assert drawn.audience() == only(0)


def test_a_draw_from_an_empty_deck_shuffles_the_discards():
    # FAQ "There were no cards left to draw": "Guess you should've shuffled shouldn't've ya?" Ruling 13:
    # the discards are shuffled into a new deck, and the Draw takes its top two.
    hands = dict.fromkeys(range(3), FULL)
    state = table({**hands, 0: ("Draw: 2 from the deck", *hands[0])}, positions=POSITIONS)
    state, _ = play(state, 0, PlayCard(card_id(state, 0, "Draw: 2 from the deck"), 0))
    state = replace(state, deck=(), discards=state.deck)
    state, events = end_race(state, None, T0 + 1000)
    (shuffled,) = of_type(events, ev.DeckShuffled)
    (drawn,) = of_type(events, ev.CardsDrawn)
    assert shuffled.pile is not None and drawn.cards == shuffled.pile[:2]
    assert len(state.racers[0].hand) == 7


# ANY questions (Ruling 9)


def test_silence_takes_the_aim_the_match_chance_drew():
    # Ruling 9 (audit Q3): the revealer is asked, with a deadline; silence takes the aim the seeded
    # stream drew when asking, never "seat 0 first". Seat 1 leads; its Steal may take any card.
    state, _ = resolved(
        {1: ("Steal: any racer's *",), 0: ("Banana", "Cow Crossing"), 2: ("Coffee",)},
        positions=(900, 500, 900),
    )
    question = state.question
    assert question is not None and question.prompt.seat == 1
    assert [aim.their for aim in question.aims] == [Spot(0, 0), Spot(0, 1), Spot(1, None), Spot(2, 0)]
    assert question.prompt.deadline == T0 + 1000 + 20_000  # choiceSeconds after the Race phase ended
    assert rejection(state, 0, ChooseTarget(1)) == Codes.NOT_WAITING_FOR_YOU
    assert rejection(state, 2, ChooseTarget(0)) == Codes.NOT_WAITING_FOR_YOU
    assert rejection(state, 1, ChooseTarget(len(question.aims))) == Codes.NOT_AN_OPTION
    assert rejection(state, 1, ChooseTarget(-1)) == Codes.NOT_AN_OPTION
    _, stale = time_out(state, "race-1", question.prompt.deadline)
    assert stale == ()

    default = question.prompt.default
    state, events = time_out(state, question.prompt.key, question.prompt.deadline)
    assert ev.TargetChosen(question.prompt.key, default) in events
    assert ev.CardMoved(question.aims[default].their, 1) in events


def test_the_default_aim_favours_no_seat():
    # Ruling 9 (audit Q3): across matches (the stream differs with the moment the Race phase ends) the
    # silent default lands on different racers' cards, not always on seat 0's first card.
    defaults = set()
    for late in range(12):
        state, _ = resolved(
            {1: ("Steal: any racer's *",), 0: ("Banana",), 2: ("Coffee",)},
            positions=(900, 500, 900),
            at=T0 + 1000 + late,
        )
        assert state.question is not None
        defaults.add(state.question.aims[state.question.prompt.default].their)
    assert {Spot(0, 0), Spot(2, 0)} <= defaults


# The order of Resolution


def test_a_card_added_to_a_resolved_queue_waits_until_play_circles_back():
    # "If an unrevealed card is added to a resolved queue, it doesn't get resolved until play circles back
    # around to that queue." Seat 0 leads; seat 1's Gift sends its Banana, face down, to its right racer,
    # seat 0, whose queue is resolved already: it is revealed after seat 2's queue.
    _, events = resolved({0: ("Coffee",), 1: ("Gift: « to right racer", "Banana"), 2: ("Nitroooooo!",)})
    assert ev.CardMoved(Spot(1, 0), 0) in events
    assert revealed(events) == [
        (0, 0, "Coffee"),
        (1, 0, "Gift: « to right racer"),
        (2, 0, "Nitroooooo!"),
        (0, 1, "Banana"),
    ]
    assert [e.turn for e in of_type(events, ev.TurnPassed)] == [1, 2, 0]


def test_the_stack_variant_reveals_each_queue_right_to_left():
    # "ALTERNATIVE RULE - Stack: You can also play by revealing cards right-to-left."
    _, events = resolved(
        {0: ("Coffee", "Banana", "Nitroooooo!"), 1: ("Giant Worm", "Death Rays")}, options={"stack": True}
    )
    assert revealed(events) == [
        (0, 2, "Nitroooooo!"),
        (0, 1, "Banana"),
        (0, 0, "Coffee"),
        (1, 1, "Death Rays"),
        (1, 0, "Giant Worm"),
    ]


@pytest.mark.parametrize("stack", [False, True])
def test_in_the_stack_variant_the_latest_card_triggers_first(stack):
    # "the latest cards will trigger first!" Left to right, the Gift sends the Vaporize to seat 1 before
    # it is revealed; in the Stack the Vaporize comes first and discards the Gift, face down.
    state, events = resolved({0: ("Gift: « to left racer", "Vaporize: «")}, options={"stack": stack})
    if stack:
        assert revealed(events) == [(0, 1, "Vaporize: «")]
        assert [name_of(e.card) for e in of_type(events, ev.Vaporized)] == ["Gift: « to left racer"]
        assert not of_type(events, ev.CardMoved)
    else:
        assert revealed(events)[:2] == [(0, 0, "Gift: « to left racer"), (1, 0, "Vaporize: «")]
        assert ev.CardMoved(Spot(0, 0), 1) in events
        assert not of_type(events, ev.Vaporized)
    assert [name_of(card) for card in state.discards] == ["Gift: « to left racer", "Vaporize: «"]


# The tally after Resolution


def test_specials_played_on_yourself_still_leave_the_default_movement():
    # "Because Special Cards get discarded after being resolved, a racer can play Special Cards on
    # themselves and still get default movement" - "then and ONLY then": a lone Multiplier « points at
    # itself, doubles nothing, and leaves 0 m, not the default.
    _, events = resolved({0: ("Draw: 2 from the deck",), 1: ("Multiplier «",)}, larry=NO_LARRY)
    assert tally(events)[:2] == (STAGE_3_DEFAULT, 0)


def test_a_card_moved_away_from_its_multiplier_is_no_longer_doubled():
    # "If a card moves and is no longer the target of a multiplier, it is no longer doubled." Seat 1 steals
    # seat 0's Nitroooooo!, doubled where it lay, and runs 200 m; seat 0's multiplier is left pointing at
    # itself.
    _, events = resolved(
        {0: ("Nitroooooo!", "Multiplier <"), 1: ("Steal: left racer's «",)},
        positions=(500, 900),
        larry=(False, False),
    )
    assert ev.CardMoved(Spot(0, 0), 1) in events
    assert tally(events) == (0, 200)
