"""Dealing, rounds, silence, the end of a match, leaving it, bots and random playouts (Rulings 6 and
14-16 and 20)."""

import pytest

from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command, Resign
from games.core.sealed import SeatReady
from games.core.visibility import SPECTATOR, redact, seat_viewer
from games.racesmack import SPEC
from games.racesmack.events import CardDrawn, CardPlayed, HandDealt, MatchEnded, SilentCardPlayed
from games.racesmack.moves import PlaceCards, PlayCard
from games.racesmack.spec import initial_state, outcome
from games.racesmack.views import player_view, secrets
from tests.conformance.playouts import playout
from tests.games.kit import T0, of_type
from tests.games.racesmack.table import moves, play, table, tap, time_out


def test_four_cards_each_are_dealt_and_the_first_round_opens():
    """Ruling 16."""
    state, events = play(initial_state({}, 3), None, Begin())
    assert [len(event.cards) for event in of_type(events, HandDealt)] == [4, 4, 4]
    assert state.choosing is not None and state.choosing.waiting_on == {0, 1, 2}


def test_everyone_draws_a_card_after_a_round_while_the_pile_lasts():
    """Ruling 16: one card left, so only seat 0 draws."""
    state = table([[1, 3], [2, 4]], draw=[9])
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (0, tap(1)), (1, tap(2)))
    state, events = moves(state, (0, PlaceCards("LEFT")), (1, PlaceCards("LEFT")))
    assert [event.seat for event in of_type(events, CardDrawn)] == [0]


def test_a_silent_player_plays_the_first_card_of_its_hand():
    """Ruling 6."""
    state, _ = moves(table([[1, 3], [2, 4]]), (0, PlayCard(3)))
    state, events = time_out(state, "round-1")
    assert [(event.seat, event.card.id) for event in of_type(events, SilentCardPlayed)] == [(1, 2)]


def test_a_race_meeting_its_finish_requirement_wins():
    """Ruling 15: Rules Card 2 (10 cards) with nine cards; winning a tenth finishes it."""
    state = table([[1, 3], [2, 4]], races={0: [38, 5, 6, 7, 8, 9, 10, 11, 12]})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (0, tap(1)), (1, tap(2)))
    state, events = moves(state, (0, PlaceCards("LEFT")), (1, PlaceCards("LEFT")))
    assert of_type(events, MatchEnded)[0] == MatchEnded((0,), "finish")
    assert outcome(state).ranks == (1, 2)


def test_when_no_one_can_play_the_longest_races_win_together():
    """Ruling 14."""
    state = table([[1], [2], [5]], races={0: [6]}, draw=[])
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    state, _ = moves(state, (0, tap(1)), (1, tap(2)), (2, tap(5)))
    state, events = moves(state, (0, PlaceCards("LEFT")), (1, PlaceCards("LEFT")))
    assert of_type(events, MatchEnded)[0].reason == "no one can play"
    assert state.winners == (0,)


def test_a_player_who_leaves_is_not_waited_for_and_the_last_one_wins():
    """Ruling 20."""
    state, _ = moves(table([[1, 3], [2, 4], [5, 7]]), (0, PlayCard(1)), (1, PlayCard(2)))
    state, events = play(state, 2, Resign())
    assert state.taps is not None  # the round moved on without seat 2
    state, events = play(state, 1, Resign())
    assert of_type(events, MatchEnded)[0] == MatchEnded((0,), "last player standing")


def test_a_sealed_card_and_the_hands_stay_hidden_until_the_reveal():
    state, events = moves(table([[1, 3], [2, 4]]), (0, PlayCard(1)))
    (sealed,) = of_type(events, CardPlayed)
    assert redact(sealed, seat_viewer(1)) == SeatReady("round-1", 0)
    assert redact(sealed, seat_viewer(0)) == sealed
    assert (
        player_view(state, seat_viewer(1)).played is None
        and player_view(state, seat_viewer(0)).played.id == 1
    )
    assert [p.ready for p in player_view(state, SPECTATOR).players] == [True, False]
    assert {card.id for card in secrets(state, seat_viewer(1))} >= {1, 3}
    assert not player_view(state, SPECTATOR).row


def test_the_heuristic_bot_taps_after_its_tap_delay():
    state, _ = moves(table([[1, 3], [2, 4]], options={"botTapMs": 900}), (0, PlayCard(1)), (1, PlayCard(2)))
    assert SPEC.bot_delay_ms(state, 0) == 900


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_bots_play_whole_matches(seats):
    game = engine.new_game(SPEC, SPEC.options.defaults(), seats, f"bots {seats}")
    game = engine.step(game, Command(Begin(), None, T0)).game
    bots = [SPEC.bots["heuristic" if seat % 2 else "random"] for seat in range(seats)]
    for count in range(5000):
        if game.over:
            break
        seat = min(engine.waiting_on(game))
        view = engine.view(game, seat_viewer(seat))
        move = bots[seat].choose(view, engine.legal_moves(game, seat), Chance("bot", count))
        game = engine.step(game, Command(move, seat, T0 + count)).game
    assert game.over and SPEC.invariants(game.state) == ()


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_seeded_random_playouts_end_keep_every_card_and_replay(seats):
    for seed in range(6):
        result = playout(SPEC, seed, seats)
        assert result.game.over and SPEC.invariants(result.game.state) == ()
        assert engine.replay(SPEC, result.options, result.seats, result.seed, result.log) == result.game
