"""A person who plays through some frontend, known by a bearer token (stored as its SHA-256 only)."""

from django.db import models
from django.utils import timezone


class Player(models.Model):
    id = models.BigAutoField(primary_key=True)
    name = models.CharField(max_length=64)
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When the token was last seen, to the hour (api/players/selectors.py): past TOKEN_IDLE_DAYS it expires.
    token_used_at = models.DateTimeField(default=timezone.now)
    # When an admin last revoked the player's tokens: kept to say so, the old hash itself is gone.
    tokens_revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("id",)
        permissions = (("revoke_tokens", "Can revoke players' tokens (and issue new ones)"),)

    def __str__(self) -> str:
        return f"{self.name} (#{self.pk})"
