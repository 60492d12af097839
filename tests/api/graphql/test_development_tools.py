"""GraphiQL and introspection are settings: on in development, off by default in production."""

from __future__ import annotations

import httpx
import pytest

from tests.api.graphql.conftest import Caller
from tests.fresh_process import PRODUCTION_KEY, run_python

pytestmark = pytest.mark.django_db(transaction=True)

BROWSER = {"accept": "text/html,application/xhtml+xml"}


async def test_graphiql_is_served_when_on(http: httpx.AsyncClient, settings):
    settings.GRAPHQL_IDE = True
    response = await http.get("/graphql/", headers=BROWSER)
    assert response.status_code == 200
    assert "GraphiQL" in response.text


async def test_graphiql_is_a_404_when_off(http: httpx.AsyncClient, settings):
    settings.GRAPHQL_IDE = False
    response = await http.get("/graphql/", headers=BROWSER)
    assert response.status_code == 404
    assert response.json()["errors"][0]["extensions"]["code"] == "NOT_FOUND"


INTROSPECTION = ["{ __schema { queryType { name } } }", '{ __type(name: "Query") { name } }']


@pytest.mark.parametrize("query", INTROSPECTION)
async def test_introspection_answers_when_on(spectator: Caller, settings, query: str):
    settings.GRAPHQL_INTROSPECTION = True
    body = await spectator.post(query)
    assert "errors" not in body


@pytest.mark.parametrize(
    "query", [*INTROSPECTION, "{ games { key } } fragment S on Query { __schema { types { name } } }"]
)
async def test_introspection_is_refused_when_off(spectator: Caller, settings, query: str):
    settings.GRAPHQL_INTROSPECTION = False
    body = await spectator.post(query)
    assert body["data"] is None
    assert "INTROSPECTION_DISABLED" in {error["extensions"]["code"] for error in body["errors"]}


async def test_typename_is_allowed_when_introspection_is_off(spectator: Caller, settings):
    settings.GRAPHQL_INTROSPECTION = False
    body = await spectator.post("{ __typename games { __typename } }")
    assert body["data"]["__typename"] == "Query" and "errors" not in body
    assert body["data"]["games"] and all(game == {"__typename": "GameInfo"} for game in body["data"]["games"])


def settings_with(debug: str) -> list[str]:
    """GRAPHQL_IDE and GRAPHQL_INTROSPECTION as a fresh process with DEBUG=`debug` reads them."""
    script = "from django.conf import settings; print(settings.GRAPHQL_IDE, settings.GRAPHQL_INTROSPECTION)"
    drop = ("GRAPHQL_IDE", "GRAPHQL_INTROSPECTION")
    return run_python(script, drop=drop, DEBUG=debug, SECRET_KEY=PRODUCTION_KEY).stdout.split()


def test_both_are_on_by_default_in_development_and_off_in_production():
    assert settings_with(debug="true") == ["True", "True"]
    assert settings_with(debug="false") == ["False", "False"]
