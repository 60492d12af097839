"""What one viewer knows of each card through a match, as a real table would let it know: the oracle's
knowledge model, generic over games (it needs only ``GameSpec.copies``).

- A viewer *learns* a card when it is shown it: in its view, or in an event as redacted for it.
- It *forgets* a card shuffled away: into a face-down pile (the kernel's ``PileShuffled``) whose order
  it is not shown, even a card it held before. Other moves out of its sight (a blind steal between
  two other seats) are not followed: a hand shuffled for a blind pick keeps its cards, and a game
  names no card on its way to a hand it is not shown, so the model stays on the side of knowing.
- A card is *hidden from the table* when the omniscient view shows it and the spectator's does not
  (hands, face-down cards, the deck where a view shows it).

So a card the viewer does not know and the table hides is one it must not be able to learn now: the
game's ``secrets`` must name it (Cliffs U4: a seat that once saw a card went on "knowing" it after the
card was shuffled back and drawn by another seat).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import engine
from games.core.copies import Copies
from games.core.deck import PileShuffled
from games.core.engine import Game
from games.core.visibility import OMNISCIENT, SPECTATOR, Event, Viewer, redact
from tests.conformance.labels import cards_in


@dataclass
class Knowledge:
    """The cards ``viewer`` knows the place of, version by version (call ``after`` for each event)."""

    copies: Copies
    viewer: Viewer
    known: set[Any] = field(default_factory=set)

    def after(self, game: Game, event: Event) -> None:
        shown = set(cards_in(redact(event, self.viewer), self.copies))
        if isinstance(event, PileShuffled):
            self.known -= set(cards_in(event, self.copies)) - shown
        self.known |= shown | set(cards_in(engine.view(game, self.viewer), self.copies))


def hidden_from_table(game: Game, copies: Copies) -> set[Any]:
    """The cards in play that only an omniscient viewer is shown."""
    everything = set(cards_in(engine.view(game, OMNISCIENT), copies))
    return everything - set(cards_in(engine.view(game, SPECTATOR), copies))
