"""WSGI entry point, for `manage.py` tooling and admin-only deployments; the service itself is ASGI."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()
