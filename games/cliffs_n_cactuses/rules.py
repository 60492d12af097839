"""All of Cliffs n' Cactuses' rules: ``decide`` a command; ``legal_moves``, ``waiting_on`` and ``may_act``
from the same checks (``checks``). A round's steps are told in ``rounds`` and ``resolution``.
``decide`` and ``legal_moves`` are the kernel's ``Decider`` (``games.core.decider``) over this
module's handlers, declared at its end.

``decide`` never raises for a bad command: it returns ``Rejected(code, message)`` (see ``checks.Code``). Every outcome of
chance (the shuffle, a card drawn at random from a hand, a tiebreak nobody threw in) is drawn from
``chance`` and written into an event.
"""

from __future__ import annotations

from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.cards import DECK, HAND_SIZE
from games.cliffs_n_cactuses.checks import Code, check, gate, larry_time
from games.cliffs_n_cactuses.effects import act
from games.cliffs_n_cactuses.moves import (
    THROWS,
    ChooseTarget,
    Draw,
    KeepLarry,
    Move,
    PlayCard,
    PlayLarry,
    Throw,
)
from games.cliffs_n_cactuses.piles import draw_from_deck, refill
from games.cliffs_n_cactuses.resolution import resolve
from games.cliffs_n_cactuses.rounds import judge_throws, new_story, start_round, tally
from games.cliffs_n_cactuses.state import Phase, State
from games.core import quotas, sealed
from games.core.chance import Chance
from games.core.deadlines import Deadline
from games.core.decider import Decider
from games.core.decisions import Accepted, Decision, Rejected
from games.core.deck import deal
from games.core.sealed import RoundClosed
from games.core.turns import Story


def _play(story: Story[State], seat: int, move: Move, chance: Chance) -> None:
    state = story.state
    match move:
        case PlayCard(card=card_id, racer=racer):
            card = state.racers[seat].holds(card_id)
            assert state.race is not None and card is not None
            story.tell(ev.CardPlayed(state.race.key, seat, card, racer))
        case Draw():
            assert state.race is not None
            draw_from_deck(story, seat, HAND_SIZE - len(state.racers[seat].hand), chance)
            _finish(story, seat, chance)
        case PlayLarry(racer=racer):
            refill(story, chance)
            story.tell(ev.LarryPlayed(seat, racer, story.state.deck[0]))
            if state.phase is Phase.LAST_CALL:
                _resolve(story, chance)
        case KeepLarry():
            story.tell(ev.LarryKept(seat))
            call = story.state.last_call
            if call is not None and not call.waiting:
                tally(story, chance)
        case ChooseTarget(option=option):
            _answer(story, option, chance)
        case Throw():
            tiebreak = state.tiebreak
            assert tiebreak is not None and tiebreak.throws is not None
            thrown = sealed.seal(tiebreak.throws, seat, move, ev.ThrowSealed)
            assert not isinstance(thrown, Rejected)
            story.tell(*thrown)
            _judge_if_thrown(story, chance)


def _finish(story: Story[State], seat: int, chance: Chance) -> None:
    """``seat`` is done playing this round; the last one done ends the Race phase."""
    race = story.state.race
    assert race is not None
    done = quotas.finish(race, seat)
    assert not isinstance(done, Rejected)
    story.tell(*done)
    if story.state.phase is Phase.RESOLUTION:
        _resolve(story, chance)


def _judge_if_thrown(story: Story[State], chance: Chance) -> None:
    """Judge the open throw once every racer still racing in it has thrown: one who left never will,
    and is out of it (Ruling 10)."""
    tiebreak = story.state.tiebreak
    if tiebreak is None or tiebreak.throws is None or tiebreak.throws.revealed:
        return
    throws = tiebreak.throws
    if not throws.closed:
        if throws.still_to_choose & frozenset(story.state.playing()):
            return
        story.tell(RoundClosed(throws.key, throws.still_to_choose))
    judge_throws(story, chance)


def _resolve(story: Story[State], chance: Chance) -> None:
    if resolve(story, chance):
        tally(story, chance)


def _answer(story: Story[State], option: int, chance: Chance) -> None:
    state = story.state
    assert state.question is not None and state.lifted is not None
    story.tell(ev.TargetChosen(state.question.prompt.key, option))
    act(story, state.lifted, state.question.aims[option], chance)
    _resolve(story, chance)


def _candidates(state: State, seat: int) -> list[Move]:
    racing = state.playing()
    moves: list[Move] = []
    if state.phase is Phase.RACE:
        moves += [PlayCard(card.id, racer) for card in state.racers[seat].hand for racer in racing]
        moves.append(Draw())
    if state.question is not None:
        moves += [ChooseTarget(option) for option in state.question.prompt.options]
    if state.phase is Phase.LAST_CALL:
        moves.append(KeepLarry())
    if state.phase is Phase.TIEBREAK:
        moves += [Throw(shape) for shape in THROWS]
    moves += [PlayLarry(racer) for racer in racing]
    return moves


def waiting_on(state: State) -> frozenset[int]:
    """The racers the match waits on: still playing in the Race phase, asked for a target, holding
    Larry at the last call, or still to throw in a tiebreak."""
    if not state.running:
        return frozenset()
    racing = frozenset(state.playing())
    if state.phase is Phase.RACE and state.race is not None:
        return state.race.waiting_on & racing
    if state.question is not None:
        return state.question.prompt.waiting_on & racing
    if state.phase is Phase.LAST_CALL and state.last_call is not None:
        return state.last_call.waiting & racing
    if state.tiebreak is not None and state.tiebreak.throws is not None:
        return state.tiebreak.throws.still_to_choose & racing
    return frozenset()


def may_act(state: State) -> frozenset[int]:
    """Those waited on, and anyone who may play Last-Ditch Larry now (an option that blocks nobody)."""
    larry = frozenset(racer.seat for racer in state.racers if racer.playing and racer.larry)
    return waiting_on(state) | (larry if larry_time(state) else frozenset())


def deadlines(state: State) -> tuple[Deadline, ...]:
    if not state.running:
        return ()
    if state.phase is Phase.RACE and state.race is not None:
        return state.race.deadlines("race")
    if state.question is not None:
        return state.question.prompt.deadlines()
    if state.pause is not None:
        return (Deadline(state.pause.key, state.pause.deadline, "reveal"),)
    if state.last_call is not None and state.last_call.deadline is not None:
        return (Deadline(state.last_call.key, state.last_call.deadline, "last-call"),)
    if state.tiebreak is not None and state.tiebreak.throws is not None:
        return state.tiebreak.throws.deadlines("throw")
    return ()


def _begin(state: State, at: int, chance: Chance) -> Decision:
    """Shuffle, deal five cards to each racer, and start the first round (everyone is tied for 1st
    place at the start: a tiebreak among all, FOUND)."""
    if state.started:
        return Rejected(Code.ALREADY_STARTED, "The match has already started.")
    pile = chance.shuffle(DECK)
    story = new_story(state, at)
    story.tell(ev.DeckShuffled(pile, len(pile)))
    hands, _ = deal(pile, state.seats, HAND_SIZE)
    for seat, hand in enumerate(hands):
        story.tell(ev.HandDealt(seat, len(hand), hand))
    start_round(story, chance)
    return Accepted(tuple(story.events), story.state)


def _timeout(state: State, deadline_id: str, at: int, chance: Chance) -> Decision:
    """A deadline passed: the step it belongs to moves on; a stale one changes nothing."""
    if not state.running:
        return Accepted(())
    story = new_story(state, at)
    if state.phase is Phase.RACE:
        story.tell(*quotas.time_out(state.race, deadline_id))
        if story.state.phase is Phase.RESOLUTION:
            _resolve(story, chance)
    elif state.question is not None:
        option = state.question.prompt.answer_on_timeout(deadline_id)
        if option is not None:
            _answer(story, option, chance)
    elif state.pause is not None:
        if deadline_id == state.pause.key:
            story.tell(ev.RevealResumed(deadline_id))
            _resolve(story, chance)
    elif state.last_call is not None and deadline_id == state.last_call.key:
        tally(story, chance)
    elif state.tiebreak is not None and state.tiebreak.throws is not None:
        story.tell(*sealed.time_out(state.tiebreak.throws, deadline_id))
        if story.events:
            judge_throws(story, chance)
    return Accepted(tuple(story.events), story.state)


def _resign(story: Story[State], player: int, chance: Chance) -> None:
    """The racer leaves; the last one left wins. Whatever waited on the leaver moves on without them."""
    story.tell(ev.Resigned(player))
    left = story.state.playing()
    if len(left) == 1:
        story.tell(ev.MatchEnded(left, "every other racer left"))
        return
    state = story.state
    if state.phase is Phase.RACE and state.race is not None and player in state.race.waiting_on:
        _finish(story, player, chance)
    elif state.question is not None and state.question.prompt.seat == player:
        _answer(story, state.question.prompt.default, chance)
    elif state.last_call is not None and player in state.last_call.waiting:
        _play(story, player, KeepLarry(), chance)
    elif state.tiebreak is not None and state.tiebreak.throws is not None:
        _judge_if_thrown(story, chance)


DECIDER = Decider(
    begin=_begin,
    timeout=_timeout,
    may_resign=gate,
    leave=_resign,
    gate=gate,
    check=check,
    candidates=_candidates,
    new_story=new_story,
    play=_play,
)
decide = DECIDER.decide
legal_moves = DECIDER.legal_moves
