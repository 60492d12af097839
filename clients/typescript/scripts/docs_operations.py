"""Writes operations/docs.graphql: every operation and fragment of the ```graphql blocks of README.md and
docs/**/*.md, as written there, once each (README's `Games` is also the frontend guide's).

Run by `make types` before graphql-codegen, so the generated types cover exactly what the docs show;
tests/clients/typescript/test_types.py fails when the file is stale. Usage:

    .venv/bin/python clients/typescript/scripts/docs_operations.py [OUTPUT]   (default: operations/docs.graphql)

Needs only what the project's virtualenv has: markdown-it-py (the parser tests/docs uses) and graphql-core.
"""

from __future__ import annotations

import sys
from pathlib import Path

from graphql import ExecutableDefinitionNode, parse, print_ast
from markdown_it import MarkdownIt

HERE = Path(__file__).resolve().parents[1]  # clients/typescript
ROOT = HERE.parents[1]
HEADER = """\
# Every operation and fragment of the graphql blocks of README.md and docs/, as written there: written by
# `make types` (clients/typescript/scripts/docs_operations.py). Do not edit: edit the docs, then run
# `make types`. tests/clients/typescript/test_types.py fails when this file is stale.
"""


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def collect() -> str:
    parser = MarkdownIt("commonmark")
    seen: dict[tuple[str, str], str] = {}  # (kind, name) -> printed definition
    sections: list[str] = []
    for path in documents():
        found: list[str] = []
        for token in parser.parse(path.read_text(encoding="utf-8")):
            if token.type != "fence" or token.info.strip() != "graphql":
                continue
            source = token.content
            for definition in parse(source).definitions:
                assert isinstance(definition, ExecutableDefinitionNode), f"{path}: not an operation"
                name = definition.name.value if definition.name else None
                where = f"{path.relative_to(ROOT)}:{token.map[0] + 1 if token.map else 0}"
                if name is None:
                    raise SystemExit(f"{where}: an anonymous operation (codegen refuses them): name it")
                key = (definition.kind, name)
                printed = print_ast(definition)
                if key in seen:
                    if seen[key] != printed:
                        raise SystemExit(f"{where}: {name} is also defined, differently, in another block")
                    continue
                seen[key] = printed
                assert definition.loc is not None
                found.append(source[definition.loc.start : definition.loc.end])
        if found:
            sections.append(f"# {path.relative_to(ROOT).as_posix()}\n\n" + "\n\n".join(found) + "\n")
    return HEADER + "\n" + "\n".join(sections)


def main() -> None:
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "operations" / "docs.graphql"
    output.write_text(collect(), encoding="utf-8")


if __name__ == "__main__":
    main()
