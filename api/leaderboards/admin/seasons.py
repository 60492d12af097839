"""Seasons and per-game policies in the admin: what each board counts. Opening a season, closing one and
changing a policy go through the services (a change to what counts rebuilds the boards it touches)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from api.leaderboards import services
from api.leaderboards.admin.boards import REBUILD
from api.leaderboards.admin.forms import game_choices
from api.leaderboards.models import Policy, Season


class SeasonForm(forms.ModelForm):
    game = forms.ChoiceField(choices=game_choices)

    class Meta:
        model = Season
        fields = ("game", "name", "starts_at", "ends_at")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        starts_at, ends_at = cleaned.get("starts_at"), cleaned.get("ends_at")
        if starts_at and ends_at and not starts_at < ends_at:
            self.add_error("ends_at", "A season ends after it starts.")
        return cleaned


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    """A season is added with its dates; after that only its name may change, since its dates decide
    which matches its board counted. It is closed, never reopened nor deleted: a closed board is a
    result (a reopened one would take in the matches that ended while it was closed)."""

    form = SeasonForm
    list_display = ("name", "game", "starts_at", "ends_at", "closed_at", "closed_by", "board")
    list_filter = ("game", ("closed_at", admin.EmptyFieldListFilter))
    search_fields = ("name",)
    actions = ("close_selected", "rebuild_selected")

    def get_readonly_fields(self, request: HttpRequest, obj: Season | None = None) -> tuple[str, ...]:
        return ("game", "starts_at", "ends_at", "closed_at", "closed_by") if obj else ()

    def has_delete_permission(self, request: HttpRequest, obj: Season | None = None) -> bool:
        return False

    @admin.display(description="board")
    def board(self, season: Season) -> str:
        url = reverse("admin:leaderboards_rating_changelist")
        return format_html('<a href="{}?board={}">ratings</a>', url, season.id)

    def save_model(self, request: HttpRequest, obj: Season, form: Any, change: bool) -> None:
        if change:
            obj.save(update_fields=["name"])
            return
        opened = services.open_season(
            game=obj.game, name=obj.name, starts_at=obj.starts_at, ends_at=obj.ends_at
        )
        obj.pk = opened.pk

    def has_close_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("leaderboards.close_season")

    @admin.action(description="Close selected seasons (their boards freeze)", permissions=["close"])
    def close_selected(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        for season in queryset:
            if services.close_season(season, by=request.user):
                self.message_user(request, f"Closed {season}: its board is frozen.")
            else:
                self.message_user(request, f"{season} was closed already.", messages.WARNING)

    def has_rebuild_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm(REBUILD)

    @admin.action(description="Rebuild selected seasons' boards from the log", permissions=["rebuild"])
    def rebuild_selected(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        for season in queryset:
            read = services.rebuild(game=season.game, season=season)
            self.message_user(request, f"Rebuilt {season}: {read} ended matches read.")


class PolicyForm(forms.ModelForm):
    game = forms.ChoiceField(choices=game_choices)

    class Meta:
        model = Policy
        fields = ("game", "count_bot_matches", "count_aborted")


@admin.register(Policy)
class PolicyAdmin(admin.ModelAdmin):
    """What counts on a game's boards; saving one rebuilds the game's boards, since it changes what every
    past match counted."""

    form = PolicyForm
    list_display = ("game", "count_bot_matches", "count_aborted")

    def get_readonly_fields(self, request: HttpRequest, obj: Policy | None = None) -> tuple[str, ...]:
        return ("game",) if obj else ()  # another game's boards would be left as the old policy built them

    def has_delete_permission(self, request: HttpRequest, obj: Policy | None = None) -> bool:
        return False  # no policy counts as both boxes unchecked: uncheck them (deleting would not rebuild)

    def save_model(self, request: HttpRequest, obj: Policy, form: Any, change: bool) -> None:
        services.set_policy(obj)
        self.message_user(request, f"Rebuilt the boards of {obj.game} under its new policy.")
