"""What one viewer may see of the table: ``player_view(state, viewer)``, and what it must not learn.

Public: positions, the stage, the phase and its deadline, every queue with the backs of its face-down
cards (which are flipped shows: a Flip is done in plain sight), the revealed cards, hand sizes, the
discards, the special being resolved and the targets it offers, who still holds Last-Ditch Larry, who
put each face-down card where it lies, and the tiebreak (who has thrown, not what, until all are shown).
Private: your own hand, the faces of the cards you played face down, and which cards a Draw took from
your hand into another's. Nobody sees the deck's order, or a face-down card they did not play, and a
face-up card of a face with copies shows its face, not which copy it is (Ruling 14); an omniscient
viewer sees every hand and every card."""

from __future__ import annotations

from dataclasses import dataclass

from games.cliffs_n_cactuses.cards import CARD_COPIES, Card
from games.cliffs_n_cactuses.rules import deadlines
from games.cliffs_n_cactuses.stages import stage_at
from games.cliffs_n_cactuses.state import Aim, Placed, Racer, State
from games.core.moments import Millis
from games.core.visibility import Viewer


@dataclass(frozen=True, slots=True)
class QueueCardView:
    """A card in a queue: ``card`` once revealed (id 0 when other cards bear its face: no copy's), or
    face down to the racer who played it (None to anyone else), whether it lies upside down, and who put
    it there face down (``larry``: by their Last-Ditch Larry, whose card nobody saw) - all of which the
    table watched (Ruling 14)."""

    card: Card | None
    revealed: bool
    flipped: bool
    played_by: int | None = None  # the racer who put it face down
    larry: bool = False


@dataclass(frozen=True, slots=True)
class RacerView:
    seat: int
    position: int  # metres up the cliff
    hand_size: int
    queue: tuple[QueueCardView, ...]  # left to right
    larry: bool  # Last-Ditch Larry still to play
    playing: bool  # False once the racer has left the race
    plays_left: int  # cards it may still play this Race phase
    done: bool  # has started drawing (or is otherwise done) this Race phase
    moved: int | None  # metres down at the last tally (negative: up)
    hand: tuple[Card, ...] | None  # the cards themselves: omniscient viewers only
    known: tuple[Card, ...] = ()  # cards of this hand the viewer knows are here (a Draw took them from it)


@dataclass(frozen=True, slots=True)
class StageView:
    number: int
    plays: int  # the most cards a racer may play this round
    default_movement: int  # metres down for an empty queue at the tally


@dataclass(frozen=True, slots=True)
class LiftedView:
    """The special being resolved, lifted out of ``seat``'s queue at ``index``; it acts ``triggers``
    times, ``done`` of them so far. ``card`` has id 0 when other cards bear its face (Ruling 14)."""

    seat: int
    card: Card
    flipped: bool
    index: int
    triggers: int
    done: int


@dataclass(frozen=True, slots=True)
class QuestionView:
    """``seat`` picks where the special acts: answer ``CHOOSE_TARGET`` with an index into ``aims``."""

    seat: int
    aims: tuple[Aim, ...]
    default: int
    deadline: Millis | None


@dataclass(frozen=True, slots=True)
class TiebreakView:
    purpose: str  # "lead" (1st place, best of 1) or "finish" (the win, best of 3)
    entrants: tuple[int, ...]
    contenders: tuple[int, ...]  # still in the point being thrown
    best_of: int
    wins: tuple[int, ...]  # points won, by entrant
    thrown: tuple[int, ...]  # who has thrown in this throw (not what)
    pairs: tuple[tuple[int, int], ...] = ()  # the opening's bracket: pairs still to throw, this one first
    through: tuple[int, ...] = ()  # the opening's bracket: through to its next round (a bye included)


@dataclass(frozen=True, slots=True)
class CliffsNCactusesView:
    """The cliff as the caller may see it: positions, the stage, the phase and its deadline, every queue,
    your hand, and what Resolution is doing."""

    seat: int | None  # who is looking (None: a spectator)
    phase: str  # DEALING, TIEBREAK, RACE, RESOLUTION, LAST_CALL or OVER
    stack: bool  # the Stack variant: queues are revealed right to left
    round: int
    stage: StageView | None
    leader: int | None  # the 1st-place racer, who resolves first
    order: tuple[int, ...]  # this round's resolution order
    revealing: int | None  # the racer whose queue is being revealed
    deadline: Millis | None
    hand: tuple[Card, ...]  # your own hand
    racers: tuple[RacerView, ...]
    deck_size: int
    discards: tuple[Card, ...]  # face up, latest last (id 0 for a face with copies, Ruling 14)
    lifted: LiftedView | None
    question: QuestionView | None
    last_call: tuple[int, ...]  # racers who may still play Larry before the tally
    tiebreak: TiebreakView | None
    winners: tuple[int, ...]
    reason: str | None


def player_view(state: State, viewer: Viewer) -> CliffsNCactusesView:
    seat = viewer.seat if viewer.seat is not None and 0 <= viewer.seat < state.seats else None
    leader = state.leader
    stage = None if leader is None else stage_at(state.racers[leader].position)
    times = [deadline.at for deadline in deadlines(state)]
    resolving = state.phase.value in ("RESOLUTION", "LAST_CALL") and state.order
    return CliffsNCactusesView(
        seat=viewer.seat,
        phase=state.phase.value,
        stack=state.options.stack,
        round=state.round,
        stage=None if stage is None else StageView(stage.number, stage.cards, stage.default_movement),
        leader=leader,
        order=state.order,
        revealing=state.order[state.turn] if resolving else None,
        deadline=min(times, default=None),
        hand=() if seat is None else state.racers[seat].hand,
        racers=tuple(_racer(state, racer, viewer) for racer in state.racers),
        deck_size=len(state.deck),
        discards=_public(state.discards, viewer),
        lifted=_lifted(state, viewer),
        question=_question(state),
        last_call=() if state.last_call is None else tuple(sorted(state.last_call.waiting)),
        tiebreak=_tiebreak(state),
        winners=state.winners,
        reason=state.reason,
    )


def secrets(state: State, viewer: Viewer) -> tuple[Card, ...]:
    """The cards whose place ``viewer`` must not be able to learn now: the deck, other racers' hands
    (but the cards a Draw took from its own), every face-down queue card it did not play, and every
    face-up card of a face with copies (which copy lies there; Ruling 14). What it once saw and saw
    shuffled back into the deck is the deck's, so a secret again (audit U4)."""
    if viewer.omniscient:
        return ()
    own = viewer.seat if viewer.seat is not None and 0 <= viewer.seat < state.seats else None
    hands = [
        card
        for racer in state.racers
        if racer.seat != own
        for card in racer.hand
        if (own, card) not in racer.known_to
    ]
    queued = [placed for racer in state.racers for placed in racer.queue]
    if state.lifted is not None:
        queued.append(state.lifted.placed)
    placed = [
        placed.card
        for placed in queued
        if not placed.known_to(own) or (placed.revealed and CARD_COPIES.as_seen(placed.card) != placed.card)
    ]
    discards = [card for card in state.discards if CARD_COPIES.as_seen(card) != card]
    return (*state.deck, *hands, *placed, *discards)


def _racer(state: State, racer: Racer, viewer: Viewer) -> RacerView:
    race = state.race
    return RacerView(
        seat=racer.seat,
        position=racer.position,
        hand_size=len(racer.hand),
        queue=tuple(_placed(placed, viewer) for placed in racer.queue),
        larry=racer.larry,
        playing=racer.playing,
        plays_left=0 if race is None else race.left(racer.seat),
        done=race is not None and (racer.seat in race.done or race.closed),
        moved=racer.moved,
        hand=racer.hand if viewer.omniscient else None,
        known=_known(racer, viewer),
    )


def _placed(placed: Placed, viewer: Viewer) -> QueueCardView:
    return QueueCardView(_card(placed, viewer), placed.revealed, placed.flipped, placed.by, placed.larry)


def _card(placed: Placed, viewer: Viewer) -> Card | None:
    """What ``viewer`` sees of a queue card: a face-down card's face if it played it (it never left its
    sight), a revealed card's face but not which copy, else the back (None; Ruling 14)."""
    if viewer.omniscient or (not placed.revealed and placed.known_to(viewer.seat)):
        return placed.card
    return CARD_COPIES.as_seen(placed.card) if placed.revealed else None


def _public(cards: tuple[Card, ...], viewer: Viewer) -> tuple[Card, ...]:
    """Face-up cards, each as ``viewer`` sees it: its face, not which copy (Ruling 14)."""
    return cards if viewer.omniscient else tuple(CARD_COPIES.as_seen(card) for card in cards)


def _known(racer: Racer, viewer: Viewer) -> tuple[Card, ...]:
    """The cards of ``racer``'s hand ``viewer`` saw go there, in a fixed order (by id, which follows
    the deck's order by kind), never the order they arrived in."""
    if viewer.seat is None or viewer.seat == racer.seat:
        return ()
    return tuple(sorted((card for seat, card in racer.known_to if seat == viewer.seat), key=_by_id))


def _by_id(card: Card) -> int:
    return card.id


def _lifted(state: State, viewer: Viewer) -> LiftedView | None:
    lifted = state.lifted
    if lifted is None:
        return None
    placed = lifted.placed
    card = placed.card if viewer.omniscient else CARD_COPIES.as_seen(placed.card)
    return LiftedView(lifted.seat, card, placed.flipped, lifted.index, lifted.triggers, lifted.done)


def _question(state: State) -> QuestionView | None:
    question = state.question
    if question is None:
        return None
    prompt = question.prompt
    return QuestionView(prompt.seat, question.aims, prompt.default, prompt.deadline)


def _tiebreak(state: State) -> TiebreakView | None:
    tiebreak = state.tiebreak
    if tiebreak is None:
        return None
    throws = tiebreak.throws
    thrown = () if throws is None or throws.revealed else tuple(sorted(throws.choices))
    wins = tuple(tiebreak.wins.get(seat, 0) for seat in tiebreak.entrants)
    return TiebreakView(
        tiebreak.purpose,
        tiebreak.entrants,
        tiebreak.contenders,
        tiebreak.best_of,
        wins,
        thrown,
        tiebreak.pairs,
        tiebreak.through,
    )
