"""Variant After You: turns, blind piles, and the smashing a revealed Rules Card starts (Rulings 21 to 25).

Each test reads given (a table), when (the moves), then (the facts told and the table after).
"""

from collections.abc import Mapping, Sequence

from games.core.commands import Begin
from games.core.taps import TapsOpened
from games.core.turns import TurnStarted, start_turn
from games.core.visibility import seat_viewer
from games.racesmack.events import (
    CardDrawn,
    CardRevealed,
    LeftoversDiscarded,
    LossAsked,
    MatchEnded,
    PlacementAsked,
    TapsJudged,
)
from games.racesmack.moves import PlaceCards, PlayCard, RevealCard, Tap
from games.racesmack.options import OPTIONS, Options
from games.racesmack.rounds import new_story
from games.racesmack.rules import deadlines, legal_moves
from games.racesmack.spec import initial_state
from games.racesmack.state import Player, State
from games.racesmack.views import player_view, secrets
from tests.games.racesmack.table import (
    T0,
    by_id,
    moves,
    of_type,
    play,
    race_ids,
    rejection,
    rules_card,
    tap,
    time_out,
)


def after_you(
    hands: Sequence[Sequence[int]],
    *,
    races: Mapping[int, Sequence[int]] | None = None,
    draw: Sequence[int] = (),
    start: int = 0,
    options: Mapping[str, object] | None = None,
) -> State:
    """Given: blind piles (top card first), Races and a draw pile; ``start``'s turn has begun."""
    races = races or {}
    players = tuple(
        Player(seat, tuple(map(by_id, hand)), tuple(map(by_id, races.get(seat, ()))))
        for seat, hand in enumerate(hands)
    )
    used = {*draw, *(i for hand in hands for i in hand), *(i for race in races.values() for i in race)}
    state = State(
        OPTIONS.build(Options, {"afterYou": True, **(options or {})}),
        len(hands),
        players,
        draw_pile=tuple(map(by_id, draw)),
        discards=tuple(by_id(i) for i in range(1, 55) if i not in used),
        started=True,
    )
    story = new_story(state, T0)
    start_turn(story, start, previous=None, seconds=state.options.play_seconds)
    return story.state


def test_the_match_starts_with_a_turn_for_a_start_player_picked_at_random():
    """Ruling 21: no card choice opens; the first turn names the start player."""
    state, events = play(initial_state({"afterYou": True}, 3), None, Begin())
    (started,) = of_type(events, TurnStarted)
    assert state.choosing is None and state.turn is not None and state.turn.seat == started.seat
    assert legal_moves(state, started.seat) == (RevealCard(),)


def test_hands_are_blind_piles_nobody_sees_not_even_their_owner():
    """Ruling 21."""
    state = after_you([[1, 2], [3, 4]])
    view = player_view(state, seat_viewer(0))
    assert view.hand == () and view.players[0].hand_size == 2 and view.step == "reveal" and view.active == 0
    assert {by_id(1), by_id(2)} <= set(secrets(state, seat_viewer(0)))


def test_only_the_player_whose_turn_it_is_reveals_and_nobody_plays_a_card():
    state = after_you([[1, 2], [3, 4]])
    assert rejection(state, 1, RevealCard()) == "NOT_YOUR_TURN"
    assert rejection(state, 0, PlayCard(1)) == "ROUND_CLOSED"
    assert legal_moves(state, 1) == ()


def test_a_revealed_card_goes_face_up_on_its_pile_the_player_draws_and_the_turn_passes_clockwise():
    """Ruling 22: the top card goes up; a draw goes to the bottom of the blind pile."""
    state = after_you([[1, 2], [3, 4], [5, 6]], draw=[7], start=2)
    state, events = play(state, 2, RevealCard())
    assert of_type(events, CardRevealed) == [CardRevealed(2, by_id(5))]
    assert of_type(events, CardDrawn) == [CardDrawn(2, by_id(7), blind=True)]
    assert [c.id for c in state.players[2].hand] == [6, 7] and state.players[2].pile == (by_id(5),)
    assert state.turn is not None and state.turn.seat == 0


def test_cards_build_up_in_the_pile_and_only_the_top_card_lies_in_the_row():
    state = after_you([[1, 2], [3, 4]])
    state, _ = moves(state, (0, RevealCard()), (1, RevealCard()), (0, RevealCard()))
    assert state.players[0].pile == (by_id(1), by_id(2))
    assert state.row == ((0, by_id(2)), (1, by_id(3)))


def test_silence_at_the_turn_deadline_reveals_the_top_card():
    """Ruling 22."""
    state = after_you([[1, 2], [3, 4]])
    (deadline,) = deadlines(state)
    state, events = time_out(state, deadline.id)
    assert of_type(events, CardRevealed) == [CardRevealed(0, by_id(1))]


def test_a_revealed_rules_card_starts_the_smashing_over_the_top_cards():
    """Ruling 23: the taps open to every player with a pile, over their top cards."""
    state = after_you([[1], [2], [rules_card(4)]])
    state, events = moves(state, (0, RevealCard()), (1, RevealCard()), (2, RevealCard()))
    (opened,) = of_type(events, TapsOpened)
    assert opened.seats == {0, 1, 2} and opened.targets == {0, 1, 2}  # each pile, by whose it is
    assert legal_moves(state, 0) == (Tap(0), Tap(1), Tap(2))


def test_only_players_with_a_pile_tap():
    """Ruling 23."""
    state = after_you([[rules_card(16)], [2]])
    state, events = play(state, 0, RevealCard())
    assert of_type(events, TapsOpened)[0].seats == {0}


def test_the_revealed_rules_card_is_the_rule_and_a_correct_tapper_wins_its_whole_pile():
    """Ruling 23: Rules Card 10 (number greater than 2) over R03, R21 and itself: only R21 is correct.
    Seat 1 taps it and wins its whole pile, R02 then R21."""
    state = after_you([[1, 3], [2, 21], [4, rules_card(10)]], start=0)
    state, _ = moves(state, (0, RevealCard()), (1, RevealCard()), (2, RevealCard()))
    state, _ = moves(state, (0, RevealCard()), (1, RevealCard()), (2, RevealCard()))
    state, events = moves(state, (1, tap(21)), (0, tap(3)), (2, tap(rules_card(10))))
    (judged,) = of_type(events, TapsJudged)
    assert judged.rule == 10 and judged.correct == (21,) and judged.winners == (1,)
    (asked,) = of_type(events, PlacementAsked)
    assert asked.seat == 1 and [c.id for c in asked.cards] == [2, 21]
    state, _ = play(state, 1, PlaceCards("RIGHT"))
    assert race_ids(state, 1) == [2, 21] and state.players[1].pile == ()


def test_other_rules_cards_on_the_table_and_noise_canceling_do_not_change_the_rule():
    """Ruling 23: the Rules Card just revealed rules, even under a higher one already on the table."""
    state = after_you([[rules_card(16)], [rules_card(4)]], options={"noiseCanceling": True})
    state, _ = play(state, 0, RevealCard())
    state, _ = moves(state, (0, tap(rules_card(16))))
    state, events = play(state, 0, PlaceCards("RIGHT"))
    state, events = play(state, 1, RevealCard())
    state, events = moves(state, (1, tap(rules_card(4))))
    assert of_type(events, TapsJudged)[0].rule == 4


def test_no_leftovers_the_other_piles_stay_and_wrong_taps_lose_a_race_card():
    """Ruling 24: the piles of players not correct stay and keep building up."""
    state = after_you([[1, 3], [5, 4], [rules_card(4)]], races={0: [9]})
    state, _ = moves(state, (0, RevealCard()), (1, RevealCard()), (2, RevealCard()))
    state, events = moves(state, (1, tap(5)), (0, tap(rules_card(4))), (2, tap(1)))
    assert of_type(events, LeftoversDiscarded) == []
    assert [ask.seat for ask in of_type(events, LossAsked)] == [0]
    state, _ = moves(state, (1, PlaceCards("RIGHT")), (2, PlaceCards("RIGHT")))
    assert state.players[1].pile == () and state.players[0].pile == (by_id(1),)


def test_after_the_smash_the_next_player_clockwise_takes_the_turn():
    """Ruling 24."""
    state = after_you([[1, 3], [rules_card(16), 4]])
    state, _ = moves(state, (0, RevealCard()), (1, RevealCard()))
    state, _ = moves(state, (1, tap(rules_card(16))), (0, tap(1)))
    state, _ = play(state, 1, PlaceCards("LEFT"))
    assert state.turn is not None and state.turn.seat == 0 and state.taps is None


def test_players_with_an_empty_blind_pile_are_skipped_and_with_none_left_the_longest_race_wins():
    """Ruling 25 and Ruling 14."""
    state = after_you([[1], [], [2]], races={1: [9, 10]})
    state, _ = play(state, 0, RevealCard())
    assert state.turn is not None and state.turn.seat == 2
    state, events = play(state, 2, RevealCard())
    assert of_type(events, MatchEnded) == [MatchEnded((1,), "no one can play")]
