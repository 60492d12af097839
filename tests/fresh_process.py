"""A fresh Python process that reads config/settings.py from an environment of the test's choosing:
for what settings do at start-up (DEBUG defaults, the production key check, log rendering)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION_KEY = "a-long-random-secret-for-this-test-only-0123456789abcdef"


def run_python(
    script: str, *, drop: tuple[str, ...] = (), check: bool = True, **environment: str
) -> subprocess.CompletedProcess[str]:
    """Run ``script`` with this environment, less ``drop``, plus ``environment``."""
    env = {key: value for key, value in os.environ.items() if key not in drop}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", **environment)
    return subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=check,
    )
