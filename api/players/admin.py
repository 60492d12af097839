"""Players in the admin, read-only: tokens are issued by ``register_player`` and never shown."""

from __future__ import annotations

from django.contrib import admin

from api.common.admin import ReadOnlyMixin
from api.players.models import Player


@admin.register(Player)
class PlayerAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("id", "name", "created_at")
    search_fields = ("name",)
    fields = ("name", "created_at", "token_hash")
    readonly_fields = fields
