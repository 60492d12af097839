"""What ``decide`` returns: events to append, or a typed rejection that changes nothing."""

from __future__ import annotations

from dataclasses import dataclass

from games.core.visibility import Event


@dataclass(frozen=True, slots=True)
class Accepted:
    """The command is legal; these facts follow from it (possibly none, e.g. a stale timeout)."""

    events: tuple[Event, ...]


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
