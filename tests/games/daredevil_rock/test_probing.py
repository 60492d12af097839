"""Probe: replace a touching, unoccupied card with the top draw-deck card, face down."""

from games.core.chance import Chance
from games.daredevil_rock.cards import JOKERS
from games.daredevil_rock.events import DeckRefreshed, Fell, Probed, Slipped
from games.daredevil_rock.moves import Examine, Probe
from games.daredevil_rock.rules import legal_moves
from tests.games.daredevil_rock.tableau import card, cards, face_up, play, rejection, table
from tests.games.kit import of_type


def test_figure_5_a_probe_discards_the_king_face_up_and_puts_the_top_deck_card_face_down_in_its_place():
    # Red, on a 6, examined a King out of his reach; he probes it away to slow his opponents.
    state = table(". KS .\n. 6H .\n. . .", at={0: (2, 1)}, deck="3D 9C", actions_used=3)
    state, events = play(state, 0, Probe(3, 1))
    assert events[0] == Probed(0, 3, 1, card("KS"), card("3D"))
    assert state.space((3, 1)).card == card("3D") and not face_up(state, (3, 1))
    assert state.discards == (card("KS"),) and state.deck == (card("9C"),)
    assert state.active == 1  # that was his fourth action


def test_a_face_down_card_may_be_probed_too():
    state = table(". [KS] .\n. 6H .", at={0: (1, 1)}, deck="3D")
    state, events = play(state, 0, Probe(2, 1))
    assert events[0].discarded == card("KS") and state.discards == (card("KS"),)


def test_from_the_base_any_unoccupied_level_one_card_may_be_probed():
    """Ruling 5: from the base, any unoccupied level-1 card."""
    state = table(". . .\n[KS] 4S [9H]", at={1: (1, 1)})
    assert {m for m in legal_moves(state, 0) if isinstance(m, Probe)} == {Probe(1, 0), Probe(1, 2)}
    assert rejection(state, 0, Probe(1, 1)) == "OCCUPIED"
    assert rejection(state, 0, Probe(2, 0)) == "NOT_ADJACENT"


def test_a_card_with_cams_but_no_climber_may_be_probed_and_the_cams_stay():
    """Ruling 5: cams on the probed card stay on the new card."""
    state = table(". 7S .\n. 6H .", at={0: (1, 1)}, cams={1: [(2, 1)]}, deck="3D")
    state, _ = play(state, 0, Probe(2, 1))
    assert state.climbers[1].cams == ((2, 1),)


def test_a_probed_joker_refreshes_the_draw_deck_with_the_discards():
    """Ruling 5: a probed Joker refreshes the deck; the climber neither slips nor falls."""
    state = table(". [JK] .\n. 6H .", at={0: (1, 1)}, deck="3D 4D", discards="QH")
    state, events = play(state, 0, Probe(2, 1))
    assert events[0] == Probed(0, 2, 1, JOKERS[0], card("3D"))
    new_deck = Chance("test", 0).shuffle((JOKERS[0], card("QH"), card("4D")))
    assert events[1] == DeckRefreshed("joker", new_deck, 3, None, None)
    assert state.deck == new_deck and state.discards == ()
    assert not of_type(events, Slipped) and not of_type(events, Fell)
    assert state.climbers[0].position == (1, 1) and state.active == 0


def test_an_empty_draw_deck_is_refilled_from_the_shuffled_discards_before_a_probe_draws():
    """Ruling 5: an empty draw deck is refilled from the shuffled discards."""
    state = table(". 9S .\n. 6H .", at={0: (1, 1)}, deck="", discards="QH 2C")
    state, events = play(state, 0, Probe(2, 1))
    refreshed, probed = events[:2]
    new_deck = Chance("test", 0).shuffle(cards("QH 2C"))
    assert refreshed == DeckRefreshed("empty", new_deck, 2, None, None)
    assert probed == Probed(0, 2, 1, card("9S"), new_deck[0])
    assert state.discards == (card("9S"),) and state.deck == new_deck[1:]


def test_with_no_card_in_the_deck_or_the_discards_nothing_can_be_probed():
    """Ruling 5: impossible in a dealt match (12 or 14 cards are always off the cliff); refused anyway."""
    state = table(". 9S .\n. 6H .", at={0: (1, 1)}, deck="", discards="")
    assert rejection(state, 0, Probe(2, 1)) == "DECK_EMPTY"
    assert not any(isinstance(move, Probe) for move in legal_moves(state, 0))
    assert Examine(2, 0) in legal_moves(state, 0)


def test_probing_costs_one_action():
    state = table(". 9S .\n. 6H .", at={0: (1, 1)})
    state, events = play(state, 0, Probe(2, 1))
    assert state.actions_used == 1 and not of_type(events, DeckRefreshed)
