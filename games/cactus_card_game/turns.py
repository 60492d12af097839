"""Cactus turns, draws, points and the end of the match, told through the kernel's ``Story``.

These are the steps several rules share: starting and ending a turn (with the zero-cards rule and the
turn limit), drawing from the draw pile (refilled from the discards when it runs out), and earning
points (which ends the turn, or the match at the points goal).
"""

from __future__ import annotations

from games.cactus_card_game.cards import DRAW_3_CARDS, Card
from games.cactus_card_game.events import (
    CardsDrawn,
    DrawPileRefilled,
    MatchEnded,
    PointsEarned,
    TurnClockResumed,
    TurnClockStopped,
    TurnLimitReached,
)
from games.cactus_card_game.evolve import evolve
from games.cactus_card_game.state import State
from games.core import turns
from games.core.chance import Chance
from games.core.deck import DrawPile
from games.core.seats import clockwise_from, next_clockwise
from games.core.turns import Story, storyteller

new_story = storyteller(evolve)


def start_turn(story: Story[State], seat: int, chance: Chance) -> None:
    """Start ``seat``'s turn; its deadline counts from the command that started it (Ruling 3).

    Ruling 9, the zero-cards rule: a player starting the turn with no cards draws 3 and the turn ends
    at once.
    """
    state = story.state
    turns.start_turn(story, seat, previous=state.turn, seconds=state.options.turn_seconds)
    if not story.state.players[seat].hand:
        draw(story, seat, DRAW_3_CARDS, chance)
        end_turn(story, "zero cards", chance)


def end_turn(story: Story[State], reason: str, chance: Chance) -> None:
    """End the active player's turn and start the next player's: clockwise, skipping players who left.

    Ruling 17: when the next player has already had as many turns as the turn limit, the match ends
    instead: the players still in it with most points share the win.
    """
    state = story.state
    if state.turn is None or state.over:
        return
    turns.end_turn(story, state.turn, reason)
    following = next_clockwise(state.turn.seat, state.seats, story.state.playing())
    if following is None:
        return
    turns.next_turn(
        story,
        following,
        had=story.state.players[following].turns,
        limit=state.options.turn_limit,
        limit_reached=turn_limit_reached,
        start=lambda story, seat: start_turn(story, seat, chance),
    )


def keep_clock(story: Story[State]) -> None:
    """Ruling 3: the turn clock stops while a STOP window or a pick is open (the player waits on
    others, or on a pick the game offered) and resumes with the time that was left once none is."""
    state = story.state
    turn = state.turn
    if turn is None or not state.running:
        return
    waiting = state.window is not None or state.choice is not None
    if waiting and turn.deadline is not None:
        story.tell(TurnClockStopped(turn.seat, max(0, turn.deadline - story.at)))
    elif not waiting and state.clock is not None:
        story.tell(TurnClockResumed(turn.seat, story.at + state.clock))


def turn_limit_reached(state: State) -> TurnLimitReached:
    """Ruling 17: the leaders by points win, a tie sharing the win."""
    playing = state.playing()
    most = max(state.players[seat].points for seat in playing)
    return TurnLimitReached(tuple(seat for seat in playing if state.players[seat].points == most))


def draw(story: Story[State], seat: int, count: int, chance: Chance) -> None:
    """``seat`` draws up to ``count`` cards from the top of the draw pile.

    Ruling 8: when a card must be drawn from an empty draw pile, the player with most points shuffles
    the discards into a new draw pile; with both piles empty, nothing more is drawn.
    """
    DRAW_PILE.draw(story, seat, count, chance, _drawn)


def _drawn(seat: int, cards: tuple[Card, ...]) -> CardsDrawn:
    return CardsDrawn(seat, len(cards), cards)


def shuffler(state: State) -> int:
    """Ruling 8: the player still in the match with most points; on a tie, the first of them clockwise
    from the active player (the active player first)."""
    playing = state.playing()
    most = max(state.players[seat].points for seat in playing)
    start = state.turn.seat if state.turn is not None else playing[0]
    return next(
        seat
        for seat in clockwise_from(start, state.seats)
        if seat in playing and state.players[seat].points == most
    )


DRAW_PILE: DrawPile[State, Card] = DrawPile(
    lambda state: (state.draw_pile, state.discards),
    lambda state, pile: DrawPileRefilled(shuffler(state), len(pile), pile),
)


def earn(story: Story[State], seat: int, points: int, source: str, chance: Chance) -> None:
    """``seat`` earns up to ``points`` from the point pile (Ruling 14: no more than the pile holds).

    Earning a point ends the turn at once, with no draw; reaching the points goal ends the match
    (Ruling 16). Earning nothing (an empty pile) leaves the turn going.
    """
    earned = min(points, story.state.point_pile)
    if not earned:
        return
    story.tell(PointsEarned(seat, earned, source))
    scored(story, seat, chance)


def scored(story: Story[State], seat: int, chance: Chance) -> None:
    """After ``seat`` gained a point: the match ends at the points goal, else the turn ends."""
    state = story.state
    if state.players[seat].points >= state.goal:
        story.tell(MatchEnded(seat, "points goal"))
    else:
        end_turn(story, "point", chance)
