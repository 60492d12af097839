"""Sanctions and voids in the admin: added and lifted (undone) through the services, which rebuild the
boards they touch; never edited nor deleted, so that who did what, when and why stays on record."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from api.leaderboards import services
from api.leaderboards.admin.forms import game_or_every_choice
from api.leaderboards.models import Sanction, Void


class DecisionAdmin(admin.ModelAdmin):
    """Added, then only viewed: a decision is undone by an action that marks it so, never by an edit."""

    asked: tuple[str, ...] = ()  # what the add page asks; who and when are the services' to fill in

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return self.asked if obj is None else [field.name for field in self.model._meta.fields][1:]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return () if obj is None else self.get_fields(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SanctionForm(forms.ModelForm):
    game = forms.ChoiceField(choices=game_or_every_choice, required=False)

    class Meta:
        model = Sanction
        fields = ("player", "game", "kind", "reason")


@admin.register(Sanction)
class SanctionAdmin(DecisionAdmin):
    form = SanctionForm
    asked = ("player", "game", "kind", "reason")
    list_display = (
        "player",
        "kind",
        "board_games",
        "reason",
        "created_by",
        "created_at",
        "lifted_at",
        "lifted_by",
    )
    list_filter = ("kind", "game", ("lifted_at", admin.EmptyFieldListFilter))
    search_fields = ("player__name", "reason")
    list_select_related = ("player", "created_by", "lifted_by")
    raw_id_fields = ("player",)
    actions = ("lift_selected",)

    @admin.display(description="game", ordering="game")
    def board_games(self, sanction: Sanction) -> str:
        return sanction.game or "every game"

    def save_model(self, request: HttpRequest, obj: Sanction, form: Any, change: bool) -> None:
        made = services.sanction(
            player=obj.player, game=obj.game, kind=obj.kind, reason=obj.reason, by=request.user
        )
        obj.pk = made.pk

    def has_lift_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("leaderboards.change_sanction")

    @admin.action(description="Lift selected sanctions (kept on record)", permissions=["lift"])
    def lift_selected(self, request: HttpRequest, queryset: QuerySet[Sanction]) -> None:
        lifted = 0
        for sanction in queryset.filter(lifted_at__isnull=True):
            services.lift(sanction, by=request.user)
            lifted += 1
        self.message_user(request, f"Lifted {lifted} sanction(s).", messages.SUCCESS)


@admin.register(Void)
class VoidAdmin(DecisionAdmin):
    """Voids are also made from the Match admin's action "Void from leaderboards"."""

    list_display = ("match", "game", "reason", "created_by", "created_at", "undone_at", "undone_by")
    list_filter = ("match__game", ("undone_at", admin.EmptyFieldListFilter))
    search_fields = ("=match__id", "reason")
    list_select_related = ("match", "created_by", "undone_by")
    raw_id_fields = ("match",)
    asked = ("match", "reason")
    actions = ("undo_selected",)

    @admin.display(description="game", ordering="match__game")
    def game(self, void: Void) -> str:
        return void.match.game

    def save_model(self, request: HttpRequest, obj: Void, form: Any, change: bool) -> None:
        obj.pk = services.void(match=obj.match, reason=obj.reason, by=request.user).pk

    def has_undo_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("leaderboards.change_void")

    @admin.action(description="Undo selected voids (kept on record)", permissions=["undo"])
    def undo_selected(self, request: HttpRequest, queryset: QuerySet[Void]) -> None:
        undone = 0
        for void in queryset.filter(undone_at__isnull=True).select_related("match"):
            services.undo(void, by=request.user)
            undone += 1
        self.message_user(request, f"Undid {undone} void(s).", messages.SUCCESS)
