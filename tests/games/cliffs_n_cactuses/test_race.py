"""The Race phase (Ruling 6), Last-Ditch Larry (Ruling 11) and a deck that runs out (Ruling 13), played
through ``decide``.

Seats are clockwise. The racer farthest down is in 1st place and sets the stage for everyone: 2 cards a
round at stage 1 (1200-950 m), 3 at stage 2 (900-650 m), 4 at stage 3 (600-0 m). Every racer plays at
once, face down onto any queue, then draws up to five and plays no more; the phase ends when everyone
has drawn, or when the banjo stops.
"""

from __future__ import annotations

import pytest

from games.cliffs_n_cactuses import SPEC
from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.cards import DECK
from games.cliffs_n_cactuses.checks import Code
from games.cliffs_n_cactuses.moves import Draw, KeepLarry, PlayCard, PlayLarry
from games.cliffs_n_cactuses.state import Phase, Placed, State
from games.core.commands import Begin, Resign
from games.core.decisions import Codes
from games.core.quotas import QuotaClosed, SeatDone
from games.core.visibility import Event, redact, seat_viewer
from tests.games.cliffs_n_cactuses.table import (
    Cards,
    card_id,
    name_of,
    play,
    queue_names,
    rejection,
    table,
    time_out,
)
from tests.games.kit import T0, of_type

FIVE = ("Coffee", "Banana", "Nitroooooo!", "Cow Crossing", "Multiplier <")


def plays(state: State, seat: int, *cards: tuple[str, int]) -> State:
    """``seat`` plays each named card of its hand onto the given racer's queue, in turn."""
    for name, onto in cards:
        state, _ = play(state, seat, PlayCard(card_id(state, seat, name), onto))
    return state


def all_draw(state: State, *seats: int) -> tuple[State, tuple[Event, ...]]:
    events: tuple[Event, ...] = ()
    for seat in seats:
        state, told = play(state, seat, Draw())
        events += told
    return state, events


@pytest.mark.parametrize(
    ("leader_at", "limit"),
    [(1150, 2), (950, 2), (900, 3), (650, 3), (600, 4), (50, 4)],
)
def test_the_leaders_stage_sets_how_many_cards_everyone_plays(leader_at, limit):
    """Ruling 6 and Ruling 3: the 1st-place racer's position sets the stage for all, the racer at the
    top of the cliff included."""
    state = table({0: FIVE, 1: FIVE}, positions=(1200, leader_at))
    assert state.leader == 1
    assert state.race is not None and dict(state.race.quotas) == {0: limit, 1: limit}
    for seat in (0, 1):
        state = plays(state, seat, *((name, step % 2) for step, name in enumerate(FIVE[:limit])))
        assert len(state.racers[seat].hand) == 5 - limit
        extra = FIVE[limit]
        assert rejection(state, seat, PlayCard(card_id(state, seat, extra), seat)) == Codes.QUOTA_SPENT
    assert len(state.racers[0].queue) + len(state.racers[1].queue) == 2 * limit


def test_a_card_goes_face_down_to_the_right_end_of_any_racers_queue():
    """Ruling 6: onto any racer's queue, their own included; "it is added to the right"."""
    state = table({0: ("Coffee",), 1: ("Banana",), 2: ("Nitroooooo!",)}, positions=(900, 1000, 1100))
    coffee = state.racers[0].hand[0]
    state, events = play(state, 0, PlayCard(coffee.id, 2))
    assert state.race is not None
    assert events == (ev.CardPlayed(state.race.key, 0, coffee, 2),)
    state = plays(state, 1, ("Banana", 2))
    state = plays(state, 2, ("Nitroooooo!", 2))
    assert queue_names(state, 2) == ["Coffee", "Banana", "Nitroooooo!"]
    assert all(not placed.revealed and not placed.flipped for placed in state.racers[2].queue)
    assert state.racers[2].queue[0] == Placed(coffee, by=0)
    assert all(racer.hand == () for racer in state.racers)
    assert queue_names(state, 0) == queue_names(state, 1) == []


def test_a_card_not_in_hand_or_a_racer_not_racing_is_refused():
    state = table({0: ("Coffee",), 1: ("Banana",), 2: ("Shortcut!",)}, positions=(900, 1000, 1100))
    banana = card_id(state, 1, "Banana")
    deck_card = state.deck[0].id
    assert rejection(state, 0, PlayCard(banana, 0)) == Code.NO_SUCH_CARD  # another racer's card
    assert rejection(state, 0, PlayCard(deck_card, 0)) == Code.NO_SUCH_CARD
    assert rejection(state, 0, PlayCard(999, 0)) == Code.NO_SUCH_CARD
    coffee = card_id(state, 0, "Coffee")
    assert rejection(state, 0, PlayCard(coffee, 3)) == Code.NO_SUCH_RACER
    assert rejection(state, 0, PlayCard(coffee, -1)) == Code.NO_SUCH_RACER
    state, _ = play(state, 2, Resign())
    assert rejection(state, 0, PlayCard(coffee, 2)) == Code.NO_SUCH_RACER  # seat 2 left the race
    assert rejection(state, 0, PlayLarry(2)) == Code.NO_SUCH_RACER
    assert state.racers[0].hand[0].id == coffee and state.race is not None and state.race.spent == {}


def test_after_drawing_a_racer_holds_five_cards_and_plays_no_more():
    """Ruling 6: "Racers can draw until they have 5 cards in hand and cannot play cards after they start
    drawing"."""
    state = table({0: ("Coffee", "Banana"), 1: FIVE}, positions=(1200, 1100))
    state = plays(state, 0, ("Coffee", 1))
    top = state.deck[:4]
    state, events = play(state, 0, Draw())
    assert state.race is not None
    assert of_type(events, ev.CardsDrawn) == [ev.CardsDrawn(0, 4, top)]
    assert SeatDone(state.race.key, 0) in events
    assert len(state.racers[0].hand) == 5 and state.racers[0].hand[1:] == top
    banana = card_id(state, 0, "Banana")
    assert rejection(state, 0, PlayCard(banana, 1)) == Codes.ALREADY_DONE  # a play left, but done
    assert rejection(state, 0, Draw()) == Codes.ALREADY_DONE


def test_with_five_cards_in_hand_drawing_draws_nothing_and_ends_the_racers_playing():
    state = table({0: FIVE, 1: FIVE}, positions=(1200, 1100))
    deck = state.deck
    state, events = play(state, 1, Draw())
    assert state.race is not None
    assert events == (SeatDone(state.race.key, 1),)
    assert len(state.racers[1].hand) == 5 and state.deck == deck
    assert rejection(state, 1, PlayCard(card_id(state, 1, "Coffee"), 1)) == Codes.ALREADY_DONE


def test_the_race_ends_early_when_every_racer_has_drawn():
    """Ruling 6: the phase ends when every racer has drawn, long before the deadline."""
    state = table({0: FIVE, 1: FIVE, 2: FIVE}, positions=(1000, 1100, 1200))
    state = plays(state, 0, ("Coffee", 2))
    state, _ = all_draw(state, 0, 1)
    assert state.phase is Phase.RACE  # seat 2 has not drawn
    key = state.race.key
    state, events = play(state, 2, Draw())
    assert QuotaClosed(key, timed_out=False) in events
    assert ev.CardRevealed(2, 0, state.racers[2].queue[0].card, False) in events  # Resolution ran
    assert state.phase is Phase.LAST_CALL  # everyone still holds Larry


def test_at_the_deadline_everybody_stops():
    """Ruling 6: "Once the banjo finishes, EVERYONE MUST STOP!": a card played after it is refused
    TIME_UP."""
    state = table({0: FIVE, 1: FIVE}, positions=(1200, 1100), options={"raceSeconds": 5})
    assert state.race is not None and state.race.deadline == T0 + 5_000
    state = plays(state, 0, ("Coffee", 1))
    key, deadline = state.race.key, state.race.deadline
    stale, events = time_out(state, "race-0", deadline)  # another round's timer changes nothing
    assert events == () and stale.phase is Phase.RACE
    state, events = time_out(state, key, deadline)
    assert events[0] == QuotaClosed(key, timed_out=True)
    assert state.phase is Phase.LAST_CALL  # Coffee revealed; both racers still hold Larry
    assert rejection(state, 1, PlayCard(card_id(state, 1, "Banana"), 0)) == Codes.TIME_UP
    assert rejection(state, 0, PlayCard(card_id(state, 0, "Banana"), 0)) == Codes.TIME_UP
    rejection(state, 1, Draw())  # no more drawing either
    assert len(state.racers[1].hand) == 5 and len(state.racers[0].hand) == 4


def test_starting_halfway_puts_everyone_at_600_m_at_stage_3():
    """The rulebook's "Try starting halfway up the Cliff (600m)": everyone is tied there (the match's
    chance picks the leader with the random opening, Ruling 10), then everyone may play 4 cards."""
    state = SPEC.initial_state({"start": "600", "opening": "random"}, 3)
    assert [racer.position for racer in state.racers] == [600, 600, 600]
    state, events = play(state, None, Begin())
    (started,) = [event for event in events if isinstance(event, ev.RoundStarted)]
    assert state.phase is Phase.RACE and state.leader == started.leader
    assert state.race is not None and dict(state.race.quotas) == {0: 4, 1: 4, 2: 4}
    view = SPEC.player_view(state, seat_viewer(1))
    assert view.stage is not None and (view.stage.number, view.stage.default_movement) == (3, 200)


def test_larry_in_the_race_phase():
    """Ruling 11: the top card of the deck goes face down to the end of the chosen queue; once per game,
    even after drawing, and it is not one of the racer's plays."""
    state = table({0: FIVE, 1: FIVE}, positions=(1200, 1100), deck=("Giant Worm", "Drone Swarm"))
    worm, swarm = state.deck[:2]
    state = plays(state, 0, ("Coffee", 1))
    state, events = play(state, 0, PlayLarry(1))
    assert events == (ev.LarryPlayed(0, 1, worm),)
    assert queue_names(state, 1) == ["Coffee", "Giant Worm"]
    assert state.racers[1].queue[-1] == Placed(worm, by=0, larry=True)  # face down
    assert state.deck[0] == swarm and not state.racers[0].larry
    assert state.race is not None and state.race.left(0) == 1  # Larry is not one of the two plays
    assert rejection(state, 0, PlayLarry(0)) == Code.LARRY_USED
    assert rejection(state, 0, PlayLarry(1)) == Code.LARRY_USED

    state, _ = play(state, 1, Draw())
    state, events = play(state, 1, PlayLarry(1))  # after drawing: "At ANY TIME"
    assert events == (ev.LarryPlayed(1, 1, swarm),)
    assert queue_names(state, 1) == ["Coffee", "Giant Worm", "Drone Swarm"]
    assert rejection(state, 1, PlayLarry(0)) == Code.LARRY_USED


def test_larry_at_the_last_call_is_resolved_before_the_tally():
    """Ruling 11, as in the Example Round: everything is revealed, the racer still holding Larry plays
    him, and his card is revealed before the tally."""
    state = table(
        {0: FIVE, 1: FIVE},
        positions=(1200, 1150),  # stage 1: an empty queue runs 100 m
        deck=("Nitroooooo!",),
        larry=(True, False),
    )
    nitro = state.deck[0]
    state, _ = all_draw(state, 0, 1)
    assert state.phase is Phase.LAST_CALL and state.last_call is not None
    assert state.last_call.waiting == {0}
    assert rejection(state, 1, KeepLarry()) == Codes.NOT_WAITING_FOR_YOU
    state, events = play(state, 0, PlayLarry(0))
    assert events[0] == ev.LarryPlayed(0, 0, nitro)
    assert ev.CardRevealed(0, 0, nitro, False) in events
    (tallied,) = of_type(events, ev.Tallied)
    assert tallied == ev.Tallied((200, 100), (1000, 1050))
    assert state.phase is Phase.RACE and state.round == 2 and state.leader == 0


def test_keeping_larry_and_a_new_last_call_after_his_card():
    """Ruling 11: each holder plays Larry or keeps him; a card Larry adds is resolved, and a new last
    call follows for those still holding him."""
    state = table({0: FIVE, 1: FIVE, 2: FIVE}, positions=(1100, 1150, 1200), deck=("Coffee",))
    coffee = state.deck[0]
    assert rejection(state, 0, KeepLarry()) == Codes.NOT_WAITING_FOR_YOU  # the Race phase
    state, _ = all_draw(state, 0, 1, 2)
    assert state.last_call is not None and state.last_call.waiting == {0, 1, 2}
    first = state.last_call.key
    state, events = play(state, 0, KeepLarry())
    assert events == (ev.LarryKept(0),)
    assert state.phase is Phase.LAST_CALL and state.last_call.waiting == {1, 2}
    assert rejection(state, 0, KeepLarry()) == Codes.NOT_WAITING_FOR_YOU
    state, events = play(state, 1, PlayLarry(2))
    assert ev.CardRevealed(2, 0, coffee, False) in events
    assert not of_type(events, ev.Tallied)
    assert state.last_call is not None and state.last_call.key != first
    assert state.last_call.waiting == {0, 2}  # seat 0 kept him and still holds him
    state, _ = play(state, 2, KeepLarry())
    state, events = play(state, 0, KeepLarry())
    (tallied,) = of_type(events, ev.Tallied)
    assert tallied.movements == (100, 100, 100)  # Coffee in seat 2's queue; the others run 100 m
    assert [racer.larry for racer in state.racers] == [True, False, True]


def test_the_last_calls_deadline_tallies():
    """Ruling 11: silence keeps Larry; at the deadline the tally happens."""
    state = table({0: FIVE, 1: FIVE}, positions=(1200, 1100), options={"choiceSeconds": 7})
    state, _ = all_draw(state, 0, 1)
    call = state.last_call
    assert call is not None and call.deadline == T0 + 1_000 + 7_000
    assert SPEC.deadlines(state)[0].id == call.key
    state, events = time_out(state, call.key, call.deadline)
    assert of_type(events, ev.Tallied) == [ev.Tallied((100, 100), (1100, 1000))]
    assert all(racer.larry for racer in state.racers)
    assert state.phase is Phase.RACE and state.round == 2


def every_other_card(*kept: str) -> tuple[str, ...]:
    """The names of every card of the deck but one copy of each of ``kept``."""
    cards = Cards()
    taken = {cards.take(name).id for name in kept}
    return tuple(name_of(card) for card in DECK if card.id not in taken)


def after_a_round_on_an_empty_deck() -> State:
    """Seat 0 holds Coffee and Banana, seat 1 every other card: the deck is empty from the start. Seat 0
    plays both, and round 1 ends with them in the discards."""
    state = table(
        {0: ("Coffee", "Banana"), 1: every_other_card("Coffee", "Banana")},
        positions=(1200, 1150),
        larry=(True, False),
    )
    assert state.deck == () and state.discards == ()
    assert rejection(state, 0, PlayLarry(0)) == Code.EMPTY_DECK  # nothing for Larry to draw
    state = plays(state, 0, ("Coffee", 0), ("Banana", 1))
    state, events = all_draw(state, 0, 1)
    assert not of_type(events, ev.CardsDrawn) and state.racers[0].hand == ()  # nothing to draw
    assert not of_type(events, ev.LastCallOpened)  # Larry has nothing to draw either
    assert of_type(events, ev.Tallied) == [ev.Tallied((100, -50), (1100, 1200))]
    assert sorted(name_of(card) for card in state.discards) == ["Banana", "Coffee"]  # Ruling 12
    assert state.phase is Phase.RACE and state.round == 2 and state.deck == ()
    assert SPEC.invariants(state) == ()
    return state


def test_an_empty_deck_is_refilled_from_the_discards():
    """Ruling 13: when the deck runs out, the discards are shuffled face down into a new deck."""
    state = after_a_round_on_an_empty_deck()
    discards = set(state.discards)
    state, events = play(state, 0, Draw())
    (shuffled,) = of_type(events, ev.DeckShuffled)
    assert shuffled.size == 2 and set(shuffled.pile) == discards
    assert all(redact(shuffled, seat_viewer(seat)).pile is None for seat in (0, 1))
    assert of_type(events, ev.CardsDrawn) == [ev.CardsDrawn(0, 2, shuffled.pile)]
    assert set(state.racers[0].hand) == discards
    assert state.deck == () and state.discards == ()
    assert SPEC.invariants(state) == ()


def test_larry_refills_an_empty_deck_from_the_discards():
    """Ruling 13 and Ruling 11: Larry draws the top card of the deck the discards were shuffled into."""
    state = after_a_round_on_an_empty_deck()
    state, events = play(state, 0, PlayLarry(1))
    (shuffled,) = of_type(events, ev.DeckShuffled)
    assert events[-1] == ev.LarryPlayed(0, 1, shuffled.pile[0])
    assert state.deck == shuffled.pile[1:] and state.discards == ()
    assert state.racers[1].queue == (Placed(shuffled.pile[0], by=0, larry=True),)
    assert SPEC.invariants(state) == ()
