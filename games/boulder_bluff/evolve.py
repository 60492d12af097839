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
    HandDiscarded,
    InjuryAsked,
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
from games.boulder_bluff.state import (
    BOAR,
    INJURY,
    JOIN,
    Claim,
    Climb,
    Climber,
    Player,
    Playing,
    State,
    Table,
    Waiting,
)
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
replace_table = _replacer(Table)


def evolve(state: State, event: Event) -> State:
    # The most frequent events first, each building the new table in one go.
    s = state
    match event:
        case StepsQueued() | StepWaiting() | StepDone() | StepsDropped():
            steps = s.steps.apply(event)
            return State(
                s.options,
                s.seats,
                s.players,
                s.deck,
                s.discards,
                s.bag,
                s.turn,
                s.climb,
                steps,
                s.waiting,
                s.table,
            )
        case CardPlayedFaceUp(seat=seat, card=card):
            return _played(s, seat, card, True)
        case CardPlayedFaceDown(seat=seat, card=Card() as card):
            return _played(s, seat, card, False)
        case ChalkDrawn(seat=seat, token=token):
            bag = tuple(t for t in s.bag if t != token)
            c = _the(_the(s.climb).climber(seat))
            climb = _put(s, Climber(seat, c.face_up, c.face_down, (*c.chalk, token), c.revealed, c.added))
            return State(
                s.options,
                s.seats,
                s.players,
                s.deck,
                s.discards,
                bag,
                s.turn,
                climb,
                s.steps,
                s.waiting,
                s.table,
            )
        case CardsDrawn(seat=seat, count=count, cards=cards):
            player = s.players[seat]
            player = Player(
                seat, (*player.hand, *(cards or ())), player.claims, player.turns, player.last_claim
            )
            return State(
                s.options,
                s.seats,
                _with(s, player),
                s.deck[count:],
                s.discards,
                s.bag,
                s.turn,
                s.climb,
                s.steps,
                s.waiting,
                s.table,
            )
        case PlayOpened(seat=seat, key=key, deadline=deadline):
            return _waiting(s, Playing(seat, key, deadline))
        case ChalkedUp():
            return _waiting(s, None)
        case JoinAsked(seat=seat, key=key, deadline=deadline):
            return _waiting(s, Prompt(key, seat, JOIN, (True, False), False, deadline))
        case TurnStarted(seat=seat):
            player = replace_player(s.players[seat], turns=s.players[seat].turns + 1)
            return replace_state(s, players=_with(s, player), turn=Turn.started(event))
        case _:
            return _climb(s, event)


def _played(s: State, seat: int, card: Card, up: bool) -> State:
    """``card`` from ``seat``'s hand to its climb, face up or down."""
    player = s.players[seat]
    hand = tuple(c for c in player.hand if c.number != card.number)  # numbers: quicker than cards
    c = _the(_the(s.climb).climber(seat))
    face_up, face_down = ((*c.face_up, card), c.face_down) if up else (c.face_up, (*c.face_down, card))
    climb = _put(s, Climber(seat, face_up, face_down, c.chalk, c.revealed, c.added))
    players = _with(s, Player(seat, hand, player.claims, player.turns, player.last_claim))
    return State(
        s.options, s.seats, players, s.deck, s.discards, s.bag, s.turn, climb, s.steps, s.waiting, s.table
    )


def _waiting(s: State, waiting: Waiting | None) -> State:
    return State(
        s.options, s.seats, s.players, s.deck, s.discards, s.bag, s.turn, s.climb, s.steps, waiting, s.table
    )


def _climb(state: State, event: Event) -> State:
    match event:
        case ClimbStarted(seat=seat, number=number, boulder=boulder, final=final):
            climb = Climb(number, seat, boulder, final, (Climber(seat),))
            return replace_state(
                state, climb=climb, table=replace_table(state.table, climbs=number, tally=())
            )
        case JoinAnswered(seat=seat, joins=joins):
            climb = _the(state.climb)
            climbers = (*climb.climbers, Climber(seat)) if joins else climb.climbers
            return replace_state(state, waiting=None, climb=replace_climb(climb, climbers=climbers))
        case ClimbCalledOff(seat=seat):
            state = _back_to_hand(replace_state(state, waiting=None), seat)
            return replace_state(state, climb=None) if seat == _the(state.climb).seat else state
        case Withdrew(seat=seat):
            return _back_to_hand(state, seat)
        case SnakeShown(seat=seat, card=card):
            climber = _the(_the(state.climb).climber(seat))
            down = tuple(c for c in climber.face_down if c.number != card.number)
            climber = replace_climber(climber, face_up=(*climber.face_up, card), face_down=down)
            return replace_state(state, climb=_put(state, climber))
        case RoundOpened():
            return replace_state(state, waiting=SealedRound.opened(event))
        case ChoiceSealed() | RoundClosed() | ChoicesRevealed():
            return replace_state(state, waiting=_the(state.snake).apply(event))
        case _:
            return _resolve(state, event)


def _resolve(state: State, event: Event) -> State:
    match event:
        case CardsRevealed(seat=seat):
            climber = replace_climber(_the(_the(state.climb).climber(seat)), revealed=True)
            return replace_state(state, climb=_put(state, climber))
        case ThreesPlayed(seat=seat, cards=cards):
            numbers = {card.number for card in cards}
            state = _hand(state, seat, tuple(c for c in state.players[seat].hand if c.number not in numbers))
            return _climber(state, seat, face_up=cards)
        case BoarAsked(seat=seat, key=key, options=options, default=default, deadline=deadline):
            return replace_state(state, waiting=Prompt(key, seat, BOAR, options, default, deadline))
        case ValueCancelled(card=card):
            climb = _the(state.climb)
            cancelled = replace_climb(climb, cancelled=climb.cancelled | {card})
            return replace_state(state, waiting=None, climb=cancelled)
        case TroutAdded(seat=seat, cards=cards):
            return _climber(replace_state(state, deck=state.deck[len(cards) :]), seat, added=cards)
        case ClimbTallied(strengths=strengths):
            return replace_state(state, table=replace_table(state.table, tally=strengths))
        case BoulderClaimed(seat=seat, boulder=boulder):
            player = state.players[seat]
            claims = (*player.claims, Claim(boulder))
            player = replace_player(player, claims=claims, last_claim=_the(state.climb).number)
            row = tuple(b for b in state.row if b != boulder)
            return replace_state(
                state, players=_with(state, player), table=replace_table(state.table, row=row)
            )
        case InjuryAsked(seat=seat, injury=injury, key=key, options=options, default=default):
            prompt = Prompt(key, seat, INJURY, options, default, event.deadline)
            return replace_state(state, waiting=prompt, climb=replace_climb(_the(state.climb), injury=injury))
        case InjuryTaken(seat=seat, injury=injury, boulder=number):
            player = state.players[seat]
            claims = tuple(
                Claim(c.boulder, injury) if c.boulder.number == number else c for c in player.claims
            )
            players = _with(state, replace_player(player, claims=claims))
            return replace_state(state, players=players, waiting=None)
        case ClimbCleared():
            return _cleared(state)
        case _:
            return _table(state, event)


def _table(state: State, event: Event) -> State:
    match event:
        case DeckShuffled(pile=pile):
            cards = pile or ()
            return replace_state(
                state, deck=cards, discards=(), table=replace_table(state.table, started=True)
            )
        case BouldersShuffled(pile=pile):
            return replace_state(state, table=replace_table(state.table, boulders=pile or ()))
        case BoulderRevealed(boulder=boulder):
            table = replace_table(state.table, boulders=state.boulders[1:], row=(*state.row, boulder))
            return replace_state(state, table=table)
        case Resigned(seat=seat):
            return replace_state(state, table=replace_table(state.table, out=(*state.out, seat)))
        case HandDiscarded(seat=seat, cards=cards):
            state = _hand(state, seat, ())
            return replace_state(state, discards=(*(cards or ()), *state.discards))
        case MatchEnded(reason=reason):
            return replace_state(state, table=replace_table(state.table, over=True, reason=reason))
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
        waiting=None,
        table=replace_table(state.table, known=state.known - gone),
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
    table = replace_table(state.table, known=known)
    return replace_state(state, climb=replace_climb(climb, climbers=climbers), table=table, bag=bag)


def _climber(state: State, seat: int, **more: tuple[Any, ...]) -> State:
    """``seat``'s climber with ``more`` cards or tokens added to the named piles."""
    climber = _the(_the(state.climb).climber(seat))
    climber = replace_climber(climber, **{k: (*getattr(climber, k), *v) for k, v in more.items()})
    return replace_state(state, climb=_put(state, climber))


def _put(state: State, climber: Climber) -> Climb:
    """The climb with ``climber`` in its place."""
    k = _the(state.climb)
    climbers = tuple(climber if c.seat == climber.seat else c for c in k.climbers)
    return Climb(k.number, k.seat, k.boulder, k.final, climbers, k.cancelled, k.injury)


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
