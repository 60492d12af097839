"""Bad requests get a typed 4xx (or a coded GraphQL error), never a 500 or an uncoded "Unexpected error."."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from asgiref.sync import sync_to_async
from channels.testing import HttpCommunicator

from api.graphql.schema import build_schema
from api.players.models import Player
from config.asgi import application
from tests.api.graphql.conftest import Caller

pytestmark = pytest.mark.django_db(transaction=True)

REGISTER_THEN_LIST = (
    'mutation Register { registerPlayer(name: "Mallory") { token } } query List { __typename }'
)


def error_codes(response: httpx.Response) -> list[str]:
    assert response.headers["content-type"].startswith("application/json"), response.text
    return [error["extensions"]["code"] for error in response.json()["errors"]]


async def players() -> int:
    return await sync_to_async(Player.objects.count, thread_sensitive=True)()


@pytest.mark.parametrize("body", [b"null", b"5", b"true", b"[]", b'"query"', b"[{}]"])
async def test_a_json_body_that_is_not_an_object_is_a_400(http: httpx.AsyncClient, body: bytes):
    response = await http.post("/graphql/", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert error_codes(response) == ["BAD_REQUEST"]


async def test_malformed_json_is_a_400(http: httpx.AsyncClient):
    response = await http.post(
        "/graphql/", content=b'{"query": ', headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert error_codes(response) == ["INVALID_JSON"]


async def test_malformed_variables_in_a_get_are_a_400(http: httpx.AsyncClient):
    response = await http.get("/graphql/", params={"query": "{ games { key } }", "variables": "{"})
    assert response.status_code == 400
    assert error_codes(response) == ["INVALID_JSON"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
async def test_a_body_that_is_not_json_is_a_415(http: httpx.AsyncClient, content_type: str | None):
    headers = {"content-type": content_type} if content_type else {}
    response = await http.post("/graphql/", content=b'{"query": "{ games { key } }"}', headers=headers)
    assert response.status_code == 415
    assert error_codes(response) == ["UNSUPPORTED_MEDIA_TYPE"]


async def test_a_mutation_over_get_is_a_405_and_changes_nothing(http: httpx.AsyncClient):
    response = await http.get(
        "/graphql/", params={"query": 'mutation { registerPlayer(name: "Eve") { token } }'}
    )
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"
    assert error_codes(response) == ["METHOD_NOT_ALLOWED"]
    assert await players() == 0


async def test_another_method_is_a_405(http: httpx.AsyncClient):
    response = await http.put("/graphql/", json={"query": "{ games { key } }"})
    assert response.status_code == 405
    assert error_codes(response) == ["METHOD_NOT_ALLOWED"]


@pytest.mark.parametrize("method", ["POST", "GET"])
async def test_a_subscription_over_http_is_told_to_use_the_websocket(http: httpx.AsyncClient, method: str):
    query = 'subscription { matchUpdates(matchId: "1") { version } }'
    if method == "POST":
        response = await http.post("/graphql/", json={"query": query})
    else:
        response = await http.get("/graphql/", params={"query": query})
    assert response.status_code == 400
    assert error_codes(response) == ["WEBSOCKET_REQUIRED"]


async def test_several_operations_without_an_operation_name_run_none(http: httpx.AsyncClient):
    response = await http.post("/graphql/", json={"query": REGISTER_THEN_LIST})
    assert response.status_code == 200
    assert error_codes(response) == ["OPERATION_NAME_REQUIRED"]
    assert response.json()["data"] is None
    assert await players() == 0


async def test_several_operations_run_the_one_named(http: httpx.AsyncClient):
    response = await http.post("/graphql/", json={"query": REGISTER_THEN_LIST, "operationName": "List"})
    assert response.json() == {"data": {"__typename": "Query"}}
    assert await players() == 0


async def test_an_unknown_operation_name_is_a_400(http: httpx.AsyncClient):
    response = await http.post("/graphql/", json={"query": REGISTER_THEN_LIST, "operationName": "Nope"})
    assert response.status_code == 400
    assert error_codes(response) == ["OPERATION_NOT_FOUND"]


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"query": 5}, "BAD_REQUEST"),
        ({"query": "{ games { key } }", "variables": []}, "BAD_REQUEST"),
        ({}, "BAD_REQUEST"),
    ],
)
async def test_a_malformed_operation_is_a_400(http: httpx.AsyncClient, payload: dict[str, Any], code: str):
    response = await http.post("/graphql/", json=payload)
    assert response.status_code == 400
    assert error_codes(response) == [code]


@pytest.mark.parametrize(
    ("query", "variables", "code"),
    [
        ("{ games { key }", {}, "GRAPHQL_PARSE_FAILED"),
        ("{ nope }", {}, "GRAPHQL_VALIDATION_FAILED"),
        ("query($id: ID!) { match(id: $id) { id } }", {"id": {"not": "an id"}}, "BAD_USER_INPUT"),
        ("query($id: ID!) { match(id: $id) { id } }", {}, "BAD_USER_INPUT"),
    ],
    ids=["syntax", "validation", "variable-type", "variable-missing"],
)
async def test_graphql_errors_of_a_bad_document_carry_a_code(
    spectator: Caller, query: str, variables: dict[str, Any], code: str
):
    body = await spectator.post(query, variables)
    assert [error["extensions"]["code"] for error in body["errors"]] == [code]


HEADERS_WITH_A_NON_UTF8_BYTE = [
    (b"user-agent", b"caf\xe9 client"),
    (b"accept-language", b"\xff\xfe"),
    (b"x-trace", b"\x80\x81"),
    (b"cookie", b"name=\xe9"),
]


async def raw_request(
    method: str, path: str, headers: list[tuple[bytes, bytes]], body: bytes = b"", query_string: bytes = b""
) -> dict[str, Any]:
    """A request as a server hands it to the application: header values and the query string as the
    client sent them, bytes that are not UTF-8 included."""
    communicator = HttpCommunicator(application, method, path, body=body, headers=headers)
    communicator.scope["query_string"] = query_string  # read once the application starts, below
    return await communicator.get_response(timeout=5)


@pytest.mark.parametrize("header", HEADERS_WITH_A_NON_UTF8_BYTE, ids=lambda h: h[0].decode())
async def test_a_header_that_is_not_utf8_is_read_by_graphql(header: tuple[bytes, bytes]):
    body = json.dumps({"query": "{ __typename }"}).encode()
    response = await raw_request("POST", "/graphql/", [(b"content-type", b"application/json"), header], body)
    assert response["status"] == 200
    assert json.loads(response["body"]) == {"data": {"__typename": "Query"}}


async def test_a_query_string_that_is_not_utf8_is_a_coded_error():
    response = await raw_request("GET", "/graphql/", [], query_string=b"query=%7B\xff%7D")
    assert response["status"] == 200
    assert [error["extensions"]["code"] for error in json.loads(response["body"])["errors"]] == [
        "GRAPHQL_PARSE_FAILED"
    ]


@pytest.mark.parametrize("path", ["/healthz", "/api/matches/1/replay.json"])
@pytest.mark.parametrize("header", HEADERS_WITH_A_NON_UTF8_BYTE, ids=lambda h: h[0].decode())
async def test_a_header_that_is_not_utf8_is_no_500_on_django_routes(path: str, header: tuple[bytes, bytes]):
    response = await raw_request("GET", path, [header])
    assert response["status"] in (200, 404), response


async def first_result(query: Any, operation_name: str | None = None) -> Any:
    """What the WebSocket handler gets first for a `subscribe` message, in production mode."""
    results = await build_schema(debug=False).stream(query, operation_name=operation_name)
    return await anext(results)


@pytest.mark.parametrize(
    ("query", "operation_name", "code"),
    [
        (5, None, "BAD_REQUEST"),
        ("query A { games { key } }", "Z", "OPERATION_NOT_FOUND"),
        ("query A { games { key } } query B { games { name } }", None, "OPERATION_NAME_REQUIRED"),
    ],
    ids=["query-not-a-string", "unknown-operation", "no-operation-name"],
)
async def test_over_the_websocket_a_bad_subscribe_is_coded_not_masked(
    query: Any, operation_name: str | None, code: str
):
    result = await first_result(query, operation_name)
    assert [error.extensions.get("code") for error in result.errors] == [code]
    assert result.errors[0].message != "Unexpected error."
