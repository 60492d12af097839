"""The client: GraphQL over HTTP for everything asked once, graphql-transport-ws for what is followed.

One ``Client`` is one player (its bearer token) on one pool of HTTP connections; ``acting_as`` gives
another player's client on the same pool. Every call waits out RATE_LIMITED and retries what is safe to
retry (``cliffside_client.retry``); ``submit`` sends an idempotency key of its own with every move, so a
move resent after a lost answer is played once.
"""

from __future__ import annotations

import asyncio
import json
import uuid
import weakref
from collections.abc import Mapping
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

import httpx

from cliffside_client import documents
from cliffside_client.errors import (
    BAD_RESPONSE,
    RATE_LIMITED,
    CliffsideError,
    NetworkError,
    RateLimited,
    Refused,
    Unavailable,
    from_graphql_errors,
    from_http,
    parse_retry_after,
)
from cliffside_client.live import LIVE_RETRY, Follow, QuickMatchFollow, Subscription
from cliffside_client.models import (
    Accepted,
    Event,
    GameInfo,
    LegalMove,
    LegalMoves,
    Match,
    Player,
    QuickMatch,
    Rejected,
    SubmitResult,
)
from cliffside_client.retry import OnRetry, RetryPolicy

if TYPE_CHECKING:
    from cliffside_client.connection import Connection

LiveT = TypeVar("LiveT", bound="Subscription[Any]")

CONFLICT = "CONFLICT"  # a move that lost a race to write, several times over: nothing was played
DEFAULT_MATCH_FIELDS = "id game status version mySeat waitingOn"
# uvicorn closes a connection idle for 5 s: let go of it first, or a request sent just as the server
# closes it fails on the way (which a query would survive, but not every mutation).
KEEPALIVE_EXPIRY_S = 2.0


def endpoints(base_url: str) -> tuple[str, str]:
    """The GraphQL URLs for a server: ``http://host:8000`` -> (``http://host:8000/graphql/``,
    ``ws://host:8000/graphql/``). A base URL ending in /graphql/ is taken as it is."""
    base = base_url.strip().rstrip("/")
    if base.endswith("/graphql"):
        base = base[: -len("/graphql")]
    if not base.startswith(("http://", "https://")):
        raise ValueError(f"base_url must start with http:// or https://, not {base_url!r}")
    http = f"{base}/graphql/"
    return http, "ws" + http[len("http") :]


class Client:
    """A Cliffside client for one player (or a spectator, without a token).

    ``async with Client("http://127.0.0.1:8000", token=...) as client: ...``
    """

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        live_retry: RetryPolicy | None = None,
        on_retry: OnRetry | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        limits: httpx.Limits | None = None,
        http: httpx.AsyncClient | None = None,
    ) -> None:
        """``retry``: how often and how long to wait (RetryPolicy()), per call; ``live_retry``: the
        same for a subscription's lost socket (``live.LIVE_RETRY``: longer); ``on_retry(error, seconds)``
        is called before each wait. ``transport``/``limits`` shape the HTTP pool; ``http`` is a pool of
        the caller's own, which the client then never closes."""
        self.base_url = base_url
        self.http_url, self.ws_url = endpoints(base_url)
        self.token = token
        self.timeout = timeout
        self.retry = retry or RetryPolicy()
        self.live_retry = live_retry or LIVE_RETRY
        self.on_retry = on_retry
        self._owns_http = http is None
        self._http = http or httpx.AsyncClient(
            timeout=timeout,
            transport=transport,
            limits=limits
            or httpx.Limits(
                max_connections=100, max_keepalive_connections=20, keepalive_expiry=KEEPALIVE_EXPIRY_S
            ),
        )
        self._live: weakref.WeakSet[Subscription[Any]] = weakref.WeakSet()

    def acting_as(self, token: str | None) -> Client:
        """A client for another player (``token``; None: a spectator) on this client's HTTP pool."""
        other = Client(
            self.base_url,
            token,
            timeout=self.timeout,
            retry=self.retry,
            live_retry=self.live_retry,
            on_retry=self.on_retry,
            http=self._http,
        )
        other._live = self._live  # closed with this client's
        return other

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the live subscriptions still open, and the HTTP pool if it is this client's."""
        for live in list(self._live):
            await live.aclose()
        if self._owns_http:
            await self._http.aclose()

    # --- GraphQL over HTTP ------------------------------------------------------------------------

    async def execute(
        self, document: str, variables: Mapping[str, Any] | None = None, *, idempotent: bool = False
    ) -> dict[str, Any]:
        """Run any operation over HTTP; its ``data``. Refusals raise (``cliffside_client.errors``).

        Waits out RATE_LIMITED and retries what surely did nothing; ``idempotent``: also what may have
        been done (a lost answer, COMMIT_OUTCOME_UNKNOWN), for operations harmless to send twice.
        """
        attempt = 0
        while True:
            try:
                return await self._post(document, variables)
            except CliffsideError as error:
                await self._wait_or_raise(error, attempt, resend_ok=idempotent)
                attempt += 1

    async def _wait_or_raise(self, error: CliffsideError, attempt: int, *, resend_ok: bool) -> None:
        delay = self.retry.delay(error, attempt, resend_ok=resend_ok)
        if delay is None:
            raise error
        if self.on_retry is not None:
            self.on_retry(error, delay)
        await asyncio.sleep(delay)

    async def _post(self, document: str, variables: Mapping[str, Any] | None) -> dict[str, Any]:
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/graphql-response+json, application/json;q=0.9",
        }
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        body = json.dumps({"query": document, "variables": dict(variables or {})})
        response = await self._send("POST", self.http_url, content=body, headers=headers)
        try:
            answer = response.json()
        except ValueError:
            answer = None
        if not isinstance(answer, dict) or not ("data" in answer or "errors" in answer):
            if response.status_code == 200:
                raise CliffsideError(BAD_RESPONSE, f"not a GraphQL response: {response.text[:300]!r}")
            raise from_http(response.status_code, response.content, response.headers.get("retry-after"))
        errors = answer.get("errors")
        if errors:
            raise from_graphql_errors(
                errors,
                status=response.status_code,
                retry_after=parse_retry_after(response.headers.get("retry-after")),
            )
        data = answer.get("data")
        if not isinstance(data, dict):
            raise CliffsideError(BAD_RESPONSE, f"a response without data (HTTP {response.status_code})")
        return data

    async def _send(self, method: str, url: str, **request: Any) -> httpx.Response:
        try:
            return await self._http.request(method, url, **request)
        except httpx.TransportError as error:
            unsent = isinstance(error, httpx.ConnectError | httpx.ConnectTimeout | httpx.PoolTimeout)
            raise NetworkError(f"{type(error).__name__}: {error}", sent=not unsent) from error

    async def _get_json(self, path: str) -> dict[str, Any]:
        """``GET <base>/<path>`` (REST, beside GraphQL): its JSON object; a refusal raised."""
        headers = {"Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        response = await self._send("GET", self.http_url.removesuffix("graphql/") + path, headers=headers)
        if response.status_code != 200:
            raise from_http(response.status_code, response.content, response.headers.get("retry-after"))
        try:
            answer = response.json()
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            raise CliffsideError(BAD_RESPONSE, f"not a JSON object: {response.text[:300]!r}")
        return answer

    async def _payload(
        self, document: str, variables: Mapping[str, Any], field: str, *, idempotent: bool = False
    ) -> dict[str, Any]:
        """A payload mutation's payload; its ``error`` raised (RATE_LIMITED waited out and retried)."""
        attempt = 0
        while True:
            payload = (await self.execute(document, variables, idempotent=idempotent))[field]
            error = payload.get("error")
            if not error:
                return dict(payload)
            kind = RateLimited if error["code"] == RATE_LIMITED else Refused
            refusal = kind(error["code"], error["message"], retry_after=error.get("retryAfter"))
            await self._wait_or_raise(refusal, attempt, resend_ok=idempotent)
            attempt += 1

    # --- players ----------------------------------------------------------------------------------

    async def register(self, name: str) -> Player:
        """A new player and its token (shown this once). This client keeps its own token: act as the
        new player with ``Client(base_url, token=player.token)`` or ``client.acting_as(player.token)``."""
        data = await self.execute(documents.REGISTER, {"name": name})
        registered = data["registerPlayer"]
        player = registered["player"]
        return Player(id=str(player["id"]), name=player["name"], token=registered["token"])

    async def rotate_token(self) -> Player:
        """A new token for this client's player, which the client uses from now on; the old one stops
        working at once (and the server closes the sockets opened with it)."""
        payload = await self._payload(documents.ROTATE_TOKEN, {}, "rotateToken")
        player = payload["player"]
        self.token = payload["token"]
        return Player(id=str(player["id"]), name=player["name"], token=payload["token"])

    async def games(self) -> list[GameInfo]:
        data = await self.execute(documents.GAMES, idempotent=True)
        return [GameInfo.from_json(game) for game in data["games"]]

    # --- lobby ------------------------------------------------------------------------------------

    async def create_match(self, game: str, options: Mapping[str, Any] | None = None) -> Match:
        """A new match of ``game`` in its lobby, hosted by this player in seat 0."""
        variables = {"game": game, "options": dict(options) if options is not None else None}
        return Match.from_json((await self._payload(documents.CREATE, variables, "createMatch"))["match"])

    async def join_match(self, match_id: str) -> Match:
        return await self._lobby(documents.JOIN, "joinMatch", match_id)

    async def add_bot(self, match_id: str, level: str | None = None) -> Match:
        """Host only: seat a bot (``level``: one of GameInfo.bots; default heuristic)."""
        return await self._lobby(documents.ADD_BOT, "addBot", match_id, level=level)

    async def remove_seat(self, match_id: str, seat: int) -> Match:
        return await self._lobby(documents.REMOVE_SEAT, "removeSeat", match_id, seat=seat)

    async def start_match(self, match_id: str) -> Match:
        return await self._lobby(documents.START, "startMatch", match_id)

    async def leave_match(self, match_id: str) -> Match:
        return await self._lobby(documents.LEAVE, "leaveMatch", match_id)

    async def resign(self, match_id: str) -> Match:
        return await self._lobby(documents.RESIGN, "resign", match_id)

    async def reclaim_seat(self, match_id: str) -> Match:
        """Take the seat back from the bot that stood in while this player was away."""
        return await self._lobby(documents.RECLAIM, "reclaimSeat", match_id)

    async def _lobby(self, document: str, field: str, match_id: str, **arguments: Any) -> Match:
        payload = await self._payload(document, {"id": match_id, **arguments}, field)
        return Match.from_json(payload["match"])

    async def quick_match(
        self, game: str, seats: int | None = None, options: Mapping[str, Any] | None = None
    ) -> QuickMatch:
        """A seat at a waiting table of strangers (or a new table); follow it with
        ``quick_match_updates`` until MATCHED, then ``follow`` the match."""
        variables = {"game": game, "seats": seats, "options": dict(options) if options is not None else None}
        payload = await self._payload(documents.QUICK_MATCH, variables, "quickMatch")
        match = Match.from_json(payload["match"]) if payload.get("match") else None
        return QuickMatch.from_json(payload["queue"], match)

    async def leave_quick_match(self, match_id: str) -> QuickMatch:
        payload = await self._payload(documents.LEAVE_QUICK_MATCH, {"id": match_id}, "leaveQuickMatch")
        match = Match.from_json(payload["match"]) if payload.get("match") else None
        return QuickMatch.from_json(payload["queue"], match)

    def quick_match_updates(self, match_id: str) -> QuickMatchFollow:
        """Where this player stands at a quick-match table: now, then at every change; it ends after
        MATCHED or CANCELLED. An async iterator of ``QuickMatch`` (and an async context manager)."""
        return self._track(QuickMatchFollow(self, match_id))

    # --- play -------------------------------------------------------------------------------------

    async def legal_moves(self, match_id: str) -> LegalMoves:
        """What this player may do now, and the version it may do it at."""
        match = (await self.execute(documents.LEGAL_MOVES, {"id": match_id}, idempotent=True))["match"]
        if match is None:
            raise Refused("MATCH_NOT_FOUND", f"There is no match {match_id}.")
        return LegalMoves(
            match_id=match_id,
            version=int(match["version"]),
            status=match["status"],
            moves=[LegalMove.from_json(move) for move in match["legalMoves"]],
            waiting_on=list(match["waitingOn"]),
        )

    async def replay(self, match_id: str) -> dict[str, Any]:
        """``GET /api/matches/<id>/replay.json``: the match's log as this player may see it (a
        spectator's without a token), and once the match allows it the whole log with its seed. The
        JSON as the server sends it (``match``, ``viewer``, ``seedCommitment``, ``events``, ...)."""
        attempt = 0
        while True:
            try:
                return await self._get_json(f"api/matches/{match_id}/replay.json")
            except CliffsideError as error:
                await self._wait_or_raise(error, attempt, resend_ok=True)  # a read: harmless twice
                attempt += 1

    async def match(self, match_id: str, fields: str = DEFAULT_MATCH_FIELDS) -> dict[str, Any] | None:
        """``match(id) { <fields> }`` as the server answers it; None when there is no such match."""
        data = await self.execute(documents.match(fields), {"id": match_id}, idempotent=True)
        match: dict[str, Any] | None = data["match"]
        return match

    async def submit(
        self,
        match_id: str,
        move: LegalMove | Mapping[str, Any],
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> SubmitResult:
        """Play ``move`` (a LegalMove, or its ``input``): ``Accepted`` or ``Rejected``.

        ``expected_version``: refused with VERSION_MISMATCH unless the match is still at it. The move
        goes with an idempotency key (a new uuid4 unless given), and is sent again with the same key
        when its answer is lost, the server is unavailable or its outcome unknown
        (COMMIT_OUTCOME_UNKNOWN): the server plays a key once and answers a resend with the first
        result. RATE_LIMITED is waited out (its ``retryAfter``) and sent again, as is CONFLICT.
        """
        key = idempotency_key or uuid.uuid4().hex
        move_input = move.input if isinstance(move, LegalMove) else dict(move)
        variables = {"id": match_id, "move": move_input, "version": expected_version, "key": key}
        attempt = 0
        while True:
            result = (await self.execute(documents.SUBMIT, variables, idempotent=True))["submitMove"]
            if result["__typename"] == "MoveAccepted":
                events = [Event.from_json(event) for event in result["events"]]
                return Accepted(version=int(result["version"]), events=events, idempotency_key=key)
            rejected = Rejected(
                code=result["code"],
                message=result["message"],
                retry_after=result.get("retryAfter"),
                idempotency_key=key,
            )
            if rejected.code not in (RATE_LIMITED, CONFLICT):
                return rejected
            error: CliffsideError = (
                RateLimited(rejected.code, rejected.message, retry_after=rejected.retry_after)
                if rejected.code == RATE_LIMITED
                else Unavailable(rejected.code, rejected.message)  # CONFLICT: nothing was played
            )
            delay = self.retry.delay(error, attempt, resend_ok=True)
            if delay is None:
                return rejected
            if self.on_retry is not None:
                self.on_retry(error, delay)
            await asyncio.sleep(delay)
            attempt += 1

    # --- live -------------------------------------------------------------------------------------

    def follow(
        self, match_id: str, after_version: int | None = None, *, fields: str = documents.UPDATE
    ) -> Follow:
        """The match's updates as they happen: an async iterator of ``Update`` (and an async context
        manager that closes its socket).

        ``after_version``: None starts from the match as it is now (no events); 0 from its first event;
        N right after version N. A dropped socket is opened again with backoff and the subscription
        resumed from the last version given out, so every event comes once, in order. It ends after
        the update in which the match is over (FINISHED or ABORTED). ``fields``: the ``MatchUpdate``
        selection (``documents.UPDATE`` and more, e.g. ``+ " view { ... on DaredevilRockView { turn } }"``).
        """
        return self._track(Follow(self, match_id, after_version, fields))

    async def connect(self) -> Connection:
        """A graphql-transport-ws socket of this player's (``connection.Connection``) for several
        operations at once, queries and mutations over the socket, and arrival times; the caller closes
        it (``async with await client.connect() as socket:``). It is not resumed after a loss."""
        from cliffside_client.connection import Connection  # it imports this module (endpoints)

        return await Connection.open(self.base_url, self.token, timeout=self.timeout)

    def _track(self, live: LiveT) -> LiveT:
        self._live.add(live)
        return live
