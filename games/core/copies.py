"""Copies of one card: what tells them apart, and what they share.

At a real table two cards of one kind are alike: nobody can tell which Charlie was played, only that
a Charlie was. An engine still names every card (``number``, ``id``...) to follow it through the log.
A game declares which of its card's fields is that name, so the conformance suite can relabel two
copies of a kind in a match and check that no viewer who could not follow them can tell (the owner
ruling "Copies are interchangeable").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Copies:
    """``card`` is the game's card type; its field ``identity`` names one copy, printed on no real
    card. Every other field is what the card shows: its kind. ``references`` names the fields of
    events (or of moves they carry) that hold a card by its identity alone, as ``"Class.field"``
    (an identity, or a tuple of them), so a relabelled card is relabelled there too."""

    card: type
    identity: str
    references: tuple[str, ...] = ()

    def kind(self, card: Any) -> Hashable:
        """What every copy of ``card`` shows alike."""
        return tuple(
            getattr(card, field.name) for field in dataclasses.fields(card) if field.name != self.identity
        )

    def anonymous(self, card: Any) -> Any:
        """``card`` as a viewer sees it who cannot follow that very copy: what it shows, and the
        identity 0, which is no copy's. A game shows this wherever a card with copies is seen by
        someone who could not tell which copy it is (in public, after a shuffle...)."""
        return dataclasses.replace(card, **{self.identity: 0})
