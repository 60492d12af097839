"""What each viewer sees: views, event redaction, and the JSON codec of events and moves."""

import json
from dataclasses import replace

import pytest

from games.core import engine
from games.core.chance import Chance
from games.core.codec import encode
from games.core.commands import Begin, Command
from games.core.visibility import NOBODY, OMNISCIENT, PUBLIC, SPECTATOR, redact, seat_viewer
from games.daredevil_rock import SPEC
from games.daredevil_rock.cards import COPIES, JOKERS
from games.daredevil_rock.events import (
    EVENTS,
    CamRetrieved,
    CamSet,
    CliffDealt,
    CliffTurnedFaceDown,
    Climbed,
    DeckRefreshed,
    Eliminated,
    Examined,
    Fell,
    FreeClimbed,
    FreeClimbOffered,
    HungFromRock,
    MatchEnded,
    Probed,
    Repelled,
    Resigned,
    Slipped,
    Summited,
    TurnEnded,
    TurnStarted,
)
from games.daredevil_rock.moves import (
    MOVES,
    Climb,
    EndTurn,
    Examine,
    FreeClimb,
    Hang,
    Probe,
    Repel,
    RetrieveCam,
    SetCam,
)
from games.daredevil_rock.state import Space
from games.daredevil_rock.views import player_view, secrets
from tests.games.daredevil_rock.tableau import card, cards
from tests.games.kit import T0

AS, KD = card("AS"), card("KD")
EXAMPLES = (
    CliffDealt(2, 2, cards("AS 2S 3S 4S"), cards("5S 6S"), 2, 0),
    TurnStarted(1, 3, T0),
    TurnStarted(0, 1, None),
    Examined(0, 2, 1, KD),
    FreeClimbOffered(0, 2, 1),
    FreeClimbed(0, 2, 1),
    Climbed(1, 3, 0),
    CamSet(0, 2, 1, None),
    CamSet(0, 3, 1, (2, 1)),
    CamRetrieved(0, 3, 1),
    Probed(2, 1, 0, KD, AS),
    Repelled(0, 0),
    Slipped(3),
    Fell(0, 0, None),
    Fell(0, 4, 2),
    Eliminated(1, "fell"),
    Resigned(2),
    DeckRefreshed("joker", (*cards("5S 6S"), JOKERS[1]), 3, (4, 1), JOKERS[0]),
    DeckRefreshed("empty", cards("5S 6S"), 2, None, None),
    HungFromRock(0, KD),
    Summited(0),
    CliffTurnedFaceDown(((1, 0), (2, 1))),
    TurnEnded(0, "timeout"),
    MatchEnded(None, "turn limit"),
    MatchEnded(2, "summit"),
)
SECRET = {
    CliffDealt: ("tableau", "deck"),
    Probed: ("placed",),
    DeckRefreshed: ("deck", "refill"),
}
VIEWERS = (SPECTATOR, *(seat_viewer(seat) for seat in range(4)))


def test_the_examples_cover_every_event_type():
    assert {type(event) for event in EXAMPLES} == set(EVENTS.types)


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda event: type(event).__name__)
def test_every_event_and_its_public_form_round_trip_through_the_codec(event):
    for form in (event, event.public_form()):
        name, data = EVENTS.dump(form)
        assert EVENTS.load(name, json.loads(json.dumps(data))) == form


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda event: type(event).__name__)
def test_events_naming_face_down_or_deck_cards_are_seen_whole_by_nobody_and_others_get_them_blanked(event):
    hidden = SECRET.get(type(event), ())
    if not hidden:
        assert event.audience() == PUBLIC
        assert all(redact(event, viewer) == event for viewer in VIEWERS)
        return
    assert event.audience() == NOBODY
    shadow = event.public_form()
    assert shadow.audience() == PUBLIC and type(shadow) is type(event)
    assert all(getattr(shadow, name) is None for name in hidden)
    assert all(redact(event, viewer) == shadow for viewer in VIEWERS)
    assert redact(event, OMNISCIENT) == event


@pytest.mark.parametrize(
    "event",
    (Examined(0, 2, 1, JOKERS[1]), Probed(2, 1, 0, JOKERS[1], AS), HungFromRock(0, JOKERS[1])),
    ids=lambda event: type(event).__name__,
)
def test_a_joker_turned_face_up_is_a_joker_to_everyone_and_which_one_to_nobody(event):
    """Copies are interchangeable: at the table the two Jokers are alike, so every seat and spectator
    is told the same event naming a Joker, not which one (only an omniscient viewer is)."""
    shadow = redact(event, SPECTATOR)
    assert all(redact(event, viewer) == shadow for viewer in VIEWERS)
    shown = json.dumps(encode(shadow), sort_keys=True)
    assert _json(COPIES.anonymous(JOKERS[1])) in shown and _json(JOKERS[1]) not in shown
    assert redact(event, OMNISCIENT) == event
    name, data = EVENTS.dump(shadow)
    assert EVENTS.load(name, json.loads(json.dumps(data))) == shadow


def _json(card):
    return json.dumps(encode(card), sort_keys=True)


def test_a_probed_card_going_to_the_discards_and_a_deck_size_stay_public():
    assert Probed(2, 1, 0, KD, AS).public_form() == Probed(2, 1, 0, KD, None)
    assert DeckRefreshed("empty", cards("5S 6S"), 2, None, None).public_form().size == 2


@pytest.mark.parametrize(
    "move",
    [
        Examine(2, 1),
        Climb(3, 0),
        FreeClimb(),
        SetCam(),
        Probe(1, 2),
        Repel(0),
        Hang(),
        RetrieveCam(),
        EndTurn(),
    ],
)
def test_every_move_round_trips_through_its_json_form(move):
    assert MOVES.load(json.loads(json.dumps(MOVES.dump(move)))) == move


def test_moves_travel_as_actions_with_camel_case_fields():
    assert MOVES.dump(Examine(2, 1)) == {"action": "EXAMINE", "level": 2, "column": 1}
    assert MOVES.dump(RetrieveCam()) == {"action": "RETRIEVE_CAM"}
    assert MOVES.load({"action": "FREE_CLIMB"}) == FreeClimb()
    assert MOVES.load({"action": "CLIMB", "level": 1}).code == "INVALID_MOVE"


def played(seats=3, seed="views", commands=60):
    """A dealt match after some random legal moves."""
    game = engine.step(engine.new_game(SPEC, {}, seats, seed), Command(Begin(), None, T0)).game
    chance = Chance(seed, 0)
    for _ in range(commands):
        if game.over:
            break
        (seat,) = SPEC.waiting_on(game.state)
        game = engine.step(game, Command(chance.pick(engine.legal_moves(game, seat)), seat, T0)).game
    return game


def test_no_seat_and_no_spectator_sees_a_face_down_card_or_the_deck_order():
    game = played()
    state = game.state
    assert any(space.face_up for space in state.spaces) and not all(space.face_up for space in state.spaces)
    for viewer in VIEWERS[:4]:
        view = player_view(state, viewer)
        assert view.deck is None and view.deck_size == len(state.deck)
        for space, seen in zip(state.spaces, view.spaces, strict=True):
            assert seen.face_up == space.face_up
            assert seen.card == (space.card if space.face_up else None)
        as_json = json.dumps(encode(view), sort_keys=True)
        for secret in secrets(state, viewer):
            assert json.dumps(encode(secret), sort_keys=True) not in as_json


def test_the_omniscient_view_shows_every_card_and_the_deck_order():
    state = played().state
    view = player_view(state, OMNISCIENT)
    assert [seen.card for seen in view.spaces] == [space.card for space in state.spaces]
    assert view.deck == state.deck
    assert secrets(state, OMNISCIENT) == ()


def test_secrets_are_exactly_the_face_down_cards_and_the_draw_deck():
    state = played().state
    hidden = set(secrets(state, SPECTATOR))
    assert hidden == {space.card for space in state.spaces if not space.face_up} | set(state.deck)


def test_the_view_tells_a_climber_where_everyone_is_and_what_it_may_do():
    state = played(seats=2, seed="where").state
    view = player_view(state, seat_viewer(0))
    assert view.seat == 0 and view.active == state.active
    assert [(c.seat, c.level) for c in view.climbers] == [(c.seat, c.level) for c in state.climbers]
    assert view.actions_left == state.actions_left
    assert view.discards == state.discards
    json.dumps(encode(view))


def test_a_face_up_joker_is_a_joker_to_every_seat_and_which_one_stays_a_secret():
    """Copies are interchangeable: the Joker lying face up on the cliff and the one on the discards
    read as a Joker (no copy's number) to every seat and spectator; which is which is their secret."""
    dealt = played().state
    state = replace(dealt, spaces=(Space(JOKERS[1], face_up=True), *dealt.spaces[1:]), discards=(JOKERS[0],))
    joker = COPIES.anonymous(JOKERS[0])
    for viewer in VIEWERS:
        view = player_view(state, viewer)
        assert view.spaces[0].card == joker and view.discards == (joker,)
        assert {*JOKERS} <= set(secrets(state, viewer))
    assert player_view(state, OMNISCIENT).spaces[0].card == JOKERS[1]
    assert player_view(state, OMNISCIENT).discards == (JOKERS[0],)
