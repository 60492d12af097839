"""What ``decide`` returns: events to append, or a typed rejection that changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.visibility import Event


@dataclass(frozen=True, slots=True)
class Accepted:
    """The command is legal; these facts follow from it (possibly none, e.g. a stale timeout).

    ``after``: the state once ``events`` are applied, when ``decide`` folded them already to read the
    table as it goes (a game's story of one decision); the engine then uses it instead of applying
    every event a second time. It must equal folding ``evolve`` over the events, and the conformance
    suite's replay check holds games to that. Not part of equality: the events are the decision.
    """

    events: tuple[Event, ...]
    after: Any = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Rejected:
    """The command is not legal now. ``code`` is stable and machine-readable; ``message`` is for people."""

    code: str
    message: str


Decision = Accepted | Rejected


def accept(*events: Event) -> Accepted:
    return Accepted(tuple(events))


class Codes:
    """Rejection codes shared by every game. Games add their own in the same SCREAMING_SNAKE style."""

    NOT_STARTED = "NOT_STARTED"
    ALREADY_STARTED = "ALREADY_STARTED"
    MATCH_OVER = "MATCH_OVER"
    NOT_A_PLAYER = "NOT_A_PLAYER"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    OUT_OF_THE_GAME = "OUT_OF_THE_GAME"
    INVALID_MOVE = "INVALID_MOVE"
    UNKNOWN_MOVE = "UNKNOWN_MOVE"
    NO_ACTIONS_LEFT = "NO_ACTIONS_LEFT"
    ALREADY_CHOSEN = "ALREADY_CHOSEN"
    NOT_WAITING_FOR_YOU = "NOT_WAITING_FOR_YOU"
    WINDOW_CLOSED = "WINDOW_CLOSED"
    STALE_REACTION = "STALE_REACTION"
    NOT_AN_OPTION = "NOT_AN_OPTION"
    ROUND_CLOSED = "ROUND_CLOSED"
    ALREADY_TAPPED = "ALREADY_TAPPED"
    NO_SUCH_TARGET = "NO_SUCH_TARGET"
    TARGET_TAKEN = "TARGET_TAKEN"
    TIME_UP = "TIME_UP"
    ALREADY_DONE = "ALREADY_DONE"
    QUOTA_SPENT = "QUOTA_SPENT"
