"""A match is an append-only log of game events plus the few columns needed to find and list it.

No logic here: api/matches/services.py writes, api/matches/selectors.py reads.
"""

import secrets

from django.db import models
from django.db.models import Q

from api.matches import commitment


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
    # The rules version of its game when the match was created (GameSpec.rules_version); 1 is the
    # version every game had when versions began, and what the matches before them were given.
    rules_version = models.PositiveIntegerField(default=1)
    seed = models.CharField(max_length=64, default=new_seed)
    # The seed's commitment, published from the lobby on; the salt is revealed with the seed (see
    # api/matches/commitment.py). Set once, as the row is created (``save``), from the seed it will use.
    seed_salt = models.CharField(max_length=64, default=commitment.new_salt)
    seed_commitment = models.CharField(max_length=64, blank=True, default="")
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
    # Seats a bot plays while their player is away (api/matches/stand_ins.py). On the match, not the seats:
    # seats are cached per process as fixed once dealt (api/matches/seating.py); the match row is read anew.
    stand_ins = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name_plural = "matches"
        indexes = (models.Index(fields=["game", "status"], name="match_game_status"),)

    def __str__(self) -> str:
        return f"{self.game} #{self.pk} ({self.status})"

    def save(self, *args, **kwargs):
        # Bound before anyone can see the match, however it is created: a row is never without one.
        if self._state.adding and not self.seed_commitment:
            self.seed_commitment = commitment.commit(self.seed, self.seed_salt)
        super().save(*args, **kwargs)


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


class QuickTable(models.Model):
    """A lobby that quickMatch opened: what it pairs on and since when it waits (api/matches/quick.py)."""

    match = models.OneToOneField(Match, primary_key=True, on_delete=models.CASCADE, related_name="quick")
    pairing = models.CharField(max_length=96)  # game, seat count and options: who may sit here
    seats = models.SmallIntegerField()
    rating = models.FloatField()  # the seated players' mean ordinal: the middle of its rating window
    opened_at_ms = models.BigIntegerField()
    fill_at_ms = models.BigIntegerField()  # when bots take the empty seats and the deal starts

    class Meta:
        indexes = (models.Index(fields=["pairing", "fill_at_ms"], name="quick_table_queue"),)

    def __str__(self) -> str:
        return f"quick-match table #{self.match_id}"


class AppendOnlyError(Exception):
    """Match events are facts: once written they are never changed or deleted."""


class MatchEvent(models.Model):
    # No index of its own: the unique (match, seq) index serves every read of a match's events. With a
    # second one, PostgreSQL's plan for a prepared read (api/common/prepared.py) took the match's
    # every event through it and sorted them, not the range asked for: slower as a match grows.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events", db_index=False)
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
