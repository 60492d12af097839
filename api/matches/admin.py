"""Matches in the admin: read-only views of the log; the only writes are "Abort" and "Void from
leaderboards", through the services."""

from __future__ import annotations

import json

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.html import format_html

from api.common.admin import ReadOnlyMixin
from api.common.errors import ServiceError
from api.leaderboards import services as leaderboards
from api.leaderboards.admin.forms import asked_reason
from api.leaderboards.models import Void
from api.matches import services
from api.matches.models import Match, MatchDeadline, MatchEvent, Seat


class SeatInline(ReadOnlyMixin, admin.TabularInline):
    model = Seat
    fields = ("index", "player", "is_bot", "bot_level")
    readonly_fields = fields
    extra = 0


class DeadlineInline(ReadOnlyMixin, admin.TabularInline):
    model = MatchDeadline
    fields = ("deadline_id", "kind", "at_ms")
    readonly_fields = fields
    extra = 0


class EventInline(ReadOnlyMixin, admin.TabularInline):
    model = MatchEvent
    fields = ("seq", "type", "seat", "at", "event_data")
    readonly_fields = fields
    ordering = ("seq",)
    extra = 0

    @admin.display(description="data")
    def event_data(self, event: MatchEvent) -> str:
        return format_html("<pre>{}</pre>", json.dumps(event.data, indent=2, sort_keys=True))


@admin.register(Match)
class MatchAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("id", "game", "status", "version", "created_at", "finished_at")
    list_filter = ("game", "status")
    search_fields = ("=id",)
    readonly_fields = (
        "game", "status", "version", "host", "options", "seed", "outcome",
        "created_at", "updated_at", "finished_at",
    )  # fmt: skip
    inlines = (SeatInline, DeadlineInline, EventInline)
    actions = ("abort_selected", "void_selected")

    def has_abort_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("matches.change_match")

    @admin.action(description="Abort selected matches", permissions=["abort"])
    def abort_selected(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        aborted = 0
        for match_id in queryset.values_list("id", flat=True):
            try:
                services.abort_match(match_id=match_id)
            except ServiceError as error:
                self.message_user(request, f"Match {match_id}: {error.message}", messages.ERROR)
                continue
            aborted += 1
        self.message_user(request, f"Aborted {aborted} match(es).", messages.SUCCESS)

    def has_void_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("leaderboards.add_void")

    @admin.action(description="Void from leaderboards", permissions=["void"])
    def void_selected(self, request: HttpRequest, queryset: QuerySet[Match]) -> TemplateResponse | None:
        """Asks why on a page of its own, then takes each match off every board (its game's boards
        rebuilt without it); a match voided already is left as it is."""
        reason = asked_reason(self, request, queryset, action="void_selected", title="Void from leaderboards")
        if isinstance(reason, TemplateResponse):
            return reason
        voided = 0
        for match in queryset.exclude(id__in=Void.objects.filter(undone_at__isnull=True).values("match_id")):
            leaderboards.void(match=match, reason=reason, by=request.user)
            voided += 1
        self.message_user(request, f"Voided {voided} match(es) from the leaderboards.", messages.SUCCESS)
        return None


@admin.register(Seat)
class SeatAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("match", "index", "player", "is_bot", "bot_level")
    list_filter = ("is_bot", "match__game")
    search_fields = ("player__name", "=match__id")
    list_select_related = ("match", "player")
