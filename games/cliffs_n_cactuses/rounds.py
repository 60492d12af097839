"""A round from start to tally: who is in 1st place, the Race phase, and what the tally decides.

The 1st-place racer (farthest down) sets the stage and resolves first; racers tied for it throw
rock-paper-scissors first (FOUND; Ruling 10), as everyone does before the first round. After the tally a
racer at the bottom wins; several there together throw a best of 3 (or, with ``lowestWins``, the one
whose tally went lowest wins first, Ruling 12). Otherwise the queues are cleared and the next round
starts.
"""

from __future__ import annotations

from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.moves import PAPER, ROCK, SCISSORS
from games.cliffs_n_cactuses.stages import stage_at
from games.cliffs_n_cactuses.state import FINISH, LEAD, State
from games.cliffs_n_cactuses.tally import moved, movement
from games.core import sealed
from games.core.chance import Chance
from games.core.deadlines import seconds_after
from games.core.quotas import QuotaOpened
from games.core.sealed import RoundOpened
from games.core.turns import Story

BEATS = {ROCK: SCISSORS, PAPER: ROCK, SCISSORS: PAPER}
DRAWS_IN_A_ROW = 3  # drawn throws of one point before the match's chance decides it (Ruling 10)


def start_round(story: Story[State]) -> None:
    """The next round: its leader is the racer farthest down, after a tiebreak when several are."""
    state = story.state
    racing = state.playing()
    lowest = min(state.racers[seat].position for seat in racing)
    tied = tuple(seat for seat in racing if state.racers[seat].position == lowest)
    if len(tied) == 1:
        begin_race(story, tied[0])
    else:
        story.tell(ev.TiebreakStarted(LEAD, tied, 1))
        open_throws(story)


def begin_race(story: Story[State], leader: int) -> None:
    """Round N's Race phase: every racer may play up to the leader's stage limit, for raceSeconds."""
    state = story.state
    racing = state.playing()
    order = tuple(seat for step in range(state.seats) if (seat := (leader + step) % state.seats) in racing)
    number = state.round + 1
    story.tell(ev.RoundStarted(f"round-{number}", leader, order))
    limit = stage_at(state.racers[leader].position).cards
    deadline = seconds_after(story.at, state.options.race_seconds)
    story.tell(QuotaOpened(f"race-{number}", {seat: limit for seat in racing}, deadline))


def open_throws(story: Story[State]) -> None:
    """One throw of the tiebreak, among those still in it."""
    state = story.state
    assert state.tiebreak is not None
    deadline = seconds_after(story.at, state.options.throw_seconds)
    story.tell(RoundOpened(f"throw-{state.tiebreaks + 1}", frozenset(state.tiebreak.contenders), deadline))


def left_in(throws: dict[int, str], contenders: tuple[int, ...], chance: Chance) -> tuple[int, ...]:
    """Who is still in after a throw (Ruling 10): whoever did not throw is out; when exactly two shapes
    were thrown, those who threw the winning one; any other throw is a draw among those who threw. If
    nobody threw, the match's chance picks one, so a silent table cannot stall the game."""
    if not throws:
        return (chance.pick(contenders),)
    shapes = set(throws.values())
    if len(shapes) == 2:
        winning = next(shape for shape in shapes if BEATS[shape] in shapes)
        return tuple(seat for seat in contenders if throws.get(seat) == winning)
    return tuple(seat for seat in contenders if seat in throws)


def judge_throws(story: Story[State], chance: Chance) -> None:
    """The throw is closed: show it, keep who is left, and settle a point once one racer is."""
    state = story.state
    assert state.tiebreak is not None and state.tiebreak.throws is not None
    shown = sealed.reveal(state.tiebreak.throws, ev.ThrowsShown)
    story.tell(shown)
    contenders = state.tiebreak.contenders
    racing = tuple(seat for seat in contenders if state.racers[seat].playing)
    if not racing:  # everyone in the tiebreak left: 1st place, or the next round, is decided afresh
        story.tell(ev.ThrowWon(()))
        start_round(story)
        return
    throws = {seat: throw.shape for seat, throw in shown.choices.items() if seat in racing}
    remaining = left_in(throws, racing, chance)
    if len(remaining) > 1 and remaining == racing and state.tiebreak.draws + 1 >= DRAWS_IN_A_ROW:
        remaining = (chance.pick(remaining),)  # a table that always throws alike must not stall the race
    story.tell(ev.ThrowWon(remaining))
    if len(remaining) > 1:
        open_throws(story)
        return
    winner = remaining[0]
    tiebreak = story.state.tiebreak
    assert tiebreak is not None
    settled = tiebreak.wins.get(winner, 0) + 1 >= tiebreak.needed
    purpose = tiebreak.purpose
    story.tell(ev.TiebreakWon(winner, settled))
    if not settled:
        open_throws(story)
    elif purpose == LEAD:
        begin_race(story, winner)
    else:
        story.tell(ev.MatchEnded((winner,), "reached the bottom of the cliff first, after a tiebreak"))


def tally(story: Story[State]) -> None:
    """Move every racer, then end the match or start the next round."""
    state = story.state
    assert state.leader is not None
    default = stage_at(state.racers[state.leader].position).default_movement
    movements = tuple(
        movement([placed.face for placed in racer.queue], default) if racer.playing else 0
        for racer in state.racers
    )
    positions = tuple(
        moved(racer.position, metres) for racer, metres in zip(state.racers, movements, strict=True)
    )
    story.tell(ev.Tallied(movements, positions))
    at_bottom = tuple(seat for seat in story.state.playing() if positions[seat] == 0)
    if not at_bottom:
        story.tell(ev.QueuesCleared())
        start_round(story)
        return
    if story.state.options.lowest_wins:
        lowest = min(state.racers[seat].position - movements[seat] for seat in at_bottom)
        at_bottom = tuple(
            seat for seat in at_bottom if state.racers[seat].position - movements[seat] == lowest
        )
    if len(at_bottom) == 1:
        story.tell(ev.MatchEnded(at_bottom, "reached the bottom of the cliff first"))
        return
    story.tell(ev.QueuesCleared())
    story.tell(ev.TiebreakStarted(FINISH, at_bottom, 3))
    open_throws(story)
