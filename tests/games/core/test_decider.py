"""The kernel's ``Decider``: system moves go to their handlers (resigning: through its own gate, to what
leaving does); a player's move passes the gate, then the check, and only then is played; the legal moves
are the candidates the same gate and check allow.

The table is a toy counter: players take turns adding 1 or 2 to a shared count.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.core.chance import Chance
from games.core.commands import Begin, Command, Resign, Timeout
from games.core.decider import Decider
from games.core.decisions import Accepted, Codes, Decision, Rejected, accept
from games.core.seats import may_move
from games.core.turns import Story, storyteller
from games.core.visibility import Event

CHANCE = Chance("decider", 1)


@dataclass(frozen=True, slots=True)
class Counter:
    started: bool = True
    active: int = 0
    count: int = 0


@dataclass(frozen=True, slots=True)
class Add:
    amount: int


@dataclass(frozen=True, slots=True)
class Added(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Handled(Event):
    """Which system handler a command reached, and with what."""

    handler: str
    detail: Any


def evolve(state: Counter, event: Event) -> Counter:
    match event:
        case Added(seat=seat, amount=amount):
            return replace(state, count=state.count + amount, active=1 - seat)
    return state


def in_match(state: Counter, seat: int | None) -> int | Rejected:
    return may_move(started=state.started, over=False, seats=2, seat=seat, playing=lambda index: True)


def gate(state: Counter, seat: int | None) -> int | Rejected:
    moving = in_match(state, seat)
    if isinstance(moving, Rejected) or moving == state.active:
        return moving
    return Rejected(Codes.NOT_YOUR_TURN, "It is not your turn.")


def check(state: Counter, seat: int, move: Any) -> Rejected | None:
    if not isinstance(move, Add):
        return Rejected(Codes.UNKNOWN_MOVE, "That is not a counter move.")
    return None if move.amount in (1, 2) else Rejected(Codes.INVALID_MOVE, "Add 1 or 2.")


def play(story: Story[Counter], seat: int, move: Add, chance: Chance) -> None:
    story.tell(Added(seat, move.amount))


def leave(story: Story[Counter], seat: int, chance: Chance) -> None:
    story.tell(Handled("resign", seat))


def handler(name: str) -> Any:
    def handle(state: Counter, detail: Any, *rest: Any) -> Decision:
        return accept(Handled(name, detail))

    return handle


COUNTER = Decider(
    begin=handler("begin"),
    timeout=handler("timeout"),
    may_resign=in_match,
    leave=leave,
    gate=gate,
    check=check,
    candidates=lambda state, seat: (Add(0), Add(1), Add(2), Add(3)),
    new_story=storyteller(evolve),
    play=play,
)


def test_system_moves_reach_their_own_handlers():
    assert COUNTER.decide(Counter(), Command(Begin(), None, 5), CHANCE) == accept(Handled("begin", 5))
    assert COUNTER.decide(Counter(), Command(Timeout("turn"), None, 5), CHANCE) == accept(
        Handled("timeout", "turn")
    )
    assert COUNTER.decide(Counter(), Command(Resign(), 1, 5), CHANCE) == accept(Handled("resign", 1))


def test_a_seat_may_resign_out_of_turn_but_not_before_the_deal():
    assert COUNTER.decide(Counter(active=0), Command(Resign(), 1, 5), CHANCE) == accept(Handled("resign", 1))
    refused = COUNTER.decide(Counter(started=False), Command(Resign(), 0, 5), CHANCE)
    assert isinstance(refused, Rejected) and refused.code == Codes.NOT_STARTED
    stranger = COUNTER.decide(Counter(), Command(Resign(), None, 5), CHANCE)
    assert isinstance(stranger, Rejected) and stranger.code == Codes.NOT_A_PLAYER


def test_a_move_the_gate_refuses_is_never_checked():
    refused = COUNTER.decide(Counter(), Command("not a move", 1, 5), CHANCE)
    assert isinstance(refused, Rejected) and refused.code == Codes.NOT_YOUR_TURN
    before_the_deal = COUNTER.decide(Counter(started=False), Command(Add(1), 0, 5), CHANCE)
    assert isinstance(before_the_deal, Rejected) and before_the_deal.code == Codes.NOT_STARTED


def test_a_move_the_check_refuses_changes_nothing():
    for move, code in (("not a move", Codes.UNKNOWN_MOVE), (Add(3), Codes.INVALID_MOVE)):
        refused = COUNTER.decide(Counter(), Command(move, 0, 5), CHANCE)
        assert isinstance(refused, Rejected) and refused.code == code


def test_an_allowed_move_is_played_through_a_story_that_folds_its_events():
    decision = COUNTER.decide(Counter(), Command(Add(2), 0, 5), CHANCE)
    assert isinstance(decision, Accepted)
    assert decision.events == (Added(0, 2),)
    assert decision.after == Counter(active=1, count=2)


def test_the_legal_moves_are_the_candidates_the_gate_and_the_check_allow():
    assert COUNTER.legal_moves(Counter(), 0) == (Add(1), Add(2))
    assert COUNTER.legal_moves(Counter(), 1) == ()
