"""A round from start to tally: who is in 1st place, the Race phase, and what the tally decides.

The 1st-place racer (farthest down) sets the stage and resolves first; racers tied for it throw
rock-paper-scissors first (FOUND; Ruling 10), as everyone does before the first round, in a bracket. After the tally a
racer at the bottom wins; several there together throw a best of 3 (or, with ``lowestWins``, the one
whose tally went lowest wins first, Ruling 12). Otherwise the queues are cleared and the next round
starts.
"""

from __future__ import annotations

from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.evolve import evolve
from games.cliffs_n_cactuses.moves import PAPER, ROCK, SCISSORS
from games.cliffs_n_cactuses.stages import stage_at
from games.cliffs_n_cactuses.state import FINISH, LEAD, State
from games.cliffs_n_cactuses.tally import moved, movement
from games.core import sealed
from games.core.chance import Chance
from games.core.deadlines import seconds_after
from games.core.quotas import QuotaOpened
from games.core.sealed import RoundOpened
from games.core.turns import Story, storyteller

new_story = storyteller(evolve)

BEATS = {ROCK: SCISSORS, PAPER: ROCK, SCISSORS: PAPER}


def start_round(story: Story[State], chance: Chance) -> None:
    """The next round: its leader is the racer farthest down, after a tiebreak when several are. Before
    the first round everyone is tied: a bracket of throws, or with the ``random`` opening the match's
    chance picks the leader (the rulebook's "you can just choose someone", Ruling 10)."""
    state = story.state
    racing = state.playing()
    lowest = min(state.racers[seat].position for seat in racing)
    tied = tuple(seat for seat in racing if state.racers[seat].position == lowest)
    opening = state.round == 0
    if len(tied) == 1:
        begin_race(story, tied[0])
    elif opening and state.options.random_opening:
        begin_race(story, chance.pick(tied))
    else:
        story.tell(ev.TiebreakStarted(LEAD, tied, 1))
        if opening and len(tied) > 2:
            draw_bracket(story, tied, chance)
        open_throws(story)


def draw_bracket(story: Story[State], seats: tuple[int, ...], chance: Chance) -> None:
    """A round of the opening's bracket: ``seats`` paired up by the match's chance, an odd one out
    going through on a bye (Ruling 10)."""
    drawn = chance.shuffle(seats)
    bye = drawn[-1] if len(drawn) % 2 else None
    pairs = tuple((drawn[at], drawn[at + 1]) for at in range(0, len(drawn) - 1, 2))
    story.tell(ev.BracketDrawn(pairs, bye))


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
    were thrown, those who threw the winning one; any other throw is a draw among those who threw,
    thrown again. If nobody threw, the match's chance picks one, so a silent table cannot stall."""
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
    racing = tuple(seat for seat in state.tiebreak.contenders if state.racers[seat].playing)
    if not racing and not state.tiebreak.pairs:  # everyone in it left: 1st place is decided afresh
        story.tell(ev.ThrowWon(()))
        start_round(story, chance)
        return
    throws = {seat: throw.shape for seat, throw in shown.choices.items() if seat in racing}
    remaining = left_in(throws, racing, chance) if racing else ()
    story.tell(ev.ThrowWon(remaining))
    if len(remaining) > 1:
        open_throws(story)
    elif story.state.tiebreak is not None and story.state.tiebreak.pairs:
        story.tell(ev.PairWon(remaining[0] if remaining else None))
        next_pair(story, chance)
    else:
        _point_won(story, remaining[0], chance)


def next_pair(story: Story[State], chance: Chance) -> None:
    """The bracket goes on: the next pair throws (a pair with a racer who left is a walkover), the
    winners of a round are paired again, and the last one left leads (Ruling 10)."""
    while True:
        tiebreak = story.state.tiebreak
        assert tiebreak is not None
        racing = story.state.playing()
        if tiebreak.pairs:
            pair = tuple(seat for seat in tiebreak.pairs[0] if seat in racing)
            if len(pair) == 2:
                open_throws(story)
                return
            story.tell(ev.PairWon(pair[0] if pair else None))
            continue
        through = tuple(seat for seat in tiebreak.through if seat in racing)
        if len(through) > 1:
            draw_bracket(story, through, chance)
            continue
        if through:
            _point_won(story, through[0], chance)
        else:
            start_round(story, chance)
        return


def _point_won(story: Story[State], winner: int, chance: Chance) -> None:
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


def tally(story: Story[State], chance: Chance) -> None:
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
        start_round(story, chance)
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
