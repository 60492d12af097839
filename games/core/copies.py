"""Copies of one card: what tells them apart, and what they share.

At a real table two cards of one kind are alike: nobody can tell which Charlie was played, only that
a Charlie was. An engine still names every card (``number``, ``id``...) to follow it through the log.
A game declares which of its card's fields is that name, so the conformance suite can relabel two
copies of a kind in a match and check that no viewer who could not follow them can tell (the owner
ruling "Copies are interchangeable").
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Copies:
    """``card`` is the game's card type; its field ``identity`` names one copy, printed on no real
    card. Every other field is what the card shows: its kind. ``deck`` is every card the game may
    use (all its decks together; a card in two of them counts once), so a kind printed on several
    cards is known. ``references`` names the fields of events (or of moves they carry) that hold a
    card by its identity alone, as ``"Class.field"`` (an identity, or a tuple of them), so a relabelled
    card is relabelled there too."""

    card: type
    identity: str
    deck: tuple[Any, ...] = ()
    references: tuple[str, ...] = ()
    copied: frozenset[Hashable] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        printed = Counter(self.kind(card) for card in frozenset(self.deck))
        object.__setattr__(self, "copied", frozenset(kind for kind, count in printed.items() if count > 1))

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

    def as_seen(self, card: C, followed: frozenset[int] = frozenset()) -> C:
        """``card`` as a viewer sees it who followed the copies whose identities are ``followed``: a
        copy of a kind printed on several cards of the deck that it could not follow shows as
        ``anonymous``; a card alone of its kind, or followed, as it is."""
        if self.kind(card) in self.copied and getattr(card, self.identity) not in followed:
            seen: C = self.anonymous(card)
            return seen
        return card
