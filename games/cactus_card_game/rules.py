"""All of the Cactus Card Game's rules: ``decide`` a command; ``legal_moves`` and ``waiting_on`` from the
same checks. ``decide`` and ``legal_moves`` are the kernel's ``Decider`` (``games.core.decider``) over
this module's handlers, declared at its end.

``decide`` never raises for a bad command: it returns ``Rejected(code, message)`` (see ``checks.Code``).
Every outcome of chance (the shuffle, the first player, a new draw pile, Steal a Card's shuffle) is
drawn from ``chance`` and written into an event.
"""

from __future__ import annotations

from games.cactus_card_game import actions
from games.cactus_card_game.cards import CHARACTERS, DECK, HAND_SIZE, Kind, cards_by_kind
from games.cactus_card_game.checks import Code, candidates, check, gate, set_cards
from games.cactus_card_game.events import (
    CardsShuffled,
    FirstPlayerDrawn,
    HandDealt,
    MatchEnded,
    Resigned,
    SetPlayed,
    StopPlayed,
)
from games.cactus_card_game.moves import (
    DrawCard,
    LetItStand,
    Move,
    PickCard,
    PlaySet,
    Stop,
    TakeCard,
)
from games.cactus_card_game.state import Action, Player, State
from games.cactus_card_game.turns import draw, earn, end_turn, keep_clock, new_story, start_turn
from games.core.chance import Chance
from games.core.deadlines import Deadline, seconds_after
from games.core.decider import Decider
from games.core.decisions import Accepted, Decision, Rejected
from games.core.deck import deal
from games.core.reaction import ReactionWindow, WindowClosed, leave, pass_, react, time_out
from games.core.turns import Story
from games.core.visibility import Event


def may_act(state: State) -> frozenset[int]:
    """The seats with a legal move now: those the match waits on, and, while a STOP window is open, a
    player who let the card stand but may still STOP it (Ruling 21)."""
    if state.window is None:
        return waiting_on(state)
    return frozenset(seat for seat in state.playing() if legal_moves(state, seat))


def waiting_on(state: State) -> frozenset[int]:
    """The prompted seat while a choice is open; while a STOP window is open, everyone who may still
    answer it; otherwise the player whose turn it is."""
    if not state.running:
        return frozenset()
    if state.choice is not None:
        return state.choice.prompt.waiting_on
    if state.window is not None:
        return state.window.waiting_on
    return frozenset() if state.active is None else frozenset((state.active,))


def deadlines(state: State) -> tuple[Deadline, ...]:
    """Ruling 3: only the clock of what the match waits on runs out; the turn's waits for an open window
    or choice to finish."""
    if not state.running:
        return ()
    if state.choice is not None:
        return state.choice.prompt.deadlines()
    if state.window is not None:
        return state.window.deadlines("stop")
    return () if state.turn is None else state.turn.deadlines()


def _begin(state: State, at: int, chance: Chance) -> Decision:
    """Shuffle, deal five cards to each player one at a time, and draw who goes first (Ruling 2)."""
    if state.started:
        return Rejected(Code.ALREADY_STARTED, "The match has already started.")
    pile = chance.shuffle(DECK)
    hands, _ = deal(pile, state.seats, HAND_SIZE)
    first = chance.below(state.seats)
    story = new_story(state, at)
    story.tell(CardsShuffled(pile, len(pile)))
    for seat, hand in enumerate(hands):
        story.tell(HandDealt(seat, len(hand), hand))
    story.tell(FirstPlayerDrawn(first))
    start_turn(story, first, chance)
    return Accepted(tuple(story.events), story.state)


def _play(story: Story[State], seat: int, move: Move, chance: Chance) -> None:
    """The move, then Ruling 3's turn clock, which stops while a STOP window or a pick is open."""
    _tell_move(story, seat, move, chance)
    keep_clock(story)


def _tell_move(story: Story[State], seat: int, move: Move, chance: Chance) -> None:
    match move:
        case Stop(answers=answers):
            _stop(story, seat, answers)
        case LetItStand():
            _close(story, pass_(_window(story.state), seat), chance)
        case TakeCard(kind=answer) | PickCard(position=answer):
            actions.take(story, answer)
        case DrawCard():
            draw(story, seat, 1, chance)
            end_turn(story, "drew", chance)
        case PlaySet(character=character, wilds=wilds):
            _play_set(story, seat, character, wilds, chance)
        case _:
            actions.play(story, seat, move)


def _stop(story: Story[State], seat: int, answers: int) -> None:
    """Ruling 4: the STOP card goes face up onto the discard pile and reopens the window for everyone
    but its player; its deadline restarts."""
    state = story.state
    card = state.players[seat].first(Kind.STOP)
    deadline = seconds_after(story.at, state.options.stop_seconds)
    reaction = react(_window(state), seat, answers, deadline)
    if card is None or isinstance(reaction, Rejected):
        raise ValueError("the checks guarantee a STOP card and a current link")
    story.tell(StopPlayed(seat, card), reaction)


def _close(story: Story[State], events: tuple[Event, ...] | Rejected, chance: Chance) -> None:
    """Tell a window's events; when they close it, the action it guarded resolves (or not)."""
    if isinstance(events, Rejected):
        raise ValueError("the checks guarantee the window may take this answer")
    action = story.state.action
    story.tell(*events)
    closing = [event for event in events if isinstance(event, WindowClosed)]
    if closing and action is not None:
        actions.resolve(story, action, closing[0].cancelled, chance)


def _play_set(story: Story[State], seat: int, character: str, wilds: int, chance: Chance) -> None:
    """Ruling 10: a set is never STOPPED: its points are earned at once, and they end the turn."""
    cards = set_cards(story.state.players[seat], character, wilds)
    if isinstance(cards, Rejected):
        raise ValueError("the checks guarantee the set")
    story.tell(SetPlayed(seat, cards))
    earn(story, seat, CHARACTERS[Kind(character)], "set", chance)


def _timeout(state: State, deadline_id: str, at: int, chance: Chance) -> Decision:
    """Ruling 19: a choice's deadline takes what silence answers, a window's closes it (silence lets the card
    stand), the turn's draws a card, which ends the turn. Any other, stale, id changes nothing."""
    if not any(deadline.id == deadline_id for deadline in deadlines(state)):
        return Accepted(())
    story = new_story(state, at)
    if state.choice is not None:
        if state.choice.prompt.answer_on_timeout(deadline_id) is not None:
            actions.take(story, actions.on_silence(state.choice, chance))
    elif state.window is not None:
        _close(story, time_out(state.window, deadline_id), chance)
    else:
        draw(story, _seat(state.active), 1, chance)
        end_turn(story, "timeout", chance)
    keep_clock(story)
    return Accepted(tuple(story.events), story.state)


def _resign(story: Story[State], player: Player, chance: Chance) -> None:
    """Ruling 18: the player leaves; its hand goes face up to the discards, its points stay for the
    ranking. Its own action still waiting on a window is abandoned; a window it could answer stops
    waiting on it; a choice it is part of is withdrawn. The last player left wins."""
    state = story.state  # the table before the player leaves
    window, action = state.window, state.action
    closing: tuple[Event, ...] = ()
    if window is not None and window.actor == player.seat:
        story.tell(WindowClosed(window.key, True))
    elif window is not None:
        closing = leave(window, player.seat)
        story.tell(*closing)
    story.tell(Resigned(player.seat, cards_by_kind(player.hand)))  # face up, in no order it was held
    playing = story.state.playing()
    if len(playing) == 1:
        story.tell(MatchEnded(playing[0], "last player standing"))
    else:
        closed = [event for event in closing if isinstance(event, WindowClosed)]
        if closed and action is not None:
            actions.resolve(story, action, closed[0].cancelled, chance)
        if player.seat == state.active:
            end_turn(story, "resigned", chance)
    keep_clock(story)


def _window(state: State) -> ReactionWindow[Action]:
    if state.window is None:
        raise ValueError("the checks guarantee an open window")
    return state.window


def _seat(seat: int | None) -> int:
    if seat is None:
        raise ValueError("a running match has an active player")
    return seat


# Besides the seats the match waits on, a player who let the card stand may still STOP it (Ruling 21):
# ``legal_moves`` offers what ``candidates`` and ``check`` allow, whomever the match waits on.
DECIDER = Decider(
    begin=_begin,
    timeout=_timeout,
    may_resign=gate,
    leave=_resign,
    gate=gate,
    check=check,
    candidates=candidates,
    new_story=new_story,
    play=_play,
)
decide = DECIDER.decide
legal_moves = DECIDER.legal_moves
