"""Ratings in the admin, read-only: they change only when a rated match finishes."""

from __future__ import annotations

from django.contrib import admin

from api.common.admin import ReadOnlyMixin
from api.leaderboards.models import Rating


@admin.register(Rating)
class RatingAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("player", "game", "ordinal", "mu", "sigma", "matches", "wins", "updated_at")
    list_filter = ("game",)
    search_fields = ("player__name",)
    ordering = ("game", "-ordinal")
    list_select_related = ("player",)
    readonly_fields = ("game", "player", "mu", "sigma", "ordinal", "matches", "wins", "updated_at")
