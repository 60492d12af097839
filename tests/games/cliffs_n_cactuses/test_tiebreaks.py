"""Rock-paper-scissors for 1st place and for the win (Ruling 10, Ruling 12), played through ``decide``.

Racers tied for 1st place throw a best of 1 before the Race phase, as everyone does before the first
round; racers reaching the bottom together throw a best of 3 (or, with ``lowestWins``, the lowest
unclamped tally wins). Throws are sealed; a racer who does not throw by the deadline is out.
"""

from __future__ import annotations

import pytest

from games.cliffs_n_cactuses import SPEC
from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.moves import PAPER, ROCK, SCISSORS, Draw, Throw
from games.cliffs_n_cactuses.state import FINISH, LEAD, Phase, State
from games.core.commands import Begin, Resign
from games.core.decisions import Codes
from games.core.sealed import RoundClosed, RoundOpened
from games.core.visibility import Event
from tests.games.cliffs_n_cactuses.table import play, rejection, table, time_out
from tests.games.kit import T0, of_type

NOBODY_HOLDS_LARRY = (False, False, False)


def throws(state: State, *shapes: tuple[int, str]) -> tuple[State, tuple[Event, ...]]:
    """Each seat throws its shape, in turn; the table after, and every event."""
    told: tuple[Event, ...] = ()
    for seat, shape in shapes:
        state, events = play(state, seat, Throw(shape))
        told += events
    return state, told


def test_everyone_is_tied_at_the_start_and_pairs_up_bracket_style():
    """Ruling 10: "Everyone's tied for 1st-place at the start, so pair up and fight for 1st-place
    bracket style" (audit Q2): the match's chance draws the pairs; the first pair throws."""
    state, events = play(SPEC.initial_state({}, 4), None, Begin())
    assert ev.TiebreakStarted(LEAD, (0, 1, 2, 3), 1) in events
    (drawn,) = of_type(events, ev.BracketDrawn)
    assert drawn.bye is None and sorted(seat for pair in drawn.pairs for seat in pair) == [0, 1, 2, 3]
    (opened,) = of_type(events, RoundOpened)
    assert opened.seats == set(drawn.pairs[0]) and opened.deadline == T0 + 1_000 + 10_000  # throwSeconds
    assert state.phase is Phase.TIEBREAK and state.race is None
    assert SPEC.waiting_on(state) == set(drawn.pairs[0])
    assert rejection(state, 0, Draw()) == "NOT_NOW"


def test_the_bracket_winners_meet_and_the_last_one_leads():
    """Ruling 10 (audit Q2): pairs throw in turn, their winners meet; the final's winner leads."""
    state, events = play(SPEC.initial_state({}, 4), None, Begin())
    (drawn,) = of_type(events, ev.BracketDrawn)
    (a, b), (c, d) = drawn.pairs
    state, events = throws(state, (a, ROCK), (b, SCISSORS))
    assert ev.PairWon(a) in events and SPEC.waiting_on(state) == {c, d}
    assert rejection(state, b, Throw(ROCK)) == Codes.NOT_WAITING_FOR_YOU  # knocked out
    state, events = throws(state, (c, ROCK), (d, PAPER))
    assert ev.PairWon(d) in events
    (final,) = of_type(events, ev.BracketDrawn)
    assert sorted(final.pairs[0]) == sorted((a, d)) and final.bye is None
    state, events = throws(state, (a, SCISSORS), (d, PAPER))
    assert ev.TiebreakWon(a, True) in events
    assert state.phase is Phase.RACE and state.leader == a


def test_an_odd_racer_out_gets_a_bye_drawn_by_chance():
    """Ruling 10 (audit Q2): with five racers two pairs throw and one racer goes through on a bye; the
    three left are paired again, with another bye."""
    state, events = play(SPEC.initial_state({}, 5), None, Begin())
    (drawn,) = of_type(events, ev.BracketDrawn)
    assert len(drawn.pairs) == 2 and drawn.bye is not None
    assert drawn.bye not in SPEC.waiting_on(state)
    for first, second in drawn.pairs:
        state, events = throws(state, (first, ROCK), (second, SCISSORS))
    (second_round,) = of_type(events, ev.BracketDrawn)
    in_it = sorted((*second_round.pairs[0], second_round.bye))
    assert in_it == sorted((drawn.pairs[0][0], drawn.pairs[1][0], drawn.bye))


def test_a_random_opening_lets_the_match_chance_choose_the_leader():
    """Ruling 10, option ``opening`` (audit M1): the rulebook's "you can just choose someone"."""
    state, events = play(SPEC.initial_state({"opening": "random"}, 4), None, Begin())
    assert not of_type(events, ev.TiebreakStarted)
    (started,) = of_type(events, ev.RoundStarted)
    assert state.phase is Phase.RACE and state.leader == started.leader in (0, 1, 2, 3)


def test_a_random_opening_still_throws_for_a_tie_later_on():
    """Ruling 10: the option chooses the first leader only; a tie for 1st place later is thrown."""
    state = table({}, positions=(500, 500, 900), options={"opening": "random"}, rounds_played=1)
    assert state.phase is Phase.TIEBREAK and state.tiebreak is not None
    assert state.tiebreak.contenders == (0, 1)


@pytest.mark.parametrize(("winning", "losing"), [(ROCK, SCISSORS), (SCISSORS, PAPER), (PAPER, ROCK)])
def test_two_racers_the_winning_shape_leads(winning, losing):
    """Ruling 10: a best-of-1 between the two racers tied for 1st place; the winner resolves first."""
    state = table({}, positions=(500, 500, 900))
    assert state.phase is Phase.TIEBREAK and state.tiebreak is not None
    assert state.tiebreak.contenders == (0, 1)
    assert rejection(state, 2, Throw(ROCK)) == Codes.NOT_WAITING_FOR_YOU  # not tied
    state, events = throws(state, (0, losing), (1, winning))
    assert ev.ThrowWon((1,)) in events and ev.TiebreakWon(1, True) in events
    assert state.phase is Phase.RACE and state.leader == 1 and state.order == (1, 2, 0)
    assert state.tiebreak is None


def test_the_same_shape_is_a_draw_and_is_thrown_again():
    """Ruling 10: a draw repeats."""
    state = table({}, positions=(500, 500, 900))
    state, events = throws(state, (0, ROCK), (1, ROCK))
    assert ev.ThrowWon((0, 1)) in events and not of_type(events, ev.TiebreakWon)
    (again,) = of_type(events, RoundOpened)
    assert again.seats == {0, 1}
    assert state.phase is Phase.TIEBREAK
    state, events = throws(state, (0, PAPER), (1, ROCK))
    assert ev.TiebreakWon(0, True) in events and state.leader == 0


def test_a_drawn_throw_is_thrown_again_however_often():
    """Ruling 10 (audit W1): "a draw repeats", however many times in a row; nothing else settles it."""
    state = table({}, positions=(500, 500, 900))
    for _ in range(12):
        state, events = throws(state, (0, ROCK), (1, ROCK))
        assert ev.ThrowWon((0, 1)) in events and not of_type(events, ev.TiebreakWon)
        assert state.phase is Phase.TIEBREAK
    state, events = throws(state, (0, ROCK), (1, PAPER))
    assert ev.TiebreakWon(1, True) in events and state.leader == 1


def test_when_both_stay_silent_the_match_chance_decides():
    """Ruling 10 (audit W1): if every thrower is silent at the deadline, the seeded stream decides."""
    state = table({}, positions=(500, 500, 900))
    throw = state.tiebreak.throws
    state, events = time_out(state, throw.key, throw.deadline)
    (won,) = of_type(events, ev.ThrowWon)
    assert len(won.remaining) == 1 and state.leader == won.remaining[0] in (0, 1)


def test_three_racers_two_shapes_the_winners_stay():
    """Ruling 10: with exactly two shapes thrown, those who threw the winning one stay in."""
    state = table({}, positions=(500, 500, 500), rounds_played=1)
    state, events = throws(state, (0, ROCK), (1, SCISSORS), (2, ROCK))
    assert ev.ThrowWon((0, 2)) in events and not of_type(events, ev.TiebreakWon)
    assert state.tiebreak is not None and state.tiebreak.contenders == (0, 2)
    assert rejection(state, 1, Throw(ROCK)) == Codes.NOT_WAITING_FOR_YOU  # out
    state, events = throws(state, (2, SCISSORS), (0, PAPER))
    assert ev.TiebreakWon(2, True) in events and state.leader == 2


def test_three_racers_three_shapes_is_a_draw():
    state = table({}, positions=(500, 500, 500), rounds_played=1)
    state, events = throws(state, (0, ROCK), (1, PAPER), (2, SCISSORS))
    assert ev.ThrowWon((0, 1, 2)) in events and not of_type(events, ev.TiebreakWon)
    assert state.tiebreak is not None and state.tiebreak.contenders == (0, 1, 2)
    assert state.tiebreak.throws is not None and state.tiebreak.throws.waiting_on == {0, 1, 2}


def test_a_racer_who_does_not_throw_by_the_deadline_is_out():
    """Ruling 10: "a missing choice loses"."""
    state = table({}, positions=(500, 500, 500), rounds_played=1)
    state, _ = throws(state, (0, ROCK), (1, ROCK))
    throw = state.tiebreak.throws
    assert throw is not None and throw.deadline == T0 + 10_000  # the table opened it at T0
    state, events = time_out(state, throw.key, throw.deadline)
    assert RoundClosed(throw.key, frozenset({2})) in events
    assert ev.ThrowWon((0, 1)) in events  # the two who threw the same shape throw again
    throw = state.tiebreak.throws
    state, _ = play(state, 1, Throw(PAPER), at=throw.deadline - 1)
    state, events = time_out(state, throw.key, throw.deadline)
    assert ev.ThrowWon((1,)) in events and ev.TiebreakWon(1, True) in events
    assert state.phase is Phase.RACE and state.leader == 1


def test_if_nobody_throws_one_racer_is_picked():
    """Ruling 10: a silent table must not stall the match."""
    state = table({}, positions=(500, 500, 500), rounds_played=1)
    throw = state.tiebreak.throws
    state, events = time_out(state, throw.key, throw.deadline)
    (won,) = of_type(events, ev.ThrowWon)
    (tiebreak_won,) = of_type(events, ev.TiebreakWon)
    assert len(won.remaining) == 1 and tiebreak_won == ev.TiebreakWon(won.remaining[0], True)
    assert tiebreak_won.seat in (0, 1, 2)
    assert state.phase is Phase.RACE and state.leader == tiebreak_won.seat


def to_the_bottom_together(options: dict[str, bool] | None = None) -> tuple[State, tuple[Event, ...]]:
    """Seat 0 at 100 m and seat 1 at 150 m run the default 200 m of stage 3 with empty queues: both end
    at 0 m (unclamped: -100 m and -50 m); seat 2 ends at 700 m."""
    state = table({}, positions=(100, 150, 900), larry=NOBODY_HOLDS_LARRY, options=options)
    told: tuple[Event, ...] = ()
    for seat in (0, 1, 2):
        state, events = play(state, seat, Draw())
        told += events
    assert ev.Tallied((200, 200, 200), (0, 0, 700)) in told
    return state, told


def test_racers_reaching_the_bottom_together_throw_a_best_of_three():
    """Ruling 12 and Ruling 10: the first to two points wins the race; a draw scores nobody."""
    state, events = to_the_bottom_together()
    assert ev.TiebreakStarted(FINISH, (0, 1), 3) in events and not of_type(events, ev.MatchEnded)
    assert state.phase is Phase.TIEBREAK and state.winners == ()

    state, events = throws(state, (0, ROCK), (1, SCISSORS))
    assert ev.TiebreakWon(0, False) in events  # one point is not the match
    assert state.phase is Phase.TIEBREAK and dict(state.tiebreak.wins) == {0: 1}
    assert state.tiebreak.contenders == (0, 1)

    state, events = throws(state, (0, PAPER), (1, PAPER))  # a draw
    assert not of_type(events, ev.TiebreakWon) and dict(state.tiebreak.wins) == {0: 1}

    state, events = throws(state, (0, ROCK), (1, PAPER))
    assert ev.TiebreakWon(1, False) in events and dict(state.tiebreak.wins) == {0: 1, 1: 1}

    state, events = throws(state, (0, SCISSORS), (1, ROCK))
    assert ev.TiebreakWon(1, True) in events
    assert of_type(events, ev.MatchEnded)[0].winners == (1,)
    assert state.phase is Phase.OVER and state.winners == (1,)
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.ranks[1] == 1 and outcome.ranks[0] > 1


def test_with_lowest_wins_the_lowest_unclamped_tally_wins_without_throwing():
    """Ruling 12, the designer's later edition: seat 0's tally went to -100 m, seat 1's to -50 m."""
    state, events = to_the_bottom_together({"lowestWins": True})
    assert not of_type(events, ev.TiebreakStarted)
    assert of_type(events, ev.MatchEnded)[0].winners == (0,)
    assert state.phase is Phase.OVER and state.winners == (0,)


def test_with_lowest_wins_an_equal_tally_still_throws():
    state = table({}, positions=(100, 100, 900), larry=NOBODY_HOLDS_LARRY, options={"lowestWins": True})
    state, _ = throws(state, (0, ROCK), (1, SCISSORS))  # for 1st place
    for seat in (0, 1, 2):
        state, events = play(state, seat, Draw())
    assert ev.TiebreakStarted(FINISH, (0, 1), 3) in events
    assert state.phase is Phase.TIEBREAK


def test_one_racer_at_the_bottom_wins_at_once():
    """Ruling 12: "The first racer to reach the bottom of the cliff ... wins"."""
    state = table({}, positions=(100, 300, 900), larry=NOBODY_HOLDS_LARRY)
    for seat in (0, 1, 2):
        state, events = play(state, seat, Draw())
    assert not of_type(events, ev.TiebreakStarted)
    assert state.phase is Phase.OVER and state.winners == (0,)


def test_a_racer_who_leaves_during_a_throw_is_out_of_it_at_once():
    """Ruling 10 and Ruling 12: a racer who leaves never throws; once everyone still racing has thrown,
    the throw is judged without waiting for the deadline."""
    state = table({}, positions=(500, 500, 500), rounds_played=1)
    state, _ = throws(state, (0, ROCK), (1, SCISSORS))
    key = state.tiebreak.throws.key
    state, events = play(state, 2, Resign())
    assert RoundClosed(key, frozenset({2})) in events
    assert ev.TiebreakWon(0, True) in events
    assert state.phase is Phase.RACE and state.leader == 0 and state.order == (0, 1)


@pytest.mark.parametrize("late_ms", range(12))
def test_a_racer_who_left_is_never_picked_when_nobody_throws(late_ms):
    """Ruling 10 and Ruling 12: the seeded pick is among the racers still racing (whenever the timer
    fires, so whatever the stream draws)."""
    state = table({}, positions=(500, 500, 500), rounds_played=1)
    state, _ = play(state, 2, Resign())
    throw = state.tiebreak.throws
    state, events = time_out(state, throw.key, throw.deadline + late_ms)
    (won,) = of_type(events, ev.TiebreakWon)
    assert won.seat in (0, 1) and state.leader == won.seat


def test_a_throw_made_before_leaving_does_not_count():
    """Ruling 12: a racer who leaves cannot win the race, even with a winning throw already sealed."""
    state, _ = to_the_bottom_together()
    state, _ = play(state, 0, Throw(ROCK))
    state, events = play(state, 0, Resign())
    assert not of_type(events, ev.MatchEnded)  # seats 1 and 2 are still racing
    state, events = play(state, 1, Throw(SCISSORS))
    assert ev.ThrowWon((1,)) in events and ev.TiebreakWon(1, False) in events
    state, events = play(state, 1, Throw(PAPER))  # the next point: seat 1 alone is still in it
    assert ev.TiebreakWon(1, True) in events
    assert state.phase is Phase.OVER and state.winners == (1,)


def test_when_everyone_in_the_tiebreak_leaves_1st_place_is_decided_afresh():
    """Ruling 10: four racers, two tied at 500 m; both leave. The two still racing are not tied, so the
    one farther down leads, without a throw (a racer who left never leads)."""
    state = table({}, positions=(500, 500, 700, 900))
    assert state.tiebreak is not None and state.tiebreak.contenders == (0, 1)
    state, _ = play(state, 0, Resign())
    state, events = play(state, 1, Resign())
    assert ev.ThrowWon(()) in events and not of_type(events, ev.TiebreakWon)
    assert state.phase is Phase.RACE and state.leader == 2 and state.order == (2, 3)
