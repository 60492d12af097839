"""``evolve`` for the events of a climb's resolution: the reveal, Boring Badger's 3s, Boar Assault's
picks, Tactical Trout's cards, the tally, the claim, the injuries and the cleared table."""

from __future__ import annotations

from games.boulder_bluff.events import (
    BoarAsked,
    BoulderClaimed,
    CardsRevealed,
    ClimbCleared,
    ClimbTallied,
    InjuryAsked,
    InjuryTaken,
    NothingCancelled,
    ThreesPlayed,
    TroutAdded,
    ValueCancelled,
)
from games.boulder_bluff.rebuild import (
    add_to_climber,
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
from games.boulder_bluff.state import BOAR, INJURY, Claim, State
from games.core.prompt import Prompt
from games.core.visibility import Event


def evolve_resolution(state: State, event: Event) -> State:
    """The table after one of the resolution's events (``evolve`` passes only these)."""
    match event:
        case CardsRevealed(seat=seat):
            climber = replace_climber(the(the(state.climb).climber(seat)), revealed=True)
            return replace_state(state, climb=put_climber(state, climber))
        case ThreesPlayed(seat=seat, cards=cards):
            numbers = {card.number for card in cards}
            state = set_hand(
                state, seat, tuple(c for c in state.players[seat].hand if c.number not in numbers)
            )
            return add_to_climber(state, seat, face_up=cards)
        case BoarAsked(seat=seat, key=key, options=options, default=default, deadline=deadline):
            choices = options if default is not None else (*options, None)  # None: cancel nothing
            return replace_state(state, waiting=Prompt(key, seat, BOAR, choices, default, deadline))
        case NothingCancelled():
            return replace_state(state, waiting=None)
        case ValueCancelled(card=card):
            climb = the(state.climb)
            cancelled = replace_climb(climb, cancelled=climb.cancelled | {card})
            return replace_state(state, waiting=None, climb=cancelled)
        case TroutAdded(seat=seat, cards=cards):
            return add_to_climber(replace_state(state, deck=state.deck[len(cards) :]), seat, added=cards)
        case ClimbTallied(strengths=strengths):
            return replace_state(state, table=replace_table(state.table, tally=strengths))
        case BoulderClaimed(seat=seat, boulder=boulder):
            player = state.players[seat]
            claims = (*player.claims, Claim(boulder))
            player = replace_player(player, claims=claims, last_claim=the(state.climb).number)
            row = tuple(b for b in state.row if b != boulder)
            return replace_state(
                state, players=with_player(state, player), table=replace_table(state.table, row=row)
            )
        case InjuryAsked(seat=seat, injury=injury, key=key, options=options, default=default):
            prompt = Prompt(key, seat, INJURY, options, default, event.deadline)
            return replace_state(state, waiting=prompt, climb=replace_climb(the(state.climb), injury=injury))
        case InjuryTaken(seat=seat, injury=injury, boulder=number):
            player = state.players[seat]
            claims = tuple(
                Claim(c.boulder, injury) if c.boulder.number == number else c for c in player.claims
            )
            players = with_player(state, replace_player(player, claims=claims))
            return replace_state(state, players=players, waiting=None)
        case ClimbCleared():
            return cleared(state)
    raise ValueError(f"not a resolution event: {event!r}")


def cleared(state: State) -> State:
    """Step 7: the chalk back in the bag, every played card to the face-down discards."""
    climbers = the(state.climb).climbers
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
