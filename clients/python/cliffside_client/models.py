"""What the client returns: small frozen dataclasses over the server's JSON (``data`` keeps it whole)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

# Match statuses (MatchStatus): a match is live while LOBBY or ACTIVE, over once FINISHED or ABORTED.
LOBBY = "LOBBY"
ACTIVE = "ACTIVE"
FINISHED = "FINISHED"
ABORTED = "ABORTED"
LIVE_STATUSES = frozenset({LOBBY, ACTIVE})

# Quick-match states (QuickMatchState): WAITING until MATCHED (the match started) or CANCELLED.
WAITING = "WAITING"
MATCHED = "MATCHED"
CANCELLED = "CANCELLED"


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player; ``token`` is shown once, at registration (or rotation): keep it."""

    id: str
    name: str
    token: str


@dataclass(frozen=True, slots=True)
class Seat:
    index: int
    player_id: str | None
    player_name: str | None
    is_bot: bool
    bot_level: str | None
    connected: bool
    stand_in: bool

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        player = data.get("player") or {}
        return cls(
            index=int(data["index"]),
            player_id=player.get("id"),
            player_name=player.get("name"),
            is_bot=bool(data.get("isBot")),
            bot_level=data.get("botLevel"),
            connected=bool(data.get("connected")),
            stand_in=bool(data.get("standIn")),
        )


@dataclass(frozen=True, slots=True)
class Match:
    """A match as a lobby mutation leaves it."""

    id: str
    game: str
    status: str
    version: int
    seats: list[Seat]
    my_seat: int | None
    data: dict[str, Any] = field(repr=False)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        return cls(
            id=str(data["id"]),
            game=data["game"],
            status=data["status"],
            version=int(data["version"]),
            seats=[Seat.from_json(seat) for seat in data.get("seats") or ()],
            my_seat=data.get("mySeat"),
            data=data,
        )


@dataclass(frozen=True, slots=True)
class LegalMove:
    """A move the caller may make: ``input`` is a ready-made MoveInput, to be sent back unchanged."""

    label: str
    input: dict[str, Any]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LegalMove:
        return cls(label=data["label"], input=data["input"])


@dataclass(frozen=True, slots=True)
class LegalMoves:
    """What the caller may do in a match now, at ``version``. Iterable; empty (falsy) when it may do
    nothing (not its turn, a spectator, or the match is not ACTIVE)."""

    match_id: str
    version: int
    status: str
    moves: list[LegalMove]
    waiting_on: list[int]

    def __iter__(self) -> Iterator[LegalMove]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    type: str
    seat: int | None
    data: Any
    at: str | None
    by_stand_in: bool

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(
            seq=int(data["seq"]),
            type=data.get("type", ""),
            seat=data.get("seat"),
            data=data.get("data"),
            at=data.get("at"),
            by_stand_in=bool(data.get("byStandIn")),
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    ranks: list[int]
    scores: list[float | None] | None
    reason: str
    winners: list[int]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(
            ranks=list(data.get("ranks") or ()),
            scores=data.get("scores"),
            reason=data.get("reason", ""),
            winners=list(data.get("winners") or ()),
        )


@dataclass(frozen=True, slots=True)
class Accepted:
    """The move was played: the match is now at ``version``, after ``events``."""

    version: int
    events: list[Event]
    idempotency_key: str
    accepted: Literal[True] = field(default=True, init=False)


@dataclass(frozen=True, slots=True)
class Rejected:
    """The move was not played, and nothing changed: ``code`` says why (NOT_YOUR_TURN,
    VERSION_MISMATCH, TARGET_TAKEN, ...)."""

    code: str
    message: str
    retry_after: float | None
    idempotency_key: str
    accepted: Literal[False] = field(default=False, init=False)


SubmitResult = Accepted | Rejected


@dataclass(frozen=True, slots=True)
class Update:
    """One ``matchUpdates`` message: the match at ``version`` and the events since the previous one."""

    match_id: str
    version: int
    status: str
    events: list[Event]
    legal_moves: list[LegalMove]
    view: dict[str, Any] | None
    seats: list[Seat]
    outcome: Outcome | None
    data: dict[str, Any] = field(repr=False)  # the update as sent, with any extra fields asked for

    @property
    def over(self) -> bool:
        """The match has ended (FINISHED or ABORTED): no update follows."""
        return self.status not in LIVE_STATUSES

    @classmethod
    def from_json(cls, match_id: str, data: dict[str, Any]) -> Update:
        outcome = data.get("outcome")
        return cls(
            match_id=match_id,
            version=int(data["version"]),
            status=data["status"],
            events=[Event.from_json(event) for event in data.get("events") or ()],
            legal_moves=[LegalMove.from_json(move) for move in data.get("legalMoves") or ()],
            view=data.get("view"),
            seats=[Seat.from_json(seat) for seat in data.get("seats") or ()],
            outcome=Outcome.from_json(outcome) if outcome else None,
            data=data,
        )


@dataclass(frozen=True, slots=True)
class QuickMatch:
    """Where the caller stands at a quick-match table. ``match`` comes with ``quick_match`` only."""

    state: str
    match_id: str
    seated: int
    seats: int
    opened_at: str
    fill_at: str
    waited_seconds: float
    match: Match | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any], match: Match | None = None) -> QuickMatch:
        return cls(
            state=data["state"],
            match_id=str(data["matchId"]),
            seated=int(data["seated"]),
            seats=int(data["seats"]),
            opened_at=data["openedAt"],
            fill_at=data["fillAt"],
            waited_seconds=float(data["waitedSeconds"]),
            match=match,
        )


@dataclass(frozen=True, slots=True)
class GameInfo:
    key: str
    name: str
    min_players: int
    max_players: int
    bots: list[str]
    rules_version: int
    options_schema: dict[str, Any] = field(repr=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameInfo:
        return cls(
            key=data["key"],
            name=data["name"],
            min_players=int(data["minPlayers"]),
            max_players=int(data["maxPlayers"]),
            bots=list(data["bots"]),
            rules_version=int(data["rulesVersion"]),
            options_schema=data["optionsSchema"],
        )
