"""The Resolution phase, told step by step until it waits on a racer or is over.

Starting with the 1st-place racer and going clockwise, each queue is revealed left to right (right to
left in the Stack variant). A revealed Bonus, Sabotage or multiplier stays where it is; a special is
lifted out, remembering its place, acts once per trigger (Ruling 5) and is discarded. An ANY target is
asked of the revealer, with a deadline and a default (Ruling 9). After each reveal Resolution pauses
``revealSeconds`` while someone could still play Last-Ditch Larry (Ruling 11). Cards added to a queue already
revealed wait until play comes round to it again (FOUND). Once every card is revealed, racers still
holding Last-Ditch Larry get a last call (Ruling 11); then the tally.
"""

from __future__ import annotations

from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.cards import Face, Kind
from games.cliffs_n_cactuses.effects import act
from games.cliffs_n_cactuses.reach import aims, asks
from games.cliffs_n_cactuses.state import Lifted, Placed, State
from games.cliffs_n_cactuses.tally import factors
from games.core.chance import Chance
from games.core.deadlines import seconds_after
from games.core.turns import Story

FACE_DOWN = Face(Kind.BONUS)  # what an unrevealed card counts as for a trigger: nothing (Ruling 5)


def hidden_index(queue: tuple[Placed, ...], stack: bool) -> int | None:
    """The next card of ``queue`` to reveal: the left-most face-down one (the right-most in Stack)."""
    indexes = range(len(queue) - 1, -1, -1) if stack else range(len(queue))
    return next((index for index in indexes if not queue[index].revealed), None)


def triggers(queue: tuple[Placed, ...], index: int) -> int:
    """How many times the special just revealed at ``index`` acts: its factor from the revealed
    multipliers pointing at it (Ruling 5)."""
    faces = [placed.face if placed.revealed or at == index else FACE_DOWN for at, placed in enumerate(queue)]
    return factors(faces)[index]


def resolve(story: Story[State], chance: Chance) -> bool:
    """Go on revealing until a racer must answer, or every card is revealed. True when the tally may
    follow (every card revealed and nobody left to ask about Larry)."""
    while True:
        state = story.state
        if state.question is not None or state.pause is not None:
            return False
        if state.lifted is not None:
            _trigger(story, state.lifted, chance)
            continue
        seat = state.order[state.turn]
        index = hidden_index(state.racers[seat].queue, state.options.stack)
        if index is not None and state.racers[seat].playing:
            _reveal(story, seat, index)
            if story.state.lifted is None:
                _pause(story)
            continue
        following = _next_turn(state)
        if following is None:
            return _last_call(story)
        story.tell(ev.TurnPassed(following))


def _reveal(story: Story[State], seat: int, index: int) -> None:
    placed = story.state.racers[seat].queue[index]
    story.tell(ev.CardRevealed(seat, index, placed.card, placed.flipped))
    if placed.face.kind.is_special:
        story.tell(ev.SpecialLifted(seat, index, triggers(story.state.racers[seat].queue, index)))


def _trigger(story: Story[State], lifted: Lifted, chance: Chance) -> None:
    if lifted.done >= lifted.triggers:
        story.tell(ev.SpecialDiscarded(lifted.seat))
        _pause(story)
        return
    found = aims(story.state, lifted)
    if len(found) > 1 and asks(lifted.placed.face):
        state = story.state
        key = f"target-{state.questions + 1}"
        deadline = seconds_after(story.at, state.options.choice_seconds)
        # silence takes an aim drawn from the match's chance: no seat is everyone's default (Ruling 9)
        story.tell(ev.TargetAsked(key, lifted.seat, found, chance.below(len(found)), deadline))
        return
    act(story, lifted, found[0] if found else None, chance)


def _pause(story: Story[State]) -> None:
    """After a reveal, wait ``revealSeconds`` while a card is still to be revealed and a racer could
    play Larry onto it (Ruling 11); with no one who could, there is nothing to wait for."""
    state = story.state
    if not state.options.reveal_seconds or not (state.deck or state.discards):
        return
    if not any(racer.playing and racer.larry for racer in state.racers):
        return
    if _next_turn(state) is None:  # the last card is out: the last call is Larry's time
        return
    deadline = seconds_after(story.at, state.options.reveal_seconds)
    assert deadline is not None  # revealSeconds is above 0 here
    story.tell(ev.RevealPaused(f"reveal-{state.pauses + 1}", deadline))


def _next_turn(state: State) -> int | None:
    """The next queue in the round's order, circling round (this one last), that still has a face-down
    card."""
    for step in range(1, len(state.order) + 1):
        turn = (state.turn + step) % len(state.order)
        racer = state.racers[state.order[turn]]
        if racer.playing and hidden_index(racer.queue, state.options.stack) is not None:
            return turn
    return None


def _last_call(story: Story[State]) -> bool:
    """Everything is revealed: racers holding Larry may play him now (Ruling 11). True: nobody can."""
    state = story.state
    holding = frozenset(racer.seat for racer in state.racers if racer.playing and racer.larry)
    if not holding or not (state.deck or state.discards):
        return True
    deadline = seconds_after(story.at, state.options.choice_seconds)
    story.tell(ev.LastCallOpened(f"last-call-{state.last_calls + 1}", holding, deadline))
    return False
