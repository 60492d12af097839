"""The rulebook's Example Round, played through ``decide`` with its cards and its numbers.

Kip (seat 0) and Raphael (seat 3) are tied at 500 m; Kip wins rock-paper-scissors and resolves first.
Sam (seat 2) is at 800 m, Granny (seat 1) at 900 m. Stage 3: everyone may play 4 cards, default
movement 200 m. Sam's Gift sends the first card of his queue to the racer on his left (Raphael); after
every queue is resolved Sam plays Last-Ditch Larry (Ruling 11), draws Steal (any racer's any card),
doubled by his multiplier (Ruling 5), and steals Kip's Nitroooooo! and then his multiplier pointing left.
"Kip now moves up 300m, Granny down 200m, Raphael down 250m, and Sam moves 4 x 200m = 800m down the Cliff
and wins the game!"
"""

from __future__ import annotations

from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.moves import ChooseTarget, Draw, PlayCard, PlayLarry, Throw
from games.cliffs_n_cactuses.state import Phase, Spot
from tests.games.cliffs_n_cactuses.table import card_id, play, queue_names, table, time_out
from tests.games.kit import T0

KIP, GRANNY, SAM, RAPHAEL = 0, 1, 2, 3

HANDS = {
    KIP: ("Nitroooooo!", "Multiplier <", "Multiplier «"),
    GRANNY: ("Cow Crossing", "Angry Beehive"),
    SAM: ("Gift: « to left racer", "Coffee", "Multiplier >", "Banana"),
    RAPHAEL: ("Giant Worm", "Unjustified Confidence"),
}
# Who plays what onto whose queue, in the order the cards land.
PLAYS = (
    (KIP, "Nitroooooo!", KIP),
    (KIP, "Multiplier <", KIP),
    (GRANNY, "Cow Crossing", KIP),
    (KIP, "Multiplier «", KIP),
    (SAM, "Gift: « to left racer", SAM),
    (SAM, "Coffee", SAM),
    (SAM, "Multiplier >", SAM),
    (RAPHAEL, "Giant Worm", RAPHAEL),
    (GRANNY, "Angry Beehive", RAPHAEL),
    (RAPHAEL, "Unjustified Confidence", RAPHAEL),
    (SAM, "Banana", RAPHAEL),
)

# What Kip, Sam and Raphael draw back up to five (5 + 5 + 5): then the top card is Larry's.
DRAWN = ("Drone Swarm",) * 6 + ("Surprise Cactus",) * 6 + ("Death Rays",) * 3


def test_the_example_round():
    state = table(
        HANDS,
        positions=(500, 900, 800, 500),
        deck=(*DRAWN, "Steal: any racer's *"),
        larry=(False, False, True, False),  # "Everyone else has already used their Last-Ditch Larry's"
    )
    # Kip and Raphael are tied for 1st place: rock-paper-scissors, and Kip wins.
    assert state.phase is Phase.TIEBREAK and state.tiebreak is not None
    assert state.tiebreak.contenders == (KIP, RAPHAEL)
    state, _ = play(state, KIP, Throw("ROCK"))
    state, _ = play(state, RAPHAEL, Throw("SCISSORS"))
    assert state.phase is Phase.RACE and state.leader == KIP and state.order == (KIP, GRANNY, SAM, RAPHAEL)
    assert state.race is not None and state.race.quotas[SAM] == 4  # stage 3: 4 cards

    for seat, name, onto in PLAYS:
        state, _ = play(state, seat, PlayCard(card_id(state, seat, name), onto))
    for seat in (KIP, SAM, RAPHAEL):  # everyone draws, except Granny who forgot
        state, _ = play(state, seat, Draw())
    assert state.phase is Phase.RACE
    assert len(state.racers[GRANNY].hand) == 0

    race_deadline = state.race.deadline
    assert race_deadline is not None
    state, events = time_out(state, state.race.key, race_deadline)
    # Resolution ran: Kip's queue, Granny's (empty), Sam's Gift sent Coffee to Raphael, Raphael's queue.
    assert ev.CardMoved(Spot(SAM, 0), RAPHAEL) in events
    assert queue_names(state, KIP) == ["Nitroooooo!", "Multiplier <", "Cow Crossing", "Multiplier «"]
    assert queue_names(state, GRANNY) == []
    assert queue_names(state, SAM) == ["Multiplier >"]
    assert queue_names(state, RAPHAEL) == [
        "Giant Worm",
        "Angry Beehive",
        "Unjustified Confidence",
        "Banana",
        "Coffee",
    ]
    assert all(placed.revealed for racer in state.racers for placed in racer.queue)
    # The last call: Sam still holds Larry.
    assert state.phase is Phase.LAST_CALL and state.last_call is not None
    assert state.last_call.waiting == {SAM}

    state, _ = play(state, SAM, PlayLarry(SAM), at=race_deadline + 1000)
    # Larry drew the Steal; doubled by Sam's multiplier it acts twice, each time with a fresh choice.
    assert state.lifted is not None and state.lifted.triggers == 2
    question = state.question
    assert question is not None and question.prompt.seat == SAM
    nitro = question.aims.index(next(aim for aim in question.aims if aim.their == Spot(KIP, 0)))
    state, _ = play(state, SAM, ChooseTarget(nitro), at=race_deadline + 2000)
    assert queue_names(state, SAM) == ["Multiplier >", "Nitroooooo!"]
    question = state.question
    assert question is not None
    left = question.aims.index(next(aim for aim in question.aims if aim.their == Spot(KIP, 0)))
    assert queue_names(state, KIP)[0] == "Multiplier <"
    state, events = play(state, SAM, ChooseTarget(left), at=race_deadline + 3000)

    tally = next(event for event in events if isinstance(event, ev.Tallied))
    assert tally.movements == (-300, 200, 800, 250)
    assert tally.positions == (800, 700, 0, 250)
    assert state.phase is Phase.OVER and state.winners == (SAM,)
    assert race_deadline > T0
