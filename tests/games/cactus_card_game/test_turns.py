"""A turn (rulebook: DURING YOUR TURN, ENDING YOUR TURN, OTHER RULES) and its clock: Rulings 3, 8, 9,
17 and 19."""

from games.cactus_card_game import SPEC
from games.cactus_card_game.events import CardsDrawn, DrawPileRefilled, MatchEnded
from games.cactus_card_game.moves import (
    DrawCard,
    LetItStand,
    PlayDrawThree,
    PlayRequestACard,
    PlaySet,
    PlaySwapHands,
)
from games.cactus_card_game.rules import deadlines, legal_moves
from games.core.turns import TurnEnded, TurnStarted
from tests.games.cactus_card_game.table import T0, hand, kinds, of_type, play, table, time_out


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
    assert events == []


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
    assert events == [] and state.window is not None
    state, _ = time_out(state, state.window.deadline_id, at=T0 + 64_000)
    assert [deadline.id for deadline in deadlines(state)] == ["turn-1"]


def test_with_no_turn_timer_a_turn_has_no_deadline():
    state = table(["charlie", "charlie"], options={"turnSeconds": 0})
    state, _ = play(state, 0, DrawCard())
    assert state.turn.deadline is None and deadlines(state) == ()


def test_the_match_ends_at_the_turn_limit_and_players_rank_by_points():
    """Ruling 17."""
    state = table(
        ["charlie", "charlie", "charlie"],
        points={0: 3, 1: 5, 2: 3},
        active=2,
        turns={0: 2, 1: 2, 2: 2},
        options={"turnLimit": 2},
    )
    state, events = play(state, 2, DrawCard())
    assert of_type(events, MatchEnded) == [MatchEnded(None, "turn limit")]
    outcome = SPEC.outcome(state)
    assert outcome.ranks == (2, 1, 2) and outcome.scores == (3.0, 5.0, 3.0)
