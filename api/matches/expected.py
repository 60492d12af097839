"""``expectedVersion``: a move chosen at one version is still played at a later one, unless what
happened since changes what its player may do.

In a game where everyone acts at once, the table moves on between seeing a version and answering it
(another player sealed a card, tapped, answered their own question). Refusing every such move would
refuse honest play; playing every one would let a move chosen for one turn land in the next. The line
between them is ``engine.moved_on``: nothing began since for the mover (no new deadline: turn, round,
window, question) and no move opened to them that was not open then. Where it moved on, the game's own refusal is given when the move is now illegal (the card was
taken, the window closed), so the client learns the precise reason; otherwise ``VERSION_MISMATCH``.
"""

from __future__ import annotations

from api.common.errors import Codes, ServiceError
from api.matches import selectors
from api.matches.models import Match
from games.core import engine
from games.core.commands import Command
from games.core.decisions import Rejected
from games.core.engine import Game


def refuse_if_moved_on(
    *, match: Match, game: Game, seat: int, move: object, expected: int, now_ms: int
) -> None:
    """Raise unless ``move``, chosen by ``seat`` at version ``expected``, still means what it meant."""
    if expected == match.version:
        return
    if not 0 <= expected < match.version:
        raise ServiceError(
            Codes.VERSION_MISMATCH, f"The match is at version {match.version}; it never was at {expected}."
        )
    then = selectors.game_at(match=match, version=expected)
    now = engine.caught_up(game, now_ms)
    if not engine.moved_on(then, now, seat):
        return
    decision = engine.decide(now, Command(move, seat, now_ms))
    if isinstance(decision, Rejected):
        raise ServiceError(decision.code, decision.message)
    raise ServiceError(
        Codes.VERSION_MISMATCH,
        f"What you may do changed since version {expected} (the match is at {match.version}): look again.",
    )
