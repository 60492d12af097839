"""Node.js for the benchmark: the load generator and the peer of ``bench/peers/``.

The packages of ``peers/package.json`` (versions pinned by ``peers/package-lock.json``) are installed
with ``npm ci`` the first time, into a scratch folder outside the repository named by the hash of those
two files (``~/.cache/cliffside-bench/<hash>``, or under ``$CLIFFSIDE_BENCH_CACHE``): a changed lock file
installs afresh, an unchanged one never again. The scripts stay in the repository and load the packages
from there (``peers/modules.mjs``).

A script reads its plan as JSON on stdin and writes one JSON object a line on stdout: marks as its
measured windows open and close (``{"mark": "start", "window": ...}``, handed to ``on_mark`` as they
come, so the caller reads the server's CPU right then), then ``{"result": ...}`` or ``{"error": ...}``.
Its stderr (progress) goes to the console.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson

PEERS = Path(__file__).resolve().parent / "peers"
MANIFESTS = ("package.json", "package-lock.json")
NODE_MAJOR = 20  # graphql-ws 6 needs it
INSTALL_SECONDS = 600
# Every wait of the scripts is bounded (a minute at most), so this only catches a hang of their own.
SCRIPT_SECONDS = 15 * 60
INSTALLED = "node_modules/.package-lock.json"  # written by npm last: a folder without it is unfinished

Mark = dict[str, Any]


class NodeFailed(Exception):
    """Node.js or npm is missing, the install failed, or a script could not finish: the part fails."""


def cache_root() -> Path:
    if configured := os.environ.get("CLIFFSIDE_BENCH_CACHE"):
        return Path(configured)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cliffside-bench"


def lock_hash() -> str:
    digest = hashlib.sha256()
    for name in MANIFESTS:
        digest.update((PEERS / name).read_bytes())
    return digest.hexdigest()[:16]


def node_version() -> int:
    """Node's major version; NodeFailed when node or npm cannot be run."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        raise NodeFailed(
            f"Node.js {NODE_MAJOR}+ and npm are needed for this part: neither `node` nor `npm` is on PATH"
        )
    done = subprocess.run(["node", "--version"], capture_output=True, text=True, timeout=30)
    major = int(done.stdout.strip().lstrip("v").split(".")[0] or 0)
    if major < NODE_MAJOR:
        raise NodeFailed(
            f"Node.js {NODE_MAJOR}+ is needed for this part; `node --version` says {done.stdout.strip()}"
        )
    return major


@contextlib.contextmanager
def _locked(root: Path) -> Iterator[None]:
    """One install at a time on this machine (two benchmarks, or two test workers, starting together)."""
    root.mkdir(parents=True, exist_ok=True)
    with (root / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def modules() -> Path:
    """The folder holding ``node_modules`` for the current lock file, installed if it is not yet."""
    node_version()
    root = cache_root()
    folder = root / lock_hash()
    if (folder / INSTALLED).exists():
        return folder
    with _locked(root):
        if not (folder / INSTALLED).exists():
            _install(root, folder)
    return folder


def _install(root: Path, folder: Path) -> None:
    partial = root / f"{folder.name}.partial-{os.getpid()}"
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    for name in MANIFESTS:
        shutil.copy2(PEERS / name, partial / name)
    print(f"Installing the benchmark's Node packages into {folder} (npm ci, once)…", flush=True)
    command = ["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"]
    try:
        done = subprocess.run(command, cwd=partial, capture_output=True, text=True, timeout=INSTALL_SECONDS)
    except subprocess.TimeoutExpired:
        shutil.rmtree(partial, ignore_errors=True)
        raise NodeFailed(
            f"npm ci did not finish in {INSTALL_SECONDS // 60} minutes: is the npm registry reachable?"
        ) from None
    if done.returncode != 0:
        shutil.rmtree(partial, ignore_errors=True)
        said = (done.stderr or done.stdout).strip().splitlines()[:4]  # its code and reason come first
        raise NodeFailed(
            "npm ci failed (is the npm registry reachable? `npm config get registry` names it): "
            + " | ".join(said)
        )
    shutil.rmtree(folder, ignore_errors=True)  # an unfinished folder of an earlier, killed install
    partial.rename(folder)


def environment(**extra: str) -> dict[str, str]:
    return {**os.environ, "CLIFFSIDE_BENCH_MODULES": str(modules()), **extra}


def run(
    script: str,
    plan: dict[str, Any],
    *,
    on_mark: Callable[[Mark], None] = lambda mark: None,
    seconds: float = SCRIPT_SECONDS,
) -> dict[str, Any]:
    """Run ``node peers/<script>`` on ``plan``; its result. NodeFailed with its reason if it fails."""
    env = environment()
    process = subprocess.Popen(
        ["node", str(PEERS / script)], cwd=PEERS, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    guard = threading.Timer(seconds, process.kill)
    guard.start()
    answer: dict[str, Any] = {}
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(orjson.dumps(plan))
        process.stdin.close()
        for line in process.stdout:
            try:
                message = orjson.loads(line)
            except orjson.JSONDecodeError:
                raise NodeFailed(f"{script} wrote a line that is not JSON: {line[:200]!r}") from None
            if "mark" in message:
                on_mark(message)
            else:
                answer = message
        process.wait()
    finally:
        guard.cancel()
        if process.poll() is None:  # stopped by an exception here (Ctrl-C included)
            process.kill()
            process.wait()
    if "result" in answer and process.returncode == 0:
        return dict(answer["result"])
    if process.returncode == -9 and not answer:
        raise NodeFailed(f"{script} did not finish in {seconds / 60:g} minutes")
    raise NodeFailed(answer.get("error") or f"{script} exited with {process.returncode} (see above)")
