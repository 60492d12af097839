from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "api.matches"
    label = "matches"
    verbose_name = "Matches"

    def ready(self) -> None:
        # Wiring, not logic: a due deadline is fired by the services (the timers never import them).
        # And a rebuild of the boards reads the ended matches here (the leaderboards never import them).
        from api.leaderboards import services as leaderboards
        from api.matches import services, standings
        from api.matches.timers import dispatch

        dispatch.fire_with(services.fire_deadline)
        leaderboards.read_ended_with(standings.ended_matches)
