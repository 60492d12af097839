"""Mutation: register (and rotate a token), lobby (create, join, add a bot, remove a seat, leave, start),
play (move, resign).

Every action of a player counts against their rate limit (RATE_LIMIT_PLAYER_ACTIONS); creating and
joining lobbies against another (RATE_LIMIT_LOBBY_PER_PLAYER); registering against one per IP address.
A refusal is data like any other: code RATE_LIMITED and ``retryAfter`` in seconds.

Each resolver calls one service on Django's database thread and converts the result: a
``ServiceError`` becomes ``MatchPayload.error`` (or ``MoveRejected`` for submitMove), so a refused
request is data with a stable code, never a top-level GraphQL error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import strawberry
from graphql import GraphQLError
from strawberry.scalars import JSON
from strawberry.types import Info

from api.common import ratelimits
from api.common.errors import ServiceError
from api.common.scopes import client_ip
from api.graphql import quick_match as quick_api
from api.graphql.context import Context, run_sync, scope_of
from api.graphql.errors import (
    AUTH_REQUIRED,
    AUTH_REQUIRED_MESSAGE,
    MATCH_NOT_FOUND,
    UserError,
    auth_required,
    field_error,
    match_not_found,
    parse_id,
)
from api.graphql.games import ChosenMove, MoveInput
from api.graphql.matches import Match
from api.graphql.payloads import MatchPayload, MoveAccepted, MoveRejected, SubmitMoveResult
from api.graphql.players import Player, RegisterPlayerPayload, RotateTokenPayload
from api.graphql.quick_match import QuickMatchPayload
from api.graphql.updates import sources
from api.matches import quick, services
from api.matches.play import Held
from api.players import services as players


async def _limited(player: Any, *rules: str) -> UserError | None:
    """The first rate limit ``player`` has spent among ``rules`` (every action counts for "player")."""
    for rule in ("player", *rules):
        refusal = await ratelimits.hit(rule, player.pk)
        if refusal is not None:
            return UserError.of(refusal)
    return None


async def _lobby(
    info: Info[Context, Any],
    match_id: strawberry.ID | None,
    service: Callable[..., Any],
    limits: tuple[str, ...] = (),
    **arguments: Any,
) -> MatchPayload:
    """Run a match service for the caller and wrap its result (or refusal) in a MatchPayload."""
    player = info.context.player
    if player is None:
        return MatchPayload(error=auth_required())
    refusal = await _limited(player, *limits)
    if refusal is not None:
        return MatchPayload(error=refusal)
    if match_id is not None:
        key = parse_id(match_id)
        if key is None:
            return MatchPayload(error=match_not_found(match_id))
        arguments["match_id"] = key

    def call() -> MatchPayload:
        try:
            return MatchPayload(match=Match(model=service(player=player, **arguments)))
        except ServiceError as error:
            return MatchPayload(error=UserError.of(error))

    return await run_sync(call)()


def _submit(
    player: Any, match_id: int, move: ChosenMove, expected: int | None, key: str | None, held: Held | None
) -> Any:
    try:
        result = services.submit_move(
            match_id=match_id,
            player=player,
            game=move.game,
            move=move.move,
            expected_version=expected,
            idempotency_key=key,
            held=held,
        )
    except ServiceError as error:
        return MoveRejected(code=error.code, message=error.message)
    return MoveAccepted(match=Match(model=result.match), version=result.version, rows=result.events)


@strawberry.type
class Mutation:
    @strawberry.mutation(description="A new player. Keep the token: it is shown this once.")
    async def register_player(self, info: Info[Context, Any], name: str) -> RegisterPlayerPayload:
        refusal = await ratelimits.hit("register", client_ip(scope_of(info.context)))
        if refusal is not None:
            raise GraphQLError(
                refusal.message, extensions={"code": refusal.code, "retryAfter": refusal.retry_after}
            )

        def call() -> RegisterPlayerPayload:
            try:
                player, token = players.register_player(name=name)
            except ServiceError as error:
                # The payload's fields are non-null (a player and its token): a refusal is a field error.
                raise field_error(error.code, error.message) from None
            return RegisterPlayerPayload(player=Player.from_model(player), token=token)

        return await run_sync(call)()

    @strawberry.mutation(
        description="A new token for the caller, shown this once. The token sent stops working at once and "
        "the caller's open WebSockets close (4401 TOKEN_REVOKED): connect again with the new one."
    )
    async def rotate_token(self, info: Info[Context, Any]) -> RotateTokenPayload:
        player = info.context.player
        if player is None:
            return RotateTokenPayload(error=auth_required())
        refusal = await _limited(player)
        if refusal is not None:
            return RotateTokenPayload(error=refusal)

        def call() -> RotateTokenPayload:
            try:
                rotated, token = players.rotate_token(player=player)
            except ServiceError as error:
                return RotateTokenPayload(error=UserError.of(error))
            return RotateTokenPayload(player=Player.from_model(rotated), token=token)

        return await run_sync(call)()

    @strawberry.mutation(description="A new match in its lobby, hosted by the caller in seat 0.")
    async def create_match(
        self, info: Info[Context, Any], game: str, options: JSON | None = None
    ) -> MatchPayload:
        return await _lobby(info, None, services.create_match, ("lobby",), game=game, options=options)

    @strawberry.mutation(description="Take the next free seat of a match in its lobby.")
    async def join_match(self, info: Info[Context, Any], match_id: strawberry.ID) -> MatchPayload:
        return await _lobby(info, match_id, services.join_match, ("lobby",))

    @strawberry.mutation(
        description="Host only, before the start: free another seat (a player or a bot). Later seats "
        "move down one."
    )
    async def remove_seat(self, info: Info[Context, Any], match_id: strawberry.ID, seat: int) -> MatchPayload:
        return await _lobby(info, match_id, services.remove_seat, seat=seat)

    @strawberry.mutation(
        description="Give up your seat in a lobby. When the host leaves, the lobby closes (ABORTED)."
    )
    async def leave_match(self, info: Info[Context, Any], match_id: strawberry.ID) -> MatchPayload:
        return await _lobby(info, match_id, services.leave_match)

    @strawberry.mutation(
        description="Host only: seat a bot (level: one of GameInfo.bots; default heuristic)."
    )
    async def add_bot(
        self, info: Info[Context, Any], match_id: strawberry.ID, level: str | None = None
    ) -> MatchPayload:
        return await _lobby(info, match_id, services.add_bot, level=level)

    @strawberry.mutation(description="Host only: deal and start with the seats as they are.")
    async def start_match(self, info: Info[Context, Any], match_id: strawberry.ID) -> MatchPayload:
        return await _lobby(info, match_id, services.start_match)

    @strawberry.mutation(
        description="Play a move from the caller's seat. expectedVersion: the version the move was chosen "
        "at. If the match has moved on since, the move is still played when what the caller may do is "
        "unchanged (no new turn, round, window or question began, no move opened that was not open); "
        "otherwise it is "
        "refused: with the game's own code when the move is no longer legal (TARGET_TAKEN, TIME_UP...), "
        "else VERSION_MISMATCH. idempotencyKey: a retry with the same key returns the first result and "
        "plays nothing."
    )
    async def submit_move(
        self,
        info: Info[Context, Any],
        match_id: strawberry.ID,
        move: Annotated[ChosenMove, strawberry.argument(graphql_type=MoveInput)],
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> SubmitMoveResult:
        player = info.context.player
        if player is None:
            return MoveRejected(code=AUTH_REQUIRED, message=AUTH_REQUIRED_MESSAGE)
        refusal = await _limited(player)
        if refusal is not None:
            return MoveRejected(code=refusal.code, message=refusal.message, retry_after=refusal.retry_after)
        key = parse_id(match_id)
        if key is None:
            return MoveRejected(code=MATCH_NOT_FOUND, message=f"There is no match {match_id}.")
        source = sources().held(key)  # what the live updates hold of the match: see play.unlocked
        held = None if source is None else Held(source.match, source.game)
        return await run_sync(_submit)(player, key, move, expected_version, idempotency_key, held)

    # --- quick-match (api/graphql/quick_match.py)
    @strawberry.mutation(
        description="Sit at a waiting quick-match table of this game, seat count (default 2, or the game's "
        "minimum) and options that fits the caller's rating, or open one. The table starts when full; "
        "after QUICK_MATCH_WAIT_SECONDS bots take its empty seats. Follow it with quickMatchUpdates."
    )
    async def quick_match(
        self, info: Info[Context, Any], game: str, seats: int | None = None, options: JSON | None = None
    ) -> QuickMatchPayload:
        return await quick_api.act(
            info, quick.quick_match, ("lobby",), game=game, seats=seats, options=options
        )

    @strawberry.mutation(description="Leave a quick-match table still waiting; the last to leave closes it.")
    async def leave_quick_match(self, info: Info[Context, Any], match_id: strawberry.ID) -> QuickMatchPayload:
        return await quick_api.leave(info, match_id)

    # --- end quick-match

    @strawberry.mutation(description="Leave a match you are seated in; your climber is out of the game.")
    async def resign(self, info: Info[Context, Any], match_id: strawberry.ID) -> MatchPayload:
        return await _lobby(info, match_id, services.resign)

    @strawberry.mutation(
        description="Take your seat back from the bot that stood in for you while you were away "
        "(Seat.standIn), from the match's next decision on. A move of your own does the same. "
        "NOT_STOOD_IN when nobody stands in for your seat."
    )
    async def reclaim_seat(self, info: Info[Context, Any], match_id: strawberry.ID) -> MatchPayload:
        return await _lobby(info, match_id, services.reclaim_seat)
