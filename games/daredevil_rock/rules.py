"""All of Daredevil Rock's rules: ``decide`` a command; ``legal_moves`` and ``waiting_on`` from the same checks.
``decide`` and ``legal_moves`` are the kernel's ``Decider`` (``games.core.decider``) over this
module's handlers, declared at its end.

``decide`` never raises for a bad command: it returns ``Rejected(code, message)`` (see ``checks.Code``).
Every outcome of chance (the deal, a refreshed deck, the first climber) is drawn from ``chance`` and
written into an event.
"""

from __future__ import annotations

from games.core.chance import Chance
from games.core.decider import Decider
from games.core.decisions import Accepted, Decision, Rejected
from games.core.deck import DrawPile
from games.core.turns import Story
from games.daredevil_rock.cards import DECK, DRAW_DECK, Card, within_three
from games.daredevil_rock.checks import Code, candidates, check, gate, in_match
from games.daredevil_rock.events import (
    CamRetrieved,
    CamSet,
    CliffDealt,
    Climbed,
    DeckRefreshed,
    Eliminated,
    Examined,
    Fell,
    FreeClimbed,
    FreeClimbOffered,
    HungFromRock,
    MatchEnded,
    Probed,
    Repelled,
    Resigned,
    Slipped,
    Summited,
)
from games.daredevil_rock.falls import Ground, Landing, Slip, fall
from games.daredevil_rock.moves import (
    Climb,
    EndTurn,
    Examine,
    FreeClimb,
    Hang,
    Move,
    Probe,
    Repel,
    RetrieveCam,
    SetCam,
)
from games.daredevil_rock.state import Climber, Position, State
from games.daredevil_rock.turns import after_action, end_turn, new_story, settle_elimination, start_turn


def waiting_on(state: State) -> frozenset[int]:
    if not state.running or state.active is None:
        return frozenset()
    return frozenset((state.active,))


def _begin(state: State, at: int, chance: Chance) -> Decision:
    """The deal. Ruling 15: no cut for dealer; the first climber is a recorded draw among the seats.

    Ruling 14: the 54 cards are shuffled; the first twelve form the draw deck, the next columns x levels
    are the cliff (bottom row first, face down), and the leftovers go to the bottom of the draw deck.
    """
    if state.started:
        return Rejected(Code.ALREADY_STARTED, "The match has already started.")
    shuffled = chance.shuffle(DECK)
    cliff_end = DRAW_DECK + state.columns * state.levels
    deck = shuffled[:DRAW_DECK] + shuffled[cliff_end:]
    first = chance.below(state.seats)
    story = new_story(state, at)
    story.tell(CliffDealt(state.columns, state.levels, shuffled[DRAW_DECK:cliff_end], deck, len(deck), first))
    start_turn(story, first)
    return Accepted(tuple(story.events), story.state)


def _timeout(state: State, deadline_id: str, at: int, chance: Chance) -> Decision:
    """Ruling 12: the current turn's deadline ends that turn; any other (stale) timeout changes nothing."""
    if not state.running or state.turn is None or not state.turn.times_out(deadline_id):
        return Accepted(())
    story = new_story(state, at)
    end_turn(story, "timeout")
    return Accepted(tuple(story.events), story.state)


def _resign(story: Story[State], climber: Climber, chance: Chance) -> None:
    """Ruling 16: the seat's climber is out of the game, as after a fall, at any time; if it was its
    turn, the next climber's turn starts."""
    its_turn = climber.seat == story.state.active  # read before the climber leaves
    story.tell(Resigned(climber.seat))
    if not settle_elimination(story, "resigned") and its_turn:
        end_turn(story, "resigned")


def _play(story: Story[State], seat: int, move: Move, chance: Chance) -> None:
    here = story.state.climbers[seat].position
    match move:
        case Examine(level=level, column=column):
            _examine(story, seat, (level, column), chance)
        case FreeClimb():
            story.tell(FreeClimbed(seat, *_known(story.state.free_climb)))
        case Climb(level=level, column=column):
            story.tell(Climbed(seat, level, column))
        case SetCam():
            story.tell(CamSet(seat, *_known(here), _moved_cam(story.state, seat)))
        case RetrieveCam():
            story.tell(CamRetrieved(seat, *_known(here)))
        case Probe(level=level, column=column):
            _probe(story, seat, (level, column), chance)
        case Repel(level=level):
            story.tell(Repelled(seat, level))
        case Hang():
            _hang(story, seat, chance)
        case EndTurn():
            end_turn(story, "ended")
    after_action(story)


def _examine(story: Story[State], seat: int, there: Position, chance: Chance) -> None:
    """Rulings 1 and 6: a Joker makes the climber slip or fall; the climber's own rank offers a free
    climb (never from the base, never for the climber's own face-down card)."""
    state = story.state
    card = state.space(there).card
    here = state.climbers[seat].position
    story.tell(Examined(seat, *there, card))
    if card.is_joker:
        _joker(story, seat, chance, joker_space=there)
    elif here is not None and here != there and card.rank == state.space(here).card.rank:
        story.tell(FreeClimbOffered(seat, *there))


def _probe(story: Story[State], seat: int, there: Position, chance: Chance) -> None:
    """Ruling 5: the card goes face up to the discards, the top deck card takes its place face down.
    A discarded Joker refreshes the draw deck."""
    _ensure_deck(story, chance)
    state = story.state
    discarded = state.space(there).card
    story.tell(Probed(seat, *there, discarded, state.deck[0]))
    if discarded.is_joker:
        _refresh(story, chance, joker_space=None)


def _hang(story: Story[State], seat: int, chance: Chance) -> None:
    """Ruling 8: the top deck card goes face up to the discards. Within three of the climber's rank it
    reaches the summit and wins at once; a Joker is a fall (or slip) that ends the turn in every case."""
    _ensure_deck(story, chance)
    state = story.state
    card = state.deck[0]
    mine = state.space(_known(state.climbers[seat].position)).card
    story.tell(HungFromRock(seat, card))
    if card.is_joker:
        _joker(story, seat, chance, joker_space=None, hanging=True)
    elif within_three(mine.rank, card.rank):
        story.tell(Summited(seat), MatchEnded(seat, "summit"))


def _joker(
    story: Story[State], seat: int, chance: Chance, *, joker_space: Position | None, hanging: bool = False
) -> None:
    """Ruling 6: slip or fall (see ``falls``), then refresh the deck. Any real fall ends the turn; a
    minor slip ends it only when hanging from the rock."""
    result = fall(story.state, seat)
    match result:
        case Slip():
            story.tell(Slipped(seat))
        case Landing(position=None):
            story.tell(Fell(seat, 0, None))
        case Landing(position=(level, column)):
            story.tell(Fell(seat, level, column))
        case Ground():
            story.tell(Eliminated(seat, "fell"))
    _refresh(story, chance, joker_space=joker_space)
    if isinstance(result, Ground):
        if not settle_elimination(story, "fell"):
            end_turn(story, "eliminated")
    elif isinstance(result, Landing):
        end_turn(story, "fell")
    elif hanging:
        end_turn(story, "hang")


def _refresh(story: Story[State], chance: Chance, *, joker_space: Position | None) -> None:
    """After a Joker: the Joker, the discards and the draw deck are reshuffled into a new draw deck.
    A Joker found on the cliff leaves a space that takes the new top card, face down (it may be the
    same Joker again)."""
    state = story.state
    if joker_space is None:  # the Joker is already on the discard pile
        deck = chance.shuffle(state.discards + state.deck)
        story.tell(DeckRefreshed("joker", deck, len(deck), None, None))
        return
    pile = chance.shuffle((state.space(joker_space).card, *state.discards, *state.deck))
    story.tell(DeckRefreshed("joker", pile[1:], len(pile) - 1, joker_space, pile[0]))


def _ensure_deck(story: Story[State], chance: Chance) -> None:
    """Ruling 5: a card is needed from an empty draw deck: the discards are shuffled into a new one (the
    checks refuse a move that needs a card when both are empty)."""
    DECK_PILES.refill(story, chance)


DECK_PILES: DrawPile[State, Card] = DrawPile(
    lambda state: (state.deck, state.discards),
    lambda _, deck: DeckRefreshed("empty", deck, len(deck), None, None),
)


def _moved_cam(state: State, seat: int) -> Position | None:
    """Ruling 7: the standard game's single cam moves when set again; Limited Cams take from reserve."""
    climber = state.climbers[seat]
    if state.options.limited_cams is None and climber.cams:
        return climber.cams[0]
    return None


def _known(position: Position | None) -> Position:
    if position is None:
        raise ValueError("the checks guarantee a position here")
    return position


DECIDER = Decider(
    begin=_begin,
    timeout=_timeout,
    may_resign=in_match,
    leave=_resign,
    gate=gate,
    check=check,
    candidates=candidates,
    new_story=new_story,
    play=_play,
)
decide = DECIDER.decide
legal_moves = DECIDER.legal_moves
