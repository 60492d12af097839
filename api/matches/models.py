"""A match is an append-only log of game events plus the few columns needed to find and list it.

No logic here: api/matches/services.py writes, api/matches/selectors.py reads.
"""

import secrets

from django.db import models
from django.db.models import Q


def new_seed() -> str:
    return secrets.token_hex(16)


class MatchStatus(models.TextChoices):
    LOBBY = "LOBBY"
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"
    ABORTED = "ABORTED"


class Match(models.Model):
    id = models.BigAutoField(primary_key=True)
    game = models.CharField(max_length=32)
    status = models.CharField(max_length=16, choices=MatchStatus.choices, default=MatchStatus.LOBBY)
    options = models.JSONField(default=dict)
    seed = models.CharField(max_length=64, default=new_seed)
    version = models.IntegerField(default=0)  # the number of events in the log
    host = models.ForeignKey(
        "players.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="hosted_matches"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True)  # {"ranks": [...], "scores": [...], "reason": str}
    # Why an ABORTED match ended, in a few words for people ("aborted by an admin", "lobby expired", ...).
    end_reason = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        verbose_name_plural = "matches"
        indexes = (models.Index(fields=["game", "status"], name="match_game_status"),)

    def __str__(self) -> str:
        return f"{self.game} #{self.pk} ({self.status})"


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.SmallIntegerField()
    player = models.ForeignKey(
        "players.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    is_bot = models.BooleanField(default=False)
    bot_level = models.CharField(max_length=32, blank=True)

    class Meta:
        ordering = ("match", "index")
        constraints = (
            models.UniqueConstraint(fields=["match", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["match", "player"], condition=Q(player__isnull=False), name="seat_unique_player"
            ),
        )

    def __str__(self) -> str:
        return f"seat {self.index} of match #{self.match_id}"


class AppendOnlyError(Exception):
    """Match events are facts: once written they are never changed or deleted."""


class MatchEvent(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    seq = models.IntegerField()  # 1-based; the match version right after this event
    type = models.CharField(max_length=64)
    seat = models.SmallIntegerField(null=True, blank=True)  # whose command produced it; null: the server
    at = models.DateTimeField()
    data = models.JSONField()  # the full, unredacted event (spec.events.dump)

    class Meta:
        ordering = ("match", "seq")
        constraints = (models.UniqueConstraint(fields=["match", "seq"], name="event_unique_seq"),)

    def __str__(self) -> str:
        return f"#{self.match_id}/{self.seq} {self.type}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("match events are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("match events are append-only")


class MatchDeadline(models.Model):
    """A timer the match waits on; the rows of a match are replaced with every append."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deadlines")
    deadline_id = models.CharField(max_length=64)
    at_ms = models.BigIntegerField()
    kind = models.CharField(max_length=16)  # "turn", "round", "reaction", "choice", "bot", ...

    class Meta:
        constraints = (models.UniqueConstraint(fields=["match", "deadline_id"], name="deadline_unique_id"),)
        indexes = (models.Index(fields=["at_ms"], name="deadline_at"),)

    def __str__(self) -> str:
        return f"{self.kind} {self.deadline_id} of match #{self.match_id}"


class IdempotencyRecord(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=128)
    result = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=["match", "player", "key"], name="idempotency_unique_key"),
        )
