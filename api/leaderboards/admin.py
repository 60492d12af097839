"""Ratings in the admin, read-only: they change only when a rated match finishes."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from api.leaderboards.models import Rating


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("player", "game", "ordinal", "mu", "sigma", "matches", "wins", "updated_at")
    list_filter = ("game",)
    search_fields = ("player__name",)
    ordering = ("game", "-ordinal")
    list_select_related = ("player",)
    readonly_fields = ("game", "player", "mu", "sigma", "ordinal", "matches", "wins", "updated_at")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
