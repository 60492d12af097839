"""Refused moves: each bad move is refused with its own code and a sentence saying why (``checks``)."""

from __future__ import annotations

from dataclasses import replace

from games.boulder_bluff import SPEC
from games.boulder_bluff.cards import KINGDOM_CARDS, Animal, Colour
from games.boulder_bluff.checks import Code
from games.boulder_bluff.moves import (
    CancelNothing,
    CancelValue,
    ChalkUp,
    ClimbBoulder,
    Join,
    PlaceInjury,
    PlayCard,
    Prep,
    Stay,
    Withdraw,
)
from games.boulder_bluff.rules import legal_moves
from games.boulder_bluff.state import State
from games.cactus_card_game.moves import DrawCard
from games.core.commands import Resign
from tests.games.boulder_bluff.table import (
    act,
    animal,
    begun,
    boar_against_a_bear,
    boulder,
    holding,
    plain,
    refusal,
)

G, P = Colour.GREEN, Colour.PURPLE
FIVE, THREE = plain(5, (G,), P), plain(3, (G,), G)
SNAKE = next(card for card in KINGDOM_CARDS if card.animal is Animal.SNEAKY_SNAKE)


def my_turn(*cards) -> tuple[State, int]:
    """The active player holds ``cards``; a 4-point green boulder leads the row."""
    state = begun(animalKingdom=True)
    me = state.active
    state = holding(state, me, *cards)
    return replace(state, table=replace(state.table, row=(boulder(4, G), *state.row[1:]))), me


def climbing(*cards) -> tuple[State, int]:
    """The active player has started a climb and is playing its cards, holding ``cards``."""
    state, me = my_turn(*cards)
    state, _ = act(state, me, ClimbBoulder(state.row[0].number))
    return state, me


def test_nobody_moves_before_the_match_starts_or_after_it_ends():
    state = SPEC.initial_state({}, 2)
    assert refusal(state, 0, Prep()) == Code.NOT_STARTED
    state, me = my_turn(FIVE)
    over = replace(state, table=replace(state.table, over=True))
    assert refusal(over, me, Prep()) == Code.MATCH_OVER


def test_only_a_player_the_match_waits_on_moves():
    state, me = my_turn(FIVE)
    assert refusal(state, None, Prep()) == Code.NOT_A_PLAYER
    assert refusal(state, 2, Prep()) == Code.NOT_A_PLAYER
    assert refusal(state, 1 - me, Prep()) == Code.NOT_WAITING_FOR_YOU


def test_who_resigned_is_out_of_the_game():
    """Ruling 20: who resigns is out, and can neither move nor resign again."""
    state = begun(3)
    quitter = (state.active + 1) % 3
    state, _ = act(state, quitter, Resign())
    assert refusal(state, quitter, Prep()) == Code.OUT_OF_THE_GAME
    assert refusal(state, quitter, Resign()) == Code.OUT_OF_THE_GAME


def test_a_move_of_another_game_is_unknown():
    state, me = my_turn(FIVE)
    assert refusal(state, me, DrawCard()) == Code.UNKNOWN_MOVE


def test_prep_and_climb_only_start_a_turn():
    """Ruling 2: the climber playing its cards can neither prep nor start a second climb."""
    state, me = climbing(FIVE, THREE)
    assert refusal(state, me, Prep()) == Code.CLIMB_UNDER_WAY
    assert refusal(state, me, ClimbBoulder(state.row[1].number)) == Code.CLIMB_UNDER_WAY


def test_a_climb_takes_a_boulder_of_the_row_and_a_card_that_can_go_face_up():
    """Ruling 3: a hand of Snakes only cannot climb."""
    state, me = my_turn(FIVE)
    taken = next(b for b in (*state.boulders, *state.table.boulders) if b not in state.row)
    assert refusal(state, me, ClimbBoulder(taken.number)) == Code.NOT_IN_THE_ROW
    state, me = my_turn(SNAKE)
    assert refusal(state, me, ClimbBoulder(state.row[0].number)) == Code.NO_FACE_UP_CARD
    assert legal_moves(state, me) == (Prep(),)


def test_cards_are_played_only_during_your_climb_and_from_your_hand():
    state, me = my_turn(FIVE, THREE)
    assert refusal(state, me, PlayCard(FIVE.number, False)) == Code.NOT_PLAYING_CARDS
    assert refusal(state, me, ChalkUp()) == Code.NOT_PLAYING_CARDS
    state, me = climbing(FIVE, THREE)
    assert refusal(state, me, PlayCard(plain(2, (G,), G).number, False)) == Code.NO_SUCH_CARD


def test_sneaky_snake_goes_face_down_and_one_card_must_still_go_face_up():
    """Ruling 15: Sneaky Snake is played face down; a climb needs one card face up, so the last card
    that could go face up is not played face down before one is."""
    state, me = climbing(FIVE, SNAKE)
    assert refusal(state, me, PlayCard(SNAKE.number, False)) == Code.SNAKE_FACE_DOWN
    assert refusal(state, me, PlayCard(FIVE.number, True)) == Code.NO_FACE_UP_CARD
    assert PlayCard(FIVE.number, False) in legal_moves(state, me)


def test_chalking_up_needs_a_card_face_up():
    state, me = climbing(FIVE, THREE)
    state, _ = act(state, me, PlayCard(THREE.number, True))
    assert refusal(state, me, ChalkUp()) == Code.NOTHING_FACE_UP


def test_answers_wait_for_their_question():
    """Joining, the Snake's countdown, Boar Assault's pick and an injury each answer their own question."""
    state, me = my_turn(FIVE)
    assert refusal(state, me, Join()) == Code.NO_QUESTION
    assert refusal(state, me, Stay()) == Code.NO_COUNTDOWN
    assert refusal(state, me, Withdraw()) == Code.NO_COUNTDOWN
    assert refusal(state, me, CancelNothing()) == Code.NO_BOAR
    assert refusal(state, me, CancelValue(5)) == Code.NO_BOAR
    assert refusal(state, me, PlaceInjury(state.row[0].number)) == Code.NO_INJURY


def test_boar_assault_cancels_only_a_value_it_offers():
    """Ruling 13: the Boar's player cancels one of the cards of value offered, or nothing; the rival's
    Angry Bear has no value to cancel."""
    state = begun()
    me = state.active
    state = boar_against_a_bear(state, me, 1 - me)
    bear = animal(Animal.ANGRY_BEAR).number
    assert state.boar is not None and bear not in state.boar.options
    assert refusal(state, me, CancelValue(bear)) == Code.NOT_AN_OPTION
    assert CancelValue(bear) not in legal_moves(state, me)
