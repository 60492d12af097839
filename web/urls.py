"""The pages, included by config/urls.py at the root."""

from django.urls import path

from web import views

app_name = "web"

urlpatterns = [
    path("", views.Landing.as_view(), name="landing"),
    path("replays/", views.Replays.as_view(), name="replays"),
    path("replays/<int:match_id>", views.Replay.as_view(), name="replay"),
    path("play/", views.Play.as_view(), name="play"),
    path("play/<int:match_id>", views.Play.as_view(), name="table"),
]
