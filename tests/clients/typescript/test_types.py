"""The TypeScript types (clients/typescript) are generated from schema.graphql for every operation the
docs and the pages use, are committed, and typecheck under `tsc --strict`.

- operations/docs.graphql is exactly the docs' graphql blocks (scripts/docs_operations.py), so
  graphql-codegen runs over every documented operation: each named, none refused;
- src/generated/ is what graphql-codegen writes now from schema.graphql and operations/ (`make types`
  regenerates it); regenerated into a temporary folder and compared;
- `tsc --strict --noEmit` passes over the generated types, src/ (cache.ts, follow.ts) and test/ (whose
  typecheck.ts sends a LegalMove's input back as `$move` without a cast);
- operations/web.graphql holds every operation and fragment of the pages (web/static/web).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from graphql import FragmentDefinitionNode, OperationDefinitionNode, parse

from tests.clients.typescript.toolchain import BIN, PACKAGE, node_modules, run
from tests.server import ROOT

pytestmark = pytest.mark.slow

GENERATED = PACKAGE / "src" / "generated"
WEB = ROOT / "web" / "static" / "web"
# Page operations whose name the docs already use, or that the page builds per button or per call.
RENAMED = {
    "Games": {"GameCatalog"},
    "Move": {"SubmitMove"},
    "Replay": {"ReplayMatch"},
    "P": {"PlayerName"},
    "Lobby": {"Join", "LobbyLeave", "LobbyAddBot", "LobbyStart", "LobbyRemoveSeat"},
}
STALE = "stale: run `make types` and commit the result"


def test_the_docs_operations_are_collected(tmp_path: Path) -> None:
    fresh = tmp_path / "docs.graphql"
    subprocess.run([sys.executable, PACKAGE / "scripts" / "docs_operations.py", fresh], check=True, cwd=ROOT)
    assert (PACKAGE / "operations" / "docs.graphql").read_text() == fresh.read_text(), (
        f"clients/typescript/operations/docs.graphql is {STALE}"
    )


def test_the_generated_types_are_fresh(tmp_path: Path) -> None:
    node_modules()
    run(BIN / "graphql-codegen", "--config", "codegen.ts", CODEGEN_OUT=str(tmp_path))
    fresh = sorted(path.name for path in tmp_path.iterdir())
    assert fresh == sorted(path.name for path in GENERATED.iterdir()), f"src/generated is {STALE}"
    for name in fresh:
        committed = (GENERATED / name).read_text()
        assert committed == (tmp_path / name).read_text(), (
            f"clients/typescript/src/generated/{name} is {STALE}"
        )


def test_everything_typechecks_under_strict() -> None:
    node_modules()
    run(BIN / "tsc", "--strict", "--noEmit", "-p", ".")


def test_every_page_operation_and_fragment_is_collected() -> None:
    collected = parse((PACKAGE / "operations" / "web.graphql").read_text())
    operations = {
        d.name.value for d in collected.definitions if isinstance(d, OperationDefinitionNode) and d.name
    }
    fragments = {d.name.value for d in collected.definitions if isinstance(d, FragmentDefinitionNode)}
    scripts = {path: path.read_text() for path in sorted(WEB.glob("*/*.js")) if "vendor" not in path.parts}
    missing = []
    for path, text in scripts.items():
        for name in re.findall(r"\b(?:query|mutation|subscription)\s+([A-Za-z_]\w*)\s*[({]", text):
            if not RENAMED.get(name, {name}) <= operations:
                missing.append(f"{path.relative_to(ROOT)}: operation {name}")
        for name in re.findall(r"\bfragment\s+([A-Za-z_]\w*)\s+on\s", text):
            if name not in fragments:
                missing.append(f"{path.relative_to(ROOT)}: fragment {name}")
    assert not missing, "not in clients/typescript/operations/web.graphql:\n" + "\n".join(missing)
