"""``evolve``: apply one fact to the table. No rules here; every decision was made in ``rules``.

Events are applied in full (the public forms lack secret cards and are for viewers, not folding).
One ``match`` names every event, by family: the climb's resolution, from the reveal to the cleared
table, is folded by ``evolve_resolution``; the frozen table is copied with ``rebuild``'s replacers.
"""

from __future__ import annotations

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
    NothingCancelled,
    PlayOpened,
    Resigned,
    SnakeShown,
    StartPlayerDrawn,
    ThreesPlayed,
    TroutAdded,
    ValueCancelled,
    Withdrew,
)
from games.boulder_bluff.evolve_resolution import evolve_resolution
from games.boulder_bluff.rebuild import (
    add_to_climber,
    grown,
    put_climber,
    replace_climb,
    replace_climber,
    replace_player,
    replace_state,
    replace_table,
    set_hand,
    the,
    with_player,
)
from games.boulder_bluff.state import (
    JOIN,
    Climb,
    Climber,
    Playing,
    State,
)
from games.core.prompt import Prompt
from games.core.sealed import ChoiceSealed, ChoicesRevealed, RoundClosed, RoundOpened, SealedRound, SeatReady
from games.core.steps import StepDone, StepsDropped, StepsQueued, StepWaiting
from games.core.turns import Turn, TurnEnded, TurnStarted
from games.core.visibility import Event


def evolve(state: State, event: Event) -> State:
    # The most frequent events first: each case is an isinstance check.
    match event:
        case StepsQueued() | StepWaiting() | StepDone() | StepsDropped():
            return replace_state(state, steps=state.steps.apply(event))
        case CardPlayedFaceUp(seat=seat, card=card):
            return _played(state, seat, card, True)
        case CardPlayedFaceDown(seat=seat, card=Card() as card):
            return _played(state, seat, card, False)
        case ChalkDrawn(seat=seat, token=token):
            bag = tuple(t for t in state.bag if t != token)
            return add_to_climber(replace_state(state, bag=bag), seat, chalk=(token,))
        case CardsDrawn(seat=seat, count=count, cards=cards):
            state = set_hand(state, seat, (*state.players[seat].hand, *(cards or ())))
            return replace_state(state, deck=state.deck[count:])
        case PlayOpened(seat=seat, key=key, deadline=deadline):
            return replace_state(state, waiting=Playing(seat, key, deadline))
        case ChalkedUp():
            return replace_state(state, waiting=None)
        case JoinAsked(seat=seat, key=key, deadline=deadline):
            return replace_state(state, waiting=Prompt(key, seat, JOIN, (True, False), False, deadline))
        case TurnStarted(seat=seat):
            player = replace_player(state.players[seat], turns=state.players[seat].turns + 1)
            return replace_state(state, players=with_player(state, player), turn=Turn.started(event))
        case (
            ClimbStarted()
            | JoinAnswered()
            | ClimbCalledOff()
            | Withdrew()
            | SnakeShown()
            | RoundOpened()
            | ChoiceSealed()
            | RoundClosed()
            | ChoicesRevealed()
        ):
            return _climb(state, event)
        case (
            CardsRevealed()
            | ThreesPlayed()
            | BoarAsked()
            | NothingCancelled()
            | ValueCancelled()
            | TroutAdded()
            | ClimbTallied()
            | BoulderClaimed()
            | InjuryAsked()
            | InjuryTaken()
            | ClimbCleared()
        ):
            return evolve_resolution(state, event)
        case (
            DeckShuffled()
            | BouldersShuffled()
            | BoulderRevealed()
            | Resigned()
            | HandDiscarded()
            | MatchEnded()
        ):
            return _table(state, event)
        case StartPlayerDrawn() | TurnEnded() | SeatReady():
            return state  # told for the table: the turn that follows, or the full choice, changes it
    raise ValueError(f"not a Boulder Bluff event: {event!r}")


def _played(state: State, seat: int, card: Card, up: bool) -> State:
    """``card`` from ``seat``'s hand to its climb, face up or down. Most commands play a card: the hand
    and the climb change in one new table."""
    player = state.players[seat]
    # Compared by number: quicker than comparing cards.
    hand = tuple(c for c in player.hand if c.number != card.number)
    climber = grown(state, seat, **{"face_up" if up else "face_down": (card,)})
    players = with_player(state, replace_player(player, hand=hand))
    return replace_state(state, players=players, climb=put_climber(state, climber))


def _climb(state: State, event: Event) -> State:
    match event:
        case ClimbStarted(seat=seat, number=number, boulder=boulder, final=final):
            climb = Climb(number, seat, boulder, final, (Climber(seat),))
            return replace_state(
                state, climb=climb, table=replace_table(state.table, climbs=number, tally=())
            )
        case JoinAnswered(seat=seat, joins=joins):
            climb = the(state.climb)
            climbers = (*climb.climbers, Climber(seat)) if joins else climb.climbers
            return replace_state(state, waiting=None, climb=replace_climb(climb, climbers=climbers))
        case ClimbCalledOff(seat=seat):
            state = _back_to_hand(replace_state(state, waiting=None), seat)
            return replace_state(state, climb=None) if seat == the(state.climb).seat else state
        case Withdrew(seat=seat):
            return _back_to_hand(state, seat)
        case SnakeShown(seat=seat, card=card):
            climber = the(the(state.climb).climber(seat))
            down = tuple(c for c in climber.face_down if c.number != card.number)
            climber = replace_climber(climber, face_up=(*climber.face_up, card), face_down=down)
            return replace_state(state, climb=put_climber(state, climber))
        case RoundOpened():
            return replace_state(state, waiting=SealedRound.opened(event))
        case ChoiceSealed() | RoundClosed() | ChoicesRevealed():
            return replace_state(state, waiting=the(state.snake).apply(event))
    raise ValueError(f"not a climb event: {event!r}")


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
            state = set_hand(state, seat, ())
            return replace_state(state, discards=(*(cards or ()), *state.discards))
        case MatchEnded(reason=reason):
            return replace_state(state, table=replace_table(state.table, over=True, reason=reason))
    raise ValueError(f"not a table event: {event!r}")


def _back_to_hand(state: State, seat: int) -> State:
    """Ruling 12, Ruling 15: the climber's cards go back to its hand and its chalk to the bag; the cards
    it had face up are now known to be in that hand."""
    climb = the(state.climb)
    climber = the(climb.climber(seat))
    state = set_hand(state, seat, (*state.players[seat].hand, *climber.face_up, *climber.face_down))
    climbers = tuple(c for c in climb.climbers if c.seat != seat)
    known = state.known | {card.number for card in climber.face_up}
    bag = tuple(sorted((*state.bag, *climber.chalk)))
    table = replace_table(state.table, known=known)
    return replace_state(state, climb=replace_climb(climb, climbers=climbers), table=table, bag=bag)
