"""Every game writes its rulings down, and its code and tests cite them by number.

A ruling is Cliffside's answer where a rulebook is silent or ambiguous. Each game in the registry has
a ``RULINGS.md`` in its package, with one heading per ruling: "## Ruling N — title". The package's
code and its tests (``tests/games/<package>/``) cite rulings as "Ruling 7", "Rulings 2 and 3",
"Rulings 1, 5 and 6" or "Rulings 1-3" (a hyphen or an en dash). Every ruling cited must be written down, every ruling written
down must be cited at least once, and docs/rulings.md must link each game's rulings.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from games.registry import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
RULINGS = "RULINGS.md"
HEADING = re.compile(r"^## Ruling (\d+) — \S", re.MULTILINE)
DASH = "[-\u2013]"  # a range: a hyphen or an en dash
CITATION = re.compile(rf"\bRulings?\s+(\d+(?:\s*(?:,|and|{DASH})\s*\d+)*)", re.IGNORECASE)
SPAN = re.compile(rf"(\d+)\s*{DASH}\s*(\d+)")
GAMES = sorted(REGISTRY)


def package_dir(key: str) -> Path:
    """The game's package (``games/<package>/``), found from the module of its spec's ``evolve`` (its
    ``decide`` is the kernel's ``Decider``, whose methods live in ``games.core``)."""
    package = ".".join(REGISTRY[key].evolve.__module__.split(".")[:2])
    path = importlib.import_module(package).__file__
    assert path is not None, package
    return Path(path).parent


def cited(text: str) -> list[tuple[int, int]]:
    """(ruling, line) for each ruling ``text`` cites, in order."""
    found: list[tuple[int, int]] = []
    for match in CITATION.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        numbers = match.group(1)
        for low, high in SPAN.findall(numbers):
            found += [(number, line) for number in range(int(low), int(high) + 1)]
        found += [(int(number), line) for number in re.findall(r"\d+", SPAN.sub("", numbers))]
    return found


def written(key: str) -> list[int]:
    """The rulings in the game's ``RULINGS.md``, in the order of their headings."""
    return [int(number) for number in HEADING.findall((package_dir(key) / RULINGS).read_text("utf-8"))]


def citations(key: str) -> dict[int, list[str]]:
    """Each ruling cited by the game's code or tests, and where ("games/x/rules.py:12")."""
    package = package_dir(key)
    places: dict[int, list[str]] = {}
    for folder in (package, ROOT / "tests" / "games" / package.name):
        for path in sorted(folder.rglob("*.py")):
            for number, line in cited(path.read_text("utf-8")):
                places.setdefault(number, []).append(f"{path.relative_to(ROOT)}:{line}")
    return places


def test_citations_are_read_in_every_form_they_take():
    text = "Ruling 7: ... Rulings 2 and 3. Rulings 1, 5 and\n    6; see rulings 10-12, Rulings 4\u20135"
    assert [number for number, _ in cited(text)] == [7, 2, 3, 1, 5, 6, 10, 11, 12, 4, 5]
    assert cited("Ruling 10, solitaire: ...\nno ruling here; Ruling 4") == [(10, 1), (4, 2)]


@pytest.mark.parametrize("key", GAMES)
def test_each_game_numbers_its_rulings_in_a_rulings_file_in_its_package(key):
    path = package_dir(key) / RULINGS
    assert path.is_file(), f"{key} has no {path.relative_to(ROOT)}"
    numbers = written(key)
    assert numbers, f"{path.relative_to(ROOT)} has no '## Ruling N — title' heading"
    assert numbers == sorted(set(numbers)), f"ruling numbers repeat or are out of order: {numbers}"


@pytest.mark.parametrize("key", GAMES)
def test_every_ruling_the_code_or_tests_cite_is_written_down(key):
    missing = {number: places for number, places in citations(key).items() if number not in written(key)}
    assert not missing, f"cited but not in {RULINGS}: {missing}"


@pytest.mark.parametrize("key", GAMES)
def test_every_ruling_written_down_is_cited_by_the_code_or_the_tests(key):
    cited_somewhere = citations(key)
    uncited = [number for number in written(key) if number not in cited_somewhere]
    assert not uncited, f"in {RULINGS} but cited by no code and no test: {uncited}"


@pytest.mark.parametrize("key", GAMES)
def test_the_rulings_refer_only_to_rulings_that_exist(key):
    text = (package_dir(key) / RULINGS).read_text("utf-8")
    dangling = sorted({number for number, _ in cited(text)} - set(written(key)))
    assert not dangling, f"{RULINGS} refers to rulings it does not have: {dangling}"


@pytest.mark.parametrize("key", GAMES)
def test_the_rulings_index_links_each_games_rulings(key):
    link = "../" + (package_dir(key) / RULINGS).relative_to(ROOT).as_posix()
    index = (ROOT / "docs" / "rulings.md").read_text("utf-8")
    assert f"]({link})" in index, f"docs/rulings.md does not link {link}"
