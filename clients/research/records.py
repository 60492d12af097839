"""What each seat has seen: the steps of a match, shared by every position that has the same past."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from clients.research.views import event_line
from games.core.visibility import SPECTATOR, Event, redact, seat_viewer

Viewpoint = int | None  # a seat, or None for a spectator


@dataclass(frozen=True)
class Step:
    """One thing that happened: who chose what (labels), the events logged, the moves refused."""

    chose: tuple[tuple[int, str], ...] = ()
    events: tuple[Event, ...] = ()
    refused: tuple[tuple[int, str], ...] = ()


class Link:
    """A persistent list of steps, newest first, shared by positions that have the same past. Each link
    keeps what it wrote for a viewer, and every ``CHECKPOINT``-th link the whole record up to it, so an
    information state joins at most that many pieces onto a checkpoint."""

    __slots__ = ("depth", "memo", "previous", "step")
    CHECKPOINT = 32

    def __init__(self, step: Step, previous: Link | None) -> None:
        self.step, self.previous = step, previous
        self.memo: dict[Any, str] = {}
        self.depth: int = 1 if previous is None else previous.depth + 1

    def text(self, viewer: Viewpoint) -> str:
        """What ``viewer`` saw of this step alone."""
        if viewer not in self.memo:
            self.memo[viewer] = _step_text(self.step, viewer)
        text: str = self.memo[viewer]
        return text

    def record(self, viewer: Viewpoint) -> str:
        """What ``viewer`` saw from the first step to this one, a line per event or choice."""
        key = ("record", viewer)
        if key in self.memo:
            return self.memo[key]
        pieces: list[str] = []
        link: Link | None = self
        while link is not None:
            if link.depth % self.CHECKPOINT == 0 and link is not self:
                pieces.append(link.record(viewer))
                break
            pieces.append(link.text(viewer))
            link = link.previous
        text = _joined(reversed(pieces))
        if self.depth % self.CHECKPOINT == 0:
            self.memo[key] = text
        return text


def _joined(pieces: Iterable[str]) -> str:
    return "\n".join(piece for piece in pieces if piece)


def _step_text(step: Step, viewpoint: Viewpoint) -> str:
    viewer = SPECTATOR if viewpoint is None else seat_viewer(viewpoint)
    lines = [f"you {label}" for seat, label in step.chose if seat == viewpoint]
    lines += [f"refused {code}" for seat, code in step.refused if seat == viewpoint]
    shown = (redact(event, viewer) for event in step.events)
    lines += [event_line(event) for event in shown if event is not None]
    return "\n".join(lines)
