"""All of Racesmack's rules: ``decide`` a command; ``legal_moves`` and ``waiting_on`` from the same
checks (``checks``). The round's steps are told in ``rounds``. ``decide`` and ``legal_moves`` are the
kernel's ``Decider`` (``games.core.decider``) over this module's handlers, declared at its end.

``decide`` never raises for a bad command: it returns ``Rejected(code, message)``. Every outcome of
chance (the shuffle, the Racing Rules deck) is drawn from ``chance`` and written into an event.
"""

from __future__ import annotations

from games.core import sealed, taps
from games.core.chance import Chance
from games.core.deadlines import Deadline
from games.core.decider import Decider
from games.core.decisions import Accepted, Codes, Decision, Rejected
from games.core.deck import deal
from games.core.turns import Story
from games.racesmack.after_you import first_turn, next_turn, reveal_top
from games.racesmack.cards import HAND_SIZE, RACING_RULES, deck
from games.racesmack.checks import candidates, check, gate
from games.racesmack.events import (
    CardLaid,
    CardLost,
    CardPlayed,
    CardsPlaced,
    DeckShuffled,
    HandCardLost,
    HandDealt,
    MatchEnded,
    PenaltyChosen,
    PlayerLeft,
    RacingDeckSetAside,
)
from games.racesmack.moves import (
    HAND_CARDS,
    RACE_CARDS,
    ChoosePenalty,
    LoseCard,
    LoseRaceCard,
    Move,
    PlaceCard,
    PlaceCards,
    PlayCard,
    RevealCard,
    Tap,
)
from games.racesmack.placing import left_out
from games.racesmack.rounds import ask_loss, close_taps, end_round, new_story, open_round, reveal
from games.racesmack.state import LOSE, PLACE, Ask, State

PENALTY_CARDS = 2  # Time Penalty: the Race or hand cards an incorrect tap costs


def waiting_on(state: State) -> frozenset[int]:
    """The seats that have not played a card, not tapped, or are asked a question."""
    if not state.running:
        return frozenset()
    playing = frozenset(state.playing())
    if state.asks:
        return frozenset(ask.seat for ask in state.asks)
    if state.taps is not None and not state.taps.closed:
        return state.taps.waiting_on & playing
    if state.turn is not None:
        return frozenset((state.turn.seat,)) & playing
    if state.choosing is not None:
        return state.choosing.still_to_choose & playing
    return frozenset()


def deadlines(state: State) -> tuple[Deadline, ...]:
    if not state.running:
        return ()
    if state.asks:
        return tuple(deadline for ask in state.asks for deadline in ask.prompt.deadlines())
    if state.taps is not None and not state.taps.closed:
        return state.taps.deadlines()
    if state.turn is not None:
        return state.turn.deadlines("reveal")
    return () if state.choosing is None else state.choosing.deadlines("play")


def _begin(state: State, at: int, chance: Chance) -> Decision:
    """Shuffle, set the Racing Rules deck aside (Ruling 18), deal four cards each one at a time, and
    open the first round (Ruling 16)."""
    if state.started:
        return Rejected(Codes.ALREADY_STARTED, "The match has already started.")
    pile = chance.shuffle(deck(state.options.shifting_gears))
    story = new_story(state, at)
    story.tell(DeckShuffled(pile, len(pile)))
    if state.options.racing_rules:
        racing = tuple(card for card in pile if card.rules is not None)[:RACING_RULES]
        story.tell(RacingDeckSetAside(racing, len(racing)))
    hands, _ = deal(story.state.draw_pile, state.seats, HAND_SIZE)
    for seat, hand in enumerate(hands):
        story.tell(HandDealt(seat, len(hand), hand, state.options.after_you))
    if state.options.after_you:
        first_turn(story, chance)
    else:
        open_round(story, chance)
    return Accepted(tuple(story.events), story.state)


def _play(story: Story[State], seat: int, move: Move, chance: Chance) -> None:
    state = story.state
    match move:
        case PlayCard():
            choosing = state.choosing
            assert choosing is not None
            told = sealed.seal(choosing, seat, move, CardPlayed)
            assert not isinstance(told, Rejected)
            story.tell(*told)
            if story.state.choosing is not None and story.state.choosing.closed:
                reveal(story, chance)
        case RevealCard():
            reveal_top(story, seat)
        case Tap(seat=owner):
            target = state.target(owner)
            assert state.taps is not None and target is not None
            tapped = taps.tap(state.taps, seat, target)
            assert not isinstance(tapped, Rejected)
            close_taps(story, tapped, chance)
        case _:
            ask = state.ask_of(seat)
            assert ask is not None
            _answer(story, ask, move, chance)


def _answer(story: Story[State], ask: Ask, move: Move, chance: Chance) -> None:
    """Ruling 11: the winner lays each won card at the end it chooses, and the Rules Card it chooses
    stays in its Race (audit W1, Q1)."""
    seat = ask.seat
    match move:
        case PlaceCard(position=position, end=end):
            card = ask.cards[position]
            held = story.state.players[seat].rules_card
            story.tell(CardLaid(seat, card, end, (held,) if held is not None and card.rules else ()))
        case PlaceCards(end=end):
            gone = left_out(ask.cards, story.state.players[seat].rules_card, ask.keep)
            story.tell(CardsPlaced(seat, ask.cards, end, gone))
        case LoseCard(card=named) | LoseRaceCard(position=named):
            # A hand card is named by its id; a Race card by its position.
            player = story.state.players[seat]
            card = player.race[named] if not ask.hand else next(c for c in player.hand if c.id == named)
            story.tell(HandCardLost(seat, card) if ask.hand else CardLost(seat, card, False))
            ask_loss(story, seat, ask.count - 1, ask.hand)
        case ChoosePenalty(penalty=penalty):
            story.tell(PenaltyChosen(seat, penalty))
            if penalty == HAND_CARDS and story.state.options.after_you:
                _lose_blind(story, seat, chance)
            elif penalty in (RACE_CARDS, HAND_CARDS):
                ask_loss(story, seat, PENALTY_CARDS, penalty == HAND_CARDS)
    end_round(story, chance)


def _lose_blind(story: Story[State], seat: int, chance: Chance) -> None:
    """Ruling 19 (audit L1): nobody may look at a blind pile, so the hand cards it loses are taken at
    random and leave face down, seen by nobody."""
    pile = story.state.players[seat].hand
    for card in chance.shuffle(pile)[:PENALTY_CARDS]:
        story.tell(HandCardLost(seat, card, blind=True))


def _default(ask: Ask) -> Move:
    if ask.kind == PLACE:
        return PlaceCards(ask.prompt.default)
    if ask.kind == LOSE:
        return LoseCard(ask.prompt.default) if ask.hand else LoseRaceCard(ask.prompt.default)
    return ChoosePenalty(ask.prompt.default)


def _timeout(state: State, deadline_id: str, at: int, chance: Chance) -> Decision:
    """A question's deadline takes its default; the taps' closes them (silence is incorrect); the card
    choice's closes it (Ruling 6); an After You turn's reveals the top card (Ruling 22). Any other, stale, id changes nothing."""
    if not any(deadline.id == deadline_id for deadline in deadlines(state)):
        return Accepted(())
    story = new_story(state, at)
    ask = next((ask for ask in state.asks if ask.prompt.key == deadline_id), None)
    if ask is not None:
        _answer(story, ask, _default(ask), chance)
    elif state.taps is not None and not state.taps.closed:
        close_taps(story, taps.time_out(state.taps, deadline_id), chance)
    elif state.turn is not None:
        reveal_top(story, state.turn.seat)  # Ruling 22: a silent player's top card is revealed
    else:
        story.tell(*sealed.time_out(state.choosing, deadline_id))
        reveal(story, chance)
    return Accepted(tuple(story.events), story.state)


def _resign(story: Story[State], leaving: int, chance: Chance) -> None:
    """Ruling 20: the player leaves; a question it was asked takes its default, its hand leaves the game
    face down (a card it already played stays on the table), and a step that waited only on it ends.
    The last player left wins."""
    state = story.state  # the table before the player leaves
    ask = state.ask_of(leaving)
    if ask is not None and ask.kind == PLACE:
        _answer(story, ask, _default(ask), chance)  # the cards it won stay in its Race for the ranking
    choosing = story.state.choosing
    chosen = None if choosing is None or choosing.revealed else choosing.choices.get(leaving)
    held = story.state.players[leaving].hand
    hand = tuple(card for card in held if chosen is None or card.id != chosen.card)
    story.tell(PlayerLeft(leaving, len(hand), hand, state.options.after_you))
    playing = story.state.playing()
    if len(playing) == 1:
        story.tell(MatchEnded(playing, "last player standing"))
    elif ask is not None and ask.kind != PLACE:
        end_round(story, chance)
    elif not waiting_on(story.state):
        _move_on(story, chance)


def _move_on(story: Story[State], chance: Chance) -> None:
    """Nobody still in is waited on: close the step the player who left held up."""
    state = story.state
    if state.taps is not None and not state.taps.closed:
        close_taps(story, taps.time_out(state.taps, state.taps.deadline_id), chance)
    elif state.turn is not None:
        next_turn(story, "left")
    elif state.choosing is not None and not state.choosing.closed:
        story.tell(*sealed.time_out(state.choosing, state.choosing.key))
        reveal(story, chance)


DECIDER = Decider(
    begin=_begin,
    timeout=_timeout,
    may_resign=gate,
    leave=_resign,
    gate=gate,
    check=check,
    candidates=candidates,
    new_story=new_story,
    play=_play,
)
decide = DECIDER.decide
legal_moves = DECIDER.legal_moves
