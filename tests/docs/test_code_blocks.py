"""Every code block of README.md and docs/**/*.md is run or checked, so the docs cannot drift from the code.

The rules, by the block's language (its fence's info string is the language alone: nothing may follow
it, so no block is exempt from its rule):

- ``graphql``: parses; every operation is named (codegen refuses anonymous ones); valid against the
  live schema (``api.graphql.schema``, the one ``manage.py export_schema_file`` writes); within the
  document limits the server enforces. The frontend walkthrough (docs/frontend.md, "Play a match from
  GraphiQL") is executed in order against the ASGI app, each operation answering without errors (see
  ``Walkthrough`` for how ids, tokens, versions and moves come from earlier answers).
- ``json``: parses. A ``{"label", "input"}`` object is a LegalMove: its input decodes with its game's
  move codec and its label is the server's. An object keyed by abstract types is a possibleTypes map and
  lists exactly their implementations.
- ``python``: runs, in a fresh interpreter from the repository's root, against a real server (uvicorn
  on a free port) that holds a finished match; the placeholders ``https://<host>`` and ``<id>`` become
  that server and that match.
- ``sh``, ``bash``, ``console``: every ``make`` target and variable is the Makefile's, every
  ``manage.py`` command exists (as ``manage.py help <command>`` finds it) and takes the arguments given,
  every ``python -m`` module exists, every ``.venv/bin/`` tool is installed, every environment
  variable set is one config/settings.py reads. (A console block's commands are its ``$`` lines.)
- ``tree``: a directory tree; every path it names exists.
- Anything else, no language, or an indented code block: fails, naming the block, until a rule for it
  is added to rules.py.

Beside the blocks: every relative link and anchor resolves; inline ``make ...`` and ``manage.py ...``
name real targets and commands; every UPPER_SNAKE name in inline code (error codes, settings, enum
values) is a string the code base contains; docs/games.md covers every field of every game's view,
every action and its fields, every option and its default; docs/rulings.md links every ruling.
A block that fails says its file and line.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import json
import re
import shlex
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from graphql import (
    ArgumentNode,
    DocumentNode,
    FieldNode,
    GraphQLObjectType,
    InlineFragmentNode,
    IntValueNode,
    OperationDefinitionNode,
    OperationType,
    StringValueNode,
    TypeInfo,
    TypeInfoVisitor,
    Visitor,
    get_named_type,
    print_ast,
    value_from_ast_untyped,
    visit,
)
from graphql.execution.values import get_variable_values

from api.graphql.games import BINDINGS
from api.matches.timers.dispatch import run_due
from config.asgi import application
from games.registry import REGISTRY
from tests.docs import rules
from tests.docs.rules import BlockError
from tests.docs.source import ROOT, Block, Page, blocks, page, pages, parse, slug
from tests.server import free_port

# --- every block follows its rule ---------------------------------------------------------------


@pytest.mark.parametrize("block", blocks(), ids=str)
def test_every_block_follows_its_rule(block: Block):
    rules.check(block)


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.path.relative_to(ROOT).as_posix())
def test_no_code_block_is_indented(page: Page):
    """An indented code block has no language, so no rule would check it: fence it."""
    assert not page.indented, [f"{span.at}: an indented code block: fence it" for span in page.indented]


# --- the frontend walkthrough runs --------------------------------------------------------------

WALKTHROUGH = ("docs/frontend.md", "Play a match from GraphiQL")
WAIT = 5  # seconds for one WebSocket message


def now_ms() -> int:
    return int(datetime.now(UTC).timestamp() * 1000)


def drain_timers() -> None:
    """Fire every due deadline until none is left (a bot's turn, as `make run`'s timers would)."""
    for _ in range(50):
        if not run_due(now_ms() + 1000):
            return


@dataclasses.dataclass
class Walkthrough:
    """Runs the walkthrough's operations in order, as its reader would in GraphiQL.

    - As whom: a ``registerPlayer`` operation anonymously; every other as the first player registered
      (Ada), with her token.
    - Match ids: the ids the doc writes (``"1"``, ``"2"``...) stand for real ones. An id seen first is
      the match the last ``createMatch`` answered; when that one is taken, the walkthrough creates and
      starts a match (Ada and a bot) of the game whose view the operation asks for
      (``... on CactusView``): the doc's "createMatch(game: ...)" in words.
    - ``expectedVersion``: the version the last answer about that match showed.
    - Variables: from the first ``json`` block after the operation's block, coerced against the
      operation's variable definitions; a ``MoveInput`` then becomes the first of the match's
      ``legalMoves`` last seen (the doc's advice: send one back unchanged).
    - Between steps, due deadlines fire (the bot's turn).
    An answer fails the step when it has GraphQL errors, a payload ``error`` or a ``MoveRejected``.
    """

    http: httpx.AsyncClient
    token: str | None = None
    created: str | None = None
    ids: dict[str, str] = dataclasses.field(default_factory=dict)
    versions: dict[str, int] = dataclasses.field(default_factory=dict)
    moves: dict[str, list[dict[str, Any]]] = dataclasses.field(default_factory=dict)

    async def run(self, block: Block, variables: dict[str, Any] | None) -> None:
        document = rules.graphql_document(block)
        for operation in document.definitions:
            if isinstance(operation, OperationDefinitionNode):
                await sync_to_async(drain_timers)()
                try:
                    await self.operation(document, operation, variables)
                except AssertionError as error:
                    name = operation.name.value if operation.name else "?"
                    raise BlockError(block, f"{name}: {error}") from None

    async def operation(
        self, document: DocumentNode, operation: OperationDefinitionNode, variables: dict[str, Any] | None
    ) -> None:
        name = operation.name.value  # type: ignore[union-attr]
        fields = [s for s in operation.selection_set.selections if isinstance(s, FieldNode)]
        anonymous = any(field.name.value == "registerPlayer" for field in fields)
        named: list[str] = []
        edited_operation = visit(operation, _Substitute(self, named, await self._bind_all(operation)))
        definitions = tuple(edited_operation if d is operation else d for d in document.definitions)
        edited = dataclasses.replace(document, definitions=definitions)
        values: dict[str, Any] = {}
        if operation.variable_definitions:
            assert variables is not None, "declares variables, but no ```json block of them follows"
            coerced = get_variable_values(rules.schema(), operation.variable_definitions, variables)
            assert not isinstance(coerced, list), f"its variables do not fit: {[e.message for e in coerced]}"
            values = dict(variables)
            for definition in operation.variable_definitions:
                if get_named_type_name(definition) == "MoveInput":
                    assert named and self.moves.get(named[0]), "no legal move seen to send as $move"
                    values[definition.variable.name.value] = self.moves[named[0]][0]["input"]
        request = {"query": print_ast(edited), "operationName": name, "variables": values}
        token = None if anonymous else self.token
        if operation.operation == OperationType.SUBSCRIPTION:
            data = await self.subscribe(request, token)
        else:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            response = await self.http.post("/graphql/", json=request, headers=headers)
            assert response.status_code == 200, f"HTTP {response.status_code}: {response.text}"
            body = response.json()
            assert not body.get("errors"), body["errors"]
            data = body["data"]
        refused = list(_refusals(data))
        assert not refused, f"refused: {refused}"
        self.learn(data, named)

    async def _bind_all(self, operation: OperationDefinitionNode) -> dict[str, str]:
        """Real ids for the doc ids the operation writes (creating the matches it takes for granted)."""
        for doc_id in _doc_ids(operation):
            if doc_id in self.ids:
                continue
            if self.created is not None and self.created not in self.ids.values():
                self.ids[doc_id] = self.created
            else:
                self.ids[doc_id] = await self.start_match(_game_of(operation), doc_id)
        return self.ids

    async def start_match(self, game: str | None, doc_id: str) -> str:
        assert game is not None, f'match "{doc_id}" was never created, and the operation names no game view'
        data = await self.setup(
            "mutation SetUp($game: String!) { createMatch(game: $game) { match { id } error { code } } }",
            {"game": game},
        )
        match_id = data["createMatch"]["match"]["id"]
        for step in ("addBot", "startMatch"):
            result = await self.setup(
                f"mutation SetUp($id: ID!) {{ {step}(matchId: $id) {{ error {{ code message }} }} }}",
                {"id": match_id},
            )
            assert result[step]["error"] is None, result
        return match_id

    async def setup(self, query: str, variables: dict[str, Any]) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.token}"}
        body = (
            await self.http.post("/graphql/", json={"query": query, "variables": variables}, headers=headers)
        ).json()
        assert not body.get("errors"), body
        return body["data"]

    async def subscribe(self, request: dict[str, Any], token: str | None) -> dict[str, Any]:
        socket = WebsocketCommunicator(application, "/graphql/", subprotocols=["graphql-transport-ws"])
        connected, subprotocol = await socket.connect(timeout=WAIT)
        assert connected and subprotocol == "graphql-transport-ws"
        try:
            await socket.send_json_to(
                {"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}}
            )
            assert await socket.receive_json_from(timeout=WAIT) == {"type": "connection_ack"}
            await socket.send_json_to({"id": "1", "type": "subscribe", "payload": request})
            message = await socket.receive_json_from(timeout=WAIT)
            assert message["type"] == "next" and not message["payload"].get("errors"), message
            await socket.send_json_to({"id": "1", "type": "complete"})
            return message["payload"]["data"]
        finally:
            await socket.disconnect()

    def learn(self, data: dict[str, Any], named: list[str]) -> None:
        if (registered := data.get("registerPlayer")) and self.token is None:
            self.token = registered["token"]
        if created := data.get("createMatch"):
            self.created = created["match"]["id"]
        match = data.get("match")
        if named and isinstance(match, dict):
            if "version" in match:
                self.versions[named[0]] = match["version"]
            if "legalMoves" in match:
                self.moves[named[0]] = match["legalMoves"]


def get_named_type_name(definition: Any) -> str:
    kind = definition.type
    while hasattr(kind, "type"):
        kind = kind.type
    return kind.name.value


def _doc_ids(operation: OperationDefinitionNode) -> list[str]:
    found: list[str] = []

    class Ids(Visitor):
        def enter_field(self, node: FieldNode, *_: Any) -> None:
            for argument in node.arguments or ():
                if _is_match_id(node, argument) and isinstance(argument.value, StringValueNode):
                    found.append(argument.value.value)

    visit(operation, Ids())
    return found


def _is_match_id(field: FieldNode, argument: ArgumentNode) -> bool:
    return argument.name.value == "matchId" or (field.name.value == "match" and argument.name.value == "id")


def _game_of(operation: OperationDefinitionNode) -> str | None:
    views = {binding.view_type.__strawberry_definition__.name: key for key, binding in BINDINGS.items()}
    games: list[str] = []

    class Views(Visitor):
        def enter_inline_fragment(self, node: InlineFragmentNode, *_: Any) -> None:
            if node.type_condition and node.type_condition.name.value in views:
                games.append(views[node.type_condition.name.value])

    visit(operation, Views())
    return games[0] if games else None


class _Substitute(Visitor):
    """The doc's match ids replaced by real ones, and expectedVersion by the version last seen."""

    def __init__(self, walk: Walkthrough, named: list[str], ids: dict[str, str]) -> None:
        super().__init__()
        self.walk, self.named, self.ids = walk, named, ids

    def enter_field(self, node: FieldNode, *_: Any) -> FieldNode | None:
        if not node.arguments:
            return None
        real = next(
            (
                self.ids[a.value.value]
                for a in node.arguments or ()
                if _is_match_id(node, a) and isinstance(a.value, StringValueNode)
            ),
            None,
        )
        if real is None:
            return None
        self.named.append(real)
        arguments = []
        for argument in node.arguments or ():
            if _is_match_id(node, argument):
                argument = dataclasses.replace(argument, value=StringValueNode(value=real))
            elif argument.name.value == "expectedVersion" and isinstance(argument.value, IntValueNode):
                assert real in self.walk.versions, "expectedVersion, but no version of the match seen yet"
                argument = dataclasses.replace(
                    argument, value=IntValueNode(value=str(self.walk.versions[real]))
                )
            arguments.append(argument)
        return dataclasses.replace(node, arguments=tuple(arguments))


def _refusals(value: Any) -> Iterator[Any]:
    """Every refusal in an answer: a payload's ``error`` that is set, a ``MoveRejected`` (each a
    ``code`` beside a ``message``)."""
    if isinstance(value, dict):
        if "code" in value and "message" in value:
            yield value
            return
        for key, item in value.items():
            if key == "error" and item is not None:
                yield item
            else:
                yield from _refusals(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refusals(item)


@pytest.mark.django_db(transaction=True)
async def test_the_frontend_walkthrough_runs_in_order():
    path, title = WALKTHROUGH
    walkthrough = page(path)
    start, end = walkthrough.section(title)
    steps = [block for block in walkthrough.blocks if start <= block.line < end]
    assert any(block.language == "graphql" for block in steps), f"{path}: {title!r} has no operation"
    transport = httpx.ASGITransport(app=application)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        walk = Walkthrough(http)
        for index, block in enumerate(steps):
            if block.language != "graphql":
                continue
            await walk.run(block, _variables_after(block, steps[index + 1 :]))
    assert walk.token and walk.versions, "the walkthrough never registered a player or looked at a match"


def _variables_after(block: Block, rest: list[Block]) -> dict[str, Any] | None:
    """The variables of the block's operations: the first ``json`` block after it, before any other
    ``graphql`` block; None when its operations declare none."""
    operations = [
        d for d in rules.graphql_document(block).definitions if isinstance(d, OperationDefinitionNode)
    ]
    if not any(operation.variable_definitions for operation in operations):
        return None
    following = next((b for b in rest if b.language in ("json", "graphql")), None)
    if following is None or following.language != "json":
        raise BlockError(block, "its operation declares variables, but no ```json block of them follows")
    try:
        return json.loads(following.text)
    except json.JSONDecodeError as error:
        raise BlockError(following, f"the variables do not parse as JSON: {error}") from None


# --- python blocks run against a real server ------------------------------------------------------


@contextlib.contextmanager
def live_server() -> Iterator[str]:
    """The ASGI app under uvicorn, on a free port, in a thread of this process (so on the test
    database), until the block ends."""
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(application, host="127.0.0.1", port=port, lifespan="off", log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the test server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def finished_match(base: str) -> str:
    """A Daredevil Rock match Ada played against a bot and resigned: over, its seed revealed."""
    with httpx.Client(base_url=base, timeout=30) as client:

        def call(query: str, variables: dict[str, Any], token: str | None = None) -> dict[str, Any]:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            body = client.post(
                "/graphql/", json={"query": query, "variables": variables}, headers=headers
            ).json()
            assert not body.get("errors"), body
            return body["data"]

        token = call('mutation R { registerPlayer(name: "Ada") { token } }', {})["registerPlayer"]["token"]
        match_id = call('mutation C { createMatch(game: "daredevil-rock") { match { id } } }', {}, token)[
            "createMatch"
        ]["match"]["id"]
        for step in ("addBot", "startMatch", "resign"):
            drain_timers()
            call(
                f"mutation S($id: ID!) {{ {step}(matchId: $id) {{ match {{ id }} }} }}",
                {"id": match_id},
                token,
            )
        status = call("query M($id: ID!) { match(id: $id) { status seed } }", {"id": match_id})["match"]
        assert status["status"] == "FINISHED" and status["seed"], status
        return match_id


@pytest.mark.django_db(transaction=True)
def test_python_blocks_run():
    python = [block for block in blocks() if block.language == "python"]
    assert python, "no python block left to run: drop this test"
    with live_server() as base:
        match_id = finished_match(base)
        for block in python:
            rules.run_python(block, {"https://<host>": base, "<id>": match_id})


# --- links, inline commands and names -------------------------------------------------------------


@functools.cache
def _anchors(path: Path) -> set[str]:
    known = {page.path: page for page in pages()}
    return (known.get(path) or parse(path)).anchors()


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.path.relative_to(ROOT).as_posix())
def test_every_relative_link_and_anchor_resolves(page: Page):
    broken = []
    for link in page.links:
        if re.match(r"^[a-z][a-z+.-]*:", link.text):  # http:, https:, mailto:
            continue
        target, _, anchor = link.text.partition("#")
        path = (page.path.parent / target).resolve() if target else page.path
        if not path.exists():
            broken.append(f"{link.at}: {link.text}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
            broken.append(f"{link.at}: {link.text}: no heading has the anchor #{anchor}")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.path.relative_to(ROOT).as_posix())
def test_inline_commands_name_real_targets_and_commands(page: Page):
    for span in page.code:
        pseudo = Block(span.path, span.line, "inline", span.text)
        words = (
            shlex.split(span.text)
            if re.match(r"^(make |\.venv/bin/python manage\.py |manage\.py )", span.text)
            else []
        )
        if words[:1] == ["make"]:
            rules.check_make(pseudo, words[1:])
        elif "manage.py" in words:
            rules.check_manage(pseudo, words[words.index("manage.py") + 1 :], parse_arguments=False)


def _strings_in_code() -> set[str]:
    found: set[str] = set()
    for folder in ("api", "games", "config", "web"):
        for path in (ROOT / folder).rglob("*.py"):
            found.update(re.findall(r"[\"']([A-Z][A-Z0-9_]+)[\"']", path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.path.relative_to(ROOT).as_posix())
def test_every_code_name_in_the_text_is_the_codes(page: Page):
    """Error codes, settings and enum values written in inline code exist in the code base."""
    known = _strings_in_code() | rules.makefile()[1]
    unknown = [
        f"{span.at}: `{span.text}` appears nowhere in the code"
        for span in page.code
        if re.fullmatch(r"[A-Z][A-Z0-9]*(_[A-Z0-9]+)+", span.text) and span.text not in known
    ]
    assert not unknown, "\n".join(unknown)


# --- the games guide and the rulings index cover every game --------------------------------------

GAMES = page("docs/games.md")


def _within(start: int, end: int) -> tuple[list[Block], list[list[list[str]]]]:
    return (
        [block for block in GAMES.blocks if start <= block.line < end],
        [rows for line, rows in GAMES.tables if start <= line < end],
    )


def _subsection(start: int, end: int, prefix: str) -> tuple[int, int]:
    line, title = next(
        (line, text) for line, _, text in GAMES.headings if start <= line < end and text.startswith(prefix)
    )
    return GAMES.section(title, after=line)


def _reachable(type_name: str) -> set[tuple[str, str]]:
    schema, pairs, todo, seen = rules.schema(), set(), [type_name], set()
    while todo:
        kind = schema.type_map[todo.pop()]
        if kind.name in seen or not isinstance(kind, GraphQLObjectType):
            continue
        seen.add(kind.name)
        for name, field in kind.fields.items():
            pairs.add((kind.name, name))
            todo.append(get_named_type(field.type).name)
    return pairs


def _selected(document: DocumentNode) -> set[tuple[str, str]]:
    info, pairs = TypeInfo(rules.schema()), set()

    class Fields(Visitor):
        def enter_field(self, node: FieldNode, *_: Any) -> None:
            if (parent := info.get_parent_type()) is not None:
                pairs.add((parent.name, node.name.value))

    visit(document, TypeInfoVisitor(info, Fields()))
    return pairs


def _codes(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


@pytest.mark.parametrize("key", list(REGISTRY))
def test_the_games_guide_covers_the_game(key: str):
    spec, binding = REGISTRY[key], BINDINGS[key]
    start, end = GAMES.section(spec.name)
    at = f"docs/games.md:{start} ({spec.name})"

    view = binding.view_type.__strawberry_definition__.name
    section_blocks, _ = _within(start, end)
    selected = set().union(
        *(_selected(rules.graphql_document(b)) for b in section_blocks if b.language == "graphql")
    )
    missing = sorted(f"{t}.{f}" for t, f in _reachable(view) - selected)
    assert not missing, f"{at}: its view query selects no {missing}"

    _, [moves] = _within(*_subsection(start, end, "Moves"))
    documented = {_codes(row[0])[0]: set(_codes(row[1])) for row in moves[1:]}
    actual = {
        action: {_camel(field.name) for field in dataclasses.fields(kind)}
        for action, kind in spec.moves.actions.items()
    }
    assert documented == actual, f"{at}: its moves table says {documented}; the game has {actual}"

    _, [options] = _within(*_subsection(start, end, "Options"))
    documented_options = {_codes(row[0])[0]: json.loads(_codes(row[1])[0]) for row in options[1:]}
    actual_options = {option.name: option.default for option in spec.options.fields}
    assert documented_options == actual_options, (
        f"{at}: its options table says {documented_options}; the game has {actual_options}"
    )

    legal = [json.loads(b.text) for b in section_blocks if b.language == "json" and '"label"' in b.text]
    assert legal, f"{at}: no example legalMoves item"
    sent = [
        value_from_ast_untyped(argument.value)
        for b in section_blocks
        if b.language == "graphql"
        for argument in _arguments(rules.graphql_document(b), "submitMove", "move")
    ]
    assert sent == [legal[0]["input"]], (
        f"{at}: the example submitMove sends {sent}, the legalMoves item {legal[0]['input']}"
    )


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.title() for word in rest)


def _arguments(document: DocumentNode, field: str, argument: str) -> list[ArgumentNode]:
    found: list[ArgumentNode] = []

    class Arguments(Visitor):
        def enter_field(self, node: FieldNode, *_: Any) -> None:
            if node.name.value == field:
                found.extend(a for a in node.arguments or () if a.name.value == argument)

    visit(document, Arguments())
    return found


@pytest.mark.parametrize("key", list(REGISTRY))
def test_the_rulings_index_links_every_ruling(key: str):
    rulings = package_dir(key) / "RULINGS.md"
    link = "../" + rulings.relative_to(ROOT).as_posix()
    index = {span.text for span in page("docs/rulings.md").links}
    headings = [
        text for _line, level, text in parse(rulings).headings if level == 2 and text.startswith("Ruling ")
    ]
    assert link in index, f"docs/rulings.md does not link {link}"
    missing = [text for text in headings if f"{link}#{slug(text)}" not in index]
    assert not missing, f"docs/rulings.md does not link {missing} of {link}"


def package_dir(key: str) -> Path:
    return Path(str(importlib.import_module(REGISTRY[key].player_view.__module__).__file__)).parent


# --- each rule, shown failing ---------------------------------------------------------------------

BROKEN = ROOT / "docs" / "broken.md"
MOVE = {"daredevilRock": {"action": "EXAMINE", "level": 1, "column": 2}}


@pytest.mark.parametrize(
    ("info", "text", "says"),
    [
        ("graphql", "query Games { games { key }", "does not parse"),
        ("graphql", "query { games { key } }", "anonymous query"),
        ("graphql", "query Games { games { colour } }", "not valid against the schema"),
        (
            "graphql",
            "query Aliases { " + " ".join(f"a{n}: games {{ key }}" for n in range(16)) + " }",
            "TOO_MANY_ALIASES",
        ),
        ("json", "{ broken", "does not parse as JSON"),
        ("json", json.dumps({"label": "Fly", "input": MOVE}), "the server labels this move"),
        ("json", json.dumps({"label": "Fly", "input": {"daredevilRock": {"action": "FLY"}}}), "UNKNOWN_MOVE"),
        (
            "json",
            json.dumps({"SubmitMoveResult": ["MoveAccepted"]}),
            "the possible types of SubmitMoveResult",
        ),
        ("python", "def (", "does not compile"),
        ("sh", "make deploy", "no target deploy"),
        ("sh", "make run COLOUR=red", "no variable COLOUR"),
        ("sh", ".venv/bin/python manage.py frobnicate", "no such command"),
        ("sh", ".venv/bin/python manage.py serve --colour red", "unrecognized arguments"),
        ("sh", "CLIFFSIDE_TURBO=1 make run", "$CLIFFSIDE_TURBO is not a setting"),
        ("sh", "export DEBUG=false TURBO=1", "$TURBO is not a setting"),
        ("sh", ".venv/bin/python -m tests.nothing_here", "no module tests.nothing_here"),
        ("sh", ".venv/bin/cliffside-turbo", "not installed"),
        ("console", "$ make deploy\nmake: *** No rule", "no target deploy"),
        ("tree", "games/    rules\n  nowhere/  nothing", "games/nowhere does not exist"),
        ("yaml", "a: 1", "no rule checks 'yaml'"),
        ("", "text", "has no language"),
        ("python skip-run", "print(1)", "no block is exempt"),
    ],
)
def test_each_rule_fails_on_a_block_broken_on_purpose(info: str, text: str, says: str):
    with pytest.raises(BlockError, match=re.escape(says)) as failed:
        rules.check(Block(BROKEN, 7, info, text + "\n"))
    assert "docs/broken.md:7" in str(failed.value)


def test_a_python_block_that_fails_fails_with_its_output():
    with pytest.raises(BlockError, match=r"(?s)docs/broken.md:7.*exited 3.*went wrong"):
        rules.run_python(Block(BROKEN, 7, "python", "import sys\nprint('went wrong')\nsys.exit(3)\n"), {})
