"""Winning the Game: Hanging from Daredevil Rock, and Solitaire's best score."""

from games.daredevil_rock.cards import JOKERS
from games.daredevil_rock.events import (
    DeckRefreshed,
    Eliminated,
    Fell,
    HungFromRock,
    MatchEnded,
    Slipped,
    Summited,
    TurnEnded,
)
from games.daredevil_rock.moves import Climb, Examine, FreeClimb, Hang
from games.daredevil_rock.rules import legal_moves
from games.daredevil_rock.spec import outcome
from tests.games.daredevil_rock.tableau import card, play, rejection, table
from tests.games.kit import of_type

TOP = """
    .   6S   .
    .   5S   .
    .   4S   .
"""


def test_only_a_climber_on_the_top_level_may_hang_from_daredevil_rock():
    assert rejection(table(TOP, at={0: (2, 1)}), 0, Hang()) == "NOT_AT_TOP"
    assert rejection(table(TOP), 0, Hang()) == "NOT_AT_TOP"
    assert Hang() in legal_moves(table(TOP, at={0: (3, 1)}), 0)


def test_a_card_within_three_of_the_climbers_card_reaches_the_summit_and_wins_at_once():
    """Ruling 8: the match ends there, whatever actions are left."""
    state = table(TOP, at={0: (3, 1)}, deck="9H 2C")
    state, events = play(state, 0, Hang())
    assert events == (HungFromRock(0, card("9H")), Summited(0), MatchEnded(0, "summit"))
    assert state.over and state.winner == 0 and state.discards == (card("9H"),)
    assert outcome(state).ranks == (1, 2)


def test_a_card_out_of_reach_costs_the_action_and_the_climber_may_hang_again():
    state = table(TOP, at={0: (3, 1)}, deck="QH 8C")
    state, events = play(state, 0, Hang())
    assert events == (HungFromRock(0, card("QH")),)
    assert not state.over and state.active == 0 and state.actions_used == 1
    state, events = play(state, 0, Hang())
    assert of_type(events, Summited) == [Summited(0)]


def test_a_joker_while_hanging_ends_the_turn_even_when_it_is_only_a_minor_slip():
    state = table(TOP, at={0: (3, 1)}, cams={0: [(3, 1)]}, deck="JK 8C", discards="2D")
    state, events = play(state, 0, Hang())
    assert of_type(events, Slipped) == [Slipped(0)]
    assert of_type(events, TurnEnded) == [TurnEnded(0, "hang")]
    assert state.climbers[0].position == (3, 1) and state.active == 1


def test_a_joker_while_hanging_refreshes_the_deck_with_no_space_to_refill():
    """Ruling 8: the refreshed deck includes that Joker; no cliff space needs refilling."""
    state = table(TOP, at={0: (3, 1)}, cams={0: [(3, 1)]}, deck="JK 8C", discards="2D")
    state, events = play(state, 0, Hang())
    (refreshed,) = of_type(events, DeckRefreshed)
    assert refreshed.refilled is None and refreshed.refill is None
    assert sorted(map(str, refreshed.deck)) == sorted(map(str, (JOKERS[0], card("2D"), card("8C"))))
    assert state.discards == ()


def test_a_joker_while_hanging_with_the_cam_below_and_aside_is_a_fall():
    state = table(TOP, seats=3, at={0: (3, 1)}, cams={0: [(2, 0)]}, deck="JK")
    state, events = play(state, 0, Hang())
    assert of_type(events, Fell) == [Fell(0, 1, 0)]


def test_a_joker_while_hanging_without_a_cam_puts_the_climber_out_of_the_game():
    state = table(TOP, seats=3, at={0: (3, 1)}, deck="JK")
    state, events = play(state, 0, Hang())
    assert of_type(events, Eliminated) == [Eliminated(0, "fell")]


def test_hanging_from_an_empty_draw_deck_first_shuffles_the_discards_into_a_new_one():
    """Ruling 5: an empty draw deck is refilled from the shuffled discards."""
    state = table(TOP, at={0: (3, 1)}, deck="", discards="9H")
    state, events = play(state, 0, Hang())
    assert events[0] == DeckRefreshed("empty", (card("9H"),), 1, None, None)
    assert of_type(events, Summited) == [Summited(0)]


# Solitaire. The rulebook's best case: 21 levels, 28 actions in 7 turns, "with abandon and extreme luck".
BEST_CASE = """
    Turn 1: E, C1, E+FC1, E+FC1;
    Turn 2: E+FC1, E, C2, E+FC2;
    Turn 3: E+FC2, E+FC2, E, C3;
    Turn 4: E+FC3, E+FC3, E+FC3, E;
    Turn 5: C4, E+FC4, E+FC4, E+FC4;
    Turn 6: E, C5, E+FC5, E+FC5;
    Turn 7: E+FC5, E, C6, H
"""
# The lucky cliff: in the left column four Aces, then four of each rank up to the Fives, and a Six on top.
LUCKY_COLUMN = [
    "AS",
    "AH",
    "AD",
    "AC",
    "2S",
    "2H",
    "2D",
    "2C",
    "3S",
    "3H",
    "3D",
    "3C",
    "4S",
    "4H",
    "4D",
    "4C",
    "5S",
    "5H",
    "5D",
    "5C",
    "6S",
]


def lucky_cliff():
    rows = [f"[{rank}]  ." for rank in reversed(LUCKY_COLUMN)]
    return table("\n".join(rows), seats=1, deck="8S JK")


def moves_for(action, state):
    """The rulebook's notation as moves, always straight up the left column."""
    above = (state.climbers[0].level + 1, 0)
    match action:
        case "E":
            return [Examine(*above)]
        case "H":
            return [Hang()]
        case "E+FC1" | "E+FC2" | "E+FC3" | "E+FC4" | "E+FC5":
            return [Examine(*above), FreeClimb()]
        case _:
            assert action.startswith("C")
            assert state.space(above).card.rank == int(action[1:])
            return [Climb(*above)]


def test_solitaire_best_case_28_actions_in_7_turns_reaches_the_summit():
    """Ruling 10: the solitaire score is the actions used, here the rulebook's 28."""
    state = lucky_cliff()
    assert (state.columns, state.levels) == (2, 21)
    for line in BEST_CASE.strip().splitlines():
        turn, actions = line.strip().rstrip(";").split(": ")
        assert state.turn_number == int(turn.split()[1]) and state.active == 0
        for action in actions.split(", "):
            state, _ = play(state, 0, *moves_for(action, state))
    assert state.over and state.winner == 0 and state.reason == "summit"
    assert state.climbers[0].actions == 28 and state.climbers[0].turns + 1 == 7 == state.turn_number
    assert outcome(state).scores == (28,) and outcome(state).ranks == (1,)


def test_in_solitaire_a_free_climb_costs_no_action():
    state = lucky_cliff()
    for action in ("E", "C1", "E+FC1"):
        state, _ = play(state, 0, *moves_for(action, state))
    assert state.climbers[0].actions == 3 and state.climbers[0].level == 2


def test_a_solitaire_climber_out_of_the_game_ends_the_match_without_a_score():
    """Ruling 10: out of the game, the solo climber ends the match with no winner and no score."""
    state = table(". [JK] .\n. 10S .\n. 5S .", seats=1, at={0: (2, 1)})
    state, events = play(state, 0, Examine(3, 1))
    assert events[-1] == MatchEnded(None, "fell")
    assert outcome(state).scores == (None,)
