from django.apps import AppConfig


class GraphQLConfig(AppConfig):
    name = "api.graphql"
    # Not "graphql": an app label should not shadow the graphql-core library's name.
    label = "graphql_api"
    verbose_name = "GraphQL API"

    def ready(self) -> None:
        # Wiring: commits made here reach this process's live updates directly (api/graphql/nudges.py).
        from api.graphql.nudges import crowded, offer_commit
        from api.matches import notify

        notify.on_commit_here(offer_commit, crowded)
