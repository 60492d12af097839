"""Labels (games.boulder_bluff.labels): a sentence for each move, from its JSON form."""

from __future__ import annotations

from games.boulder_bluff.labels import describe_move
from games.boulder_bluff.moves import (
    MOVES,
    CancelValue,
    ChalkUp,
    ClimbBoulder,
    Join,
    PlayCard,
    Prep,
    Stay,
    StayOff,
    Withdraw,
)


def label(move) -> str:
    return describe_move(MOVES.dump(move))


def test_each_move_reads_as_a_sentence():
    assert label(Prep()) == "Prep: draw a climb card and pass the chalk bag"
    assert label(ClimbBoulder(15)) == "Climb the 12-point purple boulder (purple or orange; boulder 15)"
    assert label(PlayCard(14, False)) == "Play 2 green/orange (orange title) (card 14) face up"
    assert label(PlayCard(34, True)) == "Play Angry Bear (card 34) face down"
    assert label(ChalkUp()) == "Chalk up: done playing cards, draw a chalk token"
    assert label(Join()) == "Join the climb"
    assert label(StayOff()) == "Stay off the climb"
    assert label(Stay()) == "Stay in the climb"
    assert label(Withdraw()) == "Withdraw: take your played cards back"
    assert (
        label(CancelValue(14)) == "Boar Assault: cancel the value of 2 green/orange (orange title) (card 14)"
    )


def test_an_unknown_card_or_action_still_reads():
    assert describe_move({"action": "PLAY_CARD", "card": 99, "faceDown": False}) == "Play card 99 face up"
    assert describe_move({"action": "SHRUG"}) == "Shrug"
