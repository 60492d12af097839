"""``evolve``: apply one fact to the table. No rules here; every decision was made in ``rules``.

Events are applied in full (the public forms lack secret cards and are for viewers, not folding).
The table is rebuilt by position: ``evolve`` runs for every event of every decision and every replay,
and ``dataclasses.replace`` looks each field up by name.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

from games.boulder_bluff.cards import Card
from games.boulder_bluff.events import (
    BoarAsked,
    BoulderClaimed,
    BoulderRevealed,
    BouldersShuffled,
    CardPlayedFaceDown,
    CardPlayedFaceUp,
    CardsDrawn,
    CardsRevealed,
    ChalkDrawn,
    ChalkedUp,
    ClimbCalledOff,
    ClimbCleared,
    ClimbStarted,
    ClimbTallied,
    DeckShuffled,
    InjuryTaken,
    JoinAnswered,
    JoinAsked,
    MatchEnded,
    PlayOpened,
    Resigned,
    SnakeShown,
    ThreesPlayed,
    TroutAdded,
    ValueCancelled,
    Withdrew,
)
from games.boulder_bluff.state import Claim, Climb, Climber, Player, Playing, State
from games.core.prompt import Prompt
from games.core.sealed import ChoiceSealed, ChoicesRevealed, RoundClosed, RoundOpened, SealedRound
from games.core.steps import StepDone, StepsDropped, StepsQueued, StepWaiting
from games.core.turns import Turn, TurnStarted
from games.core.visibility import Event

T = TypeVar("T")


def _replacer(cls: type[T]) -> Callable[..., T]:
    names = tuple(field.name for field in fields(cls))  # type: ignore[arg-type]
    position = {name: index for index, name in enumerate(names)}
    read = operator.attrgetter(*names)

    def replace(instance: T, **changes: Any) -> T:
        values = list(read(instance))
        for name, value in changes.items():
            values[position[name]] = value
        return cls(*values)

    return replace


replace_state = _replacer(State)
replace_player = _replacer(Player)
replace_climber = _replacer(Climber)
replace_climb = _replacer(Climb)


def evolve(state: State, event: Event) -> State:
    match event:
        case StepsQueued() | StepWaiting() | StepDone() | StepsDropped():
            return replace_state(state, steps=state.steps.apply(event))
        case CardPlayedFaceUp(seat=seat, card=card) | CardPlayedFaceDown(seat=seat, card=Card() as card):
            up = isinstance(event, CardPlayedFaceUp)
            state = _hand(state, seat, tuple(c for c in state.players[seat].hand if c != card))
            return _climber(state, seat, face_up=(card,) if up else (), face_down=() if up else (card,))
        case ChalkDrawn(seat=seat, token=token):
            state = replace_state(state, bag=tuple(t for t in state.bag if t != token))
            return _climber(state, seat, chalk=(token,))
        case CardsDrawn(seat=seat, count=count, cards=cards):
            state = replace_state(state, deck=state.deck[count:])
            return _hand(state, seat, (*state.players[seat].hand, *(cards or ())))
        case TurnStarted(seat=seat):
            player = replace_player(state.players[seat], turns=state.players[seat].turns + 1)
            return replace_state(state, players=_with(state, player), turn=Turn.started(event))
        case _:
            return _climb(state, event)


def _climb(state: State, event: Event) -> State:
    match event:
        case ClimbStarted(seat=seat, number=number, boulder=boulder, final=final):
            climb = Climb(number, seat, boulder, final, (Climber(seat),))
            return replace_state(state, climb=climb, climbs=number, tally=())
        case PlayOpened(seat=seat, key=key, deadline=deadline):
            return replace_state(state, playing=Playing(seat, key, deadline))
        case ChalkedUp():
            return replace_state(state, playing=None)
        case JoinAsked(seat=seat, key=key, deadline=deadline):
            return replace_state(state, question=Prompt(key, seat, "join", (True, False), False, deadline))
        case JoinAnswered(seat=seat, joins=joins):
            climb = _the(state.climb)
            climbers = (*climb.climbers, Climber(seat)) if joins else climb.climbers
            return replace_state(state, question=None, climb=replace_climb(climb, climbers=climbers))
        case ClimbCalledOff(seat=seat):
            state = _back_to_hand(replace_state(state, playing=None), seat)
            return replace_state(state, climb=None) if seat == _the(state.climb).seat else state
        case Withdrew(seat=seat):
            return _back_to_hand(state, seat)
        case SnakeShown(seat=seat, card=card):
            climber = _the(_the(state.climb).climber(seat))
            down = tuple(c for c in climber.face_down if c != card)
            return _put(state, replace_climber(climber, face_up=(*climber.face_up, card), face_down=down))
        case RoundOpened():
            return replace_state(state, snake=SealedRound.opened(event))
        case ChoiceSealed() | RoundClosed() | ChoicesRevealed():
            return replace_state(state, snake=_the(state.snake).apply(event))
        case _:
            return _resolve(state, event)


def _resolve(state: State, event: Event) -> State:
    match event:
        case CardsRevealed(seat=seat):
            return _put(state, replace_climber(_the(_the(state.climb).climber(seat)), revealed=True))
        case ThreesPlayed(seat=seat, cards=cards):
            state = _hand(state, seat, tuple(c for c in state.players[seat].hand if c not in cards))
            return _climber(state, seat, face_up=cards)
        case BoarAsked(seat=seat, key=key, options=options, default=default, deadline=deadline):
            return replace_state(state, boar=Prompt(key, seat, "boar", options, default, deadline))
        case ValueCancelled(card=card):
            climb = _the(state.climb)
            return replace_state(
                state, boar=None, climb=replace_climb(climb, cancelled=climb.cancelled | {card})
            )
        case TroutAdded(seat=seat, cards=cards):
            return _climber(replace_state(state, deck=state.deck[len(cards) :]), seat, added=cards)
        case ClimbTallied(strengths=strengths):
            return replace_state(state, tally=strengths)
        case BoulderClaimed(seat=seat, boulder=boulder):
            player = state.players[seat]
            claims = (*player.claims, Claim(boulder))
            player = replace_player(player, claims=claims, last_claim=_the(state.climb).number)
            row = tuple(b for b in state.row if b != boulder)
            return replace_state(state, players=_with(state, player), row=row)
        case InjuryTaken(seat=seat, injury=injury, boulder=number) if number is not None:
            player = state.players[seat]
            claims = tuple(
                Claim(c.boulder, injury) if c.boulder.number == number else c for c in player.claims
            )
            return replace_state(state, players=_with(state, replace_player(player, claims=claims)))
        case ClimbCleared():
            return _cleared(state)
        case _:
            return _table(state, event)


def _table(state: State, event: Event) -> State:
    match event:
        case DeckShuffled(pile=pile):
            cards = pile or ()
            return replace_state(state, started=True, deck=cards, discards=())
        case BouldersShuffled(pile=pile):
            return replace_state(state, boulders=pile or ())
        case BoulderRevealed(boulder=boulder):
            return replace_state(state, boulders=state.boulders[1:], row=(*state.row, boulder))
        case Resigned(seat=seat):
            return replace_state(state, resigned=seat)
        case MatchEnded(reason=reason):
            return replace_state(state, over=True, reason=reason)
    return state


def _cleared(state: State) -> State:
    climbers = _the(state.climb).climbers
    played = tuple(card for climber in climbers for card in climber.cards)
    bag = (*state.bag, *(token for climber in climbers for token in climber.chalk))
    gone = frozenset(card.number for card in played)
    return replace_state(
        state,
        discards=(*played, *state.discards),
        bag=tuple(sorted(bag)),
        climb=None,
        playing=None,
        question=None,
        boar=None,
        snake=None,
        known=state.known - gone,
    )


def _back_to_hand(state: State, seat: int) -> State:
    """Ruling 12, Ruling 15: the climber's cards go back to its hand and its chalk to the bag; the cards
    it had face up are now known to be in that hand."""
    climb = _the(state.climb)
    climber = _the(climb.climber(seat))
    state = _hand(state, seat, (*state.players[seat].hand, *climber.face_up, *climber.face_down))
    climbers = tuple(c for c in climb.climbers if c.seat != seat)
    known = state.known | {card.number for card in climber.face_up}
    bag = tuple(sorted((*state.bag, *climber.chalk)))
    return replace_state(state, climb=replace_climb(climb, climbers=climbers), known=known, bag=bag)


def _climber(state: State, seat: int, **more: tuple[Any, ...]) -> State:
    """``seat``'s climber with ``more`` cards or tokens added to the named piles."""
    climber = _the(_the(state.climb).climber(seat))
    return _put(state, replace_climber(climber, **{k: (*getattr(climber, k), *v) for k, v in more.items()}))


def _put(state: State, climber: Climber) -> State:
    climb = _the(state.climb)
    climbers = tuple(climber if c.seat == climber.seat else c for c in climb.climbers)
    return replace_state(state, climb=replace_climb(climb, climbers=climbers))


def _hand(state: State, seat: int, hand: tuple[Card, ...]) -> State:
    return replace_state(state, players=_with(state, replace_player(state.players[seat], hand=hand)))


def _with(state: State, player: Player) -> tuple[Player, ...]:
    players = list(state.players)
    players[player.seat] = player
    return tuple(players)


def _the(value: T | None) -> T:
    if value is None:
        raise ValueError("the rules guarantee it")
    return value
