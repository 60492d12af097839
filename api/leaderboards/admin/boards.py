"""The boards and their history in the admin, read-only (only the projection writes them), and the page
that rebuilds boards from the log."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import URLPattern, path, reverse

from api.common.admin import ReadOnlyMixin
from api.leaderboards import services
from api.leaderboards.admin.forms import form_page, game_choices
from api.leaderboards.models import Rating, RatingChange, Season
from api.leaderboards.projection import EVERY_BOARD
from api.leaderboards.selectors import with_sanction

EVERY_SEASON = "every"
REBUILD = "leaderboards.rebuild_leaderboards"


class BoardFilter(admin.SimpleListFilter):
    """Which board: all time unless a season is chosen, so that a game's list is one board, each player
    once, ranked; or every board at once."""

    title = "board"
    parameter_name = "board"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        seasons = Season.objects.order_by("game", "-starts_at")
        return [*((str(season.id), str(season)) for season in seasons), (EVERY_SEASON, "every board")]

    def choices(self, changelist: Any) -> Any:
        # The "All" that Django puts first is the default here: the all-time board.
        yield {
            "selected": self.value() is None,
            "query_string": changelist.get_query_string(remove=[self.parameter_name]),
            "display": "all time",
        }
        for lookup, title in self.lookup_choices:
            yield {
                "selected": self.value() == lookup,
                "query_string": changelist.get_query_string({self.parameter_name: lookup}),
                "display": title,
            }

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        board = self.value()
        if board is None:
            return queryset.filter(season=None)
        if board == EVERY_SEASON:
            return queryset
        return queryset.filter(season_id=board) if board.isdigit() else queryset.none()


def board_name(season: Season | None) -> str:
    return season.name if season else "all time"


@admin.register(Rating)
class RatingAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = (
        "player", "game", "board", "ordinal", "mu", "sigma", "matches", "wins", "is_provisional", "off_board",
    )  # fmt: skip
    list_filter = ("game", BoardFilter)
    search_fields = ("player__name",)
    ordering = ("game", "-ordinal", "id")
    list_select_related = ("player", "season")
    readonly_fields = ("game", "season", "player", "mu", "sigma", "ordinal", "matches", "wins", "updated_at")
    change_list_template = "admin/leaderboards/rating/change_list.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Rating]:
        return with_sanction(super().get_queryset(request))

    @admin.display(description="board", ordering="season")
    def board(self, rating: Rating) -> str:
        return board_name(rating.season)

    @admin.display(description="provisional", boolean=True)
    def is_provisional(self, rating: Rating) -> bool:
        return rating.provisional

    @admin.display(description="off the board", ordering="sanction")
    def off_board(self, rating: Any) -> str:
        return {"BAN": "banned", "HIDE": "hidden"}.get(rating.sanction, "")

    def has_rebuild_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm(REBUILD)

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> Any:
        extra = {"may_rebuild": self.has_rebuild_permission(request), **(extra_context or {})}
        return super().changelist_view(request, extra)

    def get_urls(self) -> list[URLPattern]:
        rebuild = path(
            "rebuild/", self.admin_site.admin_view(self.rebuild_view), name="leaderboards_rating_rebuild"
        )
        return [rebuild, *super().get_urls()]

    def rebuild_view(self, request: HttpRequest) -> HttpResponse:
        """Rebuild the chosen games' boards from the log (a season's board alone: the Season admin)."""
        if not self.has_rebuild_permission(request):
            raise PermissionDenied
        form = RebuildForm(request.POST if request.method == "POST" else None)
        if not form.is_valid():
            return form_page(request, self, form, title="Rebuild boards")
        board = EVERY_BOARD if form.cleaned_data["board"] == EVERY_SEASON else None
        for game in form.cleaned_data["games"]:
            read = services.rebuild(game=game, season=board)
            self.message_user(request, f"Rebuilt {game} ({form.board_label()}): {read} ended matches read.")
        return HttpResponseRedirect(reverse("admin:leaderboards_rating_changelist"))


class RebuildForm(forms.Form):
    games = forms.MultipleChoiceField(choices=game_choices, widget=forms.CheckboxSelectMultiple)
    board = forms.ChoiceField(choices=[(EVERY_SEASON, "every board"), ("all-time", "the all-time board")])

    def board_label(self) -> str:
        return dict(self.fields["board"].choices)[self.cleaned_data["board"]]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """A player's rating history: each rated match, the rating before and after it (the Player admin
    links here filtered to one player)."""

    list_display = (
        "ended_at", "match", "player", "game", "board", "rank", "ordinal_before", "ordinal_after", "delta",
    )  # fmt: skip
    list_filter = ("game", BoardFilter)
    search_fields = ("player__name", "=match__id")
    ordering = ("-ended_at", "-match_id", "player_id")
    list_select_related = ("player", "season", "match")
    date_hierarchy = "ended_at"

    @admin.display(description="board", ordering="season")
    def board(self, change: RatingChange) -> str:
        return board_name(change.season)

    @admin.display(description="Δ ordinal")
    def delta(self, change: RatingChange) -> str:
        return f"{change.ordinal_after - change.ordinal_before:+.2f}"
