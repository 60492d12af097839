"""The documentation as the docs tests read it: every fenced block, inline code span, link, heading and
table of README.md and docs/**/*.md, each with the file and line it starts on."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

ROOT = Path(__file__).resolve().parents[2]


def documents() -> list[Path]:
    """README.md, then every Markdown file under docs/ (docs/screenshots holds none)."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def where(path: Path, line: int) -> str:
    return f"{path.relative_to(ROOT).as_posix()}:{line}"


@dataclass(frozen=True)
class Block:
    """A fenced code block: ``info`` is the whole info string, ``line`` the opening fence's (1-based)."""

    path: Path
    line: int
    info: str
    text: str

    @property
    def language(self) -> str:
        return self.info.split()[0] if self.info.split() else ""

    @property
    def at(self) -> str:
        return where(self.path, self.line)

    def __str__(self) -> str:
        return f"{self.at} ({self.language or 'no language'})"


@dataclass(frozen=True)
class Span:
    """Inline code, or a link's target."""

    path: Path
    line: int
    text: str

    @property
    def at(self) -> str:
        return where(self.path, self.line)


@dataclass
class Page:
    path: Path
    blocks: list[Block] = field(default_factory=list)
    indented: list[Span] = field(default_factory=list)  # indented code blocks: not allowed
    code: list[Span] = field(default_factory=list)
    links: list[Span] = field(default_factory=list)
    headings: list[tuple[int, int, str]] = field(default_factory=list)  # (line, level, text)
    tables: list[tuple[int, list[list[str]]]] = field(default_factory=list)  # (line, rows of cells)

    def anchors(self) -> set[str]:
        """The anchors GitHub gives this page's headings (a repeated one gets -1, -2, ...)."""
        seen: dict[str, int] = {}
        anchors = set()
        for _line, _level, text in self.headings:
            anchor = slug(text)
            count = seen.get(anchor, 0)
            seen[anchor] = count + 1
            anchors.add(anchor if count == 0 else f"{anchor}-{count}")
        return anchors

    def section(self, title: str, after: int = 0) -> tuple[int, int]:
        """The lines (1-based, end excluded) of the first section under the heading ``title`` from line
        ``after`` on: up to the next heading of its level or higher."""
        for index, (line, level, text) in enumerate(self.headings):
            if text == title and line >= after:
                end = next((ln for ln, lv, _ in self.headings[index + 1 :] if lv <= level), 10**9)
                return line, end
        raise AssertionError(f"{self.path.relative_to(ROOT)} has no heading {title!r}")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _plain(inline: Token) -> str:
    """An inline token's text as rendered, without its Markdown (code spans keep their text)."""
    return "".join(child.content for child in inline.children or () if child.type in ("text", "code_inline"))


_PARSER = MarkdownIt("commonmark").enable("table")


def parse(path: Path, text: str | None = None) -> Page:
    page = Page(path)
    tokens = _PARSER.parse(path.read_text(encoding="utf-8") if text is None else text)
    row: list[str] | None = None
    table: list[list[str]] | None = None
    for index, token in enumerate(tokens):
        line = token.map[0] + 1 if token.map else 0
        if token.type == "fence":
            page.blocks.append(Block(path, line, token.info.strip(), token.content))
        elif token.type == "code_block":
            page.indented.append(Span(path, line, token.content))
        elif token.type == "heading_open":
            page.headings.append((line, int(token.tag[1]), _plain(tokens[index + 1])))
        elif token.type == "table_open":
            table = []
            page.tables.append((line, table))
        elif token.type == "tr_open":
            row = []
        elif token.type == "tr_close" and table is not None and row is not None:
            table.append(row)
        elif token.type == "inline":
            if row is not None and tokens[index - 1].type in ("th_open", "td_open"):
                row.append(token.content)
            for child in token.children or ():
                if child.type == "code_inline":
                    page.code.append(Span(path, line, child.content))
                elif child.type == "link_open":
                    page.links.append(Span(path, line, str(child.attrs.get("href", ""))))
                elif child.type == "image":
                    page.links.append(Span(path, line, str(child.attrs.get("src", ""))))
    return page


@cache
def pages() -> tuple[Page, ...]:
    return tuple(parse(path) for path in documents())


def page(relative: str) -> Page:
    return next(page for page in pages() if page.path == ROOT / relative)


def blocks() -> list[Block]:
    return [block for page in pages() for block in page.blocks]
