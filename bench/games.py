"""What every registered game is measured with, read from the registry: games added later are
measured without changes here.

- seats: two, or the game's minimum when that is more (never more than its maximum);
- the service, live and memory scenarios use the game's default options (their turn timers, minutes
  long, never fire while a benchmark client plays at full speed);
- timers need timers the benchmark can shorten: every integer option of the game named ``...Seconds``
  (a turn, a STOP window, a sealed round, a tap round) is set to its shortest positive value, so with
  nobody moving each match runs from one timeout to the next; a game without one is not measured;
- replay wants a long log: ``turnLimit`` (when the game has one and it may be empty) is lifted and the
  turn timer switched off (``turnSeconds: 0``), so nothing ends the match but its own moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.core.options import IntOption
from games.core.spec import GameSpec
from games.registry import REGISTRY

TURN_SECONDS = "turnSeconds"
SECONDS = "Seconds"  # an integer option so named sets a timer of the game
TURN_LIMIT = "turnLimit"


@dataclass(frozen=True, slots=True)
class GamePlan:
    key: str
    seats: int
    timer_options: dict[str, Any] | None  # None: no turn timer to measure
    replay_options: dict[str, Any]


def _int_option(spec: GameSpec[Any], name: str) -> IntOption | None:
    return next((o for o in spec.options.fields if o.name == name and isinstance(o, IntOption)), None)


def _timer_options(spec: GameSpec[Any]) -> dict[str, Any] | None:
    timers = {
        option.name: max(1, option.minimum or 1)
        for option in spec.options.fields
        if isinstance(option, IntOption) and option.name.endswith(SECONDS)
    }
    return timers or None


def _replay_options(spec: GameSpec[Any]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    limit = _int_option(spec, TURN_LIMIT)
    if limit is not None and limit.nullable:
        options[TURN_LIMIT] = None
    turn = _int_option(spec, TURN_SECONDS)
    if turn is not None and (turn.minimum or 0) <= 0:
        options[TURN_SECONDS] = 0
    return options


def plan_for(spec: GameSpec[Any]) -> GamePlan:
    return GamePlan(
        key=spec.key,
        seats=min(max(2, spec.min_players), spec.max_players),
        timer_options=_timer_options(spec),
        replay_options=_replay_options(spec),
    )


def plans(keys: Iterable[str] | None = None) -> list[GamePlan]:
    """Every registered game's plan (or those of ``keys``), in key order."""
    wanted = set(keys) if keys else set(REGISTRY)
    unknown = wanted - set(REGISTRY)
    if unknown:
        raise ValueError(f"unknown game {sorted(unknown)[0]!r}; known: {', '.join(sorted(REGISTRY))}")
    return [plan_for(REGISTRY[key]) for key in sorted(wanted)]
