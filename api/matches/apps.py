from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "api.matches"
    label = "matches"
    verbose_name = "Matches"

    def ready(self) -> None:
        # Wiring, not logic: a due deadline is fired by the services (the timers never import them).
        from api.matches import services
        from api.matches.timers import dispatch

        dispatch.fire_with(services.fire_deadline)
