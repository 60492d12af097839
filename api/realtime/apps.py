from django.apps import AppConfig


class RealtimeConfig(AppConfig):
    name = "api.realtime"
    label = "realtime"
    verbose_name = "Realtime"
