"""A person who plays through some frontend, known by a bearer token (stored as its SHA-256 only)."""

from django.db import models


class Player(models.Model):
    id = models.BigAutoField(primary_key=True)
    name = models.CharField(max_length=64)
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)

    def __str__(self) -> str:
        return f"{self.name} (#{self.pk})"
