"""Who sees what (Ruling 20): event audiences, views, secrets, and the JSON of events and moves."""

import dataclasses
import enum
import json
import types
import typing

import pytest

from games.cactus_card_game.cards import DECK, Kind
from games.cactus_card_game.events import (
    EVENTS,
    ActionPlayed,
    CardsDrawn,
    CardsShuffled,
    CardStolen,
    CardTaken,
    DrawPileRefilled,
    FirstPlayerDrawn,
    HandDealt,
    HandShown,
    HandShuffled,
    HandsSwapped,
    MatchEnded,
    PointsEarned,
    PointStolen,
    RequestAnswered,
    Resigned,
    SetPlayed,
    StopPlayed,
    TurnClockResumed,
    TurnClockStopped,
    TurnLimitReached,
)
from games.cactus_card_game.moves import (
    MOVES,
    DrawCard,
    LetItStand,
    PickCard,
    PlayRequestACard,
    PlaySeeAndSteal,
    PlaySet,
    PlayStealACard,
    PlaySwapHands,
    Stop,
    TakeCard,
)
from games.cactus_card_game.views import CactusView, CardView, player_view, secrets
from games.core.codec import encode
from games.core.reaction import Left, Passed, Reacted, WindowClosed, WindowOpened
from games.core.turns import TurnEnded, TurnStarted
from games.core.visibility import NOBODY, OMNISCIENT, PUBLIC, SPECTATOR, only, redact, seat_viewer
from tests.games.cactus_card_game.table import play, table
from tests.games.kit import T0

A, B, C = DECK[0], DECK[40], DECK[80]
EXAMPLES = (
    CardsShuffled((A, B, C), 3),
    HandDealt(1, 2, (A, B)),
    FirstPlayerDrawn(2),
    TurnStarted(2, 1, T0),
    CardsDrawn(0, 1, (C,)),
    DrawPileRefilled(3, 2, (A, B)),
    ActionPlayed(0, B, (1,), Kind.WALTER),
    WindowOpened("play-1", 0, frozenset({0, 1, 2}), T0),
    Reacted("play-1", 1, 0, T0),
    Passed("play-1", 2),
    Left("play-1", 2),
    WindowClosed("play-1", True),
    StopPlayed(1, C),
    SetPlayed(0, (A, A, A)),
    PointsEarned(0, 2, "set"),
    PointStolen(0, 1),
    HandsSwapped(0, 2),
    HandShown(0, 1, (A, B), T0),
    CardTaken(0, 1, A),
    HandShuffled(0, 1, 2, (B, A), None),
    CardStolen(0, 1, 1, A),
    RequestAnswered(0, 1, Kind.WALTER, None),
    Resigned(1, (A, C)),
    TurnEnded(0, "drew"),
    MatchEnded(None, "turn limit"),
    TurnClockStopped(0, 1_000),
    TurnClockResumed(0, T0),
    TurnLimitReached((0, 2)),
)
SECRET = {
    CardsShuffled: (NOBODY, ("pile",)),
    HandDealt: (only(1), ("cards",)),
    CardsDrawn: (only(0), ("cards",)),
    DrawPileRefilled: (NOBODY, ("pile",)),
    HandShown: (only(0, 1), ("cards",)),
    CardTaken: (only(0, 1), ("card",)),
    HandShuffled: (only(1), ("order",)),
    CardStolen: (only(0, 1), ("card",)),
}
VIEWERS = (SPECTATOR, *(seat_viewer(seat) for seat in range(3)))


def test_the_examples_cover_every_event_type():
    assert {type(event) for event in EXAMPLES} == set(EVENTS.types)


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda event: type(event).__name__)
def test_every_event_and_its_public_form_round_trip_through_the_codec(event):
    for form in (event, event.public_form()):
        name, data = EVENTS.dump(form)
        assert EVENTS.load(name, json.loads(json.dumps(data))) == form


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda event: type(event).__name__)
def test_events_naming_secret_cards_are_seen_whole_only_by_those_who_may_know_them(event):
    audience, hidden = SECRET.get(type(event), (PUBLIC, ()))
    assert event.audience() == audience
    for viewer in VIEWERS:
        seen = redact(event, viewer)
        if viewer.sees(audience):
            assert seen == event.table_form()
        else:
            assert type(seen) is type(event) and all(getattr(seen, name) is None for name in hidden)
    assert redact(event, OMNISCIENT) == event


def test_the_counts_of_private_draws_and_shuffles_stay_public():
    assert CardsDrawn(0, 1, (C,)).public_form() == CardsDrawn(0, 1, None)
    assert HandShuffled(0, 1, 2, (B, A), None).public_form().size == 2


def test_a_player_sees_its_own_hand_and_only_the_sizes_of_the_others():
    state = table(["walter charlie", "spike stop stop"])
    mine = player_view(state, seat_viewer(0))
    assert mine.hand == (CardView(Kind.CHARLIE), CardView(Kind.WALTER))
    assert [player.hand_size for player in mine.players] == [2, 3]
    assert all(player.hand is None for player in mine.players)
    assert player_view(state, SPECTATOR).hand == ()
    everyone = player_view(state, OMNISCIENT)
    assert [len(player.hand) for player in everyone.players] == [2, 3]


def seen_and_stolen():
    """Seat 0 played See and Steal on seat 1; the window closed and seat 0 is choosing."""
    state, _ = play(table(["see-and-steal", "walter charlie", "spike"]), 0, PlaySeeAndSteal(1))
    state, _ = play(state, 1, LetItStand())
    state, _ = play(state, 2, LetItStand())
    return state


def test_what_see_and_steal_showed_is_in_the_actors_view_only_while_it_picks():
    state = seen_and_stolen()
    view = player_view(state, seat_viewer(0))
    assert view.seen.victim == 1 and view.seen.cards == (CardView(Kind.CHARLIE), CardView(Kind.WALTER))
    assert player_view(state, seat_viewer(1)).seen is None
    assert player_view(state, seat_viewer(2)).seen is None and player_view(state, SPECTATOR).seen is None
    state, _ = play(state, 0, TakeCard("WALTER"))
    assert player_view(state, seat_viewer(0)).seen is None


def test_only_the_seat_choosing_sees_the_options_the_others_see_who_chooses():
    state = seen_and_stolen()
    assert player_view(state, seat_viewer(0)).choice.kinds == (Kind.CHARLIE, Kind.WALTER)
    other = player_view(state, seat_viewer(2)).choice
    assert (other.seat, other.kind, other.victim, other.kinds) == (0, "see-and-steal", 1, None)


def test_the_hand_see_and_steal_showed_is_no_secret_to_the_actor_but_stays_one_to_the_others():
    state = seen_and_stolen()
    walter, charlie = state.players[1].hand
    assert {walter, charlie}.isdisjoint(secrets(state, seat_viewer(0)))
    assert {walter, charlie} <= set(secrets(state, seat_viewer(2)))
    assert {walter, charlie} <= set(secrets(state, SPECTATOR))


def test_the_card_steal_a_card_takes_is_known_to_the_actor_and_the_victim_only():
    state, _ = play(table(["steal-a-card", "walter", "spike"]), 0, PlayStealACard(1))
    state, _ = play(state, 1, LetItStand())
    state, events = play(state, 2, LetItStand())
    (shuffled,) = [event for event in events if isinstance(event, HandShuffled)]
    assert redact(shuffled, seat_viewer(0)).order is None and redact(shuffled, seat_viewer(2)).order is None
    state, _ = play(state, 0, PickCard(0))
    (walter,) = state.players[0].hand
    assert walter not in secrets(state, seat_viewer(0)) and walter not in secrets(state, seat_viewer(1))
    assert walter in secrets(state, seat_viewer(2))


def test_a_card_handed_over_for_request_a_card_is_no_secret_to_anyone():
    state, _ = play(table(["request-a-card", "walter", "spike"]), 0, PlayRequestACard(1, "WALTER"))
    state, _ = play(state, 1, LetItStand())
    state, _ = play(state, 2, LetItStand())
    (walter,) = state.players[0].hand
    assert all(walter not in secrets(state, viewer) for viewer in VIEWERS)


def test_after_a_swap_each_player_still_knows_its_old_hand_and_nobody_else_learns_it():
    state, _ = play(table(["swap-hands charlie", "walter", "spike"]), 0, PlaySwapHands(0, 1))
    state, _ = play(state, 1, LetItStand())
    state, _ = play(state, 2, LetItStand())
    (charlie,), (walter,) = state.players[1].hand, state.players[0].hand
    assert charlie not in secrets(state, seat_viewer(0)) and walter not in secrets(state, seat_viewer(1))
    assert {charlie, walter} <= set(secrets(state, seat_viewer(2)))


def test_cards_shuffled_back_into_the_draw_pile_are_secret_again_even_to_who_held_them():
    state = table(["charlie", "charlie"], discards="walter", rest=None)
    (walter,) = state.discards
    held = dataclasses.replace(state.players[1], seen=state.players[1].seen | {walter.number})
    state = dataclasses.replace(state, players=(state.players[0], held))  # seat 1 played it earlier
    state, _ = play(state, 0, DrawCard())
    assert state.players[0].hand[-1] == walter
    assert walter not in secrets(state, seat_viewer(0)) and walter in secrets(state, seat_viewer(1))


def test_the_open_window_shows_the_card_the_chain_and_the_link_to_answer():
    state, _ = play(table(["request-a-card", "stop", "spike"]), 0, PlayRequestACard(2, "SPIKE"))
    state, _ = play(state, 1, Stop(0))
    window = player_view(state, seat_viewer(2)).window
    assert (window.action.kind, window.action.seat, window.action.targets) == (Kind.REQUEST_A_CARD, 0, (2,))
    assert window.action.requested is Kind.SPIKE
    assert (window.stops, window.waiting_on, window.answers, window.stands) == ((1,), (0, 2), 1, False)


def test_moves_travel_as_actions_with_their_fields():
    assert MOVES.dump(PlaySeeAndSteal(2)) == {"action": "PLAY_SEE_AND_STEAL", "victim": 2}
    assert MOVES.dump(PlaySet("WALTER", 1)) == {"action": "PLAY_SET", "character": "WALTER", "wilds": 1}
    assert MOVES.dump(LetItStand()) == {"action": "LET_IT_STAND"}
    assert MOVES.load({"action": "STOP", "answers": 2}) == Stop(2)
    assert MOVES.load({"action": "PLAY_SWAP_HANDS", "first": 1}).code == "INVALID_MOVE"


def test_a_field_name_has_one_type_in_every_move():
    types_by_name: dict[str, set] = {}
    for move in MOVES.types:
        for name, hint in typing.get_type_hints(move).items():
            types_by_name.setdefault(name, set()).add(hint)
    assert all(len(hints) == 1 and hints <= {int, str, bool} for hints in types_by_name.values())


def test_the_view_is_made_only_of_types_the_api_can_mirror():
    def mirrorable(hint) -> bool:
        origin = typing.get_origin(hint)
        if origin in (types.UnionType, typing.Union):
            return all(mirrorable(arg) for arg in typing.get_args(hint) if arg is not type(None))
        if origin is tuple:
            item, rest = typing.get_args(hint)
            return rest is Ellipsis and mirrorable(item)
        if dataclasses.is_dataclass(hint):
            return hint.__dataclass_params__.frozen and all(
                mirrorable(h) for h in typing.get_type_hints(hint).values()
            )
        return hint in (int, str, bool, float) or (isinstance(hint, type) and issubclass(hint, enum.Enum))

    assert mirrorable(CactusView)
    assert json.dumps(encode(player_view(seen_and_stolen(), seat_viewer(0))))


def test_points_are_visible_to_every_player_and_spectator():
    """Ruling 20 (audit U3): "You can't hide points. Your points must be clearly visible to every player
    at all times.\""""
    state = table(["charlie", "spike", "walter"], points={0: 2, 1: 0, 2: 7})
    for viewer in VIEWERS:
        assert [player.points for player in player_view(state, viewer).players] == [2, 0, 7]
