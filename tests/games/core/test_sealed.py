from games.core.decisions import Codes
from games.core.sealed import ChoiceSealed, SealedRound, SeatReady
from games.core.visibility import SPECTATOR, redact, seat_viewer


def test_a_sealed_round_waits_for_everyone_and_refuses_a_second_choice():
    round_ = SealedRound("rps-1", frozenset({0, 2}), deadline=5_000)
    assert round_.check(1).code == Codes.NOT_WAITING_FOR_YOU
    round_ = round_.with_choice(0, "rock")
    assert round_.check(0).code == Codes.ALREADY_CHOSEN
    assert not round_.complete
    assert round_.with_choice(2, "paper").complete
    assert [d.id for d in round_.deadlines()] == ["rps-1"]


def test_a_sealed_choice_is_seen_only_by_its_chooser():
    event = ChoiceSealed("rps-1", 2, "scissors")
    assert redact(event, seat_viewer(2)) == event
    assert redact(event, seat_viewer(0)) == SeatReady("rps-1", 2)
    assert redact(event, SPECTATOR) == SeatReady("rps-1", 2)
