"""Turns, timers, resigning, Blind Man's Bluff, the end of a match and how it ranks."""

from games.core.chance import Chance
from games.core.commands import Begin, Command, Resign, Timeout
from games.core.deadlines import Deadline
from games.core.decisions import Accepted
from games.core.visibility import SPECTATOR, seat_viewer
from games.daredevil_rock.events import (
    CliffTurnedFaceDown,
    MatchEnded,
    Resigned,
    TurnEnded,
    TurnStarted,
)
from games.daredevil_rock.moves import Climb, EndTurn, Examine, Hang
from games.daredevil_rock.rules import decide, legal_moves, waiting_on
from games.daredevil_rock.spec import deadlines, outcome
from games.daredevil_rock.views import player_view
from tests.games.daredevil_rock.tableau import face_up, play, rejection, table
from tests.games.kit import T0, of_type

CLIFF = """
    .    .    .    .
    5S   6S   7S   8S
    .    9S   .    .
"""


def timeout(state, deadline_id, at):
    decision = decide(state, Command(Timeout(deadline_id), None, at), Chance("t", 0))
    assert isinstance(decision, Accepted)
    return decision.events


def test_the_turn_deadline_is_armed_with_the_turn_number_in_its_id():
    state = table(CLIFF, seats=3, turn=4, deadline=T0 + 120_000)
    assert deadlines(state) == (Deadline("turn-4", T0 + 120_000, "turn"),)
    assert waiting_on(state) == frozenset({0})


def test_a_timeout_on_the_current_turn_deadline_ends_the_turn_and_the_next_turn_gets_a_new_deadline():
    """Ruling 12: the timer ends the turn, and the next deadline counts from the timeout."""
    state = table(CLIFF, seats=3, turn=4, deadline=T0 + 120_000, active=2)
    events = timeout(state, "turn-4", T0 + 120_000)
    assert events[0] == TurnEnded(2, "timeout")
    assert events[-1] == TurnStarted(0, 5, T0 + 240_000)


def test_a_stale_or_unknown_timeout_changes_nothing():
    """Ruling 12: a timeout meant for another turn changes nothing."""
    state = table(CLIFF, seats=3, turn=4, deadline=T0 + 120_000)
    assert timeout(state, "turn-3", T0 + 999_999) == ()
    assert timeout(state, "round-4", T0 + 999_999) == ()
    assert timeout(table(CLIFF, seats=1, turn=4, deadline=None), "turn-4", T0 + 999_999) == ()


def test_a_solitaire_match_has_no_turn_deadline_by_default():
    """Ruling 12: a solo player keeps all the time they want."""
    assert deadlines(table(CLIFF, seats=1)) == ()


def test_resigning_puts_the_climber_out_of_the_game_and_starts_the_next_turn_if_it_was_its_own():
    """Ruling 16: resigning puts the climber out of the game, cams and all."""
    state = table(CLIFF, seats=3, at={0: (2, 0)}, cams={0: [(2, 0)]})
    state, events = play(state, 0, Resign())
    assert events[:2] == (Resigned(0), TurnEnded(0, "resigned"))
    assert of_type(events, TurnStarted)[0].seat == 1
    assert (
        state.climbers[0].eliminated and state.climbers[0].cams == () and state.climbers[0].position is None
    )


def test_resigning_out_of_turn_leaves_the_active_climbers_turn_alone():
    """Ruling 16: a player may resign at any time; the turn in progress goes on."""
    state = table(CLIFF, seats=3, active=1, actions_used=2)
    state, events = play(state, 2, Resign())
    assert events == (Resigned(2),)
    assert state.active == 1 and state.actions_used == 2


def test_when_all_but_one_climber_are_out_the_last_climber_standing_wins():
    """Rulings 11 and 16: a resignation that leaves one climber makes it the winner."""
    state = table(CLIFF, seats=3, out=[2], at={0: (2, 1)})
    state, events = play(state, 1, Resign())
    assert events[-1] == MatchEnded(0, "last climber standing")
    assert outcome(state).ranks == (1, 2, 3) and outcome(state).reason == "last climber standing"


def test_a_solitaire_resignation_ends_the_match_without_a_score():
    """Rulings 10 and 16: no winner and no score."""
    state, events = play(table(CLIFF, seats=1), 0, Resign())
    assert events[-1] == MatchEnded(None, "resigned") and outcome(state).scores == (None,)


def test_the_winner_ranks_first_then_climbers_by_level_then_later_eliminations():
    """Ruling 11: the winner, then climbers by level (ties share), then the later ones out."""
    # Seat 0 summits from level 3; seats 1 and 4 are on level 2 (tied), seat 2 at the base,
    # seat 3 fell out before seat 5 resigned.
    picture = ". 6S . 7S . .\n5S 6S . . . 6H\n. . . . . ."
    state = table(picture, seats=6, at={0: (3, 1), 1: (2, 0), 4: (2, 5)}, out=[3, 5], deck="8S")
    state, _ = play(state, 0, Hang())
    result = outcome(state)
    assert result.ranks == (1, 2, 4, 6, 2, 5)
    assert result.scores == (4, 2, 0, 0, 2, 0)
    assert result.reason == "summit" and result.winners == (0,)


def test_there_is_no_outcome_while_the_match_runs():
    assert outcome(table(CLIFF)) is None


def test_once_the_match_is_over_every_move_is_rejected():
    state, _ = play(table("7S 7S\n5S 5S", seats=2, at={0: (2, 0)}, deck="8S"), 0, Hang())
    for seat, move in ((1, Examine(1, 0)), (0, EndTurn()), (1, Resign())):
        assert rejection(state, seat, move) == "MATCH_OVER"
    assert rejection(state, None, Begin()) == "ALREADY_STARTED"
    assert legal_moves(state, 1) == () and waiting_on(state) == frozenset() and deadlines(state) == ()


def test_blind_mans_bluff_turns_every_unmarked_face_up_card_face_down_at_the_end_of_each_turn():
    """Ruling 9: any climber or any player's cam keeps a card face up; it turns before the next turn."""
    state = table(CLIFF, at={0: (2, 1), 1: (2, 3)}, cams={0: [(2, 2)]}, options={"blindMansBluff": True})
    state, events = play(state, 0, EndTurn())
    assert of_type(events, CliffTurnedFaceDown) == [CliffTurnedFaceDown(((1, 1), (2, 0)))]
    assert not face_up(state, (2, 0)) and not face_up(state, (1, 1))
    assert face_up(state, (2, 1)) and face_up(state, (2, 2)) and face_up(state, (2, 3))
    assert events.index(of_type(events, CliffTurnedFaceDown)[0]) < events.index(
        of_type(events, TurnStarted)[0]
    )


def test_without_blind_mans_bluff_face_up_cards_stay_face_up():
    state, events = play(table(CLIFF, at={0: (2, 1)}), 0, EndTurn())
    assert not of_type(events, CliffTurnedFaceDown) and face_up(state, (2, 0))


def test_blind_mans_bluff_hides_the_card_again_from_every_view():
    """Ruling 9: a card the climber left turns face down at the end of the turn."""
    state = table(CLIFF, at={0: (2, 1)}, options={"blindMansBluff": True})
    state, _ = play(state, 0, Climb(2, 0), EndTurn())
    assert state.climbers[0].position == (2, 0)
    for viewer in (SPECTATOR, seat_viewer(0), seat_viewer(1)):
        space = player_view(state, viewer).spaces[state.index((2, 1))]
        assert not space.face_up and space.card is None


def test_the_match_ends_at_the_turn_limit_and_climbers_rank_by_level():
    """Ruling 13: the turn limit ends the match; Ruling 11: climbers rank by level."""
    state = table(CLIFF, seats=2, at={1: (2, 2)}, turns={0: 5, 1: 5}, active=1, options={"turnLimit": 5})
    state, events = play(state, 1, EndTurn())
    assert events[-1] == MatchEnded(None, "turn limit")
    assert outcome(state).ranks == (2, 1) and outcome(state).winners == (1,)
    assert outcome(state).scores == (0, 2)


def test_the_turn_limit_counts_the_turns_of_each_climber():
    """Ruling 13: the limit is a number of turns per climber."""
    state = table(CLIFF, seats=2, turns={0: 4, 1: 4}, active=1, options={"turnLimit": 5})
    state, events = play(state, 1, EndTurn())
    assert of_type(events, TurnStarted) == [TurnStarted(0, 2, T0 + 120_000)]
    assert state.climbers[0].turns == 5


def test_a_solitaire_match_at_the_turn_limit_ends_without_a_score():
    """Rulings 10 and 13: a solo climber out of turns has not reached the summit: no score."""
    # Given a solo climber on level 2 in its fifth turn, with a limit of five
    state = table(CLIFF, seats=1, at={0: (2, 1)}, turns={0: 5}, options={"turnLimit": 5})
    # When the turn ends
    state, events = play(state, 0, EndTurn())
    # Then the match ends without a winner and without a score
    assert events[-1] == MatchEnded(None, "turn limit")
    assert outcome(state).ranks == (1,) and outcome(state).scores == (None,)
