"""Django (plain HTTP) routes.

/graphql/ is not here: config/asgi.py routes it to the strawberry consumer before Django sees it.
"""

from django.contrib import admin
from django.urls import path

from api.health import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # --- Added by others: the replay export, e.g.
    # path("api/matches/<str:match_id>/replay.json", replay_json, name="replay-json"),
]
