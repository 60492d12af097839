from django.apps import AppConfig


class RealtimeConfig(AppConfig):
    name = "api.realtime"
    label = "realtime"
    verbose_name = "Realtime"

    def ready(self) -> None:
        # The players and the leaderboards decide when a player's sockets must close (a token rotated or
        # revoked, a ban); closing them is ours. They sit below the transports (the layers in
        # pyproject.toml), so the closer is handed down rather than imported.
        from api.common import sockets
        from api.realtime.kick import disconnect_player_sync

        sockets.close_with(disconnect_player_sync)
