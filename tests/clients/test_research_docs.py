"""docs/research.md cannot drift from the code: its Python examples run, and its action-id table is
the one the adapters use."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clients.research.actions import TEMPLATES, actions_for
from games.registry import REGISTRY

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block-{i}" for i in range(len(BLOCKS))])
def test_every_python_example_runs(code, capsys):
    exec(compile(code, str(DOC), "exec"), {"__name__": "docs_research"})


def layout(key: str) -> str:
    first, parts = 1, []
    for action, domains in TEMPLATES[key]:
        count = 1
        for _, values in domains:
            count *= len(values)
        parts.append(f"{first}-{first + count - 1} {action}" if count > 1 else f"{first} {action}")
        first += count
    return ", ".join(parts)


def test_the_action_id_table_is_the_codes():
    rows = {
        name.strip(): (int(size), parts.strip())
        for name, size, parts in re.findall(r"^\| ([^|]+) \| (\d+) \| ([^|]+) \|$", DOC.read_text(), re.M)
    }
    for key, spec in REGISTRY.items():
        assert rows[spec.name] == (actions_for(key).size, layout(key)), key
