from django.apps import AppConfig


class BenchConfig(AppConfig):
    """Holds ``manage.py benchmark`` only: no models, no URLs, nothing the service runs."""

    name = "api.bench"
    label = "bench"
    verbose_name = "Benchmark"
