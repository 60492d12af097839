"""The same client, blocking: for scripts and notebooks without an event loop of their own.

Each call runs the async client's on an event loop this object owns (``asyncio.Runner``); do not use
it from inside a running event loop (use ``Client`` there).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping
from types import TracebackType
from typing import Any, TypeVar

from cliffside_client import documents
from cliffside_client.client import DEFAULT_MATCH_FIELDS, Client
from cliffside_client.live import Subscription
from cliffside_client.models import (
    GameInfo,
    LegalMove,
    LegalMoves,
    Match,
    Player,
    QuickMatch,
    SubmitResult,
    Update,
)

T = TypeVar("T")


class SyncClient:
    """``with SyncClient(base_url, token=...) as client: client.submit(...)``; options as ``Client``'s."""

    def __init__(self, base_url: str, token: str | None = None, **options: Any) -> None:
        self._runner = asyncio.Runner()
        self.client = Client(base_url, token, **options)  # the async client underneath

    @property
    def token(self) -> str | None:
        return self.client.token

    @token.setter
    def token(self, token: str | None) -> None:
        self.client.token = token

    def __enter__(self) -> SyncClient:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        self._runner.run(self.client.aclose())
        self._runner.close()

    def execute(
        self, document: str, variables: Mapping[str, Any] | None = None, *, idempotent: bool = False
    ) -> dict[str, Any]:
        return self._runner.run(self.client.execute(document, variables, idempotent=idempotent))

    def register(self, name: str) -> Player:
        return self._runner.run(self.client.register(name))

    def rotate_token(self) -> Player:
        return self._runner.run(self.client.rotate_token())

    def games(self) -> list[GameInfo]:
        return self._runner.run(self.client.games())

    def create_match(self, game: str, options: Mapping[str, Any] | None = None) -> Match:
        return self._runner.run(self.client.create_match(game, options))

    def join_match(self, match_id: str) -> Match:
        return self._runner.run(self.client.join_match(match_id))

    def add_bot(self, match_id: str, level: str | None = None) -> Match:
        return self._runner.run(self.client.add_bot(match_id, level))

    def remove_seat(self, match_id: str, seat: int) -> Match:
        return self._runner.run(self.client.remove_seat(match_id, seat))

    def start_match(self, match_id: str) -> Match:
        return self._runner.run(self.client.start_match(match_id))

    def leave_match(self, match_id: str) -> Match:
        return self._runner.run(self.client.leave_match(match_id))

    def resign(self, match_id: str) -> Match:
        return self._runner.run(self.client.resign(match_id))

    def reclaim_seat(self, match_id: str) -> Match:
        return self._runner.run(self.client.reclaim_seat(match_id))

    def quick_match(
        self, game: str, seats: int | None = None, options: Mapping[str, Any] | None = None
    ) -> QuickMatch:
        return self._runner.run(self.client.quick_match(game, seats, options))

    def leave_quick_match(self, match_id: str) -> QuickMatch:
        return self._runner.run(self.client.leave_quick_match(match_id))

    def legal_moves(self, match_id: str) -> LegalMoves:
        return self._runner.run(self.client.legal_moves(match_id))

    def match(self, match_id: str, fields: str = DEFAULT_MATCH_FIELDS) -> dict[str, Any] | None:
        return self._runner.run(self.client.match(match_id, fields))

    def submit(
        self,
        match_id: str,
        move: LegalMove | Mapping[str, Any],
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> SubmitResult:
        return self._runner.run(
            self.client.submit(
                match_id, move, expected_version=expected_version, idempotency_key=idempotency_key
            )
        )

    def follow(
        self, match_id: str, after_version: int | None = None, *, fields: str = documents.UPDATE
    ) -> Iterator[Update]:
        return self._iterate(self.client.follow(match_id, after_version, fields=fields))

    def quick_match_updates(self, match_id: str) -> Iterator[QuickMatch]:
        return self._iterate(self.client.quick_match_updates(match_id))

    def _iterate(self, live: Subscription[T]) -> Iterator[T]:
        try:
            while True:
                try:
                    yield self._runner.run(live.__anext__())
                except StopAsyncIteration:
                    return
        finally:
            self._runner.run(live.aclose())
