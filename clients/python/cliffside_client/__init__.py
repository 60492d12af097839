"""A Python client for the Cliffside game server: lobby, moves with idempotency keys, live updates
that resume by version after a dropped socket, and refusals as typed exceptions.

    async with Client("http://127.0.0.1:8000", token=token) as client:
        async for update in client.follow(match_id):
            ...
"""

from cliffside_client.client import Client, endpoints
from cliffside_client.connection import Connection, Message, Operation
from cliffside_client.documents import UPDATE as UPDATE_FIELDS
from cliffside_client.errors import (
    AuthError,
    CliffsideError,
    Completed,
    NetworkError,
    RateLimited,
    Refused,
    RequestError,
    Unavailable,
)
from cliffside_client.live import Follow, QuickMatchFollow
from cliffside_client.models import (
    ABORTED,
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    MATCHED,
    WAITING,
    Accepted,
    Event,
    GameInfo,
    LegalMove,
    LegalMoves,
    Match,
    Outcome,
    Player,
    QuickMatch,
    Rejected,
    Seat,
    SubmitResult,
    Update,
)
from cliffside_client.retry import RetryPolicy
from cliffside_client.sync import SyncClient

__version__ = "0.1.0"

__all__ = [
    "ABORTED",
    "ACTIVE",
    "CANCELLED",
    "FINISHED",
    "LOBBY",
    "MATCHED",
    "UPDATE_FIELDS",
    "WAITING",
    "Accepted",
    "AuthError",
    "Client",
    "CliffsideError",
    "Completed",
    "Connection",
    "Event",
    "Follow",
    "GameInfo",
    "LegalMove",
    "LegalMoves",
    "Match",
    "Message",
    "NetworkError",
    "Operation",
    "Outcome",
    "Player",
    "QuickMatch",
    "QuickMatchFollow",
    "RateLimited",
    "Refused",
    "Rejected",
    "RequestError",
    "RetryPolicy",
    "Seat",
    "SubmitResult",
    "SyncClient",
    "Unavailable",
    "Update",
    "endpoints",
]
