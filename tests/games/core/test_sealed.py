from games.core.decisions import Codes
from games.core.prompt import Prompt
from games.core.reaction import ReactionWindow
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


def test_a_reaction_window_opens_to_everyone_but_the_actor():
    window = ReactionWindow.open("stop-7", frozenset({0, 1, 2}), actor=0, deadline=1_000)
    assert window.check(0).code == Codes.NOT_WAITING_FOR_YOU
    assert window.check(1) is None and window.check(2) is None


def test_a_reaction_reopens_the_window_for_everyone_else_including_the_actor():
    window = ReactionWindow.open("stop-7", frozenset({0, 1, 2}), actor=0, deadline=1_000)
    window = window.pass_(2).react(1, deadline=2_000)
    assert window.eligible == frozenset({0, 2})
    assert window.passed == frozenset()
    assert window.cancels
    window = window.react(0, deadline=3_000)
    assert not window.cancels  # a STOP on a STOP lets the action through


def test_a_window_closes_when_everyone_eligible_has_passed():
    window = ReactionWindow.open("stop-7", frozenset({0, 1, 2}), actor=0, deadline=1_000)
    window = window.pass_(1)
    assert not window.closed
    window = window.pass_(2)
    assert window.closed
    assert window.check(1).code == Codes.WINDOW_CLOSED
    assert window.deadlines() == ()


def test_each_reaction_gives_the_window_a_new_deadline_id():
    window = ReactionWindow.open("stop-7", frozenset({0, 1}), actor=0, deadline=1_000)
    reopened = window.react(1, deadline=2_000)
    assert window.deadlines()[0].id != reopened.deadlines()[0].id


def test_a_prompt_waits_for_its_seat_only():
    prompt = Prompt("target-3", seat=1, kind="choose-target", deadline=9_000)
    assert prompt.check(1) is None
    assert prompt.check(0).code == Codes.NOT_WAITING_FOR_YOU
    assert prompt.deadlines()[0].kind == "choose-target"
