"""Prompts (games.core.prompt): one seat picks one of the offered options, or silence picks the default."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core.decisions import Codes
from games.core.prompt import Prompt


def ask(deadline: int | None = 9_000) -> Prompt[int]:
    return Prompt(
        "see-and-steal-4", seat=1, kind="see-and-steal", options=(3, 5, 8), default=3, deadline=deadline
    )


def test_a_prompt_waits_for_its_seat_only():
    prompt = ask()
    assert prompt.waiting_on == frozenset({1})
    assert prompt.check(1, 5) is None
    assert prompt.check(0, 5).code == Codes.NOT_WAITING_FOR_YOU
    assert prompt.check(None, 5).code == Codes.NOT_WAITING_FOR_YOU


def test_an_answer_that_was_not_offered_is_refused():
    assert ask().check(1, 4).code == Codes.NOT_AN_OPTION


def test_the_deadline_answers_the_default_and_another_timeout_is_stale():
    prompt = ask()
    assert [(d.id, d.at, d.kind) for d in prompt.deadlines()] == [("see-and-steal-4", 9_000, "see-and-steal")]
    assert prompt.answer_on_timeout("see-and-steal-4") == 3
    assert prompt.answer_on_timeout("turn-4") is None


def test_a_prompt_without_a_deadline_never_times_out():
    prompt = ask(deadline=None)
    assert prompt.deadlines() == () and prompt.answer_on_timeout("see-and-steal-4") is None


def test_the_default_must_be_one_of_the_options():
    with pytest.raises(ValueError, match="not an option"):
        Prompt("p", seat=0, kind="pick", options=(1, 2), default=3)


@given(
    options=st.lists(st.integers(-5, 5), min_size=1, unique=True),
    answer=st.integers(-6, 6),
    seat=st.integers(0, 3),
)
def test_exactly_the_offered_options_are_accepted_from_the_asked_seat(options, answer, seat):
    prompt = Prompt("p", seat=2, kind="pick", options=tuple(options), default=options[0])
    problem = prompt.check(seat, answer)
    assert (problem is None) == (seat == 2 and answer in options)
