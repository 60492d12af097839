"""Typed errors of the service layer: a bad request raises ``ServiceError`` and changes nothing."""


class Codes:
    MATCH_NOT_FOUND = "MATCH_NOT_FOUND"
    WRONG_GAME = "WRONG_GAME"  # a move written for another game than the match plays
    UNKNOWN_GAME = "UNKNOWN_GAME"
    UNKNOWN_SEASON = "UNKNOWN_SEASON"
    INVALID_OPTIONS = "INVALID_OPTIONS"
    MATCH_FULL = "MATCH_FULL"
    ALREADY_SEATED = "ALREADY_SEATED"
    NOT_HOST = "NOT_HOST"
    NOT_ENOUGH_PLAYERS = "NOT_ENOUGH_PLAYERS"
    NOT_IN_LOBBY = "NOT_IN_LOBBY"
    LOBBY_EXPIRED = "LOBBY_EXPIRED"
    TOO_MANY_LOBBIES = "TOO_MANY_LOBBIES"
    NO_SUCH_SEAT = "NO_SUCH_SEAT"
    NOT_ACTIVE = "NOT_ACTIVE"
    NOT_SEATED = "NOT_SEATED"
    UNKNOWN_BOT = "UNKNOWN_BOT"
    NOT_STOOD_IN = "NOT_STOOD_IN"  # reclaimSeat for a seat nobody stands in for
    AUTH_REQUIRED = "AUTH_REQUIRED"
    INVALID_NAME = "INVALID_NAME"
    INVALID_CURSOR = "INVALID_CURSOR"
    INVALID_IDEMPOTENCY_KEY = "INVALID_IDEMPOTENCY_KEY"
    IDEMPOTENCY_KEY_REUSED = "IDEMPOTENCY_KEY_REUSED"
    # Only as MoveRejected codes (submit_move returns them rather than raising):
    VERSION_MISMATCH = "VERSION_MISMATCH"
    CONFLICT = "CONFLICT"


class ServiceError(Exception):
    """A request the service refuses: ``code`` is stable and machine-readable, ``message`` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def invalid_cursor() -> ServiceError:
    return ServiceError(
        Codes.INVALID_CURSOR, "That cursor is not one this list gave out: start without `after`."
    )
