"""What the reference card's symbols point at: a card in a queue, or a racer.

Card targets: ``<`` and ``>`` are relative to the card that carries them and treat the queue as
circular; ``«`` and ``»`` are the first and last cards of the queue and never wrap; ``*`` is any card,
chosen by the revealing racer. Racer targets follow the house seating (``GAMES.md``): seats are numbered
clockwise, "left" is the next seat (+1), "right" the previous one (-1); ``*`` is any racer, the revealer
included. Upside down (a Flip), every direction mirrors and ANY stays.
"""

from __future__ import annotations

import enum


class CardTarget(enum.StrEnum):
    LEFT = "LEFT"  # <: the card to the left, wrapping round to the last card
    RIGHT = "RIGHT"  # >: the card to the right, wrapping round to the first card
    LEFT_MOST = "LEFT_MOST"  # «: the first card in the queue
    RIGHT_MOST = "RIGHT_MOST"  # »: the last card in the queue
    ANY = "ANY"  # *: any card, chosen by the revealing racer

    @property
    def symbol(self) -> str:
        return _CARD_SYMBOLS[self]

    @property
    def wraps(self) -> bool:
        """Relative targets treat the queue as circular; absolute ones (and ANY) do not."""
        return self in (CardTarget.LEFT, CardTarget.RIGHT)

    @property
    def mirrored(self) -> CardTarget:
        return _CARD_MIRRORS.get(self, self)


class RacerTarget(enum.StrEnum):
    LEFT = "LEFT"  # the racer in the next seat clockwise
    RIGHT = "RIGHT"  # the racer in the previous seat
    ANY = "ANY"  # any racer, the revealer included, chosen by the revealer

    @property
    def offset(self) -> int | None:
        """Seats from the revealer to the target racer, or None when the revealer chooses."""
        return _RACER_OFFSETS.get(self)

    @property
    def words(self) -> str:
        return f"{self.lower()} racer"

    @property
    def mirrored(self) -> RacerTarget:
        return _RACER_MIRRORS.get(self, self)


_CARD_SYMBOLS = {
    CardTarget.LEFT: "<",
    CardTarget.RIGHT: ">",
    CardTarget.LEFT_MOST: "«",
    CardTarget.RIGHT_MOST: "»",
    CardTarget.ANY: "*",
}
_CARD_MIRRORS = {
    CardTarget.LEFT: CardTarget.RIGHT,
    CardTarget.RIGHT: CardTarget.LEFT,
    CardTarget.LEFT_MOST: CardTarget.RIGHT_MOST,
    CardTarget.RIGHT_MOST: CardTarget.LEFT_MOST,
}
_RACER_OFFSETS = {RacerTarget.LEFT: 1, RacerTarget.RIGHT: -1}
_RACER_MIRRORS = {RacerTarget.LEFT: RacerTarget.RIGHT, RacerTarget.RIGHT: RacerTarget.LEFT}
