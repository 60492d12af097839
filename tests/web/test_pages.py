"""The site as a browser sees it, served as deployed (DEBUG=false, static files collected): the landing
page and its links, GraphiQL working offline, the admin with its styles, static files compressed and
cached. Every page here is checked by ``new_page`` for console errors and off-origin requests."""

from __future__ import annotations

import re
import urllib.parse

import httpx
import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAMES_QUERY = "{ games { key name } }"
# Whitenoise's Cache-Control for a file whose name carries its content's hash: ten years, immutable.
FOREVER = "max-age=315360000, public, immutable"


def test_the_landing_page_links_the_table_the_replays_graphiql_and_the_admin(new_page, page_load):
    page = new_page()
    figures = page_load(page, "/")
    assert figures["requests"] < 40, "a page load stays well under the per-address rate limit (60/s)"
    assert page.title()
    main = page.locator("main#app")
    for name, href in (
        ("table", "/play/"),
        ("replays", "/replays/"),
        ("GraphiQL", "/graphql/"),
        ("admin", "/admin/"),
    ):
        assert main.locator(f"a[href='{href}']").count() >= 1, f"no link to the {name} ({href})"


def test_graphiql_runs_a_query_from_vendored_files_only(new_page, web_base):
    page = new_page()
    scripts: list[str] = []
    page.on(
        "request", lambda request: scripts.append(request.url) if request.resource_type == "script" else None
    )
    page.goto("/graphql/?q=" + urllib.parse.quote(GAMES_QUERY))
    run = page.locator("button.graphiql-execute-button")
    run.click()
    result = page.locator(".graphiql-response")
    result.get_by_text('"daredevil-rock"').wait_for()
    for key in ("boulder-bluff", "cactus-card-game", "cliffs-n-cactuses", "racesmack"):
        assert f'"{key}"' in result.inner_text()
    assert any("/static/web/vendor/graphiql/graphiql.min" in url for url in scripts)
    assert all(url.startswith(web_base + "/static/") for url in scripts), scripts


def test_the_admin_login_page_has_its_styles(new_page):
    page = new_page()
    page.goto("/admin/login/")
    sheets = page.evaluate(
        "() => [...document.styleSheets].filter((s) => s.href).map((s) => [s.href, s.cssRules.length])"
    )
    admin = [(href, rules) for href, rules in sheets if "/static/admin/css/" in href]
    assert admin and all(rules > 0 for _href, rules in admin), sheets
    # The admin's own colours, not the browser's defaults.
    assert page.locator("#header").evaluate("e => getComputedStyle(e).backgroundColor") != "rgba(0, 0, 0, 0)"


def test_static_files_are_served_compressed_and_cached(web_base):
    page = httpx.get(f"{web_base}/").text
    # The import map names the collected files by their hashed names; the modules they import by
    # relative URL keep their plain names.
    hashed = re.search(r'"preact": "(/static/web/vendor/preact/preact\.module\.[0-9a-f]{12}\.js)"', page)
    assert hashed, "the import map names preact by its hashed name"
    compressed = {"Accept-Encoding": "gzip, br"}
    response = httpx.get(web_base + hashed.group(1), headers=compressed)
    assert response.status_code == 200
    assert response.headers["content-encoding"] in ("gzip", "br")
    assert response.headers["cache-control"] == FOREVER
    assert response.headers["content-type"].startswith("text/javascript")
    assert "export" in response.text

    plain = httpx.get(f"{web_base}/static/web/vendor/graphql-ws/graphql-ws.js", headers=compressed)
    assert plain.status_code == 200
    assert plain.headers["content-encoding"] in ("gzip", "br")
    assert re.fullmatch(r"max-age=\d+, public", plain.headers["cache-control"])
    again = httpx.get(plain.url, headers={**compressed, "If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304
