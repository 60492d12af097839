"""What each viewer gets, in ``player_view`` and in redacted events (Ruling 14): a face-down card shows
its back to everyone but the racer who played it, and everyone sees who played it; hands are private;
the deck's order is nobody's; Larry's card is nobody's until revealed; the two racers of a Draw from a
hand see what moved, in the view too.
"""

from __future__ import annotations

import json
from dataclasses import replace

from games.cliffs_n_cactuses import SPEC
from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.cards import CARD_COPIES, DECK
from games.cliffs_n_cactuses.moves import ChooseTarget, PlayCard, PlayLarry, Throw
from games.cliffs_n_cactuses.state import LEAD, Aim, Phase, Spot, State
from games.cliffs_n_cactuses.views import (
    LiftedView,
    QuestionView,
    QueueCardView,
    TiebreakView,
    player_view,
)
from games.core import engine
from games.core.codec import encode
from games.core.commands import Begin
from games.core.sealed import SeatReady
from games.core.visibility import OMNISCIENT, SPECTATOR, Viewer, redact, seat_viewer
from tests.conformance.playouts import steps
from tests.games.cliffs_n_cactuses.table import card_id, name_of, play, resolved, table, time_out
from tests.games.cliffs_n_cactuses.test_race import after_a_round_on_an_empty_deck
from tests.games.kit import of_type


def face_down(by: int, *, flipped: bool = False, larry: bool = False) -> QueueCardView:
    """The back of a card ``by`` put face down (by its Larry, or by hand)."""
    return QueueCardView(None, revealed=False, flipped=flipped, played_by=by, larry=larry)


def text(value: object) -> str:
    return json.dumps(encode(value), separators=(",", ":"), sort_keys=True)


def viewers(seats: int) -> tuple[Viewer, ...]:
    return (SPECTATOR, *map(seat_viewer, range(seats)))


def others(seat: int, seats: int) -> tuple[Viewer, ...]:
    """Every viewer but ``seat``: the other seats and a spectator."""
    return (SPECTATOR, *(seat_viewer(other) for other in range(seats) if other != seat))


def test_a_played_card_is_seen_by_its_player_only_and_everyone_sees_who_played_it():
    """Ruling 14 (audit L1): the racer who played a card face down saw its face, in the view too, and
    the whole table watched who put it where."""
    state = table({0: ("Coffee", "Banana"), 1: ("Cow Crossing",), 2: ()}, positions=(900, 1000, 1100))
    coffee = state.racers[0].hand[0]
    state, events = play(state, 0, PlayCard(coffee.id, 1))
    (played,) = of_type(events, ev.CardPlayed)
    assert redact(played, seat_viewer(0)) == played
    for viewer in others(0, 3):
        assert redact(played, viewer) == replace(played, play=None)  # which queue, not which card
        assert text(coffee) not in text(redact(played, viewer)) + text(player_view(state, viewer))
        assert player_view(state, viewer).racers[1].queue == (face_down(0),)
    mine = player_view(state, seat_viewer(0)).racers[1].queue
    assert mine == (QueueCardView(coffee, revealed=False, flipped=False, played_by=0),)
    for viewer in viewers(3):
        assert player_view(state, viewer).racers[0].hand_size == 1
    assert coffee in SPEC.secrets(state, seat_viewer(1))
    assert coffee not in SPEC.secrets(state, seat_viewer(0))  # it saw the card go there


def flipped_face_down() -> State:
    """Seat 0 (1st place) flips seat 1's face-down Coffee with its Flip: *; then seat 1's Vaporize: * is
    revealed and asks seat 1 where it acts, with the Coffee and seat 2's Banana still face down."""
    state = table(
        {0: ("Flip: *",), 1: ("Vaporize: *", "Coffee"), 2: ("Banana",)},
        positions=(500, 900, 950),
        larry=(False, False, False),
    )
    state, _ = play(state, 0, PlayCard(card_id(state, 0, "Flip: *"), 0))
    state, _ = play(state, 1, PlayCard(card_id(state, 1, "Vaporize: *"), 1))
    state, _ = play(state, 1, PlayCard(card_id(state, 1, "Coffee"), 1))
    state, _ = play(state, 2, PlayCard(card_id(state, 2, "Banana"), 2))
    state, _ = time_out(state, state.race.key, state.race.deadline)
    assert state.question is not None and state.question.prompt.seat == 0
    coffee = state.question.aims.index(next(aim for aim in state.question.aims if aim.card == Spot(1, 1)))
    state, events = play(state, 0, ChooseTarget(coffee), at=state.race.deadline + 1)
    assert ev.CardFlipped(Spot(1, 1)) in events
    assert state.question is not None and state.question.prompt.seat == 1
    return state


def test_a_face_down_card_shows_others_its_back_and_whether_it_is_flipped():
    """Ruling 14 and the rulebook's "Turn the target card upside down, even if it's unrevealed": seat 1
    still sees the face of the Coffee it played, upside down or not (audit L1)."""
    state = flipped_face_down()
    coffee, banana = state.racers[1].queue[0].card, state.racers[2].queue[0].card
    for viewer in (SPECTATOR, seat_viewer(0)):
        view = player_view(state, viewer)
        assert view.racers[1].queue == (face_down(1, flipped=True),)
        assert view.racers[2].queue == (face_down(2),)
        assert text(coffee) not in text(view.racers) and text(banana) not in text(view.racers)
    own = player_view(state, seat_viewer(1)).racers[1].queue
    assert own == (QueueCardView(coffee, revealed=False, flipped=True, played_by=1),)
    assert player_view(state, seat_viewer(1)).racers[2].queue == (face_down(2),)
    omniscient = player_view(state, OMNISCIENT)
    assert omniscient.racers[1].queue == own and omniscient.racers[2].queue[0].card == banana


def test_the_question_and_the_lifted_special_are_as_the_state_says():
    state = flipped_face_down()
    question, lifted = state.question, state.lifted
    assert question is not None and lifted is not None
    prompt = question.prompt
    for viewer in viewers(3):
        view = player_view(state, viewer)
        assert view.question == QuestionView(1, question.aims, prompt.default, prompt.deadline)
        assert view.question.aims == (Aim(card=Spot(1, 0)), Aim(card=Spot(2, 0)))  # the Coffee and the Banana
        assert view.lifted == LiftedView(
            1, CARD_COPIES.as_seen(lifted.placed.card), False, 0, 1, 0
        )  # two such Vaporizes
        assert view.phase == "RESOLUTION" and view.revealing == 1 and view.deadline == prompt.deadline
        assert view.last_call == () and view.tiebreak is None


def test_a_racer_sees_its_own_hand_and_only_the_sizes_of_the_others():
    hands = {0: ("Coffee", "Banana"), 1: ("Cow Crossing", "Nitroooooo!", "Multiplier <"), 2: ()}
    state = table(hands, positions=(900, 1000, 1100))
    for seat in range(3):
        view = player_view(state, seat_viewer(seat))
        assert view.hand == state.racers[seat].hand
        assert [racer.hand_size for racer in view.racers] == [2, 3, 0]
        assert all(racer.hand is None for racer in view.racers)
        hidden = [card for other in state.racers if other.seat != seat for card in other.hand]
        assert not [card for card in hidden if text(card) in text(view)]
    spectator = player_view(state, SPECTATOR)
    assert spectator.hand == () and all(racer.hand is None for racer in spectator.racers)
    assert [racer.hand for racer in player_view(state, OMNISCIENT).racers] == [
        racer.hand for racer in state.racers
    ]


def test_the_deck_order_never_appears():
    state, events = play(SPEC.initial_state({}, 3), None, Begin())
    (shuffled,) = of_type(events, ev.DeckShuffled)
    for viewer in viewers(3):
        assert redact(shuffled, viewer) == ev.DeckShuffled(None, 126)
        assert player_view(state, viewer).deck_size == len(state.deck) == 126 - 15
    for dealt in of_type(events, ev.HandDealt):
        assert redact(dealt, seat_viewer(dealt.seat)) == dealt
        assert all(redact(dealt, viewer).cards is None for viewer in others(dealt.seat, 3))
    checked = 0
    for seed in range(3):  # whole matches: no deck card in any view or redacted event, ever
        seats = 2 + 2 * seed
        for _, after, step in steps(SPEC, seats, f"deck-{seed}", SPEC.options.defaults()):
            deck = [text(card) for card in after.state.deck]
            for viewer in viewers(seats):
                seen = text(engine.view(after, viewer)) + "".join(
                    text(redact(event, viewer)) for event in step.events
                )
                assert not [card for card in deck if card in seen], (seed, viewer)
                checked += len(deck)
    assert checked


def test_larrys_card_is_hidden_from_everyone_until_it_is_revealed():
    """Ruling 11 and Ruling 14: "You don't know if he will help or hurt", not even the racer who played
    him."""
    state = table({0: ("Coffee",), 1: ("Banana",)}, positions=(1200, 1100), deck=("Giant Worm",))
    worm = state.deck[0]
    state, events = play(state, 0, PlayLarry(1))
    (larry,) = events
    for viewer in viewers(2):
        assert redact(larry, viewer) == ev.LarryPlayed(0, 1, None)
        assert player_view(state, viewer).racers[1].queue == (face_down(0, larry=True),)
        assert worm in SPEC.secrets(state, viewer)
    assert redact(larry, OMNISCIENT) == larry

    state, events = time_out(state, state.race.key, state.race.deadline)
    assert ev.CardRevealed(1, 0, worm, False) in events  # public: everyone sees it now
    assert state.phase is Phase.LAST_CALL  # seat 1 still holds Larry
    for viewer in viewers(2):
        view = player_view(state, viewer)
        shown = QueueCardView(
            CARD_COPIES.as_seen(worm), revealed=True, flipped=False, played_by=0, larry=True
        )
        assert view.racers[1].queue == (shown,)  # a Giant Worm, not which of the six (Ruling 14)
        assert view.last_call == (1,) == tuple(sorted(state.last_call.waiting))


def test_the_cards_a_draw_takes_from_a_hand_are_seen_by_the_two_racers_only():
    """Ruling 8 and Ruling 14: seat 0's Draw takes two cards from the hand of the racer on its right,
    seat 2."""
    state = table(
        {0: ("Draw: 2 from right racer's hand",), 1: ("Nitroooooo!",), 2: ("Coffee", "Banana")},
        positions=(500, 900, 950),
        larry=(False, False, False),
    )
    taken = set(state.racers[2].hand)
    state, _ = play(state, 0, PlayCard(card_id(state, 0, "Draw: 2 from right racer's hand"), 0))
    state, events = time_out(state, state.race.key, state.race.deadline)
    (raid,) = of_type(events, ev.HandRaided)
    assert (raid.seat, raid.racer, raid.count, set(raid.cards)) == (0, 2, 2, taken)
    for viewer in (seat_viewer(0), seat_viewer(2)):
        assert redact(raid, viewer) == raid
    for viewer in (seat_viewer(1), SPECTATOR):
        assert redact(raid, viewer) == replace(raid, cards=None)
        assert not [card for card in taken if text(card) in text(player_view(state, viewer))]
        assert taken <= set(SPEC.secrets(state, viewer))
    assert set(player_view(state, seat_viewer(0)).hand) == taken
    assert not taken & set(SPEC.secrets(state, seat_viewer(2)))  # it knows what it lost


def test_the_raided_racer_sees_which_of_its_cards_the_raider_holds_until_it_plays():
    """Ruling 14 (audit L1): "which of your cards someone took" is in the victim's view, in a fixed
    order, until the raider plays a card (then nobody can tell which one it played)."""
    state = table(
        {0: ("Draw: 2 from right racer's hand",), 1: ("Nitroooooo!",), 2: ("Coffee", "Banana", "Shortcut!")},
        positions=(500, 900, 950),
        larry=(False, False, False),
    )
    state, _ = play(state, 0, PlayCard(card_id(state, 0, "Draw: 2 from right racer's hand"), 0))
    state, events = time_out(state, state.race.key, state.race.deadline)
    (raid,) = of_type(events, ev.HandRaided)
    assert player_view(state, seat_viewer(2)).racers[0].known == tuple(sorted(raid.cards, key=lambda c: c.id))
    for viewer in (SPECTATOR, seat_viewer(0), seat_viewer(1)):
        assert all(racer.known == () for racer in player_view(state, viewer).racers)
    assert state.phase is Phase.RACE and state.round == 2  # the next round: seat 0 may play again
    state, _ = play(state, 0, PlayCard(raid.cards[0].id, 1))
    assert player_view(state, seat_viewer(2)).racers[0].known == ()


def test_a_tiebreak_shows_who_has_thrown_not_what_until_every_throw_is_in():
    state = table({}, positions=(500, 500, 500), rounds_played=1)
    state, events = play(state, 0, Throw("ROCK"))
    (sealed,) = events
    assert redact(sealed, seat_viewer(0)) == sealed
    for viewer in others(0, 3):
        assert redact(sealed, viewer) == SeatReady(sealed.round, 0)
    for viewer in viewers(3):
        view = player_view(state, viewer)
        assert view.tiebreak == TiebreakView(LEAD, (0, 1, 2), (0, 1, 2), 1, (0, 0, 0), (0,))
        assert "ROCK" not in text(view)
        assert view.phase == "TIEBREAK" and view.deadline == state.tiebreak.throws.deadline
    state, _ = play(state, 1, Throw("SCISSORS"))
    assert player_view(state, SPECTATOR).tiebreak.thrown == (0, 1)
    state, events = play(state, 2, Throw("SCISSORS"))
    (shown,) = of_type(events, ev.ThrowsShown)
    for viewer in viewers(3):
        assert redact(shown, viewer) == shown  # every throw, to everyone at once
    assert {seat: throw.shape for seat, throw in shown.choices.items()} == {
        0: "ROCK",
        1: "SCISSORS",
        2: "SCISSORS",
    }
    assert player_view(state, SPECTATOR).tiebreak is None and state.leader == 0


def test_a_face_up_card_shows_its_face_not_which_copy_it_is():
    """Ruling 14 (copies are interchangeable): seat 0's Vaporize: < discards the Coffee to its left.
    Everyone, seat 0 included, sees a Coffee revealed and vaporized, never which of the six; the
    Vaporize: < is the only one of its face and keeps its id."""
    state, events = resolved({0: ("Coffee", "Vaporize: <")})
    coffee = next(card for card in DECK if name_of(card) == "Coffee" and card in state.discards)
    vaporize = next(card for card in state.discards if name_of(card) == "Vaporize: <")
    assert (CARD_COPIES.as_seen(coffee).id, CARD_COPIES.as_seen(vaporize)) == (0, vaporize)
    assert CARD_COPIES.as_seen(coffee).printed == coffee.printed
    (vaporized,) = of_type(events, ev.Vaporized)
    assert vaporized.card == coffee
    revealed = [event for event in of_type(events, ev.CardRevealed) if event.card == coffee]
    for viewer in viewers(3):
        assert redact(vaporized, viewer) == ev.Vaporized(vaporized.spot, CARD_COPIES.as_seen(coffee))
        assert [redact(event, viewer) for event in revealed] == [
            ev.CardRevealed(0, 0, CARD_COPIES.as_seen(coffee), False)
        ]
        view = player_view(state, viewer)
        assert view.discards == tuple(map(CARD_COPIES.as_seen, state.discards))
        assert CARD_COPIES.as_seen(coffee) in view.discards and vaporize in view.discards
        assert coffee in SPEC.secrets(state, viewer) and vaporize not in SPEC.secrets(state, viewer)
    assert redact(vaporized, OMNISCIENT) == vaporized
    assert player_view(state, OMNISCIENT).discards == state.discards


def test_the_deck_is_a_secret_from_its_shuffle_on():
    """The deck's cards are nobody's from the shuffle, before the deal is over too, and a dealt card
    leaves the deck as it is dealt (each racer's cards are every third, fourth... card of it)."""
    state = SPEC.initial_state({}, 3)
    _, events = play(state, None, Begin())
    shuffled, first = events[:2]
    assert isinstance(shuffled, ev.DeckShuffled) and isinstance(first, ev.HandDealt) and first.seat == 0
    state = SPEC.evolve(state, shuffled)
    assert set(SPEC.secrets(state, SPECTATOR)) == set(DECK)
    state = SPEC.evolve(state, first)
    assert not set(first.cards) & set(state.deck) and len(state.deck) == 126 - 5
    assert set(SPEC.secrets(state, seat_viewer(1))) == set(DECK)
    assert set(SPEC.secrets(state, seat_viewer(0))) == set(DECK) - set(first.cards)


def test_a_card_shuffled_back_into_the_deck_is_a_secret_again():
    """Audit U4: seat 0 played the Coffee and the Banana; they are discarded, then shuffled into a new
    deck, and seat 0's Larry puts its top card face down on seat 1's queue. Seat 0 cannot know which of
    the two that is: once shuffled away, a card it saw is the table's secret again."""
    state = after_a_round_on_an_empty_deck()
    state, events = play(state, 0, PlayLarry(1))
    (shuffled,) = of_type(events, ev.DeckShuffled)
    top, rest = shuffled.pile
    assert state.racers[1].queue[0].card == top and state.deck == (rest,)
    for viewer in viewers(2):
        assert {top, rest} <= set(SPEC.secrets(state, viewer))
