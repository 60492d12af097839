"""Leaderboards: a projection of the finished matches' logs, per game and board (all time, or a season).

Everything here but the admins' decisions (seasons, policies, sanctions, voids) is rebuilt from the log
by ``rebuild`` (api/leaderboards/rebuild.py): ratings, their history and the solitaire bests.
"""

from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


class Season(models.Model):
    """A game's season: matches that end from ``starts_at`` until ``ends_at`` (open-ended: None) count on
    its board, and none after it is closed, so a closed season's board stays as it was."""

    game = models.CharField(max_length=32)
    name = models.CharField(max_length=64)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = (models.UniqueConstraint(fields=["game", "name"], name="season_unique_name"),)
        ordering = ("game", "-starts_at")
        permissions = (("close_season", "Can close a season (its board freezes)"),)

    def __str__(self) -> str:
        return f"{self.game}: {self.name}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None

    def covers(self, ended_at: datetime) -> bool:
        """Does a match that ended at ``ended_at`` count on this season's board?"""
        before_end = self.ends_at is None or ended_at < self.ends_at
        before_close = self.closed_at is None or ended_at < self.closed_at
        return self.starts_at <= ended_at and before_end and before_close


class Rating(models.Model):
    """One openskill (Plackett-Luce) rating per player, game and board; ``season`` None: all time."""

    game = models.CharField(max_length=32)
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.CASCADE, related_name="ratings"
    )
    player = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField(default=DEFAULT_MU)
    sigma = models.FloatField(default=DEFAULT_SIGMA)
    ordinal = models.FloatField(default=DEFAULT_MU - 3 * DEFAULT_SIGMA)  # mu - 3 sigma
    matches = models.IntegerField(default=0)
    wins = models.IntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=["game", "player"], condition=Q(season__isnull=True), name="rating_unique_player"
            ),
            models.UniqueConstraint(
                fields=["season", "player"],
                condition=Q(season__isnull=False),
                name="rating_unique_season_player",
            ),
        )
        indexes = (models.Index(fields=["game", "season", "-ordinal", "id"], name="rating_board"),)
        permissions = (("rebuild_leaderboards", "Can rebuild leaderboards from the log"),)

    def __str__(self) -> str:
        return f"{self.game}: player #{self.player_id} {self.ordinal:.2f}"

    @property
    def provisional(self) -> bool:
        """Too few rated matches for the rating to mean much yet (LEADERBOARD_PROVISIONAL_MATCHES)."""
        return self.matches < settings.LEADERBOARD_PROVISIONAL_MATCHES


class RatingChange(models.Model):
    """What one rated match did to one player's rating on one board: the rating history."""

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(max_length=32)
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    rank = models.SmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    ordinal_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()
    ended_at = models.DateTimeField()  # when the match ended: the order the board was built in

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=["match", "player"], condition=Q(season__isnull=True), name="change_unique_all_time"
            ),
            models.UniqueConstraint(
                fields=["match", "player", "season"],
                condition=Q(season__isnull=False),
                name="change_unique_season",
            ),
        )
        indexes = (models.Index(fields=["player", "game", "ended_at"], name="change_history"),)
        ordering = ("ended_at", "match_id", "player_id")

    def __str__(self) -> str:
        return f"match #{self.match_id}, player #{self.player_id}: {self.ordinal_before:.2f} → {self.ordinal_after:.2f}"


class SolitaireBest(models.Model):
    """A player's best solitaire score of a game on a board: the fewest actions (Daredevil Rock)."""

    game = models.CharField(max_length=32)
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="solitaire_bests")
    score = models.FloatField()
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="+")
    ended_at = models.DateTimeField()

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=["game", "player"], condition=Q(season__isnull=True), name="solitaire_unique_player"
            ),
            models.UniqueConstraint(
                fields=["season", "player"], condition=Q(season__isnull=False), name="solitaire_unique_season"
            ),
        )
        indexes = (models.Index(fields=["game", "season", "score", "ended_at"], name="solitaire_board"),)


class Policy(models.Model):
    """What counts on a game's rating boards, as its admins set it; a game without a row counts only
    matches that finished, had no bot and two or more humans. Solitaire matches are never rated (one
    seat has no one to be ranked against): they go to the game's solitaire board instead."""

    game = models.CharField(max_length=32, unique=True)
    count_bot_matches = models.BooleanField(
        default=False, help_text="Rate the humans of matches that had bots (bots are never rated)."
    )
    count_aborted = models.BooleanField(
        default=False, help_text="Rate aborted matches that had started, as a draw among their humans."
    )

    class Meta:
        verbose_name_plural = "policies"

    def __str__(self) -> str:
        return f"{self.game} policy"


class SanctionKind(models.TextChoices):
    HIDE = "HIDE", "hidden from boards (still rated)"
    BAN = "BAN", "banned from boards (not rated; the others of a match are rated without them)"


class Decision(models.Model):
    """What every admin decision about the boards keeps: why, who and when."""

    reason = models.TextField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True


class Sanction(Decision):
    """An admin's decision to keep a player off the boards of a game (blank: every game), kept with who,
    when and why; lifting it keeps it too."""

    player = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="sanctions")
    game = models.CharField(max_length=32, blank=True, help_text="Blank: every game.")
    kind = models.CharField(max_length=8, choices=SanctionKind.choices)
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: player #{self.player_id} ({self.game or 'every game'})"


class Void(Decision):
    """An admin's decision that a match does not count on any board, kept with who, when and why; undoing
    it keeps it too."""

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="voids")
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"void of match #{self.match_id}"
