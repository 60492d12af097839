"""Every move a player may be offered reads as a sentence naming what it does."""

from games.cactus_card_game import SPEC
from games.cactus_card_game.labels import describe_move
from games.core import engine
from tests.conformance.playouts import steps


def test_every_offered_move_has_its_own_sentence():
    seen = set()
    for seed in range(6):
        seats = 2 + seed % 5
        for _, after, _ in steps(SPEC, seats, str(seed), SPEC.options.defaults()):
            for seat in engine.may_act(after):
                for move in engine.legal_moves(after, seat):
                    raw = SPEC.moves.dump(move)
                    label = describe_move(raw)
                    assert label[0].isupper() and "_" not in label, (raw, label)
                    seen.add(raw["action"])
    assert {"PLAY_SET", "STOP", "LET_IT_STAND", "DRAW_CARD", "PLAY_REQUEST_A_CARD"} <= seen


def test_a_set_says_what_it_is_made_of():
    assert describe_move({"action": "PLAY_SET", "character": "SPIKE", "wilds": 1}) == (
        "Play a set: 2 Spikes and 1 Wild"
    )
    assert (
        describe_move({"action": "PLAY_SET", "character": "WILD", "wilds": 3}) == "Play a set of three Wilds"
    )
    assert describe_move({"action": "STOP", "answers": 1}) == "Play STOP on the last STOP"
