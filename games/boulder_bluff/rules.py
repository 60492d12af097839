"""All of Boulder Bluff's rules: ``decide`` a command; ``legal_moves`` from the same checks, and
``deadlines``.

``decide`` never raises for a bad command: it returns ``Rejected(code, message)`` (see ``checks.Code``).
Every outcome of chance (the shuffles, the chalk bag's first holder, each chalk token, each injury's
coin toss) is drawn from ``chance`` and written into an event.
"""

from __future__ import annotations

from typing import Any

from games.boulder_bluff import plays
from games.boulder_bluff.cards import (
    ANIMAL_CARDS,
    BOULDERS,
    HAND_SIZE,
    KEPT_ANIMALS,
    KINGDOM_CARDS,
    PLAIN_CARDS,
    ROW_SIZE,
)
from games.boulder_bluff.checks import Code, candidates, check, gate, in_match, waiting_on
from games.boulder_bluff.events import (
    BoulderRevealed,
    BouldersShuffled,
    DeckShuffled,
    StartPlayerDrawn,
)
from games.boulder_bluff.moves import (
    MOVE_TYPES,
    Move,
)
from games.boulder_bluff.state import State
from games.boulder_bluff.turns import draw, new_story, start_turn
from games.core.chance import Chance
from games.core.commands import Begin, Command, Resign, Timeout
from games.core.deadlines import Deadline
from games.core.decisions import Accepted, Decision, Rejected


def decide(state: State, command: Command[Any], chance: Chance) -> Decision:
    move = command.move
    match move:
        case Begin():
            return _begin(state, command.at, chance)
        case Timeout(deadline_id=deadline_id):
            return _timeout(state, deadline_id, command.at, chance)
        case Resign():
            return _resign(state, command.seat, command.at, chance)
    seat = gate(state, command.seat)
    if isinstance(seat, Rejected):
        return seat
    if not isinstance(move, MOVE_TYPES):
        return Rejected(Code.UNKNOWN_MOVE, "That is not a Boulder Bluff move.")
    problem = check(state, seat, move)
    if problem is not None:
        return problem
    story = new_story(state, command.at)
    plays.play(story, seat, move, chance)
    return Accepted(tuple(story.events), story.state)


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    """The moves ``seat`` may make now (resigning aside): the candidates the checks accept."""
    if isinstance(gate(state, seat), Rejected):
        return ()
    return tuple(move for move in candidates(state, seat) if check(state, seat, move) is None)


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
        return Rejected(Code.ALREADY_STARTED, "The match has already started.")
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


def _timeout(state: State, deadline_id: str, at: int, chance: Chance) -> Decision:
    """Ruling 12: what silence does (``plays.time_out``); any other, stale, id changes nothing."""
    if not any(deadline.id == deadline_id for deadline in deadlines(state)):
        return Accepted(())
    story = new_story(state, at)
    plays.time_out(story, deadline_id, chance)
    return Accepted(tuple(story.events), story.state)


def _resign(state: State, seat: int | None, at: int, chance: Chance) -> Decision:
    """Ruling 20: who resigns is out, ranked last; the match ends only when one player is left."""
    player = in_match(state, seat)
    if isinstance(player, Rejected):
        return player
    story = new_story(state, at)
    plays.resign(story, player, chance)
    return Accepted(tuple(story.events), story.state)
