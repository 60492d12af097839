"""One rule per kind of fenced block (see test_code_blocks.py for the list). Each rule raises
``BlockError`` naming the block's file and line and what is wrong; the rules that need a running
server (python blocks, the frontend walkthrough) run in test_code_blocks.py, with these helpers."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from django.core.management import get_commands, load_command_class
from django.core.management.base import CommandError
from graphql import (
    DocumentNode,
    GraphQLError,
    GraphQLSchema,
    OperationDefinitionNode,
    is_abstract_type,
    parse,
    validate,
)

from tests.docs.source import ROOT, Block


class BlockError(AssertionError):
    def __init__(self, block: Block, problem: str) -> None:
        super().__init__(f"{block.at}: ```{block.language or ''} block: {problem}")


# --- graphql -------------------------------------------------------------------------------------


@cache
def schema() -> GraphQLSchema:
    """The live schema: the one `manage.py export_schema_file` writes to schema.graphql."""
    from api.graphql.schema import schema as live

    return live._schema


def graphql_document(block: Block) -> DocumentNode:
    """The block parsed, every operation named, valid against the live schema and within the document
    limits the server enforces."""
    from api.graphql.limits import DocumentLimits, refusal

    try:
        document = parse(block.text)
    except GraphQLError as error:
        raise BlockError(block, f"does not parse: {error.message}") from None
    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode) and definition.name is None:
            kind = definition.operation.value
            raise BlockError(
                block,
                f"an anonymous {kind}: name it ({kind} MatchView {{ ... }}); codegen refuses anonymous ones",
            )
    if errors := validate(schema(), document):
        raise BlockError(block, "is not valid against the schema: " + "; ".join(e.message for e in errors))
    if (refused := refusal(document, DocumentLimits.from_settings())) is not None:
        raise BlockError(block, f"the server would refuse it: {refused.extensions}: {refused.message}")
    return document


def check_graphql(block: Block) -> None:
    graphql_document(block)


# --- json ----------------------------------------------------------------------------------------


def check_json(block: Block) -> None:
    """Parses. An object of `label` and `input` is a LegalMove: its input decodes with its game's move
    codec and its label is the one the server gives that move. An object whose keys all name abstract
    types of the schema is a possibleTypes map: it lists exactly each one's implementations."""
    try:
        value = json.loads(block.text)
    except json.JSONDecodeError as error:
        raise BlockError(block, f"does not parse as JSON: {error}") from None
    if isinstance(value, dict) and set(value) == {"label", "input"}:
        check_legal_move(block, value["label"], value["input"])
    abstract = {name for name, kind in schema().type_map.items() if is_abstract_type(kind)}
    if isinstance(value, dict) and value and set(value) <= abstract:
        for name, listed in value.items():
            actual = sorted(kind.name for kind in schema().get_possible_types(schema().type_map[name]))  # type: ignore[arg-type]
            if sorted(listed) != actual:
                raise BlockError(block, f"the possible types of {name} are {actual}, not {sorted(listed)}")


def check_legal_move(block: Block, label: Any, move: Any) -> None:
    from api.graphql.games import BINDINGS
    from games.core.decisions import Rejected
    from games.registry import REGISTRY

    members = {binding.graphql_member: binding.key for binding in BINDINGS.values()}
    if not isinstance(move, dict) or len(move) != 1 or next(iter(move)) not in members:
        raise BlockError(block, f"a LegalMove's input has one member, one of {sorted(members)}: {move}")
    ((member, data),) = move.items()
    spec = REGISTRY[members[member]]
    loaded = spec.moves.load(data)
    if isinstance(loaded, Rejected):
        raise BlockError(block, f"not a {spec.name} move: {loaded.code}: {loaded.message}")
    if label != (given := spec.describe_move(data)):
        raise BlockError(block, f"the server labels this move {given!r}, not {label!r}")


# --- python --------------------------------------------------------------------------------------


def check_python(block: Block) -> None:
    """Compiles here; test_python_blocks_run runs it."""
    try:
        compile(block.text, block.at, "exec")
    except SyntaxError as error:
        raise BlockError(block, f"does not compile: {error}") from None


def run_python(block: Block, placeholders: dict[str, str]) -> str:
    """Run the block in a fresh interpreter (the venv's), from the repository's root, with each
    placeholder replaced; its output, or BlockError when it exits non-zero."""
    code = block.text
    for placeholder, value in placeholders.items():
        code = code.replace(placeholder, value)
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"},
    )
    if done.returncode != 0:
        raise BlockError(block, f"exited {done.returncode}:\n{done.stdout[-2000:]}{done.stderr[-3000:]}")
    return done.stdout


# --- sh, bash, console ---------------------------------------------------------------------------


@cache
def makefile() -> tuple[frozenset[str], frozenset[str]]:
    """The Makefile's targets and variables."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = re.findall(r"^([A-Za-z0-9_.-]+)\s*:(?!=)", text, flags=re.M)
    variables = re.findall(r"^([A-Za-z_][A-Za-z0-9_]*)\s*(?:\?|:|\+)?=", text, flags=re.M)
    return frozenset(targets) - {".PHONY"}, frozenset(variables)


@cache
def settings_read() -> frozenset[str]:
    """Every environment variable config/settings.py reads."""
    text = (ROOT / "config" / "settings.py").read_text(encoding="utf-8")
    read = re.findall(r"\benv(?:\.\w+)?\(\s*\"([A-Z][A-Z0-9_]*)\"", text)
    read += re.findall(r"os\.environ(?:\.get\(|\[)\s*\"([A-Z][A-Z0-9_]*)\"", text)
    return frozenset(read)


ASSIGNMENT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=")
SEPARATORS = {"&&", "||", ";", "|", "&"}


def shell_commands(block: Block) -> Iterator[list[str]]:
    """Each simple command of the block, as words. A console block's commands are its `$ ` lines."""
    lines = block.text.replace("\\\n", " ").splitlines()
    if block.language == "console":
        lines = [line[2:] for line in lines if line.startswith("$ ")]
    for line in lines:
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        lexer.commenters = "#"
        try:
            words = list(lexer)
        except ValueError as error:
            raise BlockError(block, f"{line!r} does not parse as shell: {error}") from None
        command: list[str] = []
        for word in [*words, ";"]:
            if word in SEPARATORS:
                if command:
                    yield command
                command = []
            else:
                command.append(word)


def check_shell(block: Block) -> None:
    """Every `make` target is the Makefile's and every `NAME=value` after `make` one of its variables;
    every `manage.py` command exists and takes the arguments given; every `python -m` module exists;
    every `.venv/bin/` tool is installed; every environment variable set is one config/settings.py
    reads."""
    for words in shell_commands(block):
        if words[0] == "export":
            for word in words[1:]:
                check_setting(block, ASSIGNMENT.match(word).group(1) if ASSIGNMENT.match(word) else word)
            continue
        while words and ASSIGNMENT.match(words[0]):
            check_setting(block, ASSIGNMENT.match(words[0]).group(1))  # type: ignore[union-attr]
            words = words[1:]
        if words:
            check_program(block, words)


def check_setting(block: Block, name: str) -> None:
    if name not in settings_read():
        raise BlockError(block, f"${name} is not a setting: config/settings.py never reads it")


def check_program(block: Block, words: list[str]) -> None:
    program, arguments = words[0], words[1:]
    if (
        program.startswith(".venv/bin/")
        and not (Path(sys.executable).parent / program.split("/")[-1]).exists()
    ):
        raise BlockError(block, f"{program} is not installed in the virtualenv")
    name = Path(program).name
    if name == "make":
        check_make(block, arguments)
    elif name == "manage.py":
        check_manage(block, arguments)
    elif re.fullmatch(r"python3?(\.\d+)?", name) and arguments:
        if arguments[0] == "manage.py":
            check_manage(block, arguments[1:])
        elif arguments[0] == "-m" and len(arguments) > 1 and importlib.util.find_spec(arguments[1]) is None:
            raise BlockError(block, f"`python -m {arguments[1]}`: there is no module {arguments[1]}")


def check_make(block: Block, arguments: list[str], *, whole: bool = True) -> None:
    targets, variables = makefile()
    for word in arguments:
        if (assignment := ASSIGNMENT.match(word)) is not None:
            if assignment.group(1) not in variables:
                raise BlockError(block, f"`make {word}`: the Makefile has no variable {assignment.group(1)}")
        elif not word.startswith("-") and word not in targets:
            raise BlockError(block, f"`make {word}`: the Makefile has no target {word}")


def check_manage(block: Block, arguments: list[str], *, parse_arguments: bool = True) -> None:
    if not arguments:
        return
    name, rest = arguments[0], arguments[1:]
    commands = get_commands()  # what `manage.py help <command>` finds
    if name not in commands:
        raise BlockError(block, f"`manage.py {name}`: there is no such command (`manage.py help` lists them)")
    if parse_arguments:
        command = load_command_class(commands[name], name)
        parser = command.create_parser("manage.py", name)
        try:
            parser.parse_args(rest)
        except (CommandError, SystemExit) as error:
            raise BlockError(block, f"`manage.py {name} {' '.join(rest)}`: {error}") from None


# --- tree ----------------------------------------------------------------------------------------


def check_tree(block: Block) -> None:
    """A directory tree: each line's first column names paths ("core/", "a/, b/", "registry.py"),
    indented under the directory they are in; every one must exist. Lines whose first word is not a
    path continue the description above them."""
    parents: list[tuple[int, Path]] = []
    for line in block.text.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        names = [name.strip() for name in re.split(r"\s{2,}", line.strip(), maxsplit=1)[0].split(", ")]
        if not all(re.fullmatch(r"[\w.-]+/|[\w-]+\.\w+", name) for name in names):
            continue  # a description going on
        while parents and parents[-1][0] >= indent:
            parents.pop()
        base = parents[-1][1] if parents else ROOT
        for name in names:
            if not (base / name).exists():
                raise BlockError(block, f"{(base / name).relative_to(ROOT)} does not exist")
        if names[-1].endswith("/"):
            parents.append((indent, base / names[0]))


# --- every block ---------------------------------------------------------------------------------

RULES: dict[str, Callable[[Block], None]] = {
    "graphql": check_graphql,
    "json": check_json,
    "python": check_python,
    "sh": check_shell,
    "bash": check_shell,
    "console": check_shell,
    "tree": check_tree,
}


def check(block: Block) -> None:
    """The block's rule; a block without one, or marked with anything after its language, fails."""
    if not block.language:
        raise BlockError(block, f"has no language: give it one of {sorted(RULES)}")
    if block.info != block.language:
        raise BlockError(
            block, f"{block.info!r}: nothing may follow the language; no block is exempt from its rule"
        )
    rule = RULES.get(block.language)
    if rule is None:
        raise BlockError(block, f"no rule checks {block.language!r} blocks: add one to tests/docs/rules.py")
    rule(block)
