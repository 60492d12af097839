"""Included by config/urls.py under ``api/``."""

from django.urls import path

from api.matches.views import replay_json

urlpatterns = [
    path("matches/<str:match_id>/replay.json", replay_json, name="replay-json"),
]
