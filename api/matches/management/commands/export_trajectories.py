"""`manage.py export_trajectories --game G [--since DATE] [--perspective SEAT|all|spectator] [--out FILE]`.

Writes the finished matches of one game as JSON Lines for training, one line per step: a step is one
decision of the match, a seat's move or the server's (the deal, a deadline passing), with the events it
logged. The log stores events, not commands, so each decision is re-derived from the seed as
``verify_match`` does (api/matches/reproduce.py): the command whose decision logs exactly the next events.

Each line: ``match``, ``game``, ``step`` (from 0), ``version`` (the events before it), ``at``, ``seat``
(who acted; null: the server), ``observations`` (the view each seat of the perspective had at that
version, as the API serves it), ``legalActions`` (the acting seat's legal moves, as ``LegalMove.input``),
``action`` (the move; the server's are ``BEGIN`` and ``TIMEOUT``, a seat leaving is ``RESIGN``),
``events`` (what the step logged, redacted as the API redacts it for the perspective), and, on a match's
last line, ``returns`` (per seat, (seats ranked below - seats ranked above) / (seats - 1), as the
OpenSpiel and PettingZoo adapters give them) and ``outcome``; ``done`` marks that line.

Perspectives decide what hidden information a line may carry:
- ``all`` (the default): every seat's view, every seat's legal moves and actions, the full log. Only
  matches whose full log is revealed to everyone (``revealAfterEnd``); the others are skipped.
- a seat number: that seat's view and events; the legal moves and the action of its own steps only (a
  rival's sealed move shows only as the events that seat saw). Matches with fewer seats are skipped.
- ``spectator``: the spectator's view and events; no seat's legal moves or actions, the server's shown.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import IO, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.matches import selectors
from api.matches.models import Match, MatchEvent, MatchStatus
from api.matches.reproduce import Logged, ms
from games.core import engine
from games.core.codec import camel_keys, encode
from games.core.commands import Begin, Resign, Timeout
from games.core.commands import Command as Play
from games.core.decisions import Accepted
from games.core.engine import Game
from games.core.spec import GameSpec
from games.core.visibility import OMNISCIENT, SPECTATOR, Viewer, seat_viewer

ALL, SPECTATOR_NAME = "all", "spectator"
Perspective = int | str  # a seat, ALL or SPECTATOR_NAME


def rank_returns(ranks: Sequence[int], scores: Sequence[float | None]) -> list[float]:
    """(seats ranked below - seats ranked above) / (seats - 1); alone at the table, +1 with a score and
    -1 without (clients/research/position.py gives the adapters the same)."""
    if len(ranks) == 1:
        return [1.0 if scores[0] is not None else -1.0]
    return [
        (sum(r > mine for r in ranks) - sum(r < mine for r in ranks)) / (len(ranks) - 1) for mine in ranks
    ]


class Command(BaseCommand):
    help = "Write a game's finished matches as JSON Lines of steps (observations, legal moves, actions)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True, help="Game key, e.g. racesmack.")
        parser.add_argument("--since", help="Only matches finished at or after this ISO date or time (UTC).")
        parser.add_argument(
            "--perspective", default=ALL, help="all (default), spectator, or a seat number (0 is the first)."
        )
        parser.add_argument("--out", help="File to write (default: standard output).")

    def handle(self, *args: Any, **opts: Any) -> None:
        from games.registry import REGISTRY  # looked up late: tests register a toy game

        spec = REGISTRY.get(opts["game"])
        if spec is None:
            raise CommandError(f"Unknown game {opts['game']!r}; known: {', '.join(sorted(REGISTRY))}.")
        perspective = _perspective(opts["perspective"])
        matches = Match.objects.filter(game=spec.key, status=MatchStatus.FINISHED)
        if opts["since"]:
            matches = matches.filter(finished_at__gte=_moment(opts["since"]))
        out: IO[str] | None = open(opts["out"], "w", encoding="utf-8") if opts["out"] else None  # noqa: SIM115
        exported = steps = skipped = 0
        try:
            for match in matches.order_by("finished_at", "id").prefetch_related("seats"):
                seats = len(match.seats.all())
                if not _shown(match, seats, perspective):
                    skipped += 1
                    continue
                for line in trajectory(spec, match, seats, perspective):
                    text = json.dumps(line, separators=(",", ":"), ensure_ascii=False)
                    if out is None:
                        self.stdout.write(text)
                    else:
                        out.write(text + "\n")
                    steps += 1
                exported += 1
        finally:
            if out is not None:
                out.close()
        note = f" ({skipped} skipped: not visible from {opts['perspective']})" if skipped else ""
        self.stderr.write(f"exported {steps} steps of {exported} {spec.key} matches{note}")


def _perspective(text: str) -> Perspective:
    if text in (ALL, SPECTATOR_NAME):
        return text
    if text.isdigit():
        return int(text)
    raise CommandError(f"--perspective is all, spectator or a seat number, not {text!r}.")


def _moment(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise CommandError(f"--since needs an ISO date or time, such as 2026-05-01, not {text!r}.") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _shown(match: Match, seats: int, perspective: Perspective) -> bool:
    if perspective == ALL:
        return selectors.full_log_revealed(match=match)
    return not isinstance(perspective, int) or perspective < seats


def _viewers(seats: int, perspective: Perspective) -> dict[str, Viewer]:
    """The viewers whose views a line carries, by the key they have in ``observations``."""
    if perspective == ALL:
        return {str(seat): seat_viewer(seat) for seat in range(seats)}
    if perspective == SPECTATOR_NAME:
        return {SPECTATOR_NAME: SPECTATOR}
    return {str(perspective): seat_viewer(int(perspective))}


def trajectory(
    spec: GameSpec[Any], match: Match, seats: int, perspective: Perspective
) -> Iterator[dict[str, Any]]:
    """The lines of one finished match."""
    rows = list(MatchEvent.objects.filter(match_id=match.pk).order_by("seq"))
    log = [Logged(row.seq, row.type, row.data, row.seat, ms(row.at)) for row in rows]
    viewers = _viewers(seats, perspective)
    log_viewer = OMNISCIENT if perspective == ALL else next(iter(viewers.values()))
    game = engine.new_game(spec, match.options, seats, match.seed)
    done = 0
    step = 0
    while done < len(log):
        command, decision = _explain(match, game, log[done:])
        count = len(decision.events)
        sees_move = perspective == ALL or command.seat is None or command.seat == perspective
        line: dict[str, Any] = {
            "match": match.pk,
            "game": spec.key,
            "step": step,
            "version": game.version,
            "at": rows[done].at.isoformat(),
            "seat": command.seat,
            "observations": {
                key: camel_keys(encode(engine.view(game, viewer))) for key, viewer in viewers.items()
            },
            "legalActions": _legal(game, command.seat) if sees_move and command.seat is not None else None,
            "action": _action(spec, command) if sees_move else None,
            "events": _events(spec, rows[done : done + count], log_viewer),
            "returns": None,
            "done": False,
        }
        game = engine.settle(game, decision)
        done += count
        step += 1
        if done == len(log):
            outcome = game.outcome()
            if outcome is not None:
                line["returns"] = rank_returns(outcome.ranks, outcome.scores)
                line["outcome"] = {
                    "ranks": list(outcome.ranks),
                    "scores": list(outcome.scores),
                    "reason": outcome.reason,
                }
            line["done"] = True
        yield line


def _explain(match: Match, game: Game, rest: Sequence[Logged]) -> tuple[Play[Any], Accepted]:
    """The command whose decision logs exactly the first events of ``rest`` (as reproduce.py finds it)."""
    for command in _candidates(game, rest[0]):
        decision = engine.decide(game, command)
        if (
            isinstance(decision, Accepted)
            and decision.events
            and _logs(game.spec, decision, command.seat, rest)
        ):
            return command, decision
    raise CommandError(
        f"match {match.pk}: event #{rest[0].seq} does not follow from its seed (verify_match)."
    )


def _candidates(game: Game, first: Logged) -> Iterator[Play[Any]]:
    if first.seat is not None:
        for move in (*engine.legal_moves(game, first.seat), Resign()):
            yield Play(move, first.seat, first.at_ms)
        return
    if game.version == 0:
        yield Play(Begin(), None, first.at_ms)
        return
    for deadline in game.spec.deadlines(game.state):
        yield Play(Timeout(deadline.id), None, deadline.at)
        if first.at_ms != deadline.at:
            yield Play(Timeout(deadline.id), None, first.at_ms)


def _logs(spec: GameSpec[Any], decision: Accepted, seat: int | None, rest: Sequence[Logged]) -> bool:
    if len(decision.events) > len(rest):
        return False
    for event, logged in zip(decision.events, rest, strict=False):
        kind, data = spec.events.dump(event)
        plain = camel_keys(json.loads(json.dumps(data)))
        if (kind, plain, seat) != (logged.type, camel_keys(logged.data), logged.seat):
            return False
    return True


def _legal(game: Game, seat: int) -> list[dict[str, Any]]:
    return [game.spec.moves.dump(move) for move in engine.legal_moves(game, seat)]


def _action(spec: GameSpec[Any], command: Play[Any]) -> dict[str, Any]:
    match command.move:
        case Begin():
            return {"action": "BEGIN"}
        case Timeout(deadline_id=deadline_id):
            return {"action": "TIMEOUT", "deadlineId": deadline_id}
        case Resign():
            return {"action": "RESIGN"}
    return spec.moves.dump(command.move)


def _events(spec: GameSpec[Any], rows: Sequence[MatchEvent], viewer: Viewer) -> list[dict[str, Any]]:
    shown = (selectors.visible(spec, row, viewer) for row in rows)
    return [
        {"seq": event.seq, "type": event.type, "data": event.data} for event in shown if event is not None
    ]
