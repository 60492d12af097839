"""Applying Cliffs n' Cactuses' events to the table: no rules here, only what each fact changes."""

from __future__ import annotations

from games.cliffs_n_cactuses import events as ev
from games.cliffs_n_cactuses.cards import Card
from games.cliffs_n_cactuses.state import (
    LastCall,
    Lifted,
    Pause,
    Phase,
    Placed,
    Question,
    Racer,
    Spot,
    State,
    Tiebreak,
)
from games.core.frozen import replacer
from games.core.prompt import Prompt
from games.core.quotas import QuotaClosed, QuotaOpened, QuotaRound, SeatDone
from games.core.sealed import ChoiceSealed, RoundClosed, RoundOpened, SealedRound, SeatReady
from games.core.visibility import Event

ASK_TARGET = "choose-target"

# Built by position, not by name: evolve makes a new table for every event (games.core.frozen).
_state, _racer, _placed = replacer(State), replacer(Racer), replacer(Placed)
_lifted, _call, _tiebreak = replacer(Lifted), replacer(LastCall), replacer(Tiebreak)


def evolve(state: State, event: Event) -> State:
    match event:  # the most frequent events first: each case is an isinstance check
        case ev.CardRevealed(seat=seat, index=index):
            queue = state.racers[seat].queue
            shown = _placed(queue[index], revealed=True)
            return _with_queue(state, seat, (*queue[:index], shown, *queue[index + 1 :]))
        case ev.CardPlayed():
            return _card_played(state, event)
        case ev.TriggerResolved():
            assert state.lifted is not None
            return _state(state, lifted=_lifted(state.lifted, done=state.lifted.done + 1))
        case ev.TurnPassed(turn=turn):
            return _state(state, turn=turn)
        case ev.SpecialLifted(seat=seat, index=index, triggers=triggers):
            queue = state.racers[seat].queue
            lifted = Lifted(seat, queue[index], index, triggers)
            return _state(_with_queue(state, seat, queue[:index] + queue[index + 1 :]), lifted=lifted)
        case ev.SpecialDiscarded():
            assert state.lifted is not None
            return _state(state, lifted=None, discards=(*state.discards, state.lifted.placed.card))
        case SeatDone() | QuotaClosed():
            assert state.race is not None
            race = state.race.apply(event)
            if isinstance(event, QuotaClosed):
                return _state(state, race=race, phase=Phase.RESOLUTION)
            return _state(state, race=race)
        case ev.DeckShuffled(pile=pile):
            return _state(state, deck=pile or (), discards=())  # the deal's, or the discards reshuffled
        case ev.HandDealt(seat=seat, cards=cards) | ev.CardsDrawn(seat=seat, cards=cards):
            return _drawn(state, seat, cards or ())
        case ev.RoundStarted(leader=leader, order=order):
            return _state(state, round=state.round + 1, leader=leader, order=order, tiebreak=None, turn=0)
        case QuotaOpened():
            return _state(state, phase=Phase.RACE, race=QuotaRound.opened(event))
        case ev.LarryPlayed(seat=seat, racer=racer, card=card):
            assert card is not None
            larry_used = _racer(state.racers[seat], larry=False)
            state = _state(state, racers=state.with_racer(larry_used), deck=state.deck[1:])
            if state.phase is Phase.LAST_CALL:  # his card is revealed before the tally
                state = _state(state, phase=Phase.RESOLUTION, last_call=None)
            return _queued(state, racer, Placed(card, by=seat, larry=True))
        case ev.TargetAsked(key=key, seat=seat, aims=aims, default=default, deadline=deadline):
            prompt = Prompt(key, seat, ASK_TARGET, tuple(range(len(aims))), default, deadline)
            return _state(state, question=Question(prompt, aims), questions=state.questions + 1)
        case ev.TargetChosen():
            return _state(state, question=None)
        case ev.Vaporized(spot=spot, card=card):
            state = _without(state, spot)
            return _state(state, discards=(*state.discards, card))
        case ev.CardFlipped(spot=spot):
            return _flipped(state, spot)
        case ev.CardMoved(spot=spot, racer=racer):
            placed = _at(state, spot)
            return _queued(_without(state, spot), racer, placed)
        case ev.CardsSwapped(first=first, second=second):
            return _swapped(state, first, second)
        case ev.HandRaided(seat=seat, racer=racer, cards=cards):
            taken = cards or ()
            left = tuple(card for card in state.racers[racer].hand if card not in taken)
            state = _in_hand(state, racer, left)
            state = _drawn(state, seat, taken, from_deck=False)
            return _told(state, seat, racer, taken)
        case ev.LastCallOpened(key=key, waiting=waiting, deadline=deadline):
            call = LastCall(key, waiting, deadline)
            return _state(state, phase=Phase.LAST_CALL, last_call=call, last_calls=state.last_calls + 1)
        case ev.LarryKept(seat=seat):
            assert state.last_call is not None
            return _state(state, last_call=_call(state.last_call, waiting=state.last_call.waiting - {seat}))
        case ev.Tallied(movements=movements, positions=positions):
            racers = tuple(
                _racer(racer, position=position, moved=moved)
                for racer, position, moved in zip(state.racers, positions, movements, strict=True)
            )
            return _state(state, racers=racers, last_call=None)
        case ev.QueuesCleared():
            cleared = tuple(placed.card for racer in state.racers for placed in racer.queue)
            racers = tuple(_racer(racer, queue=()) for racer in state.racers)
            return _state(state, racers=racers, discards=(*state.discards, *cleared), race=None)
        case ev.RevealPaused(key=key, deadline=deadline):
            return _state(state, pause=Pause(key, deadline), pauses=state.pauses + 1)
        case ev.RevealResumed():
            return _state(state, pause=None)
        case (
            ev.TiebreakStarted()
            | RoundOpened()
            | ChoiceSealed()
            | RoundClosed()
            | ev.ThrowsShown()
            | ev.ThrowWon()
            | ev.BracketDrawn()
            | ev.PairWon()
            | ev.TiebreakWon()
        ):
            return _tiebreak_event(state, event)
        case ev.Resigned(seat=seat):
            return _state(state, racers=state.with_racer(_racer(state.racers[seat], playing=False)))
        case ev.MatchEnded(winners=winners, reason=reason):
            return _state(state, phase=Phase.OVER, winners=winners, reason=reason, race=None, question=None)
        case ev.Missed() | SeatReady():
            return state  # told for the table: a trigger that found nothing, a throw's public form
    raise ValueError(f"not a Cliffs n' Cactuses event: {event!r}")


def _card_played(state: State, event: ev.CardPlayed) -> State:
    """A card from the player's hand to the end of the target racer's queue, face down."""
    card, seat, race = event.play, event.seat, state.race
    assert card is not None and race is not None
    player = state.racers[seat]
    hand = tuple(held for held in player.hand if held.id != card.id)  # by id, unique: quicker
    seated = list(state.racers)
    # once it plays a card, nobody knows any more which of the cards they saw it take it kept
    seated[seat] = _racer(player, hand=hand, known_to=())
    onto = seated[event.racer]
    seated[event.racer] = _racer(onto, queue=(*onto.queue, Placed(card, by=seat)))
    return _state(state, racers=tuple(seated), race=race.apply(event))


def _tiebreak_event(state: State, event: Event) -> State:
    """Rock-paper-scissors: a tiebreak opens, its throws are sealed and shown, its bracket drawn."""
    match event:
        case ev.TiebreakStarted(purpose=purpose, contenders=contenders, best_of=best_of):
            tiebreak = Tiebreak(purpose, contenders, best_of, contenders)
            return _state(state, phase=Phase.TIEBREAK, tiebreak=tiebreak)
        case RoundOpened():
            assert state.tiebreak is not None
            throws = SealedRound.opened(event)
            return _state(
                state, tiebreak=_tiebreak(state.tiebreak, throws=throws), tiebreaks=state.tiebreaks + 1
            )
        case ChoiceSealed() | RoundClosed() | ev.ThrowsShown():
            assert state.tiebreak is not None and state.tiebreak.throws is not None
            throws = state.tiebreak.throws.apply(event)
            return _state(state, tiebreak=_tiebreak(state.tiebreak, throws=throws))
        case ev.ThrowWon(remaining=remaining):
            assert state.tiebreak is not None
            return _state(state, tiebreak=_tiebreak(state.tiebreak, contenders=remaining, throws=None))
        case ev.BracketDrawn(pairs=pairs, bye=bye):
            assert state.tiebreak is not None
            byes = () if bye is None else (bye,)
            bracket = _tiebreak(state.tiebreak, pairs=pairs, through=byes, contenders=pairs[0])
            return _state(state, tiebreak=bracket)
        case ev.PairWon(seat=seat):
            held = state.tiebreak
            assert held is not None
            through = held.through if seat is None else (*held.through, seat)
            pairs = held.pairs[1:]
            contenders = pairs[0] if pairs else ()
            return _state(
                state, tiebreak=_tiebreak(held, pairs=pairs, through=through, contenders=contenders)
            )
        case ev.TiebreakWon(seat=seat, settled=settled):
            held = state.tiebreak
            assert held is not None
            if settled:
                return _state(state, tiebreak=None)
            wins = {**held.wins, seat: held.wins.get(seat, 0) + 1}
            return _state(state, tiebreak=_tiebreak(held, wins=wins, contenders=held.entrants))
    raise ValueError(f"{event!r} is not a tiebreak event")


def _drawn(state: State, seat: int, cards: tuple[Card, ...], *, from_deck: bool = True) -> State:
    """``cards`` join ``seat``'s hand, out of the deck when they come from it."""
    racer = state.racers[seat]
    drawn = _racer(racer, hand=(*racer.hand, *cards))
    rest = _dealt_from(state.deck, cards) if from_deck else state.deck
    return _state(state, racers=state.with_racer(drawn), deck=rest)


def _dealt_from(deck: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``deck`` less ``cards``: its top ones for a Draw; otherwise by card, as the deal takes every
    racer's fifth card (so the deck never still holds a dealt card). By id, unique in the deck: comparing
    whole cards, for every card of the deck at every draw, was a third of the game's evolve time."""
    if deck[: len(cards)] == cards:
        return deck[len(cards) :]
    gone = {card.id for card in cards}
    return tuple(card for card in deck if card.id not in gone)


def _in_hand(state: State, seat: int, hand: tuple[Card, ...]) -> State:
    return _state(state, racers=state.with_racer(_racer(state.racers[seat], hand=hand)))


def _told(state: State, seat: int, racer: int, taken: tuple[Card, ...]) -> State:
    """``racer`` knows ``seat`` now holds ``taken``; nobody knows any more what ``racer``'s hand kept of
    what others knew was in it (the cards went at random)."""
    raider, raided = state.racers[seat], state.racers[racer]
    known = (*raider.known_to, *((racer, card) for card in taken))
    state = _state(state, racers=state.with_racer(_racer(raider, known_to=known)))
    return _state(state, racers=state.with_racer(_racer(raided, known_to=())))


def _with_queue(state: State, seat: int, queue: tuple[Placed, ...]) -> State:
    return _state(state, racers=state.with_racer(_racer(state.racers[seat], queue=queue)))


def _queued(state: State, seat: int, placed: Placed) -> State:
    return _with_queue(state, seat, (*state.racers[seat].queue, placed))


def _at(state: State, spot: Spot) -> Placed:
    assert spot.index is not None
    return state.racers[spot.seat].queue[spot.index]


def _without(state: State, spot: Spot) -> State:
    """The card at ``spot`` leaves its queue. A special lifted out of that queue keeps its place between
    the cards around it: when a card to its left leaves, its index moves down with them (FOUND: "position
    still matters"; a doubled Vaporize ``<`` discards two cards to its left, never one to its right)."""
    queue = state.racers[spot.seat].queue
    assert spot.index is not None
    state = _with_queue(state, spot.seat, queue[: spot.index] + queue[spot.index + 1 :])
    lifted = state.lifted
    if lifted is not None and lifted.seat == spot.seat and spot.index < lifted.index:
        state = _state(state, lifted=_lifted(lifted, index=lifted.index - 1))
    return state


def _flipped(state: State, spot: Spot) -> State:
    queue = state.racers[spot.seat].queue
    assert spot.index is not None
    turned = _placed(queue[spot.index], flipped=not queue[spot.index].flipped)
    return _with_queue(state, spot.seat, (*queue[: spot.index], turned, *queue[spot.index + 1 :]))


def _swapped(state: State, first: Spot, second: Spot) -> State:
    """Two cards change places; an "empty card" (index None) lets the other card move across."""
    if first.index is None or second.index is None:
        real, empty = (second, first) if first.index is None else (first, second)
        if real.index is None:
            return state
        return _queued(_without(state, real), empty.seat, _at(state, real))
    a, b = _at(state, first), _at(state, second)
    state = _put(state, first, b)
    return _put(state, second, a)


def _put(state: State, spot: Spot, placed: Placed) -> State:
    queue = state.racers[spot.seat].queue
    assert spot.index is not None
    return _with_queue(state, spot.seat, (*queue[: spot.index], placed, *queue[spot.index + 1 :]))
