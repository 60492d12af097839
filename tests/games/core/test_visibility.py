from dataclasses import dataclass, replace

from games.core.visibility import (
    NOBODY,
    OMNISCIENT,
    PUBLIC,
    SPECTATOR,
    Audience,
    Event,
    HiddenFields,
    only,
    redact,
    seat_viewer,
)


@dataclass(frozen=True)
class Announced(Event):
    text: str


@dataclass(frozen=True)
class Drew(Event):
    seat: int
    card: str | None

    def audience(self) -> Audience:
        return only(self.seat)

    def public_form(self) -> Event:
        return replace(self, card=None)


@dataclass(frozen=True)
class Whispered(Event):
    seat: int

    def audience(self) -> Audience:
        return only(self.seat)


@dataclass(frozen=True)
class Shuffled(Event):
    order: tuple[str, ...] | None

    def audience(self) -> Audience:
        return NOBODY

    def public_form(self) -> Event:
        return replace(self, order=None)


def test_a_public_event_reaches_everyone_unchanged():
    event = Announced("hello")
    assert redact(event, SPECTATOR) is event
    assert redact(event, seat_viewer(3)) is event


def test_a_seat_sees_its_own_draw_and_others_see_only_that_it_drew():
    event = Drew(1, "Walter")
    assert redact(event, seat_viewer(1)) == event
    assert redact(event, seat_viewer(0)) == Drew(1, None)
    assert redact(event, SPECTATOR) == Drew(1, None)


def test_an_event_with_no_public_part_is_dropped_for_others():
    assert redact(Whispered(2), seat_viewer(0)) is None
    assert redact(Whispered(2), seat_viewer(2)) == Whispered(2)


def test_a_sealed_fact_is_hidden_from_every_seat_until_everything_is_revealed():
    event = Shuffled(("A", "B"))
    assert all(redact(event, seat_viewer(seat)) == Shuffled(None) for seat in range(6))
    assert redact(event, OMNISCIENT) == event


@dataclass(frozen=True)
class Probed(HiddenFields):
    hidden = ("placed",)

    seat: int
    discarded: str
    placed: str | None


@dataclass(frozen=True)
class PeekedAt(HiddenFields):
    hidden = ("hand",)

    seat: int
    victim: int
    hand: tuple[str, ...] | None

    def privy_seats(self):
        return frozenset({self.seat, self.victim})


def test_hidden_fields_are_blanked_for_others_and_the_blanked_form_is_public():
    event = Probed(0, "K", "7")
    assert redact(event, seat_viewer(0)) == Probed(0, "K", None)
    assert redact(event, SPECTATOR).audience() == PUBLIC
    assert redact(event, OMNISCIENT) == event


def test_hidden_fields_can_be_shown_to_the_seats_involved():
    event = PeekedAt(1, 3, ("Stop", "Wild"))
    assert redact(event, seat_viewer(1)) == event
    assert redact(event, seat_viewer(3)) == event
    assert redact(event, seat_viewer(0)) == PeekedAt(1, 3, None)


@dataclass(frozen=True)
class Played(Event):
    """A card played face up, named in the log by its copy ("STOP#81"), at the table by its kind."""

    card: str

    def table_form(self) -> Event:
        return replace(self, card=self.card.split("#")[0])


def test_a_table_form_is_what_every_viewer_but_an_omniscient_one_sees():
    event = Played("STOP#81")
    assert redact(event, SPECTATOR) == Played("STOP") == redact(event, seat_viewer(0))
    assert redact(event, OMNISCIENT) == event
