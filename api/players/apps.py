from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "api.players"
    label = "players"
    verbose_name = "Players"
