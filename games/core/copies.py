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
from typing import Any, ClassVar, TypeVar

from games.core.visibility import Event

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
    kinds: dict[Hashable, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        printed = Counter(self.kind(card) for card in frozenset(self.deck))
        object.__setattr__(self, "copied", frozenset(kind for kind, count in printed.items() if count > 1))
        in_deck_order = dict.fromkeys(self.kind(card) for card in self.deck)
        object.__setattr__(self, "kinds", {kind: rank for rank, kind in enumerate(in_deck_order)})

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

    def in_kind_order(self, cards: tuple[C, ...]) -> tuple[C, ...]:
        """``cards`` in the fixed order of their kinds, the order in which the deck first prints each
        kind: a hand shown so tells nothing of the order it was held in (owner ruling "Order is a
        secret too")."""
        return tuple(sorted(cards, key=lambda card: self.kinds[self.kind(card)]))


class ShowsCards(Event):
    """An event naming cards that a viewer at the table sees through the game's ``copies``: every card
    in its fields, at any depth of tuples, ``as_seen`` (owner ruling "Copies are interchangeable").
    A tuple of cards shows in kind order when ``kind_order`` is set, unless its field is in
    ``ordered``, whose order is the fact (a fan held face down, a pile top first). Subclasses are
    dataclasses."""

    __slots__ = ()
    copies: ClassVar[Copies]
    kind_order: ClassVar[bool] = False
    ordered: ClassVar[tuple[str, ...]] = ()

    def table_form(self) -> Event:
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]
        seen = {name: self._seen(value, name in self.ordered) for name, value in values.items()}
        changed = {name: value for name, value in seen.items() if value != values[name]}
        if not changed:
            return self  # most events show no copy: no need to rebuild them
        shown: Event = dataclasses.replace(self, **changed)  # type: ignore[type-var]
        return shown

    def _seen(self, value: Any, ordered: bool) -> Any:
        if isinstance(value, self.copies.card):
            return self.copies.as_seen(value)
        if not isinstance(value, tuple):
            return value
        seen = tuple(self._seen(item, ordered) for item in value)
        if (
            self.kind_order
            and not ordered
            and seen
            and all(isinstance(card, self.copies.card) for card in seen)
        ):
            return self.copies.in_kind_order(seen)
        return seen
