"""The animals that act during a climb's steps (games.boulder_bluff.climb): Boring Badger, Messy
Meerkat, Tactical Trout, Howly Wolves, Sneaky Snake's countdown and Boar Assault's clock, and each
deadline kind's silence and stale timeouts."""

from __future__ import annotations

from dataclasses import replace

from games.boulder_bluff import SPEC
from games.boulder_bluff.cards import KINGDOM_CARDS, Animal, Colour
from games.boulder_bluff.climb import perform
from games.boulder_bluff.events import (
    BoarAsked,
    BoulderClaimed,
    CardsRevealed,
    ChalkDrawn,
    ClimbCalledOff,
    ClimbTallied,
    InjuryAsked,
    InjuryTaken,
    NothingCancelled,
    StaysRevealed,
    ThreesPlayed,
    TroutAdded,
    ValueCancelled,
    Withdrew,
)
from games.boulder_bluff.moves import (
    CancelNothing,
    CancelValue,
    ChalkUp,
    ClimbBoulder,
    Join,
    PlaceInjury,
    PlayCard,
    StayOff,
    Withdraw,
)
from games.boulder_bluff.state import Claim, Climber, ClimbStep, Stage
from games.boulder_bluff.tally import injured, strengths
from games.boulder_bluff.turns import new_story
from games.core.chance import Chance
from games.core.commands import Timeout
from tests.games.boulder_bluff.table import (
    act,
    animal,
    begun,
    boar_against_a_bear,
    boulder,
    climbing,
    holding,
    plain,
    table,
)

G, O, P = Colour.GREEN, Colour.ORANGE, Colour.PURPLE  # noqa: E741 - the colours' initials
SNAKE = next(card for card in KINGDOM_CARDS if card.animal is Animal.SNEAKY_SNAKE)


def reveal(state):
    story = new_story(state, 0)
    perform(story, ClimbStep(Stage.REVEAL), Chance("r", 0))
    return story


def test_boring_badger_plays_every_climbers_threes_from_hand():
    """Ruling 17."""
    state = holding(begun(2, animalKingdom=True), 1, plain(3, (G,), G), plain(5, (G,), P))
    state = holding(state, 0, plain(2, (G,), G))
    badger = next(card for card in KINGDOM_CARDS if card.animal is Animal.BORING_BADGER)
    state = climbing(state, boulder(4, G), Climber(0, face_down=(badger,)), Climber(1))
    told = reveal(state).events
    assert ThreesPlayed(1, (plain(3, (G,), G),)) in told
    assert not any(isinstance(e, ThreesPlayed) and e.seat == 0 for e in told)


def test_messy_meerkat_draws_another_chalk_token_at_the_reveal():
    """Ruling 14."""
    state = climbing(
        begun(2), boulder(4, G), Climber(0, face_down=(animal(Animal.MESSY_MEERKAT),), chalk=(1,)), Climber(1)
    )
    state = replace(state, bag=(-2, -1, 0, 2))
    assert [e.seat for e in reveal(state).events if isinstance(e, ChalkDrawn)] == [0]


def test_tactical_trout_adds_two_cards_to_its_player_and_one_to_each_other():
    """Ruling 18."""
    trout = next(card for card in KINGDOM_CARDS if card.animal is Animal.TACTICAL_TROUT)
    state = climbing(
        begun(3, animalKingdom=True), boulder(4, G), Climber(0, face_up=(trout,)), Climber(1), Climber(2)
    )
    story = new_story(state, 0)
    perform(story, ClimbStep(Stage.TROUT), Chance("t", 0))
    added = {e.seat: len(e.cards) for e in story.events if isinstance(e, TroutAdded)}
    assert added == {0: 2, 1: 1, 2: 1}
    assert [len(c.added) for c in story.state.climb.climbers] == [2, 1, 1]


def test_howly_wolves_injures_only_three_or_more_short():
    wolves = animal(Animal.HOWLY_WOLVES)
    mine = Climber(0, face_up=(wolves, plain(4, (G,), G), plain(2, (G,), G)))
    theirs = Climber(1, face_up=(plain(4, (G,), O), plain(3, (O,), O)))
    state = climbing(table(), boulder(9, G), mine, theirs)
    one_short, two_short = strengths(state, state.climb)
    assert (one_short.total, two_short.total) == (8, 7)
    assert not injured(one_short, state.climb) and injured(two_short, state.climb)
    three_short = climbing(table(), boulder(9, G), Climber(0, face_up=(wolves, plain(4, (G,), G))), theirs)
    assert injured(strengths(three_short, three_short.climb)[0], three_short.climb)


def contested(seats=2, **options):
    """The active player climbs the green-titled 9 (green or orange) with a 5 face up; the chalk bag
    holds only the 0, so the next player, who joins with a green 4 (its technique bonus: 5), ties."""
    state = begun(seats, **options)
    state = replace(state, bag=(0,))
    me, other = state.active, (state.active + 1) % seats
    state = holding(state, me, plain(5, (G,), P), SNAKE, animal(Animal.BOAR_ASSAULT))
    state = holding(state, other, plain(4, (G,), G), plain(2, (O,), G))
    state = replace(state, table=replace(state.table, row=(boulder(9, G), *state.row[1:])))
    state, _ = act(state, me, ClimbBoulder(boulder(9, G).number))
    state, _ = act(state, me, PlayCard(plain(5, (G,), P).number, False))
    return state, me, other


def joined(state, me, other, *downs):
    for card in downs:
        state, _ = act(state, me, PlayCard(card.number, True))
    state, _ = act(state, me, ChalkUp())
    state, _ = act(state, other, Join())
    state, _ = act(state, other, PlayCard(plain(4, (G,), G).number, False))
    return act(state, other, ChalkUp())


def short_with_two_free_boulders(**options):
    """The joiner, short of the 9, has claimed the orange 5 and the purple 4, both without injury."""
    state, me, other = contested(**options)
    claims = (Claim(boulder(5, O)), Claim(boulder(4, P)))
    players = tuple(replace(p, claims=claims) if p.seat == other else p for p in state.players)
    row = tuple(b for b in state.row if b not in (boulder(5, O), boulder(4, P)))
    state = replace(state, players=players, table=replace(state.table, row=row))
    state, told = joined(state, me, other)
    return state, told, me, other


def test_in_the_variant_the_injured_player_chooses_the_boulder_its_injury_goes_on():
    """Ruling 7: a prompt offering the claimed boulders without an injury, the earliest by default,
    on the join clock; the winner, with only the boulder it just claimed, is not asked."""
    state, told, me, other = short_with_two_free_boulders(injuriesAffectClimbing=True, joinSeconds=15)
    asked = next(e for e in told if isinstance(e, InjuryAsked))
    assert (asked.seat, asked.options) == (other, (boulder(5, O).number, boulder(4, P).number))
    assert asked.default == boulder(5, O).number and asked.deadline == 1_000 + 15_000
    assert (
        InjuryTaken(me, next(e.injury for e in told if isinstance(e, InjuryTaken)), boulder(9, G).number)
        in told
    )
    assert SPEC.waiting_on(state) == {other} and SPEC.deadlines(state)[0].kind == "injury"
    assert set(SPEC.legal_moves(state, other)) == {PlaceInjury(n) for n in asked.options}
    state, told = act(state, other, PlaceInjury(boulder(4, P).number))
    assert InjuryTaken(other, asked.injury, boulder(4, P).number) in told
    assert [c.injury for c in state.players[other].claims] == [None, asked.injury]


def test_an_unanswered_injury_goes_on_the_earliest_free_boulder():
    """Rulings 7 and 12: silence places it where the rulebook leaves no choice."""
    state, _, _, other = short_with_two_free_boulders(injuriesAffectClimbing=True)
    (clock,) = SPEC.deadlines(state)
    state, told = act(state, None, Timeout(clock.id), at=clock.at)
    placed = next(e for e in told if isinstance(e, InjuryTaken))
    assert (placed.seat, placed.boulder) == (other, boulder(5, O).number)


def test_without_the_variant_nobody_is_asked_where_an_injury_goes():
    """Ruling 7: there the boulder it sits on changes nothing, so it goes on the earliest free one."""
    _, told, _, other = short_with_two_free_boulders()
    assert not any(isinstance(e, InjuryAsked) for e in told)
    assert (
        next(e for e in told if isinstance(e, InjuryTaken) and e.seat == other).boulder
        == boulder(5, O).number
    )


def test_sneaky_snake_silence_stays_and_a_stale_snake_timeout_does_nothing():
    """Ruling 15: the countdown's silence stays in the climb; Ruling 12: a stale id changes nothing."""
    state, me, other = contested(animalKingdom=True, snakeSeconds=3)
    state, _ = joined(state, me, other, SNAKE)
    (countdown,) = SPEC.deadlines(state)
    assert countdown.kind == "snake"
    assert act(state, None, Timeout("snake-0"))[1] == ()
    state, told = act(state, None, Timeout(countdown.id), at=countdown.at)
    shown = next(e for e in told if isinstance(e, StaysRevealed))
    assert shown.choices == {me: True, other: True} and BoulderClaimed(me, boulder(9, G), False) in told


def test_boar_assault_silence_cancels_the_best_card_of_another_climber():
    """Rulings 12 and 13."""
    state, me, other = contested(joinSeconds=5)
    state, _ = joined(state, me, other, animal(Animal.BOAR_ASSAULT))
    (pick,) = SPEC.deadlines(state)
    assert pick.kind == "boar" and act(state, None, Timeout("boar-0"))[1] == ()
    state, told = act(state, None, Timeout(pick.id), at=pick.at)
    assert ValueCancelled(me, plain(4, (G,), G).number) in told


def test_a_joiner_out_of_time_with_nothing_face_up_stays_off():
    """Ruling 12: the joiner's play clock; the active climber then climbs alone."""
    state, me, other = contested(joinSeconds=5)
    state, _ = act(state, me, ChalkUp())
    state, _ = act(state, other, Join())
    (play,) = SPEC.deadlines(state)
    assert play.kind == "join"
    state, told = act(state, None, Timeout(play.id), at=play.at)
    assert ClimbCalledOff(other) in told and BoulderClaimed(me, boulder(9, G), True) in told


def test_a_contested_climb_injures_every_climber_short_of_the_boulder():
    """Rulings 5 and 7: the tie goes to the active climber; both are short of 9, so each tosses the
    coin: the winner's injury goes on the boulder it just claimed, the other's on its own."""
    state, me, other = contested()
    players = tuple(
        replace(p, claims=(Claim(boulder(5, O)),)) if p.seat == other else p for p in state.players
    )
    state = replace(state, players=players)
    state, told = joined(state, me, other)
    assert BoulderClaimed(me, boulder(9, G), False) in told
    injuries = {(e.seat, e.boulder) for e in told if isinstance(e, InjuryTaken)}
    assert injuries == {(me, boulder(9, G).number), (other, boulder(5, O).number)}


def boar_asked(state, seat=0):
    story = new_story(state, 0)
    perform(story, ClimbStep(Stage.BOAR, seat), Chance("boar", 0))
    return story.state, next(e for e in story.events if isinstance(e, BoarAsked))


def test_boar_assault_silence_cancels_the_rival_card_that_adds_the_most_on_this_boulder():
    """Ruling 13 (# audit Q3): on a purple boulder the rival's purple 3 adds 3, while its orange 5 adds
    nothing and, by its green title, even keeps the rival from the Technique Bonus: silence cancels
    the 3, not the card with the higher printed value."""
    five, three = plain(5, (O,), G), plain(3, (P,), P)
    mine = Climber(0, face_up=(animal(Animal.BOAR_ASSAULT), plain(4, (P,), P)))
    state = climbing(table(), boulder(4, P), mine, Climber(1, face_up=(five, three)))
    _, asked = boar_asked(state)
    assert asked.default == three.number and set(asked.options) == {
        five.number,
        three.number,
        plain(4, (P,), P).number,
    }


def test_boar_assault_silence_cancels_nothing_when_no_rival_card_has_a_value():
    """Ruling 13 (# audit Q3): the Boar's player is offered its own card and "nothing"; silence keeps
    every value, its own included."""
    state = begun(2, joinSeconds=5)
    me, other = state.active, 1 - state.active
    five = plain(5, (G,), P)
    state = boar_against_a_bear(state, me, other, plain(2, (O,), G))
    assert state.boar.default is None
    assert SPEC.legal_moves(state, me) == (CancelValue(five.number), CancelNothing())
    (pick,) = SPEC.deadlines(state)
    state, told = act(state, None, Timeout(pick.id), at=pick.at)
    assert NothingCancelled(me) in told and not any(isinstance(e, ValueCancelled) for e in told)
    tally = next(e for e in told if isinstance(e, ClimbTallied)).strengths
    assert next(s.raw for s in tally if s.seat == me) == 5


def test_animals_added_by_tactical_trout_take_effect_except_sneaky_snakes():
    """Ruling 18 (# audit Q1, U4): the Trout's player gets a Messy Meerkat and a Boar Assault, the other
    climber a Boring Badger: the Meerkat draws a chalk token, the Badger plays every climber's 3s from
    hand, and the Boar picks before the tally. A Snake added this way (the next climb) does nothing."""
    trout, badger = (
        next(c for c in KINGDOM_CARDS if c.animal is kind)
        for kind in (Animal.TACTICAL_TROUT, Animal.BORING_BADGER)
    )
    meerkat, boar = animal(Animal.MESSY_MEERKAT), animal(Animal.BOAR_ASSAULT)
    three = plain(3, (G,), G)
    state = holding(begun(2, animalKingdom=True), 1, three, plain(4, (O,), O))
    state = replace(state, deck=(meerkat, boar, badger, *state.deck), bag=(-2, 0, 2))
    state = climbing(state, boulder(4, G), Climber(0, face_up=(trout,), chalk=(1,)), Climber(1, chalk=(-1,)))
    story = new_story(state, 0)
    perform(story, ClimbStep(Stage.TROUT), Chance("t", 0))
    told = story.events
    assert TroutAdded(0, (meerkat, boar)) in told and TroutAdded(1, (badger,)) in told
    assert ThreesPlayed(1, (three,)) in told
    assert [e.seat for e in told if isinstance(e, ChalkDrawn)] == [0]
    assert story.state.steps.pending[0] == ClimbStep(Stage.BOAR, 0)
    snaked = replace(state, deck=(SNAKE, *state.deck[3:]))
    snaked = replace(snaked, climb=replace(snaked.climb, climbers=(Climber(1, face_up=(trout,)), Climber(0))))
    story = new_story(snaked, 0)
    perform(story, ClimbStep(Stage.TROUT), Chance("t", 0))
    assert TroutAdded(1, (SNAKE, snaked.deck[1])) in story.events and story.state.snake is None


def test_boring_badgers_threes_count_in_the_tally_even_off_colour():
    """Ruling 17 (# audit U6): "even if they don't match the color": the forced 3s add Raw Strength only
    where they match the boulder, and an off-title 3 costs the Technique Bonus."""
    badger = next(card for card in KINGDOM_CARDS if card.animal is Animal.BORING_BADGER)
    green, purple = plain(3, (G,), G), plain(3, (P,), P)
    state = holding(begun(2, animalKingdom=True), 1, green, purple)
    mine = Climber(0, face_up=(badger, plain(4, (G,), G)))
    state = climbing(state, boulder(4, G), mine, Climber(1, face_up=(plain(2, (G,), G),)))
    assert (strengths(state, state.climb)[1].raw, strengths(state, state.climb)[1].technique) == (2, 1)
    after = reveal(state).state
    theirs = strengths(after, after.climb)[1]
    assert (theirs.raw, theirs.technique) == (5, 0) and after.players[1].hand == ()


def test_a_player_with_no_claimed_boulder_takes_no_injury():
    """Ruling 7 (# audit U7): both climbers are short of the 9; the winner, who has just claimed it,
    is injured, and the other, with no claimed boulder, tosses nothing."""
    state, me, other = contested()
    assert state.players[other].claims == ()
    state, told = joined(state, me, other)
    assert {e.seat for e in told if isinstance(e, InjuryTaken)} == {me}


def test_a_solo_climb_sets_off_no_animal():
    """Ruling 2 (# audit U8): the effects "take place this turn if more than one player attempts the
    climb": alone, a face-down Messy Meerkat draws no token and a Boring Badger forces no 3s."""
    badger = next(card for card in KINGDOM_CARDS if card.animal is Animal.BORING_BADGER)
    meerkat, five = animal(Animal.MESSY_MEERKAT), plain(5, (G,), P)
    state = begun(2, animalKingdom=True)
    me, other = state.active, 1 - state.active
    state = holding(holding(state, me, five, meerkat, badger), other, plain(3, (G,), G))
    state = replace(state, table=replace(state.table, row=(boulder(9, G), *state.row[1:])))
    told = []
    for seat, move in (
        (me, ClimbBoulder(boulder(9, G).number)),
        (me, PlayCard(five.number, False)),
        (me, PlayCard(meerkat.number, True)),
        (me, PlayCard(badger.number, True)),
        (me, ChalkUp()),
        (other, StayOff()),
    ):
        state, events = act(state, seat, move)
        told += events
    assert BoulderClaimed(me, boulder(9, G), True) in told
    assert len([e for e in told if isinstance(e, ChalkDrawn)]) == 1
    assert not any(isinstance(e, ThreesPlayed | CardsRevealed) for e in told)
    assert plain(3, (G,), G) in state.players[other].hand


def snake_climb(seats, *joiners):
    """The active player climbs the green 9 with a 5 face up and a Sneaky Snake face down; each of
    ``joiners`` (offsets clockwise) joins with one card face up; the Snake's countdown is open."""
    state = begun(seats, animalKingdom=True, snakeSeconds=3)
    me = state.active
    cards = {1: plain(4, (G,), G), 2: plain(3, (G,), G), 3: plain(2, (G,), G)}
    state = holding(state, me, plain(5, (G,), P), SNAKE)
    for offset in range(1, seats):
        state = holding(state, (me + offset) % seats, cards[offset])
    state = replace(state, table=replace(state.table, row=(boulder(9, G), *state.row[1:])))
    state, _ = act(state, me, ClimbBoulder(boulder(9, G).number))
    state, _ = act(state, me, PlayCard(plain(5, (G,), P).number, False))
    state, _ = act(state, me, PlayCard(SNAKE.number, True))
    state, _ = act(state, me, ChalkUp())
    for offset in range(1, seats):
        seat = (me + offset) % seats
        if offset in joiners:
            state, _ = act(state, seat, Join())
            state, _ = act(state, seat, PlayCard(cards[offset].number, False))
            state, _ = act(state, seat, ChalkUp())
        else:
            state, _ = act(state, seat, StayOff())
    return state, me


def test_when_every_climber_withdraws_nobody_claims_and_the_chalk_goes_back():
    """Ruling 15 (# audit U5): "If no one remains, simply return all chalk tokens to the bag"."""
    state, me = snake_climb(2, 1)
    for seat in (me, 1 - me):
        state, _ = act(state, seat, Withdraw())
    (countdown,) = SPEC.deadlines(state)
    state, told = act(state, None, Timeout(countdown.id), at=countdown.at)
    assert not any(isinstance(e, BoulderClaimed | CardsRevealed) for e in told)
    assert boulder(9, G) in state.row and sorted(state.bag) == [-2, -1, 0, 1, 2]
    assert state.climb is None and all(len(p.hand) == 5 for p in state.players)


def test_with_three_climbers_one_withdrawal_leaves_the_other_two_to_the_reveal():
    """Ruling 15 (# audit U5): the withdrawn climber takes its cards back and is not tallied."""
    state, me = snake_climb(3, 1, 2)
    quitter, stayer = (me + 1) % 3, (me + 2) % 3
    state, _ = act(state, quitter, Withdraw())
    (countdown,) = SPEC.deadlines(state)
    state, told = act(state, None, Timeout(countdown.id), at=countdown.at)
    assert Withdrew(quitter) in told
    assert {e.seat for e in told if isinstance(e, CardsRevealed)} == {me, stayer}
    tallied = next(e for e in told if isinstance(e, ClimbTallied)).strengths
    assert {s.seat for s in tallied} == {me, stayer}
    assert plain(4, (G,), G) in state.players[quitter].hand


def test_boar_assault_picks_before_tactical_trout_adds_its_cards():
    """Ruling 21 (# audit Q4, kept): both act after the reveal; the revealed Boars pick first, so
    Trout's cards are never among their options."""
    trout = next(card for card in KINGDOM_CARDS if card.animal is Animal.TACTICAL_TROUT)
    mine = Climber(0, face_up=(animal(Animal.BOAR_ASSAULT), plain(4, (G,), G)))
    state = climbing(table(), boulder(4, G), mine, Climber(1, face_up=(trout, plain(3, (G,), G))))
    planned = reveal(state).state.steps.pending
    assert planned == tuple(
        ClimbStep(*step) for step in ((Stage.BOAR, 0), (Stage.TROUT,), (Stage.TALLY,), (Stage.CLEANUP,))
    )
