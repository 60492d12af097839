"""Every game, in a real browser: a player registers, creates a short match, seats bots, starts and plays
the whole match by clicking the legal moves drawn on the table, while a spectator is sent every move (every event) and its table follows to the end;
then the replay viewer steps through it and the replay list shows it with its summary.

The player picks among the clickable moves with a random.Random seeded by the game, so a run is
repeatable as far as the bots' timing lets it be.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.core.options import BoolOption, ChoiceOption, IntOption
from games.registry import REGISTRY
from tests.e2e.contract import short_options

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

MAX_CLICKS = 1500
WAIT_MS = 60_000  # the longest quiet spell of a short match (a timed phase nobody ends early)
TABLE = "section.game-table"
MOVES = f"{TABLE} [data-move]:not([disabled])"

# Options that keep a match short and its waits brief, for whichever game has them (by name, so a new
# game's options need no change here unless it adds a long timer of its own).
BRIEF = {
    "stopSeconds": 1,  # a STOP window nobody answers closes fast
    "snakeSeconds": 1,
    "revealSeconds": 0,  # resolution without pauses
    "start": "600",  # the rulebook's "short on time?" start
    "opening": "random",  # no rock-paper-scissors round to open
    "botTapMs": 200,
    "tapSeconds": 3,
}

# Records every version a table shows, in order, as the page draws it (not only when the test looks).
RECORD_VERSIONS = """
window.__versions = [];
new MutationObserver(() => {
  const table = document.querySelector("section.game-table");
  const version = table && Number(table.dataset.version);
  if (table && Number.isInteger(version) && window.__versions.at(-1) !== version) window.__versions.push(version);
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-version"] });
// And every event the page's subscriptions delivered (graphql-ws uses the global WebSocket). Updates may
// bring several versions at once when a reader lags, so versions can be skipped; events never are.
window.__seqs = [];
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (message) => {
      const data = JSON.parse(message.data);
      const update = data.type === "next" && data.payload?.data?.matchUpdates;
      if (update) window.__seqs.push(...update.events.map((event) => event.seq));
    });
  }
};
"""

# The table's state as the test compares it: the version and the moves on offer.
TABLE_STATE = """() => {
  const table = document.querySelector("section.game-table");
  if (!table) return null;
  const moves = [...table.querySelectorAll("[data-move]")].map((b) => b.dataset.move + (b.disabled ? "~" : ""));
  return { version: Number(table.dataset.version), legal: Number(table.dataset.moves), moves: moves.join("|"),
    refusal: document.querySelector(".refusal [role=alert]")?.textContent || "" };
}"""


def match_options(game: str) -> dict[str, Any]:
    spec = REGISTRY[game]
    names = {option.name: option for option in spec.options.fields}
    brief = {name: value for name, value in BRIEF.items() if name in names}
    return {**brief, **short_options(spec)}


def fill_options(page: Any, game: str, options: dict[str, Any]) -> None:
    fields = {option.name: option for option in REGISTRY[game].options.fields}
    for name, value in options.items():
        field = page.locator(f"form.create [name={name}]")
        option = fields[name]
        if isinstance(option, BoolOption):
            field.set_checked(bool(value))
        elif isinstance(option, ChoiceOption):
            field.select_option(str(value))
        elif isinstance(option, IntOption):
            field.fill("" if value is None else str(value))


def register_and_create(page: Any, game: str) -> str:
    """On /play/: choose a name, then create a match of `game` with brief options; its id."""
    page.get_by_label("Choose a name to play").fill(f"Tester {game}")
    page.get_by_role("button", name="Play as this name").click()
    page.get_by_text("Playing as").wait_for()
    page.locator("form.create select[name=game]").select_option(game)
    fill_options(page, game, match_options(game))
    page.get_by_role("button", name="Create match").click()
    page.wait_for_url(re.compile(r"/play/\d+$"))
    return page.url.rsplit("/", 1)[1]


def seat_bots(page: Any, game: str) -> None:
    seats = page.locator(".table-header .seats > li")
    seats.first.wait_for()
    for count in range(2, REGISTRY[game].min_players + 1):
        page.get_by_role("button", name="Add bot").click()
        page.wait_for_function(f"document.querySelectorAll('.table-header .seats > li').length >= {count}")


def start(page: Any) -> None:
    page.get_by_role("button", name="Start match").click()
    page.locator(TABLE).wait_for()


def finished(page: Any) -> bool:
    return page.locator(".outcome").count() > 0


def play_whole_match(page: Any, game: str) -> int:
    """Click legal moves until the match is over; return the number of clicks."""
    choose = random.Random(game)
    clicks = 0
    while not finished(page):
        assert clicks < MAX_CLICKS, f"{game}: the match did not finish in {MAX_CLICKS} clicks"
        state = page.evaluate(TABLE_STATE)
        labels = page.locator(MOVES).evaluate_all("(buttons) => buttons.map((b) => b.dataset.move)")
        if state["legal"] and not labels:
            # The moves and their buttons are drawn in one render: none clickable is the module's bug.
            page.wait_for_timeout(300)
            if page.evaluate(TABLE_STATE) == state and not page.locator(MOVES).count():
                pytest.fail(
                    f"{game}: {state['legal']} legal moves at version {state['version']}, none clickable"
                )
            continue
        if state["legal"]:
            if not click_move(page, choose.choice(labels)):
                continue  # the table changed under the pointer (a bot, a timer): look again
            clicks += 1
        wait_for_change(page, state)
    return clicks


def click_move(page: Any, label: str) -> bool:
    button = page.locator(f"{TABLE} [data-move={json.dumps(label)}]:not([disabled])").first
    try:
        button.click(timeout=2_000)
    except PlaywrightTimeout:
        return False
    return True


def wait_for_change(page: Any, before: dict[str, Any]) -> None:
    """Until the version or the moves on offer change, a refusal shows, or the match ends."""
    page.wait_for_function(
        f"""(before) => {{
            if (document.querySelector(".outcome")) return true;
            const now = ({TABLE_STATE})();
            return now && (now.version !== before.version || now.moves !== before.moves
              || (now.refusal && now.refusal !== before.refusal));
        }}""",
        arg=before,
        timeout=WAIT_MS,
    )


def server_version(page: Any) -> int:
    """The match's version as the service has it now, asked as any frontend would."""
    match_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    return page.evaluate(
        """async (id) => {
            const response = await fetch("/graphql/", { method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ query: "query($id: ID!) { match(id: $id) { version } }", variables: { id } }) });
            return (await response.json()).data.match.version;
        }""",
        match_id,
    )


def settled(page: Any) -> None:
    """Until the table shows the version the service has (every update in flight has arrived)."""
    page.wait_for_function(
        f"(version) => ({TABLE_STATE})()?.version === version", arg=server_version(page), timeout=WAIT_MS
    )


def versions(page: Any) -> list[int]:
    return page.evaluate("window.__versions")


def step_through_replay(page: Any, base: str, match_id: str, last: int) -> None:
    page.goto(f"{base}/replays/{match_id}?v=0")
    table_at(page, 0)
    next_button = page.get_by_role("button", name="Next", exact=True)
    for version in range(1, last + 1):
        next_button.click()
        table_at(page, version)
    assert next_button.is_disabled()
    page.get_by_role("button", name="First", exact=True).click()
    table_at(page, 0)
    page.get_by_role("button", name="Last", exact=True).click()
    table_at(page, last)
    assert f"v={last}" in page.url

    middle = last // 2
    page.goto(f"{base}/replays/{match_id}?v={middle}")  # the deep link
    table_at(page, middle)
    assert page.locator("#replay-position").input_value() == str(middle)
    if middle:  # the event that brought the match to this version is marked (the log loads apart)
        page.locator(f".events li[aria-current][value='{middle}']").wait_for()

    def seat_view(response: Any) -> bool:
        return "asSeat" in (response.request.post_data or "") and "query View" in response.request.post_data

    with page.expect_response(seat_view) as answer:  # the view as seat 0 saw it
        page.locator("#replay-seat").select_option("0")
    assert not answer.value.json().get("errors"), answer.value.json()
    page.wait_for_url(re.compile(r"seat=0"))
    page.locator(f"{TABLE}[data-seat='0'][data-version='{middle}']").wait_for()
    page.keyboard.press("ArrowRight")
    table_at(page, min(middle + 1, last))
    page.goto(f"{base}/replays/{match_id}?v={middle}&seat=0")  # the deep link to a seat's view
    page.locator(f"{TABLE}[data-seat='0'][data-version='{middle}']").wait_for()
    assert page.locator("#replay-seat").input_value() == "0"
    assert page.locator("[role=alert]").count() == 0, page.locator("[role=alert]").all_text_contents()


def table_at(page: Any, version: int) -> None:
    page.locator(f"{TABLE}[data-version='{version}']").wait_for(timeout=10_000)


def replay_list_shows(page: Any, base: str, match_id: str, game: str) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.post_data or "") if r.url.endswith("/graphql/") else None)
    page.goto(f"{base}/replays/")
    row = page.locator(f"ol.replays > li[data-match-id='{match_id}']")
    row.wait_for()
    summary = row.locator(".summary")
    assert summary.inner_text().strip(), "the row shows the game's summary of the final view"
    lists = [body for body in requests if "matches(status: FINISHED" in body]
    assert len(lists) == 1, f"one request for the whole list, got {len(lists)}"

    page.locator("#filter-game").select_option(game)  # by game: only its matches, this one among them
    page.wait_for_url(re.compile(f"game={game}"))
    row.wait_for()
    page.wait_for_load_state("networkidle")
    assert page.locator(f"ol.replays > li:not([data-game='{game}'])").count() == 0
    row.get_by_role("button", name=f"Tester {game}").click()  # by player, from their name
    page.wait_for_url(re.compile(r"player=\d+"))
    row.wait_for()
    assert page.locator("#filter-player").input_value(), "the player select shows the chosen player"


@contextlib.contextmanager
def explained(pages: dict[str, Any]) -> Iterator[None]:
    """A failure says what each page showed then (a game helper's first clue)."""
    try:
        yield
    except Exception as error:
        shown = "\n".join(f"--- {name} at {page.url}:\n{page_text(page)}" for name, page in pages.items())
        raise AssertionError(f"{error}\n{shown}") from error


def page_text(page: Any) -> str:
    try:
        return page.locator("main").inner_text(timeout=2_000)[:3000]
    except Exception as error:
        return f"(unreadable: {error})"


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_whole_match_is_played_by_clicking_watched_and_replayed(game, web_base, new_page, page_load):
    started = time.monotonic()
    player, spectator = new_page(), new_page()
    for page in (player, spectator):
        page.add_init_script(RECORD_VERSIONS)
    page_load(player, "/play/")  # a fresh context: the cold first load

    with explained({"player": player, "spectator": spectator}):
        match_id = register_and_create(player, game)
        seat_bots(player, game)
        # The spectator comes once the lobby can start (the service follows no lobby short of seats).
        spectator.goto(f"{web_base}/play/{match_id}")
        spectator.locator(".lobby[data-following=true]").wait_for()
        start(player)
        clicks = play_whole_match(player, game)

        seen = versions(player)
        last = seen[-1]
        spectator.locator(f"{TABLE}[data-version='{last}']").wait_for(timeout=10_000)
        assert spectator.locator(".outcome").count() == 1
        delivered = spectator.evaluate("window.__seqs")
        missed = sorted(set(range(1, last + 1)) - set(delivered))
        assert not missed, f"the spectator was never sent events {missed}"
        shown = versions(spectator)
        assert shown == sorted(set(shown)) and shown[-1] == last, f"the spectator's table went {shown}"
        assert spectator.locator(MOVES).count() == 0, "a spectator is offered no move"
        played = time.monotonic()

    with explained({"replay": player}):
        step_through_replay(player, web_base, match_id, last)
        replay_list_shows(player, web_base, match_id, game)
    print(
        f"{game}: {clicks} clicks, {last} versions; played in {played - started:.1f}s,"
        f" replayed in {time.monotonic() - played:.1f}s"
    )


def refuse_moves(route: Any) -> None:
    """Sends the move with a stale expectedVersion, as a second tab that moved first would leave it."""
    body = json.loads(route.request.post_data or "{}")
    if "submitMove" in body.get("query", ""):
        body["variables"]["version"] = -1
    route.continue_(post_data=json.dumps(body))


def test_a_dropped_socket_resumes_after_the_last_version_and_a_refused_move_changes_nothing(
    web_base, new_page
):
    # The game with the fewest seats, played alone if it can be: no bot moves, so only the player's
    # moves change the table (the shell's socket and refusals are the same for every game).
    game = min(sorted(REGISTRY), key=lambda key: REGISTRY[key].min_players)
    page = new_page()
    sockets: list[Any] = []
    resumed_after: list[int | None] = []

    def relay(socket: Any) -> None:
        server = socket.connect_to_server()
        sockets.append(socket)

        def upstream(message: str | bytes) -> None:
            body = json.loads(message)
            if body.get("type") == "subscribe":
                resumed_after.append(body["payload"]["variables"].get("afterVersion"))
            server.send(message)

        socket.on_message(upstream)

    page.route_web_socket(re.compile(r"/graphql/$"), relay)
    page.goto("/play/")
    with explained({"player": page}):
        register_and_create(page, game)
        seat_bots(page, game)
        start(page)
        shown = page.evaluate(TABLE_STATE)["version"]
        sockets[-1].close()  # as a network drop: the page's socket closes under it
        deadline = time.monotonic() + 10
        while len(resumed_after) < 2:
            assert time.monotonic() < deadline, f"no new subscription after the drop: {resumed_after}"
            page.wait_for_timeout(100)
        assert resumed_after[-1] is not None and resumed_after[-1] >= shown, resumed_after
        before = page.evaluate(TABLE_STATE)
        if before["legal"]:
            click_move(page, page.locator(MOVES).first.get_attribute("data-move"))
        wait_for_change(page, before)  # updates flow again on the new socket
        assert len(sockets) == 2

        page.route("**/graphql/", refuse_moves)
        for _ in range(20):  # a bot or a timer may change the moves under the pointer: try again
            # One move may log several events, each its own update: the table catches up with the
            # match before the click, or the update still in flight would look like the refusal's doing.
            settled(page)
            page.locator(MOVES).first.wait_for(timeout=WAIT_MS)
            before = page.evaluate(TABLE_STATE)
            if click_move(page, page.locator(MOVES).first.get_attribute("data-move")):
                break
        alert = page.locator(".refusal [role=alert]")
        alert.wait_for()
        assert "VERSION_MISMATCH" in alert.inner_text()
        after = page.evaluate(TABLE_STATE)["version"]
        assert after == before["version"] == server_version(page), "a refused move changes nothing"
