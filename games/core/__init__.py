"""Shared mechanics every game is built from. See ``spec.py`` for the contract."""

from games.core.chance import Chance
from games.core.codec import EventCodec, MoveCodec
from games.core.commands import Begin, Command, Resign, Timeout
from games.core.deadlines import Deadline
from games.core.decisions import Accepted, Codes, Decision, Rejected, accept
from games.core.engine import Game, Step
from games.core.outcome import Outcome
from games.core.spec import Bot, GameSpec
from games.core.visibility import OMNISCIENT, PUBLIC, SPECTATOR, Audience, Event, Viewer, only, redact

__all__ = [
    "OMNISCIENT",
    "PUBLIC",
    "SPECTATOR",
    "Accepted",
    "Audience",
    "Begin",
    "Bot",
    "Chance",
    "Codes",
    "Command",
    "Deadline",
    "Decision",
    "Event",
    "EventCodec",
    "Game",
    "GameSpec",
    "MoveCodec",
    "Outcome",
    "Rejected",
    "Resign",
    "Step",
    "Timeout",
    "Viewer",
    "accept",
    "only",
    "redact",
]
