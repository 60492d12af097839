"""The pages: each one a template and the ES module that draws it (static/web/app/<page>.js).

No data access here: a page talks to the GraphQL API like any other client. The server passes a page
only what it knows and the page cannot: where the API is, whether GraphiQL is on, the match of the route.
"""

from typing import Any

from django.conf import settings
from django.views.generic import TemplateView

# Routed by config/asgi.py straight to the strawberry consumer, so it has no Django URL name.
GRAPHQL_URL = "/graphql/"


class Page(TemplateView):
    page = ""  # the module static/web/app/<page>.js that draws the page
    title = "Cliffside"

    def get_template_names(self) -> list[str]:
        return [self.template_name or f"web/{self.page}.html"]

    def get_title(self, match_id: int | None) -> str:
        return self.title

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        match_id = kwargs.get("match_id")
        context.update(
            page=self.page,
            script=f"web/app/{self.page}.js",
            title=self.get_title(match_id),
            graphql_url=GRAPHQL_URL,
            graphiql=settings.GRAPHQL_IDE,
            match_id=match_id,
        )
        return context


class Landing(Page):
    page = "landing"


class Replays(Page):
    page = "replays"
    title = "Replays · Cliffside"


class Replay(Page):
    page = "replay"

    def get_title(self, match_id: int | None) -> str:
        return f"Replay of match {match_id} · Cliffside"


class Play(Page):
    page = "play"

    def get_title(self, match_id: int | None) -> str:
        return "Play · Cliffside" if match_id is None else f"Match {match_id} · Cliffside"
