from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "api.matches"
    label = "matches"
    verbose_name = "Matches"
