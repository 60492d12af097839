"""Browser tests: one live server per test session (per xdist worker), one headless Chromium per module.

Fixtures:
- ``web_base``: the server's base URL, "http://127.0.0.1:<port>". A real uvicorn process
  (tests/server.py) in production mode: DEBUG=false, static files collected and served by whitenoise
  as deployed, rate limits off, GraphiQL and introspection on.
- ``browser``: the Playwright Chromium (Debian's /usr/bin/chromium; never `playwright install`), one
  per test module (see the fixture). A module that uses it must hold no async tests.
- ``new_page(allow=())``: a fresh browser context (its own cookies, localStorage and cache) and a page
  in it, whose base URL is the server's (``page.goto("/play/")`` works). Call it once per person in the
  test. Everything that goes wrong in any of them is collected: console errors, uncaught page errors,
  and any request to another origin (blocked, so nothing leaves the machine); the test fails at teardown
  if any occurred. ``allow`` lists regular expressions for console errors a test expects.
- ``page_load(page, path)``: navigates there and returns (and prints) the navigation's timings and
  bytes: the first load of a fresh context has a cold cache.

Without Chromium or Playwright the tests are skipped; under CI=true that is a failure.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.server import fresh_database, running_server

IN_CI = os.environ.get("CI", "").lower() == "true"
HERE = Path(__file__).resolve().parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 15_000

# The navigation's timings (ms from its start) and what it and every resource since cost on the wire.
LOAD_FIGURES = """() => {
  const [navigation] = performance.getEntriesByType("navigation");
  const resources = performance.getEntriesByType("resource");
  const sum = (key) => resources.reduce((total, entry) => total + entry[key], navigation[key]);
  return {
    responseEnd: Math.round(navigation.responseEnd),
    domContentLoaded: Math.round(navigation.domContentLoadedEventEnd),
    load: Math.round(navigation.loadEventEnd),
    requests: 1 + resources.length,
    transferred: sum("transferSize"),
    decoded: sum("decodedBodySize"),
  };
}"""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Every browser test starts the server, like tests/e2e: marked so `-m "not e2e"` leaves them out.
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.e2e)


def unavailable(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"CI=true and the browser tests need {reason}", pytrace=False)
    pytest.skip(f"needs {reason}")


@pytest.fixture(scope="session")
def web_base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("web-server")
    with (
        fresh_database(folder) as database,
        running_server(
            folder,
            database,
            collectstatic=True,
            timers=True,  # bots take their turns when their deadlines fire
            GRAPHQL_IDE="true",
            # GraphiQL reads the schema by introspection (off by default when DEBUG is).
            GRAPHQL_INTROSPECTION="true",
        ) as base,
    ):
        yield base


# One browser per test module, not per session: while Playwright's synchronous API is started, an
# asyncio event loop counts as running in this thread, so the async tests that a worker may run after
# the browser tests (pytest -n, --dist loadfile) could not start theirs. Stopping it at the end of the
# module frees the thread; a browser starts in about a second.
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        unavailable(f"Chromium at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright package (pip install -e '.[dev]')")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@dataclass
class Trouble:
    """What went wrong in a test's pages, reported when the test ends."""

    allow: list[re.Pattern[str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def console(self, message: Any) -> None:
        if message.type != "error":
            return
        text = message.text
        if any(pattern.search(text) for pattern in self.allow):
            return
        where = message.location or {}
        at = f" ({where['url']}:{where.get('lineNumber', '?')})" if where.get("url") else ""
        self.problems.append(f"console error: {text}{at}")

    def page_error(self, error: Any) -> None:
        self.problems.append(f"page error: {error}")

    def off_origin(self, url: str) -> None:
        self.problems.append(f"request off the server's origin (blocked): {url}")


@pytest.fixture
def new_page(browser: Any, web_base: str) -> Iterator[Callable[..., Any]]:
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(web_base))
    ws_origin = origin.replace("http://", "ws://", 1)
    trouble = Trouble()
    contexts: list[Any] = []

    def foreign(url: str) -> bool:
        return not (url.startswith((origin + "/", ws_origin + "/")) or url in (origin, ws_origin))

    def block(route: Any) -> None:
        trouble.off_origin(route.request.url)
        route.abort("blockedbyclient")

    def block_socket(socket: Any) -> None:
        trouble.off_origin(socket.url)
        socket.close()

    def open_page(allow: tuple[str, ...] = ()) -> Any:
        trouble.allow.extend(re.compile(pattern) for pattern in allow)
        context = browser.new_context(base_url=web_base)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        # On the context: they cover every page it opens, popups included.
        context.on("console", trouble.console)
        context.on("weberror", lambda web_error: trouble.page_error(web_error.error))
        context.route(foreign, block)
        context.route_web_socket(foreign, block_socket)
        return context.new_page()

    yield open_page
    for context in contexts:
        with contextlib.suppress(Exception):  # a test that closed it already
            context.close()
    if trouble.problems:
        pytest.fail("the pages reported:\n" + "\n".join(trouble.problems), pytrace=False)


@pytest.fixture
def page_load() -> Callable[[Any, str], dict[str, Any]]:
    def measure(page: Any, path: str) -> dict[str, Any]:
        page.goto(path, wait_until="load")
        page.wait_for_function("() => performance.getEntriesByType('navigation')[0]?.loadEventEnd > 0")
        # Modules the page imports after "load" and its first GraphQL answers count too.
        with contextlib.suppress(Exception):
            page.wait_for_load_state("networkidle", timeout=5_000)
        figures = page.evaluate(LOAD_FIGURES)
        print(
            f"first load of {path}: response end {figures['responseEnd']} ms, DOMContentLoaded"
            f" {figures['domContentLoaded']} ms, load {figures['load']} ms; {figures['requests']}"
            f" requests, {figures['transferred'] / 1000:.1f} kB transferred"
            f" ({figures['decoded'] / 1000:.1f} kB decoded)"
        )
        return figures

    return measure
