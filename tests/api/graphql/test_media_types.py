"""GraphQL over HTTP's media types: `application/graphql-response+json` with the spec's status codes for
a client that asks for it, `application/json` as before for every other (api/realtime/graphql_http.py,
api/realtime/responses.py). The reference audits run against a real server in
tests/clients/typescript/test_real_clients.py; these are the same rules, one by one."""

from __future__ import annotations

import httpx
import pytest

from api.realtime.responses import GRAPHQL_RESPONSE, JSON, media_type

pytestmark = pytest.mark.django_db(transaction=True)

SPEC = "application/graphql-response+json, application/json;q=0.9"  # Apollo Client's


@pytest.mark.parametrize(
    ("accept", "chosen"),
    [
        (None, JSON),
        ("*/*", JSON),
        ("application/json", JSON),
        (SPEC, GRAPHQL_RESPONSE),
        ("application/graphql-response+json", GRAPHQL_RESPONSE),
        ("application/json, application/graphql-response+json", GRAPHQL_RESPONSE),
        ("application/json, application/graphql-response+json;q=0.5", JSON),
        ("application/graphql-response+json;q=0", JSON),
        ("text/html, application/graphql-response+json;q=bad", JSON),
    ],
)
def test_the_media_type_follows_accept(accept: str | None, chosen: str):
    headers = [] if accept is None else [(b"accept", accept.encode())]
    assert media_type({"headers": headers}) == chosen


async def ask(http: httpx.AsyncClient, query: str, accept: str | None, **headers: str) -> httpx.Response:
    sent = {"content-type": "application/json", **headers, **({"accept": accept} if accept else {})}
    return await http.post("/graphql/", json={"query": query}, headers=sent)


async def test_a_document_that_does_not_parse(http: httpx.AsyncClient):
    spec = await ask(http, "{ games { key }", SPEC)
    assert (spec.status_code, spec.headers["content-type"]) == (400, GRAPHQL_RESPONSE)
    assert "data" not in spec.json() and spec.json()["errors"]
    legacy = await ask(http, "{ games { key }", "application/json")  # as before
    assert (legacy.status_code, legacy.headers["content-type"]) == (200, JSON)
    assert legacy.json()["data"] is None and legacy.json()["errors"]


async def test_an_invalid_document_and_variables_that_do_not_coerce(http: httpx.AsyncClient):
    invalid = await ask(http, "{ games { colour } }", SPEC)
    assert invalid.status_code == 400 and "data" not in invalid.json()
    coerced = await http.post(
        "/graphql/",
        json={"query": "query M($id: ID!) { match(id: $id) { id } }", "variables": {"id": [1]}},
        headers={"accept": SPEC},
    )
    assert coerced.status_code == 400 and "data" not in coerced.json()


async def test_once_execution_started_the_answer_is_200_with_data(http: httpx.AsyncClient):
    answer = await ask(http, '{ leaderboard(game: "no-such-game") { me { rank } } }', SPEC)
    assert (answer.status_code, answer.headers["content-type"]) == (200, GRAPHQL_RESPONSE)
    body = answer.json()
    assert "data" in body and body["errors"][0]["extensions"]["code"] == "UNKNOWN_GAME"


async def test_a_refusal_comes_in_the_media_type_asked_for(http: httpx.AsyncClient):
    for accept, chosen in [(SPEC, GRAPHQL_RESPONSE), ("application/json", JSON), (None, JSON)]:
        refused = await ask(http, "{ me { id } }", accept, authorization="Bearer nope")
        assert (refused.status_code, refused.headers["content-type"]) == (401, chosen)
        assert refused.json()["errors"][0]["extensions"]["code"] == "INVALID_TOKEN"
