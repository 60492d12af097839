"""The reliability suite's figures: each test records what it measured with ``record_property("figure",
...)``, and the end of the run prints them under "reliability figures", test by test (from every xdist
worker), so that the README's reliability table quotes a run one can see."""

from __future__ import annotations

import pytest

FIGURE = "figure"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    lines = [
        f"{report.nodeid.split('::', 1)[-1]}: {value}"
        for report in terminalreporter.stats.get("passed", [])
        if report.when == "call"
        for name, value in report.user_properties
        if name == FIGURE
    ]
    if lines:
        terminalreporter.section("reliability figures")
        for line in sorted(lines):
            terminalreporter.line(line)
