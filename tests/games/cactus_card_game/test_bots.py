"""The random and heuristic bots: legal moves only, from their own view only; the heuristic plays better."""

import pytest

from games.cactus_card_game import SPEC
from games.cactus_card_game.bots import HeuristicBot
from games.cactus_card_game.moves import (
    LetItStand,
    PickCard,
    PlayFreePoint,
    PlayRequestACard,
    PlaySeeAndSteal,
    PlaySet,
    PlayStealACard,
    PlayStealAPoint,
    Stop,
    TakeCard,
)
from games.cactus_card_game.rules import legal_moves
from games.cactus_card_game.views import player_view
from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command
from games.core.spec import RandomBot
from games.core.visibility import seat_viewer
from tests.games.cactus_card_game.table import play, table
from tests.games.kit import T0

HEURISTIC = HeuristicBot()


def match(bots, seed, options=None):
    """Bots play a match to its end, each answering as soon as the match waits on it; every move they
    choose must be legal and the invariants must hold throughout. Returns the final game."""
    game = engine.step(engine.new_game(SPEC, options or {}, len(bots), seed), Command(Begin(), None, T0)).game
    while not game.over:
        seat = min(engine.waiting_on(game))
        legal = engine.legal_moves(game, seat)
        view = engine.view(game, seat_viewer(seat))
        move = SPEC.bots[bots[seat]].choose(view, legal, Chance(f"{seed}:{seat}", game.version))
        assert move in legal, f"{bots[seat]} chose {move}, not a legal move"
        game = engine.step(game, Command(move, seat, T0 + game.version)).game
        assert SPEC.invariants(game.state) == ()
    return game


def choice(state, seat=0):
    view = player_view(state, seat_viewer(seat))
    return HEURISTIC.choose(view, legal_moves(state, seat), Chance("bot", 0))


def test_the_bots_are_registered_by_name():
    assert {name: bot.name for name, bot in SPEC.bots.items()} == {
        "random": "random",
        "heuristic": "heuristic",
    }
    assert isinstance(SPEC.bots["random"], RandomBot)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_bots_play_whole_matches_with_legal_moves_only_for_every_table_size(seats):
    for seed in range(2):
        bots = ["heuristic", "random"] * 3
        game = match(bots[seed : seed + seats], f"bots {seats} {seed}")
        assert game.state.reason in ("points goal", "turn limit")


def test_the_heuristic_bot_beats_the_random_bot_most_of_the_time():
    wins = 0
    for seed in range(40):
        seat = seed % 2  # each bot plays either seat
        bots = ["heuristic", "random"] if seat == 0 else ["random", "heuristic"]
        wins += match(bots, f"duel {seed}").outcome().ranks[seat] == 1
    assert wins >= 28  # it won about 80% of 200 matches


def test_the_heuristic_bot_completes_the_set_worth_most():
    assert choice(table(["charlie charlie charlie spike spike wild free-point", "stop"])) == PlaySet(
        "SPIKE", 1
    )


def test_the_heuristic_bot_steals_a_point_from_the_leader():
    state = table(["steal-a-point free-point", "charlie", "charlie"], points={1: 1, 2: 3})
    assert choice(state) == PlayStealAPoint(2)


def test_the_heuristic_bot_asks_the_player_with_most_cards_for_the_third_card_of_a_pair():
    state = table(["request-a-card walter wild charlie", "charlie", "charlie charlie"])
    assert choice(state) == PlayRequestACard(2, "WALTER")


def test_the_heuristic_bot_stops_a_point_stolen_from_itself():
    state, _ = play(table(["steal-a-point", "stop", "stop"], points={1: 2}), 0, PlayStealAPoint(1))
    assert choice(state, 1) == Stop(0)
    assert choice(state, 2) == LetItStand()


def test_the_heuristic_bot_stops_a_point_that_would_let_a_leader_win():
    state, _ = play(table(["free-point", "stop"], points={0: 9}), 0, PlayFreePoint())
    assert choice(state, 1) == Stop(0)


def test_the_heuristic_bot_stops_a_stop_of_its_own_point_theft():
    state, _ = play(table(["steal-a-point stop", "stop"], points={1: 2}), 0, PlayStealAPoint(1))
    state, _ = play(state, 1, Stop(0))
    assert choice(state, 0) == Stop(1)


def test_the_heuristic_bot_lets_cards_that_cost_no_point_stand():
    state, _ = play(table(["see-and-steal", "stop walter"]), 0, PlaySeeAndSteal(1))
    assert choice(state, 1) == LetItStand()


def test_the_heuristic_bot_takes_the_card_that_completes_its_pair():
    state, _ = play(table(["see-and-steal spike spike", "wild spike charlie"]), 0, PlaySeeAndSteal(1))
    state, _ = play(state, 1, LetItStand())
    assert choice(state) == TakeCard("SPIKE")


def test_the_heuristic_bot_picks_a_position_when_stealing_blind():
    state, _ = play(table(["steal-a-card", "wild spike"]), 0, PlayStealACard(1))
    state, _ = play(state, 1, LetItStand())
    assert choice(state) == PickCard(0)
