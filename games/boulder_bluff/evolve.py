"""``evolve``: apply one fact to the table. No rules here; every decision was made in ``rules``.

Events are applied in full (the public forms lack secret cards and are for viewers, not folding).
The table is rebuilt by position (``rebuild``); the climb's resolution, from the reveal to the cleared
table, is ``resolution``'s.
"""

from __future__ import annotations

from games.boulder_bluff.cards import Card
from games.boulder_bluff.events import (
    BoulderRevealed,
    BouldersShuffled,
    CardPlayedFaceDown,
    CardPlayedFaceUp,
    CardsDrawn,
    ChalkDrawn,
    ChalkedUp,
    ClimbCalledOff,
    ClimbStarted,
    DeckShuffled,
    HandDiscarded,
    JoinAnswered,
    JoinAsked,
    MatchEnded,
    PlayOpened,
    Resigned,
    SnakeShown,
    Withdrew,
)
from games.boulder_bluff.rebuild import (
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
from games.boulder_bluff.resolution import resolve
from games.boulder_bluff.state import (
    JOIN,
    Climb,
    Climber,
    Player,
    Playing,
    State,
    Waiting,
)
from games.core.prompt import Prompt
from games.core.sealed import ChoiceSealed, ChoicesRevealed, RoundClosed, RoundOpened, SealedRound
from games.core.steps import StepDone, StepsDropped, StepsQueued, StepWaiting
from games.core.turns import Turn, TurnStarted
from games.core.visibility import Event


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
            c = the(the(s.climb).climber(seat))
            climb = put_climber(
                s, Climber(seat, c.face_up, c.face_down, (*c.chalk, token), c.revealed, c.added)
            )
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
                with_player(s, player),
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
            return replace_state(s, players=with_player(s, player), turn=Turn.started(event))
        case _:
            return _climb(s, event)


def _played(s: State, seat: int, card: Card, up: bool) -> State:
    """``card`` from ``seat``'s hand to its climb, face up or down."""
    player = s.players[seat]
    hand = tuple(c for c in player.hand if c.number != card.number)  # numbers: quicker than cards
    c = the(the(s.climb).climber(seat))
    face_up, face_down = ((*c.face_up, card), c.face_down) if up else (c.face_up, (*c.face_down, card))
    climb = put_climber(s, Climber(seat, face_up, face_down, c.chalk, c.revealed, c.added))
    players = with_player(s, Player(seat, hand, player.claims, player.turns, player.last_claim))
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
        case _:
            resolved = resolve(state, event)
            return _table(state, event) if resolved is None else resolved


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
    return state


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
