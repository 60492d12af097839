"""``evolve``: apply one fact to the table. No rules here; every decision was made in ``rules``.

Events are applied in full: the public forms of secret events lack the cards and are for viewers, not
for folding.
"""

from __future__ import annotations

from typing import Any, TypeVar

from games.core.frozen import replacer
from games.core.prompt import Prompt
from games.core.sealed import ChoiceSealed, RoundClosed, RoundOpened, SealedRound, SeatReady
from games.core.taps import Tapped, TapRound, TapsClosed, TapsOpened
from games.core.turns import Turn, TurnEnded, TurnStarted
from games.core.visibility import Event
from games.racesmack.cards import Card
from games.racesmack.events import (
    CardDrawn,
    CardLaid,
    CardLost,
    CardRevealed,
    CardsPlaced,
    CardsRevealed,
    DeckShuffled,
    HandCardLost,
    HandDealt,
    LeftoversDiscarded,
    LossAsked,
    MatchEnded,
    PenaltyAsked,
    PenaltyChosen,
    PlacementAsked,
    PlayerLeft,
    RacingDeckSetAside,
    RacingDeckShuffled,
    RacingRuleRevealed,
    Resigned,
    SeatTapsOpened,
    SilentCardPlayed,
    TapsJudged,
)
from games.racesmack.moves import LEFT, PENALTIES, RACE_CARDS, RIGHT, TIES
from games.racesmack.placing import answers, laid
from games.racesmack.state import LOSE, PENALTY, PLACE, Ask, Player, State

T = TypeVar("T")


replace_state = replacer(State)
replace_player = replacer(Player)
replace_prompt = replacer(Prompt)


def evolve(state: State, event: Event) -> State:
    # The cases run in order, so the most frequent facts (a card played, a tap, a draw) come first.
    match event:
        case ChoiceSealed() | RoundClosed():
            return replace_state(state, choosing=_known(state.choosing).apply(event))
        case Tapped() | TapsClosed():
            return replace_state(state, taps=_known(state.taps).apply(event))
        case CardRevealed(seat=seat, card=card):
            return _turned_up(state, seat, card)
        case TurnStarted():
            return replace_state(state, turn=Turn.started(event), taps=None)
        case TurnEnded():
            return replace_state(state, turn=None)
        case CardDrawn(seat=seat, card=card, blind=blind):
            return _drawn(state, seat, (_known(card),), seen=not blind)
        case PlacementAsked():
            return _asked(state, _placement(state, event))
        case CardLaid():
            return _laid(state, event)
        case CardsPlaced():
            return _placed(state, event)
        case LossAsked():
            return _asked(state, _loss(state, event))
        case CardLost(seat=seat, card=card, hand=hand):
            return _lost(state, seat, card, hand)
        case RoundOpened():
            return replace_state(state, choosing=SealedRound.opened(event), round=state.round + 1, taps=None)
        case CardsRevealed(choices=choices):
            state = replace_state(state, choosing=_known(state.choosing).apply(event))
            return _revealed(state, {seat: choice.card for seat, choice in choices.items()})
        case SeatTapsOpened():
            return replace_state(state, taps=TapRound.opened(event), taps_by_seat=True)
        case TapsOpened():
            return replace_state(state, taps=TapRound.opened(event), taps_by_seat=False)
        case TapsJudged(rule=rule, correct=correct, winners=winners):
            # Time Penalty "TIES" lasts one round; most rounds nobody is cursed and no player changes.
            players = state.players
            if any(player.cursed for player in players):
                players = tuple(replace_player(player, cursed=False) for player in players)
            seats = tuple(seat for seat, card in state.row if card.id in correct)
            return replace_state(
                state, players=players, rule=rule, correct=correct, correct_seats=seats, right=winners
            )
        case SilentCardPlayed(seat=seat, card=card):
            return _revealed(state, {seat: card.id})
        case LeftoversDiscarded(cards=cards):
            return replace_state(state, row=(), discards=state.discards + cards)
        case PenaltyAsked(seat=seat, deadline=deadline):
            prompt = Prompt(_key(state, PENALTY, seat, 0), seat, PENALTY, PENALTIES, RACE_CARDS, deadline)
            return _asked(state, Ask(prompt))
        case PenaltyChosen(seat=seat, penalty=penalty):
            players = _changed(state, seat, cursed=penalty == TIES)
            return replace_state(state, players=players, asks=_answered(state, seat))
        case DeckShuffled(pile=pile):
            return replace_state(state, started=True, draw_pile=_known(pile))
        case RacingDeckSetAside(cards=cards):
            racing = _known(cards)
            pile = tuple(card for card in state.draw_pile if card not in racing)
            return replace_state(state, racing=racing, draw_pile=pile)
        case HandDealt(seat=seat, cards=cards, blind=blind):
            return _drawn(state, seat, _known(cards), seen=not blind)
        case RacingDeckShuffled(cards=cards):
            return replace_state(state, racing=_known(cards))
        case RacingRuleRevealed(card=card):
            return replace_state(state, racing_rule=card)
        case Resigned(seat=seat, hand=hand):
            state = _left(state, seat, hand)
            return replace_state(state, discards=state.discards + hand)
        case PlayerLeft(seat=seat, hand=hand, blind=blind):
            state = _left(state, seat, _known(hand))
            knower = None if blind else seat
            return replace_state(
                state, face_down=(*state.face_down, *((knower, card) for card in _known(hand)))
            )
        case HandCardLost(seat=seat, card=card, blind=blind):
            kept = tuple(held for held in state.players[seat].hand if held != card)
            face_down = (*state.face_down, (None if blind else seat, _known(card)))
            return replace_state(
                state,
                players=_changed(state, seat, hand=kept),
                face_down=face_down,
                asks=_answered(state, seat),
            )
        case MatchEnded(winners=winners, reason=reason):
            return replace_state(
                state,
                over=True,
                winners=winners,
                reason=reason,
                choosing=None,
                turn=None,
                taps=None,
                asks=(),
            )
        case SeatReady():
            return state  # the public shadow of a sealed card: folding uses the card itself
    raise ValueError(f"not a Racesmack event: {event!r}")


def _changed(state: State, seat: int, **changes: Any) -> tuple[Player, ...]:
    players = list(state.players)
    players[seat] = replace_player(players[seat], **changes)
    return tuple(players)


def _left(state: State, seat: int, hand: tuple[Card, ...]) -> State:
    """``seat`` is out and ``hand`` leaves it; a card it played face down stays in hand until the reveal
    puts it on the table."""
    kept = tuple(card for card in state.players[seat].hand if card not in hand)
    players = _changed(state, seat, hand=kept, playing=False)
    return replace_state(state, players=players, asks=_answered(state, seat))


def _drawn(state: State, seat: int, cards: tuple[Card, ...], seen: bool) -> State:
    """``cards`` join ``seat``'s hand; seen (not into a blind pile), that player can follow them."""
    pile = state.draw_pile
    # A draw takes the top card; the deal takes every seat's cards in turn from the top cards.
    if pile[: len(cards)] == cards:
        pile = pile[len(cards) :]
    else:
        ids = {card.id for card in cards}
        pile = tuple(card for card in pile if card.id not in ids)
    player = state.players[seat]
    followed = player.followed | {card.id for card in cards} if seen else player.followed
    players = _changed(state, seat, hand=player.hand + cards, followed=followed)
    return replace_state(state, players=players, draw_pile=pile)


def _revealed(state: State, played: dict[int, int]) -> State:
    """The played cards leave their hands for the row, which lists them by seat."""
    players = list(state.players)
    row = dict(state.row)
    for seat, card_id in played.items():
        player = players[seat]
        hand = player.hand
        index = next(index for index, card in enumerate(hand) if card.id == card_id)
        row[seat] = hand[index]
        players[seat] = replace_player(player, hand=hand[:index] + hand[index + 1 :])
    return replace_state(state, players=tuple(players), row=tuple(sorted(row.items())))


def _turned_up(state: State, seat: int, card: Card) -> State:
    """After You: the top card of ``seat``'s blind pile goes on top of the pile before it, and is that
    seat's card in the row."""
    player = state.players[seat]
    hand = tuple(held for held in player.hand if held.id != card.id)
    players = _changed(state, seat, hand=hand, pile=(*player.pile, card))
    row = tuple(sorted({**dict(state.row), seat: card}.items()))
    return replace_state(state, players=players, row=row)


def _placed(state: State, event: CardsPlaced) -> State:
    # Cards are told apart by id: an id is one card, and ints compare faster than cards.
    gone = {card.id for card in event.replaced}
    race = state.players[event.seat].race
    if gone:
        race = tuple(card for card in race if card.id not in gone)
    won = tuple(card for card in event.cards if card.id not in gone) if gone else event.cards
    race = won + race if event.end == LEFT else race + won
    placed = {card.id for card in event.cards}
    row = tuple(entry for entry in state.row if entry[1].id not in placed)
    # After You: the won cards are the player's whole pile, which leaves the table.
    pile = tuple(card for card in state.players[event.seat].pile if card.id not in placed)
    return replace_state(
        state,
        players=_changed(state, event.seat, race=race, pile=pile),
        row=row,
        discards=state.discards + event.replaced,
        asks=_answered(state, event.seat),
    )


def _placement(state: State, event: PlacementAsked) -> Ask:
    """Ruling 11: one question, open until every won card is laid; silence lays the rest at the right
    end (older matches: the question named only the end, and a Race kept the last Rules Card won)."""
    prompt = Prompt(
        _key(state, PLACE, event.seat, 0), event.seat, PLACE, answers(event.cards), RIGHT, event.deadline
    )
    return Ask(prompt, event.cards, keep=event.keep)


def _laid(state: State, event: CardLaid) -> State:
    """One won card laid; the question stays open, with its deadline, for the rest."""
    player = state.players[event.seat]
    ask = state.ask_of(event.seat)
    assert ask is not None
    rest = tuple(card for card in ask.cards if card != event.card)
    asks = _answered(state, event.seat)
    if rest:
        options = answers(rest)
        asks = (*asks, Ask(replace_prompt(ask.prompt, options=options), rest, keep=ask.keep))
    return replace_state(
        state,
        players=_changed(
            state,
            event.seat,
            race=laid(player.race, event.card, event.end),
            pile=tuple(card for card in player.pile if card != event.card),  # After You: its pile
        ),
        row=tuple(entry for entry in state.row if entry[1] != event.card),
        discards=state.discards + event.replaced,
        asks=asks,
    )


def _lost(state: State, seat: int, card: Card, hand: bool) -> State:
    player = state.players[seat]
    if hand:
        players = _changed(state, seat, hand=tuple(held for held in player.hand if held.id != card.id))
    else:
        players = _changed(state, seat, race=tuple(held for held in player.race if held.id != card.id))
    return replace_state(
        state, players=players, discards=(*state.discards, card), asks=_answered(state, seat)
    )


def _loss(state: State, event: LossAsked) -> Ask:
    """Ruling 8: the loser picks any card of its Race; silence loses the card at its right end (or, from
    a hand, the last card it received)."""
    player = state.players[event.seat]
    # A hand card is named by its id; a Race card, seen by all, by its place (copies are alike there).
    options = tuple(card.id for card in player.hand) if event.hand else tuple(range(len(player.race)))
    prompt = Prompt(
        _key(state, LOSE, event.seat, event.count), event.seat, LOSE, options, options[-1], event.deadline
    )
    return Ask(prompt, count=event.count, hand=event.hand)


def _asked(state: State, ask: Ask) -> State:
    return replace_state(state, asks=(*state.asks, ask))


def _answered(state: State, seat: int) -> tuple[Ask, ...]:
    """The open questions once ``seat``'s is answered (or dropped)."""
    return tuple(ask for ask in state.asks if ask.seat != seat)


def _key(state: State, kind: str, seat: int, count: int) -> str:
    """Unique in the match: one question of a kind per seat and round (and per card still to lose)."""
    return f"{kind}-{state.round}-{seat}-{count}"


def _known(value: T | None) -> T:
    if value is None:
        raise ValueError("an event applied in full has every field")
    return value
