"""All of Boulder Bluff's rules: ``decide`` a command; ``legal_moves`` from the same checks, and
``deadlines``. ``decide`` and ``legal_moves`` are the kernel's ``Decider`` (``games.core.decider``)
over this module's handlers, declared at its end.

``decide`` never raises for a bad command: it returns ``Rejected(code, message)`` (see ``checks.Code``).
Every outcome of chance (the shuffles, the chalk bag's first holder, each chalk token, each injury's
coin toss) is drawn from ``chance`` and written into an event.
"""

from __future__ import annotations

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
from games.boulder_bluff.state import State
from games.boulder_bluff.turns import draw, new_story, start_turn
from games.core.chance import Chance
from games.core.deadlines import Deadline
from games.core.decider import Decider
from games.core.decisions import Accepted, Decision, Rejected


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


DECIDER = Decider(
    begin=_begin,
    timeout=_timeout,
    may_resign=in_match,
    leave=plays.resign,
    gate=gate,
    check=check,
    candidates=candidates,
    new_story=new_story,
    play=plays.play,
)
decide = DECIDER.decide
legal_moves = DECIDER.legal_moves
