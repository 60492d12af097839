"""Refresh the vendored browser libraries from npm, as pinned in web/vendor.json.

    python web/refresh_vendor.py            # download every package of vendor.json, copy, check
    python web/refresh_vendor.py --check    # no download: check the module graph of what is vendored

For each package: `npm pack <name>@<version>` in a temporary folder, then the listed files and the
package's licence are copied into web/static/web/vendor/<name>/ (emptied first), and
web/static/web/vendor/README.md lists every package, its version, licence, source and tarball
integrity. Source-map comments are stripped: the maps are not vendored (a browser would ask for them,
and collectstatic's manifest would fail on a missing one).

Then the module graph is checked: from each entry of the import map in templates/web/base.html, every
relative import must be a vendored file and every bare import ("preact") a name of the import map, so
that Chromium loads the pages with no bundler. Standard library only (and npm on the PATH).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

WEB = Path(__file__).resolve().parent
STATIC = WEB / "static"
VENDOR = STATIC / "web" / "vendor"
MANIFEST = WEB / "vendor.json"
BASE_TEMPLATE = WEB / "templates" / "web" / "base.html"
STATIC_URL = "/static/"

LICENCE_NAMES = ("license", "license.md", "license.txt", "licence", "licence.md", "licence.txt")
SOURCE_MAP = re.compile(r"\n?(//# sourceMappingURL=\S+|/\*# sourceMappingURL=\S+ ?\*/)\s*$")
IMPORT_MAP = re.compile(r'<script type="importmap">(.*?)</script>', re.DOTALL)
STATIC_TAG = re.compile(r"""\{%\s*static\s+['"]([^'"]+)['"]\s*%\}""")
# Import and re-export statements (`import x from "y"`, `import "y"`, `export {x} from "y"`, minified
# `import{h as n}from"y"`) and dynamic imports of a literal (`import("y")`); not the words in a string
# ("on Node you can `import WebSocket from 'ws'`").
SPECIFIER = re.compile(
    r"""(?:(?:^|(?<=[;}\s]))(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?|\bimport\(\s*)["']([^"'\n]+)["']""",
    re.MULTILINE,
)


@dataclass(frozen=True)
class Vendored:
    name: str
    version: str
    licence: str
    source: str
    integrity: str
    files: list[str]


def npm_pack(name: str, version: str, folder: Path) -> tuple[Path, str]:
    """The package's tarball, downloaded by npm into ``folder``, and its integrity (sha512)."""
    result = subprocess.run(
        ["npm", "pack", f"{name}@{version}", "--json", "--silent"],
        cwd=folder,
        check=True,
        capture_output=True,
        text=True,
    )
    (packed,) = json.loads(result.stdout)
    return folder / packed["filename"], packed.get("integrity", "")


def strip_source_map(data: bytes) -> bytes:
    text = data.decode("utf-8")
    return (SOURCE_MAP.sub("", text).rstrip("\n") + "\n").encode("utf-8")


def repository_url(package: dict) -> str:
    repository = package.get("repository") or ""
    url = repository.get("url", "") if isinstance(repository, dict) else repository
    url = re.sub(r"^git\+", "", url).removesuffix(".git")
    if re.fullmatch(r"[\w.-]+/[\w.-]+", url):  # "owner/name" is shorthand for GitHub
        url = f"https://github.com/{url}"
    return url.replace("git://", "https://").replace("http://", "https://")


def vendor(name: str, version: str, files: dict[str, str | None]) -> Vendored:
    """Copy one package's files and licence into vendor/<name>/."""
    destination = VENDOR / name
    with tempfile.TemporaryDirectory() as temporary:
        tarball, integrity = npm_pack(name, version, Path(temporary))
        with tarfile.open(tarball) as archive:
            members = {
                str(PurePosixPath(*PurePosixPath(member.name).parts[1:])): member
                for member in archive.getmembers()
                if member.isfile()
            }

            def read(path: str) -> bytes:
                extracted = archive.extractfile(members[path])
                assert extracted is not None
                return extracted.read()

            package = json.loads(read("package.json"))
            if package.get("version") != version:
                raise SystemExit(f"{name}: npm gave version {package.get('version')}, not {version}")
            copies: dict[str, bytes] = {}
            for pattern, target in files.items():
                matched = sorted(path for path in members if fnmatch.fnmatchcase(path, pattern))
                if not matched:
                    raise SystemExit(f"{name}@{version} has no file {pattern}")
                if target is not None and len(matched) > 1:
                    raise SystemExit(f"{name}: {pattern} matches {matched}, but names one file {target}")
                for path in matched:
                    data = read(path)
                    if path.endswith((".js", ".mjs", ".css")):
                        data = strip_source_map(data)
                    copies[target or PurePosixPath(path).name] = data
            licences = [path for path in members if "/" not in path and path.lower() in LICENCE_NAMES]
            if not licences:
                raise SystemExit(f"{name}@{version} has no licence file at its root")
            for path in licences:
                copies[path] = read(path)
    if destination.exists():
        shutil.rmtree(destination)
    destination.mkdir(parents=True)
    for target, data in copies.items():
        (destination / target).write_bytes(data)
    return Vendored(
        name=name,
        version=version,
        licence=str(package.get("license", "see the licence file")),
        source=repository_url(package) or f"https://www.npmjs.com/package/{name}",
        integrity=integrity,
        files=sorted(copies),
    )


def write_readme(packages: list[Vendored]) -> None:
    lines = [
        "# Vendored browser libraries",
        "",
        "Copied unchanged (less their source-map comments) from the npm packages pinned in",
        "`web/vendor.json` by `python web/refresh_vendor.py`: do not edit these files, refresh them.",
        "Each folder holds its package's licence. The import map in `web/templates/web/base.html` names",
        "the ES modules (`preact`, `preact/hooks`, `htm`, `graphql-ws`); React, ReactDOM and GraphiQL",
        "(UMD builds: GraphiQL 3 is the last with one) serve the GraphiQL page only.",
        "",
        "| Package | Version | Licence | Source | Files |",
        "|---|---|---|---|---|",
    ]
    for item in packages:
        npm = f"https://www.npmjs.com/package/{item.name}/v/{item.version}"
        files = ", ".join(f"`{file}`" for file in item.files)
        lines.append(f"| [{item.name}]({npm}) | {item.version} | {item.licence} | {item.source} | {files} |")
    lines += ["", "Tarball integrity, as npm reported it:", ""]
    lines += [f"- {item.name}@{item.version}: `{item.integrity}`" for item in packages]
    (VENDOR / "README.md").write_text("\n".join(lines) + "\n")


def import_map() -> dict[str, str]:
    """The import map of base.html, with ``{% static %}`` tags read as plain static URLs."""
    found = IMPORT_MAP.search(BASE_TEMPLATE.read_text())
    if found is None:
        raise SystemExit(f"no import map in {BASE_TEMPLATE}")
    text = STATIC_TAG.sub(lambda tag: STATIC_URL + tag.group(1), found.group(1))
    return json.loads(text)["imports"]


def static_file(url: str) -> Path:
    return STATIC / url.removeprefix(STATIC_URL)


def check_module_graph() -> list[str]:
    """Problems in the graph of modules reachable from the import map (none: it loads as it is)."""
    imports = import_map()
    problems: list[str] = []
    seen: set[str] = set()
    pending = [(url, f"import map entry {name!r}") for name, url in imports.items()]
    while pending:
        url, why = pending.pop()
        if url in seen:
            continue
        seen.add(url)
        path = static_file(url)
        if not path.is_file():
            problems.append(f"{url} ({why}) is not a file under {STATIC}")
            continue
        for specifier in SPECIFIER.findall(path.read_text()):
            if specifier.startswith(("./", "../", "/")):
                target = str(PurePosixPath(url).parent / specifier) if specifier[0] == "." else specifier
                pending.append((normalise(target), f"imported by {url}"))
            elif specifier not in imports:
                problems.append(f"{url} imports {specifier!r}, which the import map does not name")
    return problems


def normalise(url: str) -> str:
    parts: list[str] = []
    for part in url.split("/"):
        if part == "..":
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only check the vendored module graph")
    arguments = parser.parse_args(argv)
    if not arguments.check:
        pinned: dict[str, dict] = json.loads(MANIFEST.read_text())["packages"]
        vendored = []
        for name, spec in pinned.items():
            print(f"{name}@{spec['version']}", flush=True)
            vendored.append(vendor(name, spec["version"], spec["files"]))
        write_readme(vendored)
    problems = check_module_graph()
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if not problems:
        print(f"module graph ok: {', '.join(import_map())}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
