"""Variant After You, told as events: turns instead of the sealed card choice (Rulings 21 to 25).

Hands are blind piles. From a start player picked at random, in clockwise turns, each player turns the
top card of its blind pile face up onto the pile before it, and draws one card to the bottom of its blind
pile while the draw pile lasts. A Rules Card revealed starts the smashing: the taps of ``rounds``, over
the top card of every pile, by that Rules Card's rule; a correct tapper wins its whole pile. The turns
are the kernel's (``games.core.turns``).
"""

from __future__ import annotations

from games.core.chance import Chance
from games.core.deadlines import seconds_after
from games.core.turns import Story, end_turn, start_turn
from games.racesmack.events import CardDrawn, CardRevealed, MatchEnded, SeatTapsOpened
from games.racesmack.judge import longest_races
from games.racesmack.kinds import Rule
from games.racesmack.rules_cards import RULES
from games.racesmack.state import State


def first_turn(story: Story[State], chance: Chance) -> None:
    """Ruling 21: "pick any start player": one of the seats, at random."""
    state = story.state
    start_turn(story, chance.pick(range(state.seats)), previous=None, seconds=state.options.play_seconds)


def reveal_top(story: Story[State], seat: int) -> None:
    """Ruling 22: ``seat`` turns its top card face up and draws one to the bottom of its blind pile. A
    Rules Card starts the smashing (Ruling 23); any other card ends the turn."""
    card = story.state.players[seat].hand[0]
    story.tell(CardRevealed(seat, card))
    if story.state.draw_pile:
        story.tell(CardDrawn(seat, story.state.draw_pile[0], blind=True))
    if card.rules is None:
        next_turn(story, "revealed")
        return
    state = story.state
    assert state.turn is not None
    seats = frozenset(seat for seat, _ in state.row if state.players[seat].playing)
    deadline = seconds_after(story.at, state.options.tap_seconds)
    targets = frozenset(owner for owner, _ in state.row)  # a pile is tapped by whose it is
    story.tell(SeatTapsOpened(f"smash-{state.turn.number}", seats, targets, deadline))


def next_turn(story: Story[State], reason: str) -> None:
    """End the turn; the next player clockwise with a card in its blind pile reveals next. When nobody
    still in has one, the longest Races win (Ruling 14)."""
    state = story.state
    turn = state.turn
    assert turn is not None
    end_turn(story, turn, reason)
    for step in range(1, state.seats + 1):
        player = state.players[(turn.seat + step) % state.seats]
        if player.playing and player.hand:
            start_turn(story, player.seat, previous=turn, seconds=state.options.play_seconds)
            return
    story.tell(MatchEnded(longest_races(story.state), "no one can play"))


def smash_rule(state: State) -> tuple[int, Rule]:
    """Ruling 23: the Rules Card just revealed, the top of the turn's player's pile, is the rule; no
    other Rules Card on the table and no Racing Rules card counts."""
    assert state.turn is not None
    number = state.players[state.turn.seat].pile[-1].rules
    assert number is not None
    return number, RULES[number].rule
