"""The forms the leaderboards' admin pages ask with, and the intermediate page of an action that needs a
reason (voiding a match), shared with the matches' admin."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse

from games.registry import REGISTRY

FORM_PAGE = "admin/leaderboards/form.html"
EVERY_GAME = ""


def game_choices() -> list[tuple[str, str]]:
    """The registry's games, read when a form is shown (a game may be registered after import)."""
    return [(key, f"{spec.name} ({key})") for key, spec in sorted(REGISTRY.items())]


def game_or_every_choice() -> list[tuple[str, str]]:
    return [(EVERY_GAME, "every game"), *game_choices()]


class ReasonForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}), help_text="Kept with who did it and when."
    )


def form_page(
    request: HttpRequest, model_admin: admin.ModelAdmin[Any], form: forms.Form, **context: Any
) -> TemplateResponse:
    """A page of the admin that shows ``form`` with the admin's own look."""
    return TemplateResponse(
        request,
        FORM_PAGE,
        {
            **model_admin.admin_site.each_context(request),
            "opts": model_admin.model._meta,
            "form": form,
            **context,
        },
    )


def asked_reason(
    model_admin: admin.ModelAdmin[Any],
    request: HttpRequest,
    queryset: QuerySet[Any],
    *,
    action: str,
    title: str,
) -> str | TemplateResponse:
    """The reason typed on an action's intermediate page; until one is given, that page, which posts the
    same action and selection back with it."""
    form = ReasonForm(request.POST if "reason" in request.POST else None)
    if form.is_valid():
        return str(form.cleaned_data["reason"])
    selected = [str(pk) for pk in queryset.values_list("pk", flat=True)]
    return form_page(
        request, model_admin, form, title=title, action=action, selected=selected, objects=queryset
    )
