"""``python -m bench.service_side.seed``: build one long match in the benchmark's database for the
replay figure. Reads ``{"game", "seats", "events", "options"}`` on stdin, writes ``{"match_id",
"version", "token", "selection"}`` on stdout: the token of seat 0, and the game's whole view as a
GraphQL selection (bench/views.py). Runs with the server's environment (DATABASE_URL, ...), in a
process of its own: the rest of the bench never imports the service's modules (pyproject.toml).

Every move goes through ``api.matches.services.submit_move``, as a client's would. Moves are random
legal ones that do not end the match, chosen by the engine on a copy of the game kept in step here, so
only ``events`` decides the length; they are committed BATCH at a time (one transaction), so building
5,000 events takes seconds, not a minute. A game that cannot go on without ending stops short.
"""

from __future__ import annotations

import os
import random
import sys
from typing import Any

import django
import orjson

BATCH = 100


def _next_move(game: Any, rng: random.Random, now_ms: int) -> tuple[int, Any, Any] | None:
    """(seat, move, step) of a random legal move that keeps the match going, or None if none does."""
    from games.core import engine
    from games.core.commands import Command
    from games.core.decisions import Accepted

    seats = sorted(engine.waiting_on(game))
    rng.shuffle(seats)
    for seat in seats:
        moves = list(engine.legal_moves(game, seat))
        rng.shuffle(moves)
        for move in moves:
            step = engine.step(game, Command(move, seat, now_ms))
            if isinstance(step.decision, Accepted) and not step.game.over:
                return seat, move, step
    return None


def build(*, game: str, seats: int, events: int, options: dict[str, Any]) -> dict[str, Any]:
    from django.db import transaction

    from api.matches import selectors, services, store
    from api.matches.results import MoveAccepted
    from api.players.services import register_player

    players = [register_player(name=f"replay {number}") for number in range(seats)]
    host = players[0][0]
    match_id = services.create_match(player=host, game=game, options=options).pk
    for player, _ in players[1:]:
        services.join_match(match_id=match_id, player=player)
    services.start_match(match_id=match_id, player=host)
    current = selectors.load_game(match=selectors.get_match(match_id=match_id))
    rng = random.Random(game)
    while current.version < events:
        now = store.clock_ms()
        with transaction.atomic():
            for _ in range(BATCH):
                chosen = current.version < events and _next_move(current, rng, now)
                if not chosen:
                    break
                seat, move, step = chosen
                result = services.submit_move(
                    match_id=match_id,
                    player=players[seat][0],
                    move=current.spec.moves.dump(move),
                    expected_version=current.version,
                    now_ms=now,
                )
                if not isinstance(result, MoveAccepted):
                    raise RuntimeError(f"a legal move was refused: {result}")
                current = step.game
        if not chosen:
            break
    from bench.views import view_selection

    built = {"match_id": str(match_id), "version": current.version, "token": players[0][1]}
    return {**built, "selection": view_selection(game)}


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    request = orjson.loads(sys.stdin.buffer.read())
    sys.stdout.write(orjson.dumps(build(**request)).decode() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
