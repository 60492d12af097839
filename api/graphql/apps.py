from django.apps import AppConfig


class GraphQLConfig(AppConfig):
    name = "api.graphql"
    # Not "graphql": an app label should not shadow the graphql-core library's name.
    label = "graphql_api"
    verbose_name = "GraphQL API"
