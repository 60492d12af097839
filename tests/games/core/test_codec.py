import enum
from dataclasses import dataclass

import pytest

from games.core.codec import CodecError, EventCodec, MoveCodec, decode, encode
from games.core.decisions import Codes, Rejected
from games.core.visibility import Event


class Suit(enum.Enum):
    HEARTS = "H"
    SPADES = "S"


@dataclass(frozen=True)
class Card:
    rank: int | None
    suit: Suit


@dataclass(frozen=True)
class Dealt(Event):
    cards: tuple[Card, ...]
    spot: tuple[int, int] | None
    seats: frozenset[int]
    hands: dict[int, tuple[Card, ...]]


@dataclass(frozen=True)
class SetCam:
    pass


@dataclass(frozen=True)
class Repel:
    level: int


@dataclass(frozen=True)
class PlayCard:
    card_index: int
    target_seat: int | None = None


MOVES = MoveCodec((SetCam, Repel, PlayCard))


def test_an_event_round_trips_through_json():
    event = Dealt(
        (Card(1, Suit.HEARTS), Card(None, Suit.SPADES)),
        (2, 3),
        frozenset({0, 2}),
        {0: (Card(13, Suit.SPADES),)},
    )
    codec = EventCodec((Dealt,))
    name, data = codec.dump(event)
    assert name == "Dealt"
    assert data["cards"][0] == {"rank": 1, "suit": "H"}
    assert codec.load(name, data) == event


def test_an_unknown_event_type_is_an_error():
    with pytest.raises(CodecError):
        EventCodec((Dealt,)).load("Nope", {})


def test_wrong_types_are_refused():
    with pytest.raises(CodecError):
        decode(int, "3")
    with pytest.raises(CodecError):
        decode(bool, 1)


def test_moves_travel_as_actions_with_camel_case_fields():
    assert MOVES.dump(PlayCard(2, 1)) == {"action": "PLAY_CARD", "cardIndex": 2, "targetSeat": 1}
    assert MOVES.load({"action": "PLAY_CARD", "cardIndex": 2}) == PlayCard(2)
    assert MOVES.load({"action": "SET_CAM", "level": None}) == SetCam()
    assert encode(PlayCard(1)) == {"card_index": 1, "target_seat": None}


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"action": "JUMP"}, Codes.UNKNOWN_MOVE),
        ({"level": 1}, Codes.INVALID_MOVE),
        ("REPEL", Codes.INVALID_MOVE),
        ({"action": "REPEL"}, Codes.INVALID_MOVE),
        ({"action": "REPEL", "level": "low"}, Codes.INVALID_MOVE),
        ({"action": "REPEL", "level": 1, "column": 2}, Codes.INVALID_MOVE),
    ],
)
def test_a_malformed_move_is_rejected_with_a_reason(data, code):
    result = MOVES.load(data)
    assert isinstance(result, Rejected)
    assert result.code == code
    assert result.message


def test_api_json_is_camel_case_all_the_way_down():
    from games.core.codec import camel_keys

    data = {
        "deck_size": 12,
        "first_climber": 0,
        "choices": {"0": {"card_index": 2}},
        "cards": [{"is_joker": 1}],
    }
    assert camel_keys(data) == {
        "deckSize": 12,
        "firstClimber": 0,
        "choices": {"0": {"cardIndex": 2}},
        "cards": [{"isJoker": 1}],
    }
