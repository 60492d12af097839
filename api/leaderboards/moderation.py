"""The admins' decisions about boards: sanctions on players and voids of matches, each kept with who,
when and why, and undone by marking it lifted (undone), never by deleting it.

A ban also closes the player's open WebSockets (in every server process, once it commits, with the
reason PLAYER_BANNED: api/common/sockets.py); it does not revoke their token (see ``sanction``), so their
clients may connect again.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils import timezone

from api.common import sockets
from api.leaderboards.models import Sanction, SanctionKind, Void


def _active(game: str, kind: str | None = None) -> Any:
    sanctions = Sanction.objects.filter(Q(game=game) | Q(game=""), lifted_at__isnull=True)
    return sanctions if kind is None else sanctions.filter(kind=kind)


def banned(game: str) -> frozenset[int]:
    """Players whose matches of ``game`` rate no one but the others."""
    return frozenset(_active(game, SanctionKind.BAN).values_list("player_id", flat=True))


def off_boards_query(game: Any) -> Any:
    """The players not shown on ``game``'s boards (hidden or banned), as a subquery (``game`` a key or
    an ``OuterRef``), so a board's read stays one statement instead of first fetching the sanctions."""
    return _active(game).values("player_id")


def voided(game: str) -> frozenset[int]:
    return frozenset(
        Void.objects.filter(match__game=game, undone_at__isnull=True).values_list("match_id", flat=True)
    )


def sanction(*, player: Any, game: str, kind: str, reason: str, by: Any) -> Sanction:
    """A ban keeps the token working: a ban is of boards (one game's or all), lifted by marking it so,
    and the banned still play, unrated; revoking is the Player admin's separate, explicit action."""
    made = Sanction.objects.create(player=player, game=game, kind=kind, reason=reason, created_by=by)
    if kind == SanctionKind.BAN:
        sockets.close_after_commit(made.player_id, sockets.PLAYER_BANNED)
    return made


def lift(sanction: Sanction, *, by: Any) -> None:
    if sanction.lifted_at is None:
        sanction.lifted_at, sanction.lifted_by = timezone.now(), by
        sanction.save(update_fields=["lifted_at", "lifted_by"])


def void(*, match: Any, reason: str, by: Any) -> Void:
    return Void.objects.create(match=match, reason=reason, created_by=by)


def undo(void: Void, *, by: Any) -> None:
    if void.undone_at is None:
        void.undone_at, void.undone_by = timezone.now(), by
        void.save(update_fields=["undone_at", "undone_by"])
