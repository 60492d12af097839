"""The random and heuristic bots: legal moves only, from their own view only; the heuristic climbs better."""

import pytest

from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command
from games.core.spec import RandomBot
from games.core.visibility import seat_viewer
from games.daredevil_rock import SPEC
from games.daredevil_rock.bots import HeuristicBot
from games.daredevil_rock.moves import Climb, EndTurn, Examine, FreeClimb, Hang, Probe, RetrieveCam, SetCam
from games.daredevil_rock.rules import legal_moves
from games.daredevil_rock.views import player_view
from tests.games.daredevil_rock.tableau import play, table
from tests.games.kit import T0

HEURISTIC = HeuristicBot()


def match(bots, seed, options=None):
    """Bots play a match to its end; every move they choose must be legal. Returns the final game."""
    game = engine.step(engine.new_game(SPEC, options or {}, len(bots), seed), Command(Begin(), None, T0)).game
    while not game.over:
        (seat,) = SPEC.waiting_on(game.state)
        legal = engine.legal_moves(game, seat)
        view = engine.view(game, seat_viewer(seat))
        move = SPEC.bots[bots[seat]].choose(view, legal, Chance(f"{seed}:{seat}", game.version))
        assert move in legal, f"{bots[seat]} chose {move}, not a legal move"
        game = engine.step(game, Command(move, seat, T0 + game.version)).game
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


@pytest.mark.parametrize(
    "options", [{}, {"blindMansBluff": True}, {"limitedCams": 2}, {"limitedCams": 3, "blindMansBluff": True}]
)
def test_bots_only_choose_legal_moves_in_every_variant(options):
    for seed in range(3):
        match(["heuristic", "random", "heuristic", "random"][: 1 + seed], f"legal {seed}", options)


def test_the_heuristic_bot_alone_reaches_the_summit():
    for seed in range(5):
        game = match(["heuristic"], f"solo {seed}")
        assert game.state.reason == "summit"


@pytest.mark.slow
def test_the_heuristic_bot_beats_the_random_bot_clearly_over_200_matches():
    wins = {"heuristic": 0, "random": 0}
    for index in range(200):
        bots = ["heuristic", "random"] if index % 2 == 0 else ["random", "heuristic"]
        for winner in match(bots, f"series {index}").outcome().winners:
            wins[bots[winner]] += 1
    assert wins["heuristic"] >= 180 and wins["random"] <= 20, wins


def test_the_heuristic_bot_takes_a_free_climb():
    state = table(". 8D .\n. 8S .\n. . .", at={0: (2, 1)}, free_climb=(3, 1))
    assert choice(state) == FreeClimb()


def test_the_heuristic_bot_sets_a_cam_before_examining_high_up_without_protection():
    state = table(". [4D] .\n. 8S .\n. 7S .\n. 6S .", at={0: (3, 1)})
    assert choice(state) == SetCam()
    state, _ = play(state, 0, SetCam())
    assert choice(state) == Examine(4, 1)


def test_the_heuristic_bot_examines_without_a_new_cam_one_card_above_its_cam():
    state = table(". [4D] .\n. 8S .\n. 7S .\n. 6S .", at={0: (3, 1)}, cams={0: [(2, 1)]})
    assert choice(state) == Examine(4, 1)


def test_the_heuristic_bot_climbs_to_the_highest_card_in_reach():
    state = table("9S  .  .\n5S 6S 7S\n. [3S] .", at={0: (2, 1)})
    assert choice(state) == Climb(3, 0)


def test_the_heuristic_bot_probes_a_card_out_of_reach_that_blocks_its_way():
    state = table("QS QH QD\n. 6S .\n. . .", at={0: (2, 1)}, cams={0: [(2, 1)]})
    assert isinstance(choice(state), Probe) and choice(state).level == 3


def test_the_heuristic_bot_sets_a_cam_then_hangs_at_the_top():
    state = table(". 6S .\n. 5S .", at={0: (2, 1)}, cams={0: [(1, 1)]})
    assert choice(state) == SetCam()
    state, _ = play(state, 0, SetCam())
    assert choice(state) == Hang()


def test_the_heuristic_bot_ends_its_turn_rather_than_make_a_pointless_move():
    state = table("QS QH QD\n. 6S .\n. . .", at={0: (2, 1)}, deck="", discards="")
    assert choice(state) == EndTurn()


def test_with_limited_cams_and_none_in_reserve_the_heuristic_bot_takes_its_cam_along():
    state = table(
        ". 9S .\n. 8S .\n. 7S .", at={0: (2, 1)}, cams={0: [(1, 0), (2, 1)]}, options={"limitedCams": 2}
    )
    assert choice(state) == RetrieveCam()
    state, _ = play(state, 0, RetrieveCam())
    assert choice(state) == Climb(3, 1)


def test_a_bot_decides_from_the_view_alone():
    # Two tables that differ only in cards nobody can see give the same view, hence the same choice.
    state = table(". [4D] .\n. 8S .\n. [7S] .", at={0: (2, 1)}, cams={0: [(2, 1)]}, deck="AS 2S")
    other = table(". [JK] .\n. 8S .\n. [KH] .", at={0: (2, 1)}, cams={0: [(2, 1)]}, deck="2S AS")
    assert player_view(state, seat_viewer(0)) == player_view(other, seat_viewer(0))
    assert choice(state) == choice(other)
