"""Daredevil Rock's turn and match endings, told through the kernel's ``Story`` (``games.core.turns``)."""

from __future__ import annotations

from games.core import turns
from games.core.seats import next_clockwise
from games.core.turns import Story, storyteller
from games.daredevil_rock.cards import ACTIONS_PER_TURN
from games.daredevil_rock.events import CliffTurnedFaceDown, MatchEnded
from games.daredevil_rock.evolve import evolve
from games.daredevil_rock.state import Position, State

new_story = storyteller(evolve)


def start_turn(story: Story[State], seat: int) -> None:
    """Ruling 12: each turn's deadline counts from the command that started it."""
    state = story.state
    turns.start_turn(story, seat, previous=state.turn, seconds=state.options.turn_seconds)


def end_turn(story: Story[State], reason: str) -> None:
    """End the active climber's turn and start the next one.

    Ruling 9 (Blind Man's Bluff): at the end of each turn, every face-up card without a climber or a
    cam turns face down. Ruling 12: the next climber is the next seat clockwise (seat + 1) still in
    the game; in solitaire, the same climber again. When that climber has used up the turn limit
    (Ruling 13) the match ends instead.
    """
    state = story.state
    if state.turn is None or state.over:
        return
    seat = state.turn.seat
    turns.end_turn(story, state.turn, reason)
    if state.options.blind_mans_bluff:
        unmarked = _unmarked_face_up(story.state)
        if unmarked:
            story.tell(CliffTurnedFaceDown(unmarked))
    following = next_clockwise(seat, state.seats, story.state.alive())
    if following is None:
        return
    # Ruling 13 (the rulebook has none): the turn limit, so that every match ends.
    turns.next_turn(
        story,
        following,
        had=story.state.climbers[following].turns,
        limit=state.options.turn_limit,
        limit_reached=lambda _: MatchEnded(None, "turn limit"),
        start=start_turn,
    )


def after_action(story: Story[State]) -> None:
    """Ruling 1: the turn ends by itself after the fourth action, unless a climb bonus is still open."""
    state = story.state
    if story.turn_over or state.over:
        return
    if state.actions_used >= ACTIONS_PER_TURN and state.free_climb is None:
        end_turn(story, "actions")


def settle_elimination(story: Story[State], reason: str) -> bool:
    """End the match if the last elimination decided it; True when it did.

    Ruling 11: with two or more players, the last climber standing wins. Ruling 10: in solitaire, an
    eliminated climber ends the match without a winner (and without a score).
    """
    state = story.state
    alive = state.alive()
    if state.solitaire and not alive:
        story.tell(MatchEnded(None, reason))
        return True
    if not state.solitaire and len(alive) == 1:
        story.tell(MatchEnded(alive[0], "last climber standing"))
        return True
    return False


def _unmarked_face_up(state: State) -> tuple[Position, ...]:
    marked = {climber.position for climber in state.climbers}
    marked.update(cam for climber in state.climbers for cam in climber.cams)
    return tuple(
        (level, column)
        for level in range(1, state.levels + 1)
        for column in range(state.columns)
        if (level, column) not in marked and state.space((level, column)).face_up
    )
