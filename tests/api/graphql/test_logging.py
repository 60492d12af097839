"""Expected GraphQL errors are one INFO line each; a bug is logged once, at ERROR, without frame locals."""

from __future__ import annotations

import json
import logging

import pytest

from api.realtime.protocol import LimitedTransportWSHandler
from tests.api.graphql.conftest import Caller
from tests.fresh_process import PRODUCTION_KEY, run_python

pytestmark = pytest.mark.django_db(transaction=True)


def graphql_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name.startswith(("api.graphql", "strawberry"))]


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("{ nope }", "GRAPHQL_VALIDATION_FAILED"),
        ('mutation { registerPlayer(name: "") { token } }', "INVALID_NAME"),
        ("{ games { key }", "GRAPHQL_PARSE_FAILED"),
    ],
    ids=["validation", "raised-on-purpose", "syntax"],
)
async def test_an_expected_error_is_one_info_line_without_a_traceback(
    spectator: Caller, caplog: pytest.LogCaptureFixture, query: str, code: str
):
    caplog.set_level(logging.INFO)
    body = await spectator.post(query)
    assert body["errors"][0]["extensions"]["code"] == code
    records = graphql_records(caplog)
    assert [record.levelno for record in records] == [logging.INFO]
    assert records[0].exc_info is None
    assert "exc_info" not in records[0].msg
    assert records[0].msg["code"] == code


async def test_a_bug_is_logged_once_at_error_with_its_traceback(
    spectator: Caller, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
):
    def broken() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("api.graphql.queries.all_games", broken)
    caplog.set_level(logging.INFO)
    await spectator.post("{ games { key } }")
    records = graphql_records(caplog)
    assert [record.levelno for record in records] == [logging.ERROR]
    assert isinstance(records[0].msg["exc_info"], RuntimeError)  # structlog renders its traceback


SCRIPT = """
import django
import structlog

django.setup()


def fail():
    password = "hunter2"
    raise RuntimeError("boom " + password[:0])


try:
    fail()
except RuntimeError as error:
    structlog.get_logger("api.graphql.request_errors").error("graphql_unexpected_error", exc_info=error)
"""


def test_a_production_traceback_shows_no_frame_locals():
    run = run_python(SCRIPT, DEBUG="false", SECRET_KEY=PRODUCTION_KEY)
    line = json.loads(run.stderr.strip().splitlines()[-1])
    assert line["event"] == "graphql_unexpected_error"
    (exception,) = line["exception"]
    assert exception["exc_value"] == "boom "
    assert [frame["name"] for frame in exception["frames"]] == ["<module>", "fail"]
    assert all("locals" not in frame for frame in exception["frames"])
    assert "hunter2" not in run.stderr


class _Gone(OSError):
    """What uvicorn raises when an operation sends to a socket its client has closed."""


@pytest.mark.parametrize(("error", "level"), [(_Gone(), logging.INFO), (ValueError("a bug"), logging.ERROR)])
async def test_a_client_that_left_mid_send_is_an_info_line_and_a_bug_an_error(
    caplog: pytest.LogCaptureFixture, error: Exception, level: int
):
    caplog.set_level(logging.INFO)
    handler = object.__new__(LimitedTransportWSHandler)  # only the logging is under test

    await handler.handle_task_exception(error)

    records = [r for r in caplog.records if r.name.startswith(("api.realtime", "strawberry"))]
    assert [record.levelno for record in records] == [level]
