import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from games.core.frozen import replacer


@dataclass(frozen=True, slots=True)
class Rope:
    length: int
    colour: str = "red"
    knots: tuple[int, ...] = ()
    marks: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True, slots=True)
class Checked:
    grade: int

    def __post_init__(self) -> None:
        if self.grade < 0:
            raise ValueError("no negative grade")


@dataclass(frozen=True, slots=True)
class Knotted(Rope):
    knot: str = "bowline"


@dataclass(frozen=True, slots=True)
class Hidden:
    shown: int
    kept: int = field(init=False, default=0)


def test_a_replacer_changes_the_named_fields_as_dataclasses_replace_does():
    rope = Rope(30, knots=(1, 2))
    replaced = replacer(Rope)(rope, colour="blue", marks=frozenset({4}))
    assert replaced == dataclasses.replace(rope, colour="blue", marks=frozenset({4}))
    assert type(replaced) is Rope
    assert replaced.knots is rope.knots


def test_a_replacer_with_nothing_to_change_copies():
    rope = Rope(30)
    copied = replacer(Rope)(rope)
    assert copied == rope
    assert copied is not rope
    assert hash(copied) == hash(rope)


def test_a_replaced_instance_is_still_frozen():
    replaced = replacer(Rope)(Rope(30), length=40)
    with pytest.raises(dataclasses.FrozenInstanceError):
        replaced.length = 50  # type: ignore[misc]


def test_a_replacer_refuses_a_field_the_class_has_not():
    with pytest.raises(TypeError):
        replacer(Rope)(Rope(30), weight=3)


def test_a_class_that_checks_itself_is_still_checked():
    replace = replacer(Checked)
    assert replace(Checked(3), grade=5) == Checked(5)
    with pytest.raises(ValueError):
        replace(Checked(3), grade=-1)


def test_a_class_with_a_field_not_in_init_has_no_replacer():
    with pytest.raises(TypeError):
        replacer(Hidden)


def test_a_replaced_instance_is_an_ordinary_instance_of_its_class():
    replaced = replacer(Rope)(Rope(30), length=40)
    assert type(replaced) is Rope
    assert dataclasses.replace(replaced, colour="blue") == Rope(40, "blue")
    assert pickle.loads(pickle.dumps(replaced)) == replaced
    assert repr(replaced) == repr(Rope(40))


def test_a_class_under_a_frozen_base_is_replaced_too():
    knotted = Knotted(30, knot="figure eight")
    replaced = replacer(Knotted)(knotted, length=40)
    assert replaced == Knotted(40, knot="figure eight")
    assert type(replaced) is Knotted
