"""Count to N: a tiny game for the service tests, with a turn deadline, a hidden deck and bots.

Seats take turns adding 1 to 3 to a shared total; whoever brings it to the target wins. A seat may
instead draw the top card of a shuffled deck into its hand (only that seat sees the card; everyone
else learns that a card was taken). With ``freeForAll`` every seat may count at any time, which the
concurrency tests use to make every seat's move legal at once.

Used by the service's suites (tests/api and its timers), registered under ``KEY`` for each test by
the ``toy`` fixture (tests/api/conftest.py): a match there needs turns, deadlines, a card only one
seat sees and bots, and a real game's rules would make every service test a rules test too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.core.chance import Chance
from games.core.codec import EventCodec, MoveCodec
from games.core.commands import Begin, Command, Resign, Timeout
from games.core.deadlines import Deadline, seconds_after
from games.core.decisions import Codes, Decision, Rejected, accept
from games.core.options import BoolOption, IntOption, OptionsSchema
from games.core.outcome import Outcome
from games.core.seats import next_clockwise
from games.core.spec import GameSpec
from games.core.visibility import NOBODY, Audience, Event, Viewer, only
from tests.toys import toy_spec

KEY = "toy-count"
DECK = tuple(range(1, 21))

OPTIONS = OptionsSchema(
    (
        IntOption("target", 10, "The total that wins.", minimum=1, maximum=100_000),
        IntOption("turnSeconds", 30, "Seconds per turn; empty: no timer.", minimum=1, nullable=True),
        BoolOption("freeForAll", False, "Every seat may count at any time."),
    )
)


@dataclass(frozen=True, slots=True)
class Count:
    amount: int


@dataclass(frozen=True, slots=True)
class Draw:
    pass


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    deck: tuple[int, ...]

    def audience(self) -> Audience:
        return NOBODY

    def public_form(self) -> Event:
        return DeckReady(len(self.deck))


@dataclass(frozen=True, slots=True)
class DeckReady(Event):
    size: int


@dataclass(frozen=True, slots=True)
class Started(Event):
    first: int
    deadline: int | None


@dataclass(frozen=True, slots=True)
class Counted(Event):
    seat: int
    amount: int
    total: int
    next: int
    deadline: int | None


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    seat: int
    card: int

    def audience(self) -> Audience:
        return only(self.seat)

    def public_form(self) -> Event:
        return CardTaken(self.seat)


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class TurnTimedOut(Event):
    seat: int
    next: int
    deadline: int | None


@dataclass(frozen=True, slots=True)
class Resigned(Event):
    seat: int


EVENTS = EventCodec((DeckShuffled, DeckReady, Started, Counted, CardDrawn, CardTaken, TurnTimedOut, Resigned))
MOVES = MoveCodec((Count, Draw))


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    target: int
    turn_seconds: int | None
    free: bool
    started: bool = False
    total: int = 0
    turn: int = 0
    turns: int = 0
    deadline: int | None = None
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    out: frozenset[int] = frozenset()
    last: int | None = None

    @property
    def over(self) -> bool:
        return self.started and (self.total >= self.target or len(self.out) >= self.seats - 1)

    @property
    def deadline_id(self) -> str:
        return f"turn-{self.turns}"

    def playing(self) -> frozenset[int]:
        return frozenset(range(self.seats)) - self.out


def initial_state(options: Mapping[str, Any], seats: int) -> State:
    return State(seats, options["target"], options["turnSeconds"], options["freeForAll"], hands=((),) * seats)


def _next(state: State, seat: int) -> int:
    return next_clockwise(seat, state.seats, state.playing()) or 0


def _deadline(state: State, now: int) -> int | None:
    return None if state.free else seconds_after(now, state.turn_seconds)


def _check(state: State, seat: int | None) -> Rejected | None:
    if not state.started:
        return Rejected(Codes.NOT_STARTED, "The count has not started.")
    if state.over:
        return Rejected(Codes.MATCH_OVER, "The count is over.")
    if seat is None or not 0 <= seat < state.seats:
        return Rejected(Codes.NOT_A_PLAYER, "Only seated players count.")
    if seat in state.out:
        return Rejected(Codes.OUT_OF_THE_GAME, "You resigned.")
    if not state.free and seat != state.turn:
        return Rejected(Codes.NOT_YOUR_TURN, "It is another seat's turn.")
    return None


def decide(state: State, command: Command[Any], chance: Chance) -> Decision:
    move, seat, now = command.move, command.seat, command.at
    match move:
        case Begin():
            if state.started:
                return Rejected(Codes.ALREADY_STARTED, "Already counting.")
            return accept(DeckShuffled(chance.shuffle(DECK)), Started(0, _deadline(state, now)))
        case Timeout(deadline_id):
            if not state.started or state.over or state.deadline is None or deadline_id != state.deadline_id:
                return accept()
            nxt = _next(state, state.turn)
            return accept(TurnTimedOut(state.turn, nxt, seconds_after(state.deadline, state.turn_seconds)))
        case Resign():
            problem = _check(replace(state, free=True), seat)
            return problem or accept(Resigned(seat))  # type: ignore[arg-type]
        case Count(amount):
            problem = _check(state, seat)
            if problem:
                return problem
            if not 1 <= amount <= 3:
                return Rejected(Codes.INVALID_MOVE, "Count 1, 2 or 3.")
            total = state.total + amount
            return accept(Counted(seat, amount, total, _next(state, seat), _deadline(state, now)))  # type: ignore[arg-type]
        case Draw():
            problem = _check(state, seat)
            if problem:
                return problem
            if not state.deck:
                return Rejected(Codes.INVALID_MOVE, "The deck is empty.")
            return accept(CardDrawn(seat, state.deck[0]))  # type: ignore[arg-type]
    return Rejected(Codes.UNKNOWN_MOVE, f"Unknown move {move!r}.")


def evolve(state: State, event: Event) -> State:
    match event:
        case DeckShuffled(deck):
            return replace(state, deck=deck)
        case Started(first, deadline):
            return replace(state, started=True, turn=first, deadline=deadline)
        case Counted(seat, _, total, nxt, deadline):
            return replace(state, total=total, last=seat, turn=nxt, turns=state.turns + 1, deadline=deadline)
        case CardDrawn(seat, card):
            hands = tuple((*hand, card) if i == seat else hand for i, hand in enumerate(state.hands))
            return replace(state, deck=state.deck[1:], hands=hands)
        case TurnTimedOut(_, nxt, deadline):
            return replace(state, turn=nxt, turns=state.turns + 1, deadline=deadline)
        case Resigned(seat):
            out = state.out | {seat}
            turn = _next(replace(state, out=out), seat) if state.turn == seat else state.turn
            return replace(state, out=out, turn=turn)
    return state


def waiting_on(state: State) -> frozenset[int]:
    if not state.started or state.over:
        return frozenset()
    return state.playing() if state.free else frozenset({state.turn})


def legal_moves(state: State, seat: int) -> tuple[Any, ...]:
    if _check(state, seat) is not None:
        return ()
    return (Count(1), Count(2), Count(3), *((Draw(),) if state.deck else ()))


def player_view(state: State, viewer: Viewer) -> dict[str, Any]:
    return {
        "total": state.total,
        "target": state.target,
        "turn": state.turn,
        "deckSize": len(state.deck),
        "handSizes": [len(hand) for hand in state.hands],
        "hand": list(state.hands[viewer.seat]) if viewer.seat is not None and state.hands else None,
    }


def deadlines(state: State) -> tuple[Deadline, ...]:
    if not state.started or state.over or state.deadline is None:
        return ()
    return (Deadline(state.deadline_id, state.deadline, "turn"),)


def outcome(state: State) -> Outcome | None:
    if not state.over:
        return None
    if state.total >= state.target:
        winner, reason = state.last, "target reached"
    else:
        winner, reason = min(state.playing()), "last seat standing"
    ranks = tuple(1 if seat == winner else 2 for seat in range(state.seats))
    return Outcome(ranks, tuple(float(len(hand)) for hand in state.hands), reason)


@dataclass
class GreedyBot:
    """Counts as much as it may: 3, or exactly what reaches the target."""

    name: str = "heuristic"
    seen: list[Any] = field(default_factory=list)  # the views it was shown, for the tests

    def choose(self, view: Any, legal: Sequence[Any], chance: Chance) -> Any:
        self.seen.append(view)
        counts = [move for move in legal if isinstance(move, Count)]
        remaining = view["target"] - view["total"]
        exact = [move for move in counts if move.amount == remaining]
        return (exact or sorted(counts, key=lambda move: -move.amount) or list(legal))[0]


@dataclass
class RandomBot:
    name: str = "random"

    def choose(self, view: Any, legal: Sequence[Any], chance: Chance) -> Any:
        return chance.pick(legal)


def make_spec(**changes: Any) -> GameSpec[State]:
    """A fresh spec (fresh bots); ``changes`` override fields, e.g. a counting ``evolve``."""
    spec = toy_spec(
        globals(),
        key=KEY,
        name="Count to N",
        designer="the test suite",
        min_players=2,
        max_players=8,
        options=OPTIONS,
        events=EVENTS,
        moves=MOVES,
        bots={"heuristic": GreedyBot(), "random": RandomBot()},
    )
    return replace(spec, **changes)
