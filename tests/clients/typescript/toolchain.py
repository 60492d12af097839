"""Node and the TypeScript package (clients/typescript) as the tests use them.

`node_modules()` installs the package's lock once per machine, outside the repository
(clients/typescript/scripts/install.sh: a folder keyed by the lock's hash, linked as
clients/typescript/node_modules). `compiled()` builds the package and its Node tests (test/*.ts) with
tsc into a folder of the caller's; `node_test()` runs one of them with node's test runner.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

from tests.server import ROOT

PACKAGE = ROOT / "clients" / "typescript"
BIN = PACKAGE / "node_modules" / ".bin"


def run(*command: str | Path, timeout: float = 300, **environment: str) -> str:
    """Run ``command`` in clients/typescript; its output, or a failure that shows it."""
    done = subprocess.run(
        [str(part) for part in command],
        cwd=PACKAGE,
        env={**os.environ, **environment},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=timeout,
        check=False,
    )
    output = done.stdout.decode(errors="replace")
    assert done.returncode == 0, f"{' '.join(map(str, command))} exited {done.returncode}:\n{output[-6000:]}"
    return output


@functools.cache
def node_modules() -> Path:
    """The installed packages (one npm install per lock and machine)."""
    assert shutil.which("node") and shutil.which("npm"), "Node.js and npm are needed (Node 20 or later)"
    return Path(run("bash", PACKAGE / "scripts" / "install.sh", timeout=600).strip().splitlines()[-1])


def compiled(into: Path) -> Path:
    """clients/typescript's src/ and test/ as JavaScript under ``into``, runnable by node."""
    packages = node_modules()
    run(BIN / "tsc", "-p", ".", "--outDir", into)
    shutil.copy(PACKAGE / "package.json", into / "package.json")  # "type": "module"
    (into / "node_modules").symlink_to(packages, target_is_directory=True)
    return into


def node_test(build: Path, name: str, base_url: str, timeout: float = 180) -> str:
    """Run test/<name>.test.js of ``build`` against the server at ``base_url``; its TAP output."""
    return run(
        "node",
        "--test",
        "--test-reporter=tap",
        build / "test" / f"{name}.test.js",
        timeout=timeout,
        CLIFFSIDE_URL=base_url,
    )
