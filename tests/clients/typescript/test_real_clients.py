"""Real clients, unmodified, against the real server (one per module: `manage.py serve`, production
mode, with introspection on for the GraphQL-over-HTTP audits that use `__type`). Each test runs one
Node test file of clients/typescript/test/ with the library it names:

- audits: graphql-http's serverAudits, the GraphQL-over-HTTP reference audits: every one ok, no
  warning, no error (`application/graphql-response+json` with the spec's status codes);
- websocket: the official graphql-ws client: a bad token in connection_init fails within 2 s, with
  4401 and INVALID_TOKEN in the reason, and is not retried (nor a token rotated away: TOKEN_REVOKED);
  matchUpdates completes after the final update of a match;
- apollo: Apollo Client 4 keeps the GameView fields only with the generated possibleTypes, a move's
  answer updates the cached view with no refetch, deadlines and cards are not merged across matches,
  and a refused token is a GraphQL error with its code;
- follow: followMatch (src/follow.ts) follows a Daredevil Rock match while the test cuts the socket
  twice; the event seqs seen are exactly 1..N.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clients.typescript.toolchain import compiled, node_test
from tests.server import fresh_database, running_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compiled(tmp_path_factory.mktemp("ts-build"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    where = tmp_path_factory.mktemp("ts-server")
    with (
        fresh_database(where) as database,
        running_server(where, database, GRAPHQL_INTROSPECTION="true") as base,
    ):
        yield base


@pytest.mark.parametrize("name", ["audits", "websocket", "apollo", "follow"])
def test_real_client(build: Path, server: str, name: str) -> None:
    node_test(build, name, server)
