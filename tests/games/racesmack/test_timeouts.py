"""A timeout whose deadline is no longer current changes nothing: one test per kind of deadline.

Given a table past a step, when that step's deadline id times out, then no event is told.
"""

from games.core.chance import Chance
from games.core.commands import Command, Timeout
from games.core.decisions import Accepted
from games.racesmack.moves import ChoosePenalty, PlaceCards, PlayCard, RevealCard
from games.racesmack.rules import deadlines, decide
from games.racesmack.state import State
from tests.games.kit import T0
from tests.games.racesmack.table import after_you, lose, moves, rules_card, table, tap

HANDS = [[1, 3], [2, 4], [5, 7]]  # R01 and R02 (circles) are correct, R05 is not


def changes_nothing(before: State, state: State, deadline_id: str) -> None:
    """``deadline_id`` was current ``before``; ``state`` is past it."""
    assert deadline_id in {deadline.id for deadline in deadlines(before)}
    assert deadline_id not in {deadline.id for deadline in deadlines(state)}
    decision = decide(state, Command(Timeout(deadline_id), None, T0 + 3_600_000), Chance("stale", 0))
    assert decision == Accepted(())


def test_a_stale_play_round_timeout():
    before = table(HANDS)
    state, _ = moves(before, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    changes_nothing(before, state, "round-1")


def test_a_stale_tap_round_timeout():
    before, _ = moves(table(HANDS), (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    state, _ = moves(before, (0, tap(1)), (1, tap(2)), (2, tap(5)))
    changes_nothing(before, state, "taps-1")


def test_a_stale_placement_timeout():
    state, _ = moves(table(HANDS, races={2: [9]}), (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    before, _ = moves(state, (0, tap(1)), (1, tap(2)), (2, tap(5)))
    state, _ = moves(before, (0, PlaceCards("LEFT")))
    changes_nothing(before, state, "place-1-0-0")


def test_a_stale_loss_timeout():
    state, _ = moves(table(HANDS, races={2: [9, 10]}), (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    before, _ = moves(state, (0, tap(1)), (1, tap(2)), (2, tap(5)))
    state, _ = moves(before, (2, lose(9)))
    changes_nothing(before, state, "lose-1-2-1")


def test_a_stale_penalty_timeout():
    state = table(HANDS, races={2: [9, 10, 11]}, options={"timePenalty": True})
    state, _ = moves(state, (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    before, _ = moves(state, (0, tap(1)), (1, tap(2)), (2, tap(5)))
    state, _ = moves(before, (2, ChoosePenalty("RACE_CARDS")))
    changes_nothing(before, state, "penalty-1-2-0")


def test_a_stale_after_you_turn_timeout():
    before = after_you([[1, 3], [2, 4]])
    state, _ = moves(before, (0, RevealCard()))
    changes_nothing(before, state, "turn-1")


def test_a_stale_after_you_smash_timeout():
    before, _ = moves(after_you([[rules_card(16), 3], [2, 4]]), (0, RevealCard()))
    state, _ = moves(before, (0, tap(rules_card(16))))
    changes_nothing(before, state, "smash-1")
