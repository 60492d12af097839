"""Players in the admin, read-only: tokens are issued by ``register_player`` and never shown."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import urlencode

from api.common.admin import ReadOnlyMixin
from api.players.models import Player


@admin.register(Player)
class PlayerAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("id", "name", "created_at")
    search_fields = ("name",)
    fields = ("name", "created_at", "token_hash", "rating_history")
    readonly_fields = fields

    @admin.display(description="rating history")
    def rating_history(self, player: Player) -> str:
        """A link, not an inline: the players never import the leaderboards (the layers in pyproject.toml)."""
        board = urlencode({"player__id__exact": player.id, "board": "every"})
        url = f"{reverse('admin:leaderboards_ratingchange_changelist')}?{board}"
        return format_html('<a href="{}">each rated match, before and after</a>', url)
