"""A turn (rulebook: DURING YOUR TURN, ENDING YOUR TURN, OTHER RULES) and its clock: Rulings 3, 8, 9,
17 and 19."""

import dataclasses

from games.cactus_card_game import SPEC
from games.cactus_card_game.checks import Code
from games.cactus_card_game.events import (
    CardsDrawn,
    DrawPileRefilled,
    MatchEnded,
    PointsEarned,
    TurnClockResumed,
    TurnClockStopped,
    TurnLimitReached,
)
from games.cactus_card_game.evolve import evolve
from games.cactus_card_game.moves import (
    DrawCard,
    LetItStand,
    PlayDrawThree,
    PlayRequestACard,
    PlaySeeAndSteal,
    PlaySet,
    PlaySwapHands,
    TakeCard,
)
from games.cactus_card_game.rules import deadlines, legal_moves
from games.cactus_card_game.spec import initial_state
from games.cactus_card_game.views import player_view
from games.core import engine
from games.core.commands import Command
from games.core.decisions import Rejected
from games.core.turns import TurnEnded, TurnStarted
from games.core.visibility import SPECTATOR
from tests.games.cactus_card_game.table import answer_all, hand, kinds, play, table, time_out
from tests.games.kit import T0, of_type


def test_a_player_may_play_any_number_of_action_cards_in_a_turn():
    state = table(["request-a-card swap-hands charlie", "spike"])
    state, _ = play(state, 0, PlayRequestACard(1, "WALTER"))
    state, _ = play(state, 1, LetItStand())
    state, _ = play(state, 0, PlaySwapHands(0, 1))
    state, events = play(state, 1, LetItStand())
    assert state.active == 0 and not of_type(events, TurnEnded)
    assert hand(state, 0) == ["spike"] and hand(state, 1) == ["charlie"]


def test_drawing_a_card_ends_the_turn_and_the_next_player_clockwise_starts():
    state = table(["charlie", "charlie", "charlie"], draw="walter")
    state, events = play(state, 0, DrawCard())
    assert of_type(events, CardsDrawn)[0].cards == state.players[0].hand[-1:]
    assert kinds(state.players[0].hand) == ["charlie", "walter"]
    assert of_type(events, TurnEnded) == [TurnEnded(0, "drew")]
    assert state.active == 1 and state.turn.number == 2


def test_the_turn_order_skips_players_who_have_left():
    state = table(["charlie", "", "charlie"], out=[1])
    state, _ = play(state, 0, DrawCard())
    assert state.active == 2


def test_earning_a_point_ends_the_turn_at_once_without_a_draw():
    state = table(["charlie charlie charlie spike", "spike"])
    state, events = play(state, 0, PlaySet("CHARLIE", 0))
    assert state.players[0].points == 1
    assert of_type(events, TurnEnded) == [TurnEnded(0, "point")] and not of_type(events, CardsDrawn)
    assert hand(state, 0) == ["spike"] and state.active == 1


def test_a_player_starting_the_turn_with_zero_cards_draws_three_and_the_turn_ends_at_once():
    state = table(["charlie", ""], draw="walter spike spike wild")
    state, events = play(state, 0, DrawCard())
    assert hand(state, 1) == ["spike", "spike", "wild"]
    assert of_type(events, TurnEnded) == [TurnEnded(0, "drew"), TurnEnded(1, "zero cards")]
    assert [started.seat for started in of_type(events, TurnStarted)] == [1, 0]
    assert state.active == 0


def test_the_zero_cards_rule_holds_only_at_the_start_of_a_turn():
    state = table(["request-a-card", "spike"])
    state, _ = play(state, 0, PlayRequestACard(1, "WALTER"))
    state, _ = play(state, 1, LetItStand())
    assert state.players[0].hand == () and state.active == 0
    assert legal_moves(state, 0) == (DrawCard(),)


def test_an_empty_draw_pile_is_refilled_from_the_discards_by_the_player_with_most_points():
    """Ruling 8."""
    state = table(["charlie", "charlie", "charlie"], points={1: 1, 2: 4}, discards="walter", rest=None)
    state, events = play(state, 0, DrawCard())
    assert of_type(events, DrawPileRefilled)[0].shuffler == 2
    assert hand(state, 0) == ["charlie", "walter"] and state.discards == ()


def test_a_tie_for_most_points_shuffles_the_first_of_them_clockwise_from_the_active_player():
    """Ruling 8: seats 1 and 3 tie; clockwise from seat 2 comes 3 first."""
    points = {0: 1, 1: 3, 3: 3}
    state = table(["charlie"] * 4, points=points, active=2, discards="walter", rest=None)
    _, events = play(state, 2, DrawCard())
    assert of_type(events, DrawPileRefilled)[0].shuffler == 3
    state = table(["charlie"] * 4, points=points, active=1, discards="walter", rest=None)
    _, events = play(state, 1, DrawCard())
    assert of_type(events, DrawPileRefilled)[0].shuffler == 1


def test_with_both_piles_empty_nothing_is_drawn_and_drawing_still_ends_the_turn():
    state = table(["charlie", "charlie"], rest=None)
    state, events = play(state, 0, DrawCard())
    assert not of_type(events, CardsDrawn) and hand(state, 0) == ["charlie"]
    assert state.active == 1


def test_a_draw_3_that_empties_the_draw_pile_refills_it_and_draws_the_rest():
    state = table(["draw-3", "charlie"], draw="walter", discards="spike spike", rest=None)
    state, _ = play(state, 0, PlayDrawThree())
    state, events = play(state, 1, LetItStand())
    assert [drawn.count for drawn in of_type(events, CardsDrawn)] == [1, 2]
    assert len(of_type(events, DrawPileRefilled)) == 1
    assert len(state.players[0].hand) == 3 and len(state.draw_pile) == 1


def test_when_the_turn_deadline_passes_the_player_draws_a_card_which_ends_the_turn():
    """Ruling 19."""
    state = table(["charlie", "charlie"], draw="walter", deadline=T0 + 60_000)
    assert [deadline.id for deadline in deadlines(state)] == ["turn-1"]
    state, events = time_out(state, "turn-1", at=T0 + 60_000)
    assert hand(state, 0) == ["charlie", "walter"]
    assert of_type(events, TurnEnded) == [TurnEnded(0, "timeout")] and state.active == 1


def test_a_stale_turn_timeout_changes_nothing():
    state = table(["charlie", "charlie"], deadline=T0 + 60_000, turn=4)
    _, events = time_out(state, "turn-3")
    assert events == ()


def test_each_turn_deadline_counts_from_the_command_that_started_the_turn():
    state = table(["charlie", "charlie"])
    state, _ = play(state, 0, DrawCard(), at=T0 + 1_234)
    assert state.turn.deadline == T0 + 1_234 + 60_000


def test_the_turn_clock_is_enforced_only_once_an_open_window_has_closed():
    """Ruling 3: while a STOP window is open only its deadline runs out; the turn's comes after."""
    state = table(["request-a-card charlie", "spike", "spike"], deadline=T0 + 60_000)
    state, _ = play(state, 0, PlayRequestACard(1, "WALTER"), at=T0 + 59_000)
    assert [deadline.kind for deadline in deadlines(state)] == ["stop"]
    state, events = time_out(state, "turn-1", at=T0 + 60_000)
    assert events == () and state.window is not None
    state, _ = time_out(state, state.window.deadline_id, at=T0 + 64_000)
    assert [deadline.id for deadline in deadlines(state)] == ["turn-1"]


def test_the_turn_clock_stops_while_a_window_is_open_and_resumes_with_the_time_left():
    """Ruling 3 (audit Q2): 1 s was left when the window opened; it closes at 64 s, the turn ends at 65 s."""
    state = table(["request-a-card charlie", "spike", "spike"], deadline=T0 + 60_000)
    state, events = play(state, 0, PlayRequestACard(1, "WALTER"), at=T0 + 59_000)
    assert of_type(events, TurnClockStopped) == [TurnClockStopped(0, 1_000)]
    assert player_view(state, SPECTATOR).clock_left == 1_000
    state, events = time_out(state, state.window.deadline_id, at=T0 + 64_000)
    assert of_type(events, TurnClockResumed) == [TurnClockResumed(0, T0 + 65_000)]
    assert [(deadline.id, deadline.at) for deadline in deadlines(state)] == [("turn-1", T0 + 65_000)]


def test_the_turn_clock_stays_stopped_through_the_pick_that_follows_the_window():
    """Ruling 3 (audit Q2): the See and Steal pick is the game's wait, not the player's."""
    state = table(["see-and-steal walter walter", "walter", "spike"], deadline=T0 + 60_000)
    state, _ = play(state, 0, PlaySeeAndSteal(1), at=T0 + 50_000)
    state, _ = answer_all(state, (1, LetItStand()), (2, LetItStand()), at=T0 + 54_000)
    assert state.choice is not None and state.clock == 10_000
    state, _ = play(state, 0, TakeCard("WALTER"), at=T0 + 59_000)
    assert state.turn.deadline == T0 + 69_000
    state, events = play(state, 0, PlaySet("WALTER", 0), at=T0 + 61_000)
    assert of_type(events, PointsEarned) == [PointsEarned(0, 3, "set")]


def test_an_overdue_turn_is_timed_out_before_the_players_next_move():
    """Ruling 3 (audit U2): lazy enforcement, through the engine, once the window has closed."""
    game = engine.new_game(SPEC, {}, 3, "u2")
    state = table(["request-a-card charlie", "spike", "spike"], deadline=T0 + 60_000)
    game = dataclasses.replace(game, state=state)
    game = engine.step(game, Command(PlayRequestACard(1, "WALTER"), 0, T0 + 59_000)).game
    game = engine.step(game, Command(LetItStand(), 1, T0 + 60_000)).game
    game = engine.step(game, Command(LetItStand(), 2, T0 + 61_000)).game
    assert game.state.turn.deadline == T0 + 62_000
    late = engine.step(game, Command(DrawCard(), 0, T0 + 63_000))
    assert isinstance(late.decision, Rejected) and late.decision.code == Code.NOT_YOUR_TURN
    step = engine.step(game, Command(DrawCard(), 1, T0 + 63_000))
    assert step.events[: len(step.events) - len(step.decision.events)][-2:] == (
        TurnEnded(0, "timeout"),
        TurnStarted(1, 2, T0 + 62_000 + 60_000),
    )


def test_with_no_turn_timer_a_turn_has_no_deadline():
    state = table(["charlie", "charlie"], options={"turnSeconds": 0})
    state, _ = play(state, 0, DrawCard())
    assert state.turn.deadline is None and deadlines(state) == ()


def test_at_the_turn_limit_the_leader_by_points_wins():
    """Ruling 17 (audit Q1: no match ends without a winner under default options)."""
    state = table(
        ["charlie", "charlie", "charlie"],
        points={0: 3, 1: 5, 2: 3},
        active=2,
        turns={0: 2, 1: 2, 2: 2},
        options={"turnLimit": 2},
    )
    state, events = play(state, 2, DrawCard())
    assert of_type(events, TurnLimitReached) == [TurnLimitReached((1,))] and state.winner == 1
    outcome = SPEC.outcome(state)
    assert outcome.ranks == (2, 1, 2) and outcome.scores == (3.0, 5.0, 3.0)
    assert player_view(state, SPECTATOR).winners == (1,)


def test_at_the_turn_limit_leaders_with_equal_points_share_the_win():
    """Ruling 17 (audit Q1)."""
    state = table(
        ["charlie", "charlie", "charlie"], points={0: 5, 1: 5, 2: 3}, active=2, turns={0: 2, 1: 2, 2: 2}
    )
    state = dataclasses.replace(state, options=dataclasses.replace(state.options, turn_limit=2))
    state, events = play(state, 2, DrawCard())
    assert of_type(events, TurnLimitReached) == [TurnLimitReached((0, 1))] and state.winner is None
    assert SPEC.outcome(state).ranks == (1, 1, 3)


def test_the_default_turn_limit_is_a_cap_far_above_real_play():
    """Ruling 17 (audit Q1): the longest of 1,150 audited bot matches gave one player 51 turns."""
    assert initial_state({}, 3).options.turn_limit == 500


def test_an_old_log_ended_at_the_turn_limit_still_has_no_winner():
    """Ruling 17: a match recorded before the leaders won keeps the ending it had."""
    state = evolve(table(["charlie", "charlie"]), MatchEnded(None, "turn limit"))
    assert state.winners == () and SPEC.outcome(state).ranks == (1, 1)


def test_draw_3_with_fewer_than_three_cards_in_both_piles_draws_what_there_is_and_ends_the_turn():
    """Ruling 8 (audit U4): one card in the draw pile, the Draw 3 itself the only discard."""
    state = table(["draw-3 charlie", "spike"], draw="walter", rest=None)
    state, _ = play(state, 0, PlayDrawThree())
    state, events = play(state, 1, LetItStand())
    assert [type(event).__name__ for event in events if type(event) in (CardsDrawn, DrawPileRefilled)] == [
        "CardsDrawn",
        "DrawPileRefilled",
        "CardsDrawn",
    ]
    assert hand(state, 0) == ["charlie", "draw-3", "walter"]
    assert of_type(events, TurnEnded) == [TurnEnded(0, "draw 3")] and state.active == 1


def test_the_zero_cards_rule_with_both_piles_empty_draws_nothing_and_still_ends_the_turn():
    """Rulings 8 and 9 (audit U4)."""
    state = table(["charlie", ""], rest=None)
    state, events = play(state, 0, DrawCard())
    assert of_type(events, TurnEnded) == [TurnEnded(0, "drew"), TurnEnded(1, "zero cards")]
    assert not of_type(events, CardsDrawn) and state.active == 0 and hand(state, 1) == []
