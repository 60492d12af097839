"""All of Boulder Bluff's rules: ``decide`` a command; ``legal_moves``, ``waiting_on`` and ``deadlines``.

``decide`` never raises for a bad command: a move is accepted exactly when ``legal_moves`` lists it.
Every outcome of chance (the shuffles, the chalk bag's first holder, each chalk token, each injury's
coin toss) is drawn from ``chance`` and written into an event.
"""

from __future__ import annotations

from typing import Any

from games.boulder_bluff import actions, climb
from games.boulder_bluff.cards import (
    ANIMAL_CARDS,
    BOULDERS,
    HAND_SIZE,
    KEPT_ANIMALS,
    KINGDOM_CARDS,
    PLAIN_CARDS,
    ROW_SIZE,
    Animal,
)
from games.boulder_bluff.events import (
    BoulderRevealed,
    BouldersShuffled,
    DeckShuffled,
    StartPlayerDrawn,
)
from games.boulder_bluff.moves import (
    MOVE_TYPES,
    CancelNothing,
    CancelValue,
    ChalkUp,
    ClimbBoulder,
    Join,
    Move,
    PlaceInjury,
    PlayCard,
    Prep,
    Stay,
    StayOff,
    Withdraw,
)
from games.boulder_bluff.state import State
from games.boulder_bluff.turns import draw, new_story, start_turn
from games.core.chance import Chance
from games.core.commands import Begin, Command, Resign, Timeout
from games.core.deadlines import Deadline
from games.core.decisions import Accepted, Codes, Decision, Rejected


def decide(state: State, command: Command[Any], chance: Chance) -> Decision:
    move = command.move
    match move:
        case Begin():
            return _begin(state, command.at, chance)
        case Timeout(deadline_id=deadline_id):
            if not any(deadline.id == deadline_id for deadline in deadlines(state)):
                return Accepted(())  # stale: the match has moved on
            story = new_story(state, command.at)
            actions.time_out(story, deadline_id, chance)
            return Accepted(tuple(story.events), story.state)
        case Resign():
            return _resign(state, command.seat, command.at, chance)
    problem = _gate(state, command.seat)
    if problem is not None:
        return problem
    assert command.seat is not None  # the gate refuses the server itself
    if not isinstance(move, MOVE_TYPES) or not allowed(state, command.seat, move):
        return Rejected(Codes.INVALID_MOVE, "That move is not one you may make now.")
    story = new_story(state, command.at)
    actions.play(story, command.seat, move, chance)
    return Accepted(tuple(story.events), story.state)


def _gate(state: State, seat: int | None) -> Rejected | None:
    if not state.started:
        return Rejected(Codes.NOT_STARTED, "The match has not started.")
    if state.over:
        return Rejected(Codes.MATCH_OVER, "The match is over.")
    if seat is None or not 0 <= seat < state.seats:
        return Rejected(Codes.NOT_A_PLAYER, "Only the players make moves.")
    if seat not in waiting_on(state):
        return Rejected(Codes.NOT_WAITING_FOR_YOU, "The game is not waiting for you.")
    return None


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    """The moves ``seat`` may make now (resigning aside): the candidates ``allowed`` accepts."""
    if not state.running or seat not in waiting_on(state):
        return ()
    return tuple(move for move in _candidates(state, seat) if allowed(state, seat, move))


def _candidates(state: State, seat: int) -> tuple[Move, ...]:
    if state.waiting is None:
        return (Prep(), *(ClimbBoulder(boulder.number) for boulder in state.row))
    if state.playing is not None:
        cards = state.players[seat].hand
        return (*(PlayCard(c.number, down) for c in cards for down in (False, True)), ChalkUp())
    if state.boar is not None:
        return tuple(CancelNothing() if card is None else CancelValue(card) for card in state.boar.options)
    if state.injury is not None:
        return tuple(PlaceInjury(boulder) for boulder in state.injury.options)
    return (Join(), StayOff()) if state.question is not None else (Stay(), Withdraw())


def allowed(state: State, seat: int, move: Move) -> bool:
    """Whether ``seat``, which the match waits on, may make ``move`` now."""
    match move:
        case Prep():
            return state.climb is None
        case ClimbBoulder(boulder=number):
            return state.climb is None and climb.can_climb(state, seat) and number in _numbers(state)
        case PlayCard(card=number, face_down=face_down):
            return state.playing is not None and _playable(state, seat, number, face_down)
        case ChalkUp():
            climber = state.climb.climber(seat) if state.climb is not None else None
            return state.playing is not None and climber is not None and bool(climber.face_up)
        case Join() | StayOff():
            return state.question is not None
        case Stay() | Withdraw():
            return state.snake is not None and not state.snake.closed
        case CancelValue(card=card):
            return state.boar is not None and card in state.boar.options
        case CancelNothing():
            return state.boar is not None and None in state.boar.options
        case PlaceInjury(boulder=number):
            return state.injury is not None and number in state.injury.options
    return False


def _playable(state: State, seat: int, number: int, face_down: bool) -> bool:
    """Any card, face up or down, as long as one can still go face up (a Snake: face down only)."""
    hand = state.players[seat].hand
    card = next((c for c in hand if c.number == number), None)
    if card is None:
        return False
    snake = card.animal is Animal.SNEAKY_SNAKE
    if not face_down:
        return not snake
    climber = state.climb.climber(seat) if state.climb is not None else None
    if climber is not None and climber.face_up:
        return True
    return any(c.animal is not Animal.SNEAKY_SNAKE for c in hand if c.number != number)


def _numbers(state: State) -> tuple[int, ...]:
    return tuple(boulder.number for boulder in state.row)


def waiting_on(state: State) -> frozenset[int]:
    if not state.running:
        return frozenset()
    if state.snake is not None and not state.snake.closed:
        return state.snake.still_to_choose
    for question in (state.boar, state.injury, state.question, state.playing):
        if question is not None:
            return question.waiting_on
    if state.climb is None and state.active is not None:
        return frozenset((state.active,))
    return frozenset()


def shown_waiting_on(state: State) -> frozenset[int]:
    """Whom the table sees the match wait on: in Sneaky Snake's countdown, every climber still in
    until it ends, whoever has chosen (Ruling 15, readiness is hidden: audit L1)."""
    snake = state.snake
    if state.running and snake is not None and not snake.closed:
        return frozenset(seat for seat in snake.seen_waiting_on if seat not in state.out)
    return waiting_on(state)


def deadlines(state: State) -> tuple[Deadline, ...]:
    """Only the clock of what the match waits on runs (Ruling 12)."""
    if not state.running:
        return ()
    if state.snake is not None and not state.snake.closed:
        return state.snake.deadlines("snake")
    if state.boar is not None:
        return state.boar.deadlines()
    if state.injury is not None:
        return state.injury.deadlines()
    if state.question is not None:
        return state.question.deadlines()
    playing = state.playing
    if playing is not None:
        kind = "turn" if playing.seat == state.active else "join"
        return () if playing.deadline is None else (Deadline(playing.key, playing.deadline, kind),)
    return () if state.climb is not None or state.turn is None else state.turn.deadlines()


def _begin(state: State, at: int, chance: Chance) -> Decision:
    """Setup: the climb cards (Animal Kingdom: with 6 of the 14 animals, Ruling 19) and the boulders
    shuffled, five cards each, three boulders face up; the chalk bag's first holder drawn (Ruling 1)."""
    if state.started:
        return Rejected(Codes.ALREADY_STARTED, "The match has already started.")
    animals = ANIMAL_CARDS
    if state.options.animal_kingdom:
        animals = chance.shuffle((*ANIMAL_CARDS, *KINGDOM_CARDS))[:KEPT_ANIMALS]
    pile = chance.shuffle((*PLAIN_CARDS, *animals))
    boulders = chance.shuffle(BOULDERS)
    story = new_story(state, at)
    story.tell(DeckShuffled(pile, len(pile)), BouldersShuffled(boulders, len(boulders)))
    for seat in range(state.seats):
        draw(story, seat, HAND_SIZE, chance)
    for boulder in boulders[:ROW_SIZE]:
        story.tell(BoulderRevealed(boulder))
    first = chance.below(state.seats)
    story.tell(StartPlayerDrawn(first))
    start_turn(story, first)
    return Accepted(tuple(story.events), story.state)


def _resign(state: State, seat: int | None, at: int, chance: Chance) -> Decision:
    """Ruling 20: who resigns is out, ranked last; the match ends only when one player is left."""
    if not state.running:
        return Rejected(Codes.MATCH_OVER if state.over else Codes.NOT_STARTED, "The match is not running.")
    if seat is None or not 0 <= seat < state.seats:
        return Rejected(Codes.NOT_A_PLAYER, "Only the players resign.")
    if seat in state.out:
        return Rejected(Codes.NOT_A_PLAYER, "You have already resigned.")
    story = new_story(state, at)
    actions.resign(story, seat, chance)
    return Accepted(tuple(story.events), story.state)
