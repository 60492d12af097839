"""``python -m bench.service_side.deadlines``: when each timeout of the timer figure was due, and when
it fired, read back from the benchmark's database after the run. Reads ``{"matches": [id, ...]}`` on stdin and
writes ``{id: [[version, due_ms, fired_ms], ...]}``; runs with the server's environment.

Each match's log is folded through the engine. Before each group of events the server appended on its
own (no seat: in these matches nobody moves, so a timeout), the game's ``deadlines(state)`` says when
the timer was due, exactly as the service armed it; the group's ``at`` is when the timer worker fired
it (the instant it claimed the deadline, on Redis's clock: the time the game was told).
"""

from __future__ import annotations

import itertools
import os
import sys
from typing import Any

import django
import orjson


def fired(match_id: int) -> list[tuple[int, int, int]]:
    """``(version before, due ms, fired ms)`` of every timeout the server appended to the match."""
    from api.common.specs import require_spec
    from api.matches.models import Match, MatchEvent
    from games.core import engine

    match = Match.objects.get(pk=match_id)
    spec = require_spec(match.game)
    game = engine.new_game(spec, match.options, match.seats.count(), match.seed)
    rows = (
        MatchEvent.objects.filter(match_id=match_id).order_by("seq").values_list("type", "data", "seat", "at")
    )
    found = []
    for (seat, at), group in itertools.groupby(rows, key=lambda row: (row[2], row[3])):
        due = [deadline.at for deadline in spec.deadlines(game.state) if deadline.kind != "bot"]
        if seat is None and game.version > 0 and due:  # version 0: the deal, which no timer starts
            found.append((game.version, min(due), round(at.timestamp() * 1000)))
        game = engine.advance(game, [spec.events.load(kind, data) for kind, data, _, _ in group])
    return found


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    request: dict[str, Any] = orjson.loads(sys.stdin.buffer.read())
    answer = {str(match_id): fired(int(match_id)) for match_id in request["matches"]}
    sys.stdout.write(orjson.dumps(answer).decode() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
