"""Django (plain HTTP) routes.

/graphql/ is not here: config/asgi.py routes it to the strawberry consumer before Django sees it.
"""

from django.contrib import admin
from django.urls import include, path

from api.common import admin_login
from api.health import healthz

urlpatterns = [
    # Before the admin's own routes, which it replaces: attempts are throttled before any hashing.
    path("admin/login/", admin_login.login, name="admin_login"),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # The replay export: GET /api/matches/<id>/replay.json
    path("api/", include("api.matches.urls")),
    # The pages: /, /replays/, /replays/<id>, /play/, /play/<id>.
    path("", include("web.urls")),
]
