"""What a legal move or a timeout does, told through the story; the climb's steps run from here.

Each answer to a waiting step (a card played, chalk, join or not, stay or withdraw, a Boar pick) is
told as the game's own event, then the kernel's queue resumes (``games.core.steps``); when the queue
is empty and the climb cleared, the chalk bag passes on.
"""

from __future__ import annotations

from games.boulder_bluff import climb
from games.boulder_bluff.events import (
    CardPlayedFaceDown,
    CardPlayedFaceUp,
    ChalkedUp,
    ClimbCalledOff,
    ClimbCleared,
    ClimbPlanned,
    ClimbStarted,
    CountdownChoice,
    HandDiscarded,
    InjuryTaken,
    JoinAnswered,
    MatchEnded,
    NothingCancelled,
    Resigned,
    StayChosen,
    StaysRevealed,
    ValueCancelled,
    Withdrew,
)
from games.boulder_bluff.moves import (
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
from games.boulder_bluff.state import ClimbStep, Stage, State
from games.boulder_bluff.turns import draw, end_turn
from games.core.chance import Chance
from games.core.decisions import Rejected
from games.core.sealed import RoundClosed, SealedRound, reveal, seal
from games.core.sealed import time_out as close_round
from games.core.steps import Steps, StepsDropped, Waits, resume, run
from games.core.turns import Story
from games.core.visibility import Event


def play(story: Story[State], seat: int, move: Move, chance: Chance) -> None:
    state = story.state
    match move:
        case Prep():
            draw(story, seat, 1, chance)
            end_turn(story, "prepped")
        case ClimbBoulder(boulder=number):
            boulder = next(b for b in state.row if b.number == number)
            story.tell(ClimbStarted(seat, state.climbs + 1, boulder, not state.boulders))
            climb.plan(story, seat)
            _run(story, chance)
        case PlayCard(card=number, face_down=face_down):
            card = next(c for c in state.players[seat].hand if c.number == number)
            story.tell(CardPlayedFaceDown(seat, card) if face_down else CardPlayedFaceUp(seat, card))
        case ChalkUp():
            _chalk_up(story, seat, chance)
        case Join() | StayOff():
            story.tell(JoinAnswered(seat, isinstance(move, Join)))
            if isinstance(move, Join):
                story.tell(ClimbPlanned((ClimbStep(Stage.PLAY, seat),), first=True))
            _resume(story, chance)
        case Stay() | Withdraw():
            _sealed(story, _choose(_round(state), seat, isinstance(move, Stay)), chance)
        case CancelValue(card=card):
            story.tell(ValueCancelled(seat, card))
            _resume(story, chance)
        case CancelNothing():
            story.tell(NothingCancelled(seat))
            _resume(story, chance)
        case PlaceInjury(boulder=number):
            story.tell(InjuryTaken(seat, _injury(state), number))
            _resume(story, chance)


def time_out(story: Story[State], deadline_id: str, chance: Chance) -> None:
    """Ruling 12: silence at a join question stays off; at Boar Assault, cancels its default; at an injury, places it on its default; at the
    Snake's countdown, stays; while playing cards, chalks up what is played when a card is face up,
    else calls the climb off; before a turn's choice, preps."""
    state = story.state
    if state.snake is not None and not state.snake.closed:
        _sealed(story, close_round(state.snake, deadline_id), chance)
    elif state.boar is not None:
        play(story, state.boar.seat, _boar_silence(state.boar.default), chance)
    elif state.injury is not None:
        play(story, state.injury.seat, PlaceInjury(state.injury.default), chance)
    elif state.question is not None:
        play(story, state.question.seat, StayOff(), chance)
    elif state.playing is not None:
        _out_of_time(story, state.playing.seat, chance)
    elif state.active is not None:
        play(story, state.active, Prep(), chance)


def resign(story: Story[State], seat: int, chance: Chance) -> None:
    """Ruling 20: ``seat`` is out, ranked last. With one player left the match ends (a climb under way
    is cleared first). Otherwise what it was asked is answered as silence, its hand is discarded face down, and,
    on its turn with no climb, the chalk bag passes on; a climb it is in goes on with its played cards."""
    story.tell(Resigned(seat))
    state = story.state
    if len(state.in_play()) == 1:
        if state.steps.pending:
            story.tell(StepsDropped())
        if state.climb is not None:
            story.tell(ClimbCleared())
        story.tell(MatchEnded("resigned"))
        return
    snake = state.snake
    if snake is not None and not snake.closed and seat in snake.still_to_choose:
        _sealed(story, _choose(snake, seat, True), chance)
    elif state.boar is not None and state.boar.seat == seat:
        play(story, seat, _boar_silence(state.boar.default), chance)
    elif state.injury is not None and state.injury.seat == seat:
        play(story, seat, PlaceInjury(state.injury.default), chance)
    elif state.question is not None and state.question.seat == seat:
        play(story, seat, StayOff(), chance)
    elif state.playing is not None and state.playing.seat == seat:
        _out_of_time(story, seat, chance)
    hand = story.state.players[seat].hand
    if hand:
        story.tell(HandDiscarded(seat, len(hand), hand))
    if story.state.climb is None and story.state.active == seat:
        end_turn(story, "resigned")


def _out_of_time(story: Story[State], seat: int, chance: Chance) -> None:
    state = story.state
    climber = state.climb.climber(seat) if state.climb else None
    if climber is not None and climber.face_up:
        _chalk_up(story, seat, chance)
        return
    story.tell(ClimbCalledOff(seat))
    if seat != state.active:
        _resume(story, chance)
        return
    story.tell(StepsDropped())
    if seat not in state.out:
        draw(story, seat, 1, chance)
    end_turn(story, "timeout")


def _boar_silence(default: int | None) -> Move:
    """Ruling 13: silence cancels its default card, or nothing."""
    return CancelNothing() if default is None else CancelValue(default)


def _chalk_up(story: Story[State], seat: int, chance: Chance) -> None:
    story.tell(ChalkedUp(seat))
    climb.chalk_up(story, seat, chance)
    _resume(story, chance)


def _sealed(story: Story[State], events: tuple[Event, ...] | Rejected, chance: Chance) -> None:
    """Tell a Snake round's events; once it closes, the choices are shown and the climb goes on
    (Ruling 15): silence stays; nobody left: no claim; one left: a claim without a reveal."""
    if isinstance(events, Rejected):
        raise ValueError("the legal moves guarantee the round takes this choice")
    story.tell(*events)
    if not any(isinstance(event, RoundClosed) for event in events):
        return
    story.tell(reveal(_round(story.state), StaysRevealed, silence=True))
    choices = _round(story.state).choices
    for climber in _climb_climbers(story.state):
        if choices.get(climber) is False:
            story.tell(Withdrew(climber))
    current = story.state.climb
    if current is None or not current.climbers:
        story.tell(ClimbPlanned((ClimbStep(Stage.CLEANUP),), first=True))
    elif len(current.climbers) == 1:
        climb.claim_alone(story, current)
    else:
        story.tell(ClimbPlanned((ClimbStep(Stage.REVEAL),), first=True))
    _resume(story, chance)


def _choose(round_: SealedRound[bool], seat: int, stays: bool) -> tuple[Event, ...] | Rejected:
    """A countdown choice: quiet in the rounds that hide readiness (a round opened before they did
    takes its choices as it was opened)."""
    return seal(round_, seat, stays, CountdownChoice if round_.silence_counts else StayChosen)


def _run(story: Story[State], chance: Chance) -> None:
    final = _final(story.state)
    _after(story, run(story, _steps, lambda s, step: climb.perform(s, step, chance)), final)


def _resume(story: Story[State], chance: Chance) -> None:
    final = _final(story.state)
    _after(story, resume(story, _steps, lambda s, step: climb.perform(s, step, chance)), final)


def _final(state: State) -> bool:
    """Whether the climb under way is the last (read before its steps clear it from the table)."""
    return state.climb is not None and state.climb.final


def _after(story: Story[State], waits: Waits | None, final: bool) -> None:
    """No step left: the climb is over and the turn ends. The climb that empties the boulder deck is
    not the last: the next one, started with the deck empty, is, and the match ends after it (Ruling 8,
    audit W1)."""
    if waits is None and not story.state.steps.pending:
        end_turn(story, "climbed", last_climb=final)


def _steps(state: State) -> Steps[ClimbStep]:
    return state.steps


def _injury(state: State) -> str:
    if state.climb is None or state.climb.injury is None:
        raise ValueError("an injury waits to be placed")
    return state.climb.injury


def _round(state: State) -> SealedRound[bool]:
    if state.snake is None:
        raise ValueError("a Snake round is open")
    return state.snake


def _climb_climbers(state: State) -> tuple[int, ...]:
    return () if state.climb is None else tuple(climber.seat for climber in state.climb.climbers)
