"""Who may see what: audiences on events, viewers on views.

Visibility is declared once, on each event type, and enforced at one chokepoint (``redact``). An
event whose audience leaves a viewer out is replaced by its ``public_form`` (what everyone may know
of it, such as "seat 2 drew a card"), or dropped when nothing of it is public. Every viewer but an
omniscient one then gets the ``table_form`` of what it is shown (by default, all of it).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Audience:
    """The seats that may see an event in full; ``seats=None`` means everyone."""

    seats: frozenset[int] | None

    def includes(self, seat: int | None) -> bool:
        if self.seats is None:
            return True
        return seat is not None and seat in self.seats


PUBLIC = Audience(None)
NOBODY = Audience(frozenset())  # sealed until revealed: only an omniscient viewer sees it


def only(*seats: int) -> Audience:
    """An audience of the given seats."""
    return Audience(frozenset(seats))


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: a seat, a spectator (``seat=None``) or, once allowed, everyone's cards."""

    seat: int | None = None
    omniscient: bool = False

    def sees(self, audience: Audience) -> bool:
        return self.omniscient or audience.includes(self.seat)

    def is_seat(self, seat: int) -> bool:
        """True when this viewer may see ``seat``'s secrets."""
        return self.omniscient or self.seat == seat


SPECTATOR = Viewer()
OMNISCIENT = Viewer(omniscient=True)


def seat_viewer(seat: int) -> Viewer:
    return Viewer(seat=seat)


class Event:
    """Base of every game event: public unless the event type says otherwise.

    Subclasses are frozen dataclasses. A private event overrides ``audience`` and, when part of it
    is public, ``public_form``.
    """

    __slots__ = ()

    def audience(self) -> Audience:
        return PUBLIC

    def public_form(self) -> Event | None:
        """What a viewer outside the audience may know of this event (``None``: nothing)."""
        return self if self.audience() is PUBLIC else None

    def table_form(self) -> Event:
        """What a viewer at the table (not omniscient) may see of the form it is shown: by default all
        of it. A game whose log tells copies of a card apart (a number per card, for replays) blanks
        here what no player could follow: which copy it is (owner ruling "Copies are interchangeable").
        """
        return self


class HiddenFields(Event):
    """An event with some fields only ``privy_seats()`` may see (no one, by default) until revealed.

    Subclasses are dataclasses naming those fields in ``hidden``. Everyone else gets the same event
    with the hidden fields set to ``None``, which is then public, so a shuffle or a face-down draw
    is one event type with one shape, whoever looks.
    """

    __slots__ = ()
    hidden: ClassVar[tuple[str, ...]] = ()

    def privy_seats(self) -> frozenset[int]:
        return frozenset()

    def audience(self) -> Audience:
        if all(getattr(self, name) is None for name in self.hidden):
            return PUBLIC
        return Audience(self.privy_seats())

    def public_form(self) -> Event:
        blanks: dict[str, Any] = dict.fromkeys(self.hidden)
        shadow: Event = dataclasses.replace(self, **blanks)  # type: ignore[type-var]
        return shadow


def redact(event: Event, viewer: Viewer) -> Event | None:
    """The form of ``event`` that ``viewer`` may see, or ``None`` when it must not see it at all.

    An omniscient viewer gets the log as written; anyone else its ``table_form``.
    """
    if viewer.omniscient:
        return event
    shown = event if viewer.sees(event.audience()) else event.public_form()
    return None if shown is None else shown.table_form()
