"""The Match type and what hangs off it: seats, events, the typed view, legal moves, deadline, outcome.

A ``Match`` wraps a model instance loaded by a selector. Every field that reads more than the row
runs the selectors on Django's database thread; what depends on the caller (view, events, legal
moves) is redacted for the caller's viewer, which is computed once per match version and operation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from enum import Enum
from typing import Annotated, Any, NewType

import strawberry
from django.conf import settings
from strawberry.scalars import JSON
from strawberry.types import Info

from api.graphql.context import Context, run_sync
from api.graphql.errors import FORBIDDEN_SEAT, INVALID_SEAT, INVALID_VERSION, field_error
from api.graphql.fairness import SeedVerification, verification_of
from api.graphql.games import binding_for
from api.graphql.games.base import GameView
from api.graphql.players import Player
from api.graphql.rating_changes import RatingChange, match_rating_changes
from api.matches import presence, selectors, stand_ins
from games.core import engine
from games.core.visibility import seat_viewer


@strawberry.enum(description="Where a match is in its life.")
class MatchStatus(Enum):
    LOBBY = "LOBBY"
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"
    ABORTED = "ABORTED"


@strawberry.type(description="A taken seat: a player (player set) or a bot (isBot, botLevel).")
class Seat:
    index: int
    player: Player | None
    is_bot: bool
    bot_level: str | None = strawberry.field(description="The bot's name when isBot, e.g. heuristic.")
    # --- stand-ins (issue 24)
    connected: bool = strawberry.field(
        default=False,
        description="The seat's player has a live matchUpdates subscription to this match (on any "
        "server). Always false for a bot seat.",
    )
    stand_in: bool = strawberry.field(
        default=False,
        description="A bot plays this seat while its player is away (they missed "
        "STAND_IN_AFTER_MISSED_DEADLINES deadlines with no live connection); they take it back by "
        "moving or with reclaimSeat.",
    )
    # --- end stand-ins


@strawberry.type(description="One event of the match log, redacted for the caller.")
class MatchEvent:
    seq: int = strawberry.field(description="1-based; the match version right after this event.")
    type: str
    at: datetime
    seat: int | None = strawberry.field(description="The seat whose move produced it; null for the server.")
    data: JSON | None
    by_stand_in: bool = strawberry.field(
        default=False, description="The move of a bot standing in for the seat's absent player."
    )

    @classmethod
    def from_visible(cls, event: Any, match: Any = None) -> MatchEvent:
        stood_in = match is not None and stand_ins.by_stand_in(match, event.seq, event.seat)
        return cls(
            seq=event.seq,
            type=event.type,
            at=event.at,
            seat=event.seat,
            data=event.data,
            by_stand_in=stood_in,
        )


@strawberry.type(description="The next timer of the match: when it passes, the game applies a timeout.")
class Deadline:
    id: str
    at: datetime
    kind: str = strawberry.field(description='What passing it ends, in the game\'s words: "turn", ...')


@strawberry.type(description="How a finished match ranked its seats (indexed by seat).")
class Outcome:
    ranks: list[int] = strawberry.field(description="Per seat; 1 is first, tied seats share a rank.")
    scores: list[float | None] | None = strawberry.field(description="Per seat, game-defined; may be null.")
    reason: str
    winners: list[int] = strawberry.field(description="The seats ranked first.")
    match_id: strawberry.Private[int]

    @strawberry.field(
        description="What the match did to its players' ratings, board by board (all time first); "
        "empty when it was not rated."
    )
    async def rating_changes(self, info: Info[Context, Any]) -> list[RatingChange]:
        return await match_rating_changes(info.context, self.match_id)

    @classmethod
    def from_json(cls, outcome: dict[str, Any], match_id: int) -> Outcome:
        ranks = [int(rank) for rank in outcome["ranks"]]
        scores = outcome.get("scores")
        return cls(
            match_id=match_id,
            ranks=ranks,
            scores=None if scores is None else [None if s is None else float(s) for s in scores],
            reason=outcome.get("reason", ""),
            winners=[seat for seat, rank in enumerate(ranks) if rank == 1],
        )


# A LegalMove's input is JSON on the wire, but a scalar of its own: a client's code generator can then
# type it as the MoveInput it is (clients/typescript maps it so), where `JSON` means any value.
MoveInputValue = NewType("MoveInputValue", object)
MOVE_INPUT_VALUE = strawberry.scalar(
    name="MoveInputValue",
    description="A MoveInput value as JSON (one member: the match's game's move). Sent back unchanged as "
    "$move, it is a valid MoveInput.",
    serialize=lambda value: value,
    parse_value=lambda value: value,
)


def _sentence(self: Any) -> str:
    # Worked out only when asked for: a live client that sends back `input` never reads it, and in the
    # games with many moves the sentences were a tenth of working out an update's legal moves.
    return str(self.describe(self.move))


@strawberry.type(description="A move the caller may make now.")
class LegalMove:
    label: str = strawberry.field(resolver=_sentence, description="A short sentence for people.")
    input: MoveInputValue = strawberry.field(
        description="A valid MoveInput value: send it back unchanged as $move."
    )
    move: strawberry.Private[Mapping[str, Any]]  # the game's move JSON
    describe: strawberry.Private[Callable[[Mapping[str, Any]], str]]  # its game's binding.label

    @classmethod
    def of(cls, binding: Any, move: Mapping[str, Any]) -> LegalMove:
        """``move`` (the game's move JSON) as a legal move of ``binding``'s game."""
        return cls(input={binding.graphql_member: move}, move=move, describe=binding.label)


MEMO_SIZE = 256


def seats_of(match: Any, present: frozenset[int] | None = None) -> list[Seat]:
    """The seats in index order (uses the selector's prefetch when there is one), with the players
    ``present`` (default: read now, api/matches/presence.py). Sync."""
    here = presence.connected_players(match.pk) if present is None else present
    stood_in = stand_ins.seats(match)
    return [
        Seat(
            index=seat.index,
            player=None if seat.player is None else Player.from_model(seat.player),
            is_bot=seat.is_bot,
            bot_level=(seat.bot_level or None) if seat.is_bot else None,
            connected=seat.player_id is not None and not seat.is_bot and seat.player_id in here,
            stand_in=seat.index in stood_in,
        )
        for seat in sorted(match.seats.all(), key=lambda seat: seat.index)
    ]


def viewer_of(context: Context, match: Any) -> Any:
    """The caller's viewer for ``match`` at its version, memoised in the context (one HTTP request,
    or one WebSocket connection). Sync."""
    key = ("viewer", match.pk, match.version, match.status)
    if key not in context.memo:
        if len(context.memo) >= MEMO_SIZE:  # a WebSocket's context lives as long as its connection
            context.memo.clear()
        context.memo[key] = selectors.viewer_for(match=match, player=context.player)
    return context.memo[key]


AS_SEAT = (
    "Show the match as this seat saw it (its own secrets, nobody else's): allowed for your own seat, "
    "and for every seat once the full log is revealed (FORBIDDEN_SEAT otherwise; INVALID_SEAT when "
    "the match has no such seat). Null: as the caller may see it."
)


def viewer_as(context: Context, match: Any, seat: int | None) -> Any:
    """The viewer a field shows ``match`` to: the caller's, or ``seat``'s when the caller may take it
    (``AS_SEAT``). Sync."""
    if seat is None:
        return viewer_of(context, match)
    if not 0 <= seat < len(match.seats.all()):
        raise field_error(
            INVALID_SEAT, f"asSeat must be a seat of this match (0 to {len(match.seats.all()) - 1})."
        )
    if not selectors.seat_shown(match=match, player=context.player, seat=seat):
        raise field_error(
            FORBIDDEN_SEAT, "Only your own seat until the match is over and its full log revealed."
        )
    return seat_viewer(seat)


def view_of(match: Any, viewer: Any, version: int | None = None) -> Any:
    """The typed GameView of ``match`` for ``viewer``, at ``version`` (default: now), or None. Sync."""
    binding = binding_for(match.game)
    if binding is None or not selectors.dealable(match=match):
        return None
    if version is None or version == match.version:
        game = selectors.load_game(match=match)
    else:
        game = selectors.game_at(match=match, version=version)
    return binding.view(engine.view(game, viewer), game.version)


def events_page_size(first: int | None) -> int:
    """How many events one ``events`` field returns: ``first``, at most the page limit (the default)."""
    limit = int(getattr(settings, "GRAPHQL_EVENTS_PAGE_MAX", 200))
    return limit if first is None else min(first, limit)


def visible_events(
    context: Context, match: Any, *, after: int | None, first: int | None, seat: int | None = None
) -> list[MatchEvent]:
    """The caller's (or ``seat``'s, see ``AS_SEAT``) redacted events of ``match`` after ``after``, one
    page at most. Sync."""
    viewer = viewer_as(context, match, seat)
    events = selectors.events_for(match=match, viewer=viewer, after=after, first=events_page_size(first))
    return [MatchEvent.from_visible(event, match) for event in events]


def legal_moves(context: Context, match: Any) -> list[LegalMove]:
    binding = binding_for(match.game)
    if binding is None or context.player is None:
        return []
    return [
        LegalMove.of(binding, move) for move in selectors.legal_moves_for(match=match, player=context.player)
    ]


@strawberry.type(description="A match: its seats, its log and, for the caller, its view and legal moves.")
class Match:
    model: strawberry.Private[Any]

    @strawberry.field
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.model.pk))

    @strawberry.field(description="The game's key, e.g. daredevil-rock.")
    def game(self) -> str:
        return self.model.game

    @strawberry.field
    def status(self) -> MatchStatus:
        return MatchStatus(self.model.status)

    @strawberry.field(description="The number of events in the log.")
    def version(self) -> int:
        return self.model.version

    @strawberry.field(description="The options the match was created with, defaults filled in.")
    def options(self) -> JSON:
        return self.model.options

    @strawberry.field(
        description="The rules version of its game when the match was created (GameInfo.rulesVersion "
        "then); a match older than its game's current version replays as it was played."
    )
    def rules_version(self) -> int:
        return self.model.rules_version

    @strawberry.field(
        description="Why the match was aborted, in a short sentence (an admin stopped it, it reached "
        "its log limit, ...); null unless the match is ABORTED with a reason."
    )
    def end_reason(self) -> str | None:
        if self.model.status != MatchStatus.ABORTED.value or not self.model.end_reason:
            return None
        return self.model.end_reason

    @strawberry.field
    def created_at(self) -> datetime:
        return self.model.created_at

    @strawberry.field
    def finished_at(self) -> datetime | None:
        return self.model.finished_at

    @strawberry.field(description="The player who created the match: only they may add bots and start it.")
    async def host(self) -> Player | None:
        def load() -> Player | None:
            host = self.model.host
            return None if host is None else Player.from_model(host)

        return await run_sync(load)()

    @strawberry.field
    async def seats(self) -> list[Seat]:
        return await run_sync(seats_of)(self.model)

    @strawberry.field(description="The caller's seat index, or null for a spectator.")
    async def my_seat(self, info: Info[Context, Any]) -> int | None:
        player = info.context.player
        if player is None:
            return None
        return await run_sync(selectors.seat_of)(match=self.model, player=player)

    @strawberry.field(
        description="The match at `atVersion` (default: now) as the caller may see it: a seat sees its "
        "own secrets, a spectator none; once a match is over with revealAfterEnd, everyone sees all. "
        "Null in a lobby with fewer seats than the game deals for."
    )
    async def view(
        self,
        info: Info[Context, Any],
        at_version: Annotated[
            int | None, strawberry.argument(description="0 to the current version.")
        ] = None,
        as_seat: Annotated[int | None, strawberry.argument(description=AS_SEAT)] = None,
    ) -> GameView | None:
        if at_version is not None and not 0 <= at_version <= self.model.version:
            raise field_error(INVALID_VERSION, f"atVersion must be between 0 and {self.model.version}.")

        def load() -> Any:
            return view_of(self.model, viewer_as(info.context, self.model, as_seat), at_version)

        return await run_sync(load)()

    @strawberry.field(description="What the caller may do now; empty when it is not the caller's turn.")
    async def legal_moves(self, info: Info[Context, Any]) -> list[LegalMove]:
        return await run_sync(legal_moves)(info.context, self.model)

    @strawberry.field(
        description="The seats the match waits on now: it moves on when they act, or when its deadline "
        "passes. A seat whose only moves are optional (a reaction nobody has to make) is not listed, "
        "though its legalMoves are not empty. Empty unless the match is ACTIVE."
    )
    async def waiting_on(self) -> list[int]:
        return await run_sync(selectors.waiting_on)(match=self.model)

    @strawberry.field(description="The next timer that ends a turn, round or window, if any.")
    async def deadline(self) -> Deadline | None:
        deadline = await run_sync(selectors.current_deadline)(match=self.model)
        if deadline is None:
            return None
        return Deadline(id=deadline.id, at=deadline.at, kind=deadline.kind)

    @strawberry.field(
        description="The log after event `after` (default: from the start), redacted for the caller, "
        "one page at a time: `first` defaults to and is capped at the server's page limit "
        "(GRAPHQL_EVENTS_PAGE_MAX, 200 unless configured). For the next page, pass the last `seq` "
        "you received as `after`."
    )
    async def events(
        self,
        info: Info[Context, Any],
        after: int | None = None,
        first: int | None = None,
        as_seat: Annotated[int | None, strawberry.argument(description=AS_SEAT)] = None,
    ) -> list[MatchEvent]:
        return await run_sync(visible_events)(
            info.context, self.model, after=after, first=first, seat=as_seat
        )

    @strawberry.field(description="Ranks and scores, once the match is finished.")
    def outcome(self) -> Outcome | None:
        if not self.model.outcome:
            return None
        return Outcome.from_json(self.model.outcome, self.model.pk)

    @strawberry.field(description="The match seed, shown once everyone may see the full log (after the end).")
    async def seed(self, info: Info[Context, Any]) -> str | None:
        viewer = await run_sync(viewer_of)(info.context, self.model)
        return self.model.seed if viewer.omniscient else None

    # --- provably fair shuffles (api/matches/fairness.py)
    @strawberry.field(
        description='SHA-256("cliffside-seed-v1:<seed>:<salt>") as lowercase hex: published from the '
        "lobby on, before any card is dealt, so the seed cannot be chosen after. seed and seedSalt open it "
        "once the full log is revealed."
    )
    def seed_commitment(self) -> str:
        return self.model.seed_commitment

    @strawberry.field(description="The salt of seedCommitment, shown with the seed (after the end).")
    async def seed_salt(self, info: Info[Context, Any]) -> str | None:
        viewer = await run_sync(viewer_of)(info.context, self.model)
        return self.model.seed_salt if viewer.omniscient else None

    @strawberry.field(
        description="Whether the revealed seed opens seedCommitment and the engine, from it, gives exactly "
        "the logged events; null until the full log is revealed (a finished match with revealAfterEnd)."
    )
    async def verification(self) -> SeedVerification | None:
        return await verification_of(self.model)
