from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    name = "api.leaderboards"
    label = "leaderboards"
    verbose_name = "Leaderboards"
