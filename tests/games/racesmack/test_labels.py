"""Every move a player may be offered reads as a sentence naming what it does."""

from games.core import engine
from games.racesmack import SPEC
from games.racesmack.labels import describe_move
from tests.conformance.playouts import steps

VARIANTS = ({}, {"timePenalty": True}, {"afterYou": True, "timePenalty": True})


def test_every_offered_move_has_its_own_sentence():
    seen = set()
    for seed in range(9):
        seats = 2 + seed % 5
        options = {**SPEC.options.defaults(), **VARIANTS[seed % len(VARIANTS)]}
        for _, after, _ in steps(SPEC, seats, str(seed), options):
            for seat in engine.may_act(after):
                for move in engine.legal_moves(after, seat):
                    raw = SPEC.moves.dump(move)
                    label = describe_move(raw)
                    assert label[0].isupper() and "_" not in label, (raw, label)
                    seen.add(raw["action"])
    assert seen == {
        "PLAY_CARD",
        "REVEAL_CARD",
        "TAP",
        "PLACE_CARD",
        "PLACE_CARDS",
        "LOSE_CARD",
        "LOSE_RACE_CARD",
        "CHOOSE_PENALTY",
    }


def test_a_penalty_says_what_it_costs():
    assert (
        describe_move({"action": "CHOOSE_PENALTY", "penalty": "HAND_CARDS"}) == "Penalty: lose 2 hand cards"
    )
    assert describe_move({"action": "PLACE_CARDS", "end": "LEFT"}) == (
        "Lay the rest of the cards you won at the left end of your Race"
    )
    assert describe_move({"action": "PLACE_CARD", "position": 1, "end": "RIGHT"}) == (
        "Lay the 2nd card you won at the right end of your Race"
    )


def test_a_card_on_the_table_is_named_by_where_it_lies_a_hand_card_by_its_id():
    """Copies are interchangeable: a tap names the seat that played the card, a Race card its place."""
    assert describe_move({"action": "TAP", "seat": 2}) == "Tap the card seat 2 played"
    assert describe_move({"action": "LOSE_RACE_CARD", "position": 0}) == (
        "Lose the 1st card of your Race from the left"
    )
    assert describe_move({"action": "LOSE_CARD", "card": 9}) == "Lose card 9 from your hand"
