"""Players in the admin, read-only but for one action: "Revoke tokens". Tokens are issued by the
services and shown once, never stored in clear."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.html import format_html
from django.utils.http import urlencode

from api.common.admin import ReadOnlyMixin
from api.players import services
from api.players.models import Player


@admin.register(Player)
class PlayerAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("id", "name", "created_at", "token_used_at")
    search_fields = ("name",)
    fields = ("name", "created_at", "token_hash", "token_used_at", "tokens_revoked_at", "rating_history")
    readonly_fields = fields
    actions = ("revoke_tokens",)

    @admin.display(description="rating history")
    def rating_history(self, player: Player) -> str:
        """A link, not an inline: the players never import the leaderboards (the layers in pyproject.toml)."""
        board = urlencode({"player__id__exact": player.id, "board": "every"})
        url = f"{reverse('admin:leaderboards_ratingchange_changelist')}?{board}"
        return format_html('<a href="{}">each rated match, before and after</a>', url)

    def has_revoke_tokens_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("players.revoke_tokens")

    @admin.action(description="Revoke tokens (and issue new ones, shown once)", permissions=["revoke_tokens"])
    def revoke_tokens(self, request: HttpRequest, queryset: QuerySet[Player]) -> TemplateResponse:
        issued = services.revoke_tokens(player_ids=queryset.values_list("pk", flat=True))
        context = {**self.admin_site.each_context(request), "opts": self.opts, "title": "Tokens revoked"}
        page = TemplateResponse(request, "admin/players/revoked_tokens.html", {**context, "issued": issued})
        add_never_cache_headers(page)  # the new tokens must not outlive this one answer in any cache
        return page
