"""Telling a decision's events in order, and the turn and match endings they lead to.

``Story`` folds each event into a working state as it is told, so later rules (is the turn over? is
one climber left?) read the table as it is after the earlier events, never a second copy of the logic.
"""

from __future__ import annotations

from games.core.deadlines import seconds_after
from games.core.seats import next_clockwise
from games.core.visibility import Event
from games.daredevil_rock.cards import ACTIONS_PER_TURN
from games.daredevil_rock.events import CliffTurnedFaceDown, MatchEnded, TurnEnded, TurnStarted
from games.daredevil_rock.evolve import evolve
from games.daredevil_rock.state import Position, State


class Story:
    """The events of one decision so far, and the state after them."""

    __slots__ = ("at", "events", "state", "turn_over")

    def __init__(self, state: State, at: int) -> None:
        self.state = state
        self.at = at  # the command's time: new turn deadlines count from it
        self.events: list[Event] = []
        self.turn_over = False

    def tell(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)


def start_turn(story: Story, seat: int) -> None:
    """Ruling 12: each turn's deadline counts from the command that started it."""
    state = story.state
    story.tell(TurnStarted(seat, state.turn + 1, seconds_after(story.at, state.options.turn_seconds)))


def end_turn(story: Story, reason: str) -> None:
    """End the active climber's turn and start the next one.

    Ruling 9 (Blind Man's Bluff): at the end of each turn, every face-up card without a climber or a
    cam turns face down. Ruling 12: the next climber is the next seat clockwise (seat + 1) still in
    the game; in solitaire, the same climber again. When that climber has used up the turn limit
    (Ruling 13, see ``_out_of_turns``) the match ends instead.
    """
    state = story.state
    seat = state.active
    if seat is None or state.over:
        return
    story.tell(TurnEnded(seat, reason))
    if state.options.blind_mans_bluff:
        unmarked = _unmarked_face_up(story.state)
        if unmarked:
            story.tell(CliffTurnedFaceDown(unmarked))
    following = next_clockwise(seat, state.seats, story.state.alive())
    story.turn_over = True
    if following is None:
        return
    if _out_of_turns(story.state, following):
        story.tell(MatchEnded(None, "turn limit"))
    else:
        start_turn(story, following)


def after_action(story: Story) -> None:
    """Ruling 1: the turn ends by itself after the fourth action, unless a climb bonus is still open."""
    state = story.state
    if story.turn_over or state.over:
        return
    if state.actions_used >= ACTIONS_PER_TURN and state.free_climb is None:
        end_turn(story, "actions")


def settle_elimination(story: Story, reason: str) -> bool:
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


def _out_of_turns(state: State, seat: int) -> bool:
    """Ruling 13 (the rulebook has none): the turn limit, so that every match ends. Turns go round in
    order, so when the next climber has had its last turn, every climber still in the game has had as many."""
    limit = state.options.turn_limit
    return limit is not None and state.climbers[seat].turns >= limit


def _unmarked_face_up(state: State) -> tuple[Position, ...]:
    marked = {climber.position for climber in state.climbers}
    marked.update(cam for climber in state.climbers for cam in climber.cams)
    return tuple(
        (level, column)
        for level in range(1, state.levels + 1)
        for column in range(state.columns)
        if (level, column) not in marked and state.space((level, column)).face_up
    )
