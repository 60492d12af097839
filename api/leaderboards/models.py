"""One openskill (Plackett-Luce) rating per player and game."""

from django.db import models

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


class Rating(models.Model):
    game = models.CharField(max_length=32)
    player = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField(default=DEFAULT_MU)
    sigma = models.FloatField(default=DEFAULT_SIGMA)
    ordinal = models.FloatField(default=DEFAULT_MU - 3 * DEFAULT_SIGMA)  # mu - 3 sigma
    matches = models.IntegerField(default=0)
    wins = models.IntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = (models.UniqueConstraint(fields=["game", "player"], name="rating_unique_player"),)
        indexes = (models.Index(fields=["game", "-ordinal", "id"], name="rating_board"),)

    def __str__(self) -> str:
        return f"{self.game}: player #{self.player_id} {self.ordinal:.2f}"
