"""Set up: the deck, the deal, the first climber, the options."""

import pytest

from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command
from games.core.decisions import Accepted, Rejected
from games.daredevil_rock import SPEC
from games.daredevil_rock.cards import DECK, JOKERS, TABLEAU, within_three
from games.daredevil_rock.events import CliffDealt, TurnStarted
from games.daredevil_rock.moves import EndTurn, Examine
from games.daredevil_rock.options import OPTIONS, Options
from tests.games.kit import T0


def begun(seats, seed="deal", options=None):
    game = engine.new_game(SPEC, options or {}, seats, seed)
    step = engine.step(game, Command(Begin(), None, T0))
    assert isinstance(step.decision, Accepted)
    return step


def test_the_deck_is_52_cards_and_two_jokers_each_with_its_own_identity():
    assert len(DECK) == 54 == len(set(DECK))
    assert [card for card in DECK if card.is_joker] == list(JOKERS)
    assert JOKERS[0] != JOKERS[1]
    assert sorted(card.rank for card in DECK if not card.is_joker) == sorted(list(range(1, 14)) * 4)


@pytest.mark.parametrize(
    ("rank", "reachable"),
    [(2, {12, 13, 1, 2, 3, 4, 5}), (13, {10, 11, 12, 13, 1, 2, 3}), (7, {4, 5, 6, 7, 8, 9, 10})],
)
def test_ranks_are_cyclic_and_within_three_reaches_three_either_way(rank, reachable):
    assert {other for other in range(1, 14) if within_three(rank, other)} == reachable


def test_a_joker_is_never_within_three():
    assert not within_three(5, None)
    assert not within_three(None, None)


@pytest.mark.parametrize(
    ("seats", "columns", "levels", "deck"), [(1, 2, 21, 12), (2, 3, 14, 12), (3, 4, 10, 14), (4, 5, 8, 14)]
)
def test_begin_deals_twelve_to_the_deck_then_the_cliff_and_puts_leftovers_at_the_bottom_of_the_deck(
    seats, columns, levels, deck
):
    """Ruling 14: as many full rows as the 42 cards allow; leftovers at the bottom of the deck."""
    step = begun(seats, seed="sizes")
    dealt, started = step.events
    shuffled = Chance("sizes", 1).shuffle(DECK)
    cliff_size = columns * levels
    assert (dealt.columns, dealt.levels) == (columns, levels) == TABLEAU[seats]
    assert dealt.tableau == shuffled[12 : 12 + cliff_size]
    assert dealt.deck == shuffled[:12] + shuffled[12 + cliff_size :]
    assert dealt.deck_size == deck == len(step.game.state.deck)
    assert isinstance(started, TurnStarted) and started.seat == dealt.first_climber and started.turn == 1


def test_every_card_of_the_cliff_starts_face_down_and_every_climber_at_the_base():
    state = begun(4).game.state
    assert not any(space.face_up for space in state.spaces)
    assert all(climber.position is None and climber.cams == () for climber in state.climbers)
    assert all(climber.reserve == 1 for climber in state.climbers)


def test_the_same_seed_deals_the_same_cliff_and_first_climber():
    """Ruling 15: the first climber is drawn from the match's seed."""
    assert begun(3, "same").events == begun(3, "same").events
    assert begun(3, "same").events != begun(3, "other").events


def test_the_first_climber_is_a_recorded_draw_that_can_fall_on_any_seat():
    """Ruling 15: no dealer and no cut: a recorded draw among the seats."""
    firsts = {begun(4, f"cut {n}").events[0].first_climber for n in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_the_deal_names_face_down_cards_so_no_seat_sees_it_whole():
    dealt = begun(2).events[0]
    assert isinstance(dealt, CliffDealt)
    assert dealt.public_form() == CliffDealt(3, 14, None, None, 12, dealt.first_climber)


def test_a_second_begin_is_rejected():
    game = begun(2).game
    decision = engine.decide(game, Command(Begin(), None, T0))
    assert isinstance(decision, Rejected) and decision.code == "ALREADY_STARTED"


def test_no_move_is_allowed_before_the_deal():
    game = engine.new_game(SPEC, {}, 2, "early")
    for move in (Examine(1, 0), EndTurn()):
        decision = engine.decide(game, Command(move, 0, T0))
        assert isinstance(decision, Rejected) and decision.code == "NOT_STARTED"
    assert engine.legal_moves(game, 0) == ()


def test_the_turn_timer_is_120_seconds_with_two_or_more_players_and_off_in_solitaire():
    """Ruling 12: the turn timer's defaults."""
    assert Options.build({}, 2).turn_seconds == 120
    assert Options.build({}, 1).turn_seconds is None
    assert Options.build({"turnSeconds": 0}, 3).turn_seconds is None
    assert Options.build({"turnSeconds": 45}, 1).turn_seconds == 45
    assert begun(2).events[1].deadline == T0 + 120_000
    assert begun(1).events[1].deadline is None


@pytest.mark.parametrize("raw", [{"limitedCams": 1}, {"limitedCams": 4}, {"turnSeconds": 3601}, {"cams": 2}])
def test_options_out_of_range_are_refused(raw):
    assert isinstance(OPTIONS.parse(raw), Rejected)


def test_limited_cams_put_that_many_cams_in_each_reserve():
    state = begun(2, options={"limitedCams": 3}).game.state
    assert [climber.reserve for climber in state.climbers] == [3, 3]


def test_the_options_schema_is_published_with_defaults():
    schema = SPEC.options.json_schema()["properties"]
    assert schema["turnSeconds"]["default"] is None
    assert schema["blindMansBluff"]["default"] is False
    assert schema["limitedCams"]["default"] is None
    assert schema["turnLimit"]["default"] == 60  # Ruling 13
