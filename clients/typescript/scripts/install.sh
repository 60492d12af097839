#!/usr/bin/env bash
# Installs package-lock.json's packages once per machine, outside the repository, in a folder keyed by
# the hash of package.json and the lock (${XDG_CACHE_HOME:-~/.cache}/cliffside-ts/<hash>/node_modules),
# and links clients/typescript/node_modules to it. Prints that node_modules folder. Safe to run at
# once from several processes: the first installs, the others wait for it.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
hash="$(cat "$here/package.json" "$here/package-lock.json" | sha256sum | cut -c1-16)"
cache="${CLIFFSIDE_TS_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/cliffside-ts}"
target="$cache/$hash"

if [ ! -e "$target/.installed" ]; then
    mkdir -p "$cache"
    exec 9>"$cache/.lock"
    flock 9
    if [ ! -e "$target/.installed" ]; then
        rm -rf "$target"
        scratch="$(mktemp -d "$cache/.installing-XXXXXX")"
        cp "$here/package.json" "$here/package-lock.json" "$scratch/"
        # No lifecycle scripts: every package here is plain JavaScript.
        (cd "$scratch" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
        touch "$scratch/.installed"
        mv "$scratch" "$target"
    fi
    exec 9>&-
fi

# A link, never a folder: node_modules is not part of the repository (.gitignore).
if [ "$(readlink "$here/node_modules" 2>/dev/null)" != "$target/node_modules" ]; then
    ln -sfn "$target/node_modules" "$here/node_modules.tmp$$"
    mv -T "$here/node_modules.tmp$$" "$here/node_modules"
fi
echo "$target/node_modules"
