"""What one viewer may see of the table: ``player_view(state, viewer)``, and what it must not learn.

Public: every Race, hand sizes, who has played a card this round (not which), the played row once
revealed, the taps as they arrive, the last round's judgement and the open questions. Private: your own
hand, the card you played face down and the cards you gave up face down (to you); the options of a
question (to the seat asked). Nobody sees the draw pile's order or the Racing Rules deck; an omniscient
viewer sees every hand. Copies of one kind are alike at the table: a viewer sees a copy by its id only
when it held that card (``Player.followed``), any other as ``cards.COPIES.as_seen`` shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core.moments import Millis
from games.core.visibility import Viewer
from games.racesmack.cards import COPIED, COPIES, Card, deck
from games.racesmack.options import Options
from games.racesmack.rules import deadlines
from games.racesmack.rules_cards import RULES
from games.racesmack.state import Ask, Player, State


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    hand_size: int
    race: tuple[Card, ...]  # left end first
    playing: bool  # False once the player has left the match
    ready: bool  # has played a card, face down, this round
    hand: tuple[Card, ...] | None  # the cards themselves: omniscient viewers only
    pile: tuple[Card, ...]  # After You: the cards revealed before it, top last


@dataclass(frozen=True, slots=True)
class PlayedCard:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TapView:
    """``seat`` tapped the card ``played_by`` played (None: an older match's card no longer on the
    table); taps are listed fastest first."""

    seat: int
    played_by: int | None


@dataclass(frozen=True, slots=True)
class AskView:
    """A question to ``seat``: "place" (the end for ``cards``), "lose" (``count`` cards of its Race, or
    hand) or "penalty"; ``options`` as the answering move takes them, for the seat asked only (for
    "place": "1 LEFT" lays ``cards[1]`` at the left end, "RIGHT" lays all the rest at the right end;
    for "lose": a Race card's position, 0 the left end, or with ``hand`` a hand card's id)."""

    seat: int
    kind: str
    cards: tuple[Card, ...]
    count: int
    hand: bool
    options: tuple[str, ...] | None
    deadline: Millis | None


@dataclass(frozen=True, slots=True)
class RulesCardView:
    number: int
    says: str  # its rule for "correct" · its finish requirement


@dataclass(frozen=True, slots=True)
class RacesmackView:
    """The Racesmack table as the caller may see it: your hand, every Race, the round under way (played
    cards once revealed, taps as they arrive) and what the last taps were judged."""

    seat: int | None  # who is looking (None: a spectator)
    started: bool
    variants: tuple[str, ...]  # the variants on, by option name ("tiebreaker", "afterYou"...)
    hand: tuple[Card, ...]  # your own hand (After You: none, for your hand is a blind pile)
    played: Card | None  # the card you played face down this round, until the reveal
    face_down: tuple[Card, ...]  # the cards you gave up face down (Time Penalty, leaving): you saw them
    players: tuple[PlayerView, ...]
    round: int
    active: int | None  # After You: the seat whose turn it is to reveal a card
    step: str  # "play", "reveal", "tap", "answer", or "" between rounds and at the end
    deadline: Millis | None  # the earliest deadline of the step under way
    row: tuple[PlayedCard, ...]  # the played cards on the table, after the reveal
    taps: tuple[TapView, ...]
    rule: int | None  # the last judged round's Rules Card in effect (None: the default rule)
    correct_seats: tuple[int, ...]  # the seats whose played cards the last judged round found correct
    right: tuple[int, ...]  # the last judged round's correct tappers, fastest first
    racing_rule: Card | None  # Racing Rules: this round's default rule
    asks: tuple[AskView, ...]
    draw_pile_size: int
    rules_cards: tuple[RulesCardView, ...]
    over: bool
    winners: tuple[int, ...]
    reason: str | None


RULES_CARDS = tuple(RulesCardView(card.number, card.says) for card in RULES.values())


def player_view(state: State, viewer: Viewer) -> RacesmackView:
    own = state.players[viewer.seat] if viewer.seat is not None and 0 <= viewer.seat < state.seats else None
    choosing = state.choosing
    ready = frozenset() if choosing is None or choosing.revealed else frozenset(choosing.choices)
    chosen = None if own is None or choosing is None or choosing.revealed else choosing.choices.get(own.seat)
    times = [deadline.at for deadline in deadlines(state)]
    seen = _seen(viewer, own)
    return RacesmackView(
        seat=viewer.seat,
        started=state.started,
        variants=_variants(state.options),
        hand=own.hand if own is not None and not state.options.after_you else (),
        played=None if own is None or chosen is None else own.holds(chosen.card),
        face_down=tuple(card for knower, card in state.face_down if own is not None and knower == own.seat),
        players=tuple(_player(player, viewer, player.seat in ready, seen) for player in state.players),
        round=state.round,
        active=None if state.turn is None else state.turn.seat,
        step=_step(state),
        deadline=min(times, default=None),
        row=tuple(PlayedCard(seat, seen(card)) for seat, card in state.row),
        taps=_taps(state),
        rule=state.rule,
        correct_seats=state.correct_seats,
        right=state.right,
        racing_rule=None if state.racing_rule is None else seen(state.racing_rule),
        asks=tuple(_ask(ask, viewer, seen) for ask in state.asks),
        draw_pile_size=len(state.draw_pile),
        rules_cards=RULES_CARDS,
        over=state.over,
        winners=state.winners,
        reason=state.reason,
    )


def secrets(state: State, viewer: Viewer) -> tuple[Card, ...]:
    """The cards ``viewer`` must not be able to learn now: the draw pile, the Racing Rules deck not yet
    revealed, other players' hands, which hold the cards they played face down until the reveal, and
    the cards others lost or left face down. After You: every blind pile, the viewer's own too."""
    if viewer.omniscient or not state.started:
        return ()
    blind = state.options.after_you
    hidden = [card for player in state.players if blind or player.seat != viewer.seat for card in player.hand]
    shown = (state.round - 1) % len(state.racing) + 1 if state.racing and state.round else 0
    unrevealed = tuple(card for card in state.racing[shown:] if card != state.racing_rule)
    face_down = tuple(card for knower, card in state.face_down if knower != viewer.seat)
    return (*state.draw_pile, *unrevealed, *hidden, *face_down, *_unfollowed(state, viewer))


def _unfollowed(state: State, viewer: Viewer) -> tuple[Card, ...]:
    """The copies ``viewer`` never held: wherever they lie, which copy each is stays unknown to it."""
    own = state.players[viewer.seat] if viewer.seat is not None and 0 <= viewer.seat < state.seats else None
    followed = frozenset() if own is None else own.followed
    return tuple(
        card for card in deck(state.options.shifting_gears) if card in COPIED and card.id not in followed
    )


def _seen(viewer: Viewer, own: Player | None) -> Callable[[Card], Card]:
    """How ``viewer`` sees a card: every card by its id when omniscient, otherwise a copy by its id only
    when it held that very card."""
    if viewer.omniscient:
        return lambda card: card
    followed = frozenset() if own is None else own.followed
    return lambda card: COPIES.as_seen(card, followed)


def _taps(state: State) -> tuple[TapView, ...]:
    if state.taps is None:
        return ()
    return tuple(TapView(seat, _owner(state, target)) for seat, target in state.taps.claims)


def _owner(state: State, target: int) -> int | None:
    if state.taps_by_seat:
        return target
    tapped = state.tapped(target)
    return None if tapped is None else tapped[0]


def _step(state: State) -> str:
    if not state.running:
        return ""
    if state.asks:
        return "answer"
    if state.taps is not None and not state.taps.closed:
        return "tap"
    if state.turn is not None:
        return "reveal"
    return "play" if state.choosing is not None and not state.choosing.closed else ""


def _player(player: Player, viewer: Viewer, ready: bool, seen: Callable[[Card], Card]) -> PlayerView:
    hand = player.hand if viewer.omniscient else None
    race, pile = tuple(map(seen, player.race)), tuple(map(seen, player.pile))
    return PlayerView(player.seat, len(player.hand), race, player.playing, ready, hand, pile)


VARIANTS = (
    ("racingRules", "racing_rules"),
    ("timePenalty", "time_penalty"),
    ("noiseCanceling", "noise_canceling"),
    ("tiebreaker", "tiebreaker"),
    ("afterYou", "after_you"),
    ("shiftingGears", "shifting_gears"),
)


def _variants(options: Options) -> tuple[str, ...]:
    return tuple(name for name, field in VARIANTS if getattr(options, field))


def _ask(ask: Ask, viewer: Viewer, seen: Callable[[Card], Card]) -> AskView:
    options = tuple(map(_option, ask.prompt.options)) if viewer.is_seat(ask.seat) else None
    cards = tuple(map(seen, ask.cards))
    return AskView(ask.seat, ask.kind, cards, ask.count, ask.hand, options, ask.prompt.deadline)


def _option(option: object) -> str:
    """ "1 LEFT" lays the second won card at the left end; "LEFT" lays all the rest there."""
    return " ".join(map(str, option)) if isinstance(option, tuple) else str(option)
