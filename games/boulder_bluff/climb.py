"""A climb, step by step, on the kernel's queue (``games.core.steps``).

A climb is planned as: the active climber plays (PLAY), each other player clockwise is asked whether
they join (ASK; joining queues their PLAY right behind), then SETTLE: alone, the climber claims the
boulder unrevealed; otherwise Sneaky Snakes are shown (SNAKE) and the rest revealed (REVEAL), Boar
Assaults pick (BOAR), Tactical Trout adds cards (TROUT; the animals it adds act there, Snakes aside,
and a Boar among them picks right after), the strengths are tallied with injuries (TALLY), and the
table is cleared (CLEANUP). ``perform`` does one step; the steps that wait on a
player return the question they opened.
"""

from __future__ import annotations

from games.boulder_bluff.cards import Animal, Card
from games.boulder_bluff.events import (
    BoarAsked,
    BoulderClaimed,
    BoulderRevealed,
    CardsRevealed,
    ChalkDrawn,
    ClimbCleared,
    ClimbPlanned,
    ClimbTallied,
    JoinAnswered,
    JoinAsked,
    NothingCancelled,
    PlayOpened,
    SnakeShown,
    ThreesPlayed,
    TroutAdded,
    ValueCancelled,
)
from games.boulder_bluff.injuries import injure
from games.boulder_bluff.state import Climb, ClimbStep, Stage, State
from games.boulder_bluff.tally import adds, animals, injured, owns, strengths, winner
from games.boulder_bluff.turns import draw, top_up
from games.core.chance import Chance
from games.core.deadlines import seconds_after
from games.core.sealed import QuietRoundOpened
from games.core.steps import Waits
from games.core.turns import Story


def can_climb(state: State, seat: int) -> bool:
    """A climb needs a card face up, and a Sneaky Snake is only played face down."""
    return any(card.animal is not Animal.SNEAKY_SNAKE for card in state.players[seat].hand)


def plan(story: Story[State], seat: int) -> None:
    state = story.state
    others = tuple(
        other
        for other in ((seat + step) % state.seats for step in range(1, state.seats))
        if other not in state.out
    )
    steps = (ClimbStep(Stage.PLAY, seat), *(ClimbStep(Stage.ASK, s) for s in others), ClimbStep(Stage.SETTLE))
    story.tell(ClimbPlanned(steps))


def chalk_up(story: Story[State], seat: int, chance: Chance) -> None:
    """Step 2: draw and reveal a chalk token from the bag (none when it is empty, Ruling 4)."""
    bag = story.state.bag
    if bag:
        story.tell(ChalkDrawn(seat, chance.pick(bag)))


def perform(story: Story[State], step: ClimbStep, chance: Chance) -> Waits | None:
    climb = _climb(story.state)
    match step:
        case ClimbStep(Stage.PLAY, seat) if seat is not None:
            return _play(story, climb, seat)
        case ClimbStep(Stage.ASK, seat) if seat is not None:
            return _ask(story, climb, seat)
        case ClimbStep(Stage.SETTLE):
            _settle(story, climb)
        case ClimbStep(Stage.SNAKE):
            return _snakes(story, climb)
        case ClimbStep(Stage.REVEAL):
            _reveal(story, climb, chance)
        case ClimbStep(Stage.BOAR, seat) if seat is not None:
            return _boar(story, climb, seat, chance)
        case ClimbStep(Stage.TROUT):
            _trout(story, climb, chance)
        case ClimbStep(Stage.TALLY):
            _tally(story, climb)
        case ClimbStep(Stage.INJURY, seat) if seat is not None:
            return injure(story, seat, climb.number, chance)
        case ClimbStep(Stage.CLEANUP):
            _cleanup(story, chance)
    return None


def _play(story: Story[State], climb: Climb, seat: int) -> Waits | None:
    """The active climber plays under its turn's clock; a joiner under the join clock (Ruling 12)."""
    state = story.state
    if seat == climb.seat and state.turn is not None:
        story.tell(PlayOpened(seat, state.turn.deadline_id, state.turn.deadline))
    else:
        deadline = seconds_after(story.at, state.options.join_seconds)
        story.tell(PlayOpened(seat, f"play-{climb.number}-{seat}", deadline))
    return story.state.playing


def _ask(story: Story[State], climb: Climb, seat: int) -> Waits | None:
    """Step 3: join or not. Ruling 3: a player who cannot play a card face up is not asked; Ruling 20:
    nor is one who resigned."""
    if seat in story.state.out or not can_climb(story.state, seat):
        story.tell(JoinAnswered(seat, False))
        return None
    deadline = seconds_after(story.at, story.state.options.join_seconds)
    story.tell(JoinAsked(seat, f"join-{climb.number}-{seat}", deadline))
    return story.state.question


def _settle(story: Story[State], climb: Climb) -> None:
    """Alone: claim without a reveal (Ruling 2). Otherwise the Snakes, or the reveal."""
    if len(climb.climbers) == 1:
        claim_alone(story, climb)
    elif any(card.animal is Animal.SNEAKY_SNAKE for c in climb.climbers for card in c.face_down):
        story.tell(ClimbPlanned((ClimbStep(Stage.SNAKE),), first=True))
    else:
        story.tell(ClimbPlanned((ClimbStep(Stage.REVEAL),), first=True))


def claim_alone(story: Story[State], climb: Climb) -> None:
    story.tell(BoulderClaimed(climb.climbers[0].seat, climb.boulder, True))
    story.tell(ClimbPlanned((ClimbStep(Stage.CLEANUP),), first=True))


def _snakes(story: Story[State], climb: Climb) -> Waits | None:
    """Ruling 15: every Snake is shown, then all climbers choose at once, sealed, and the countdown
    runs to its end whoever has chosen (silence stays, so readiness is hidden: audit L1)."""
    for climber in climb.climbers:
        for card in climber.face_down:
            if card.animal is Animal.SNEAKY_SNAKE:
                story.tell(SnakeShown(climber.seat, card))
    deadline = seconds_after(story.at, story.state.options.snake_seconds)
    seats = frozenset(climber.seat for climber in climb.climbers if climber.seat not in story.state.out)
    if not seats:  # Ruling 20: who resigned is silent, and silence stays
        story.tell(ClimbPlanned((ClimbStep(Stage.REVEAL),), first=True))
        return None
    story.tell(QuietRoundOpened(f"snake-{climb.number}", seats, deadline))
    return story.state.snake


def _reveal(story: Story[State], climb: Climb, chance: Chance) -> None:
    """Step 4's reveal, then the animals that act on it: Boring Badger's 3s (Ruling 17), Messy
    Meerkat's extra chalk (Ruling 14); then queue the Boar picks (Ruling 13), and Trout after them
    (Ruling 21), the tally and the cleanup."""
    for climber in climb.climbers:
        story.tell(CardsRevealed(climber.seat, climber.face_down))
    seen = {climber.seat: climber.cards for climber in climb.climbers}
    boars = _animals_act(story, seen, chance)
    trout = [ClimbStep(Stage.TROUT)] if Animal.TACTICAL_TROUT in animals(climb) else []
    story.tell(ClimbPlanned((*boars, *trout, ClimbStep(Stage.TALLY), ClimbStep(Stage.CLEANUP)), first=True))


def _animals_act(
    story: Story[State], seen: dict[int, tuple[Card, ...]], chance: Chance
) -> tuple[ClimbStep, ...]:
    """The animals among the cards just ``seen`` (each climber's) act: Boring Badger's 3s (Ruling 17),
    Messy Meerkat's extra chalk (Ruling 14); returns the Boar Assault picks they bring (Ruling 13)."""
    if any(card.animal is Animal.BORING_BADGER for cards in seen.values() for card in cards):
        for climber in _climb(story.state).climbers:
            threes = tuple(card for card in story.state.players[climber.seat].hand if card.value == 3)
            if threes:
                story.tell(ThreesPlayed(climber.seat, threes))
    for seat, cards in seen.items():
        for card in cards:
            if card.animal is Animal.MESSY_MEERKAT:
                chalk_up(story, seat, chance)
    return tuple(
        ClimbStep(Stage.BOAR, seat)
        for seat, cards in seen.items()
        for card in cards
        if card.animal is Animal.BOAR_ASSAULT
    )


def boar_default(state: State, climb: Climb, seat: int, chance: Chance) -> tuple[tuple[int, ...], int | None]:
    """The cards Boar Assault may cancel, and silence's pick (Ruling 13): the rival card that adds the
    most to its climber's strength on this boulder (a tie drawn by chance); with no rival card that
    has a value, nothing."""
    options = tuple(
        card.number
        for climber in climb.climbers
        for card in climber.cards
        if card.value is not None and card.number not in climb.cancelled
    )
    rivals = [
        (climber.seat, card.number)
        for climber in climb.climbers
        if climber.seat != seat
        for card in climber.cards
        if card.number in options
    ]
    if not rivals:
        return options, None
    return options, chance.best(rivals, key=lambda rival: adds(state, climb, *rival))[1]


def _boar(story: Story[State], climb: Climb, seat: int, chance: Chance) -> Waits | None:
    options, default = boar_default(story.state, climb, seat, chance)
    if not options:
        return None
    if seat in story.state.out:  # Ruling 20: silence
        story.tell(ValueCancelled(seat, default) if default is not None else NothingCancelled(seat))
        return None
    deadline = seconds_after(story.at, story.state.options.join_seconds)
    story.tell(
        BoarAsked(seat, f"boar-{climb.number}-{len(climb.cancelled)}-{seat}", options, default, deadline)
    )
    return story.state.boar


def _trout(story: Story[State], climb: Climb, chance: Chance) -> None:
    """Ruling 18: each Trout adds 2 cards from the deck to its player's and 1 to each other climber's;
    the animals among them act as if revealed, except Sneaky Snakes (their Boars pick next)."""
    for owner in climb.climbers:
        if not owns(owner, Animal.TACTICAL_TROUT):
            continue
        for climber in climb.climbers:
            count = 2 if climber.seat == owner.seat else 1
            draw(story, climber.seat, count, chance, told=TroutAdded)
    added = {climber.seat: climber.added for climber in _climb(story.state).climbers}
    boars = _animals_act(story, added, chance)
    if boars:
        story.tell(ClimbPlanned(boars, first=True))


def _tally(story: Story[State], climb: Climb) -> None:
    """Steps 4 to 6: tally, the strongest claims (Ruling 5), the weaker are injured in turn (Ruling 7)."""
    tally = strengths(story.state, climb)
    story.tell(ClimbTallied(tally))
    story.tell(BoulderClaimed(winner(tally), climb.boulder, False))
    hurt = tuple(ClimbStep(Stage.INJURY, strength.seat) for strength in tally if injured(strength, climb))
    if hurt:
        story.tell(ClimbPlanned(hurt, first=True))


def _cleanup(story: Story[State], chance: Chance) -> None:
    """Step 7: chalk back, cards discarded, hands refilled to five, the row refilled to three."""
    story.tell(ClimbCleared())
    top_up(story, chance)
    while story.state.boulders and len(story.state.row) < 3:
        story.tell(BoulderRevealed(story.state.boulders[0]))


def _climb(state: State) -> Climb:
    if state.climb is None:
        raise ValueError("a climb step runs during a climb")
    return state.climb
