"""Boulder Bluff's rules, given/when/then: setup, solo and contested climbs, injuries, the end."""

from __future__ import annotations

from dataclasses import replace

from games.boulder_bluff import SPEC
from games.boulder_bluff.cards import FINGER, KINGDOM_CARDS, SHOULDER, Animal, Colour
from games.boulder_bluff.climb import chalk_up
from games.boulder_bluff.events import (
    BoulderClaimed,
    CardsDrawn,
    CardsRevealed,
    ClimbStarted,
    DeckShuffled,
    HandDiscarded,
    InjuryTaken,
    JoinAnswered,
    JoinAsked,
    StartPlayerDrawn,
    ValueCancelled,
    Withdrew,
)
from games.boulder_bluff.injuries import placement, score
from games.boulder_bluff.moves import (
    CancelValue,
    ChalkUp,
    ClimbBoulder,
    Join,
    PlayCard,
    Prep,
    Stay,
    StayOff,
    Withdraw,
)
from games.boulder_bluff.state import Claim, Climber
from games.boulder_bluff.tally import strengths
from games.boulder_bluff.turns import draw, new_story, top_up
from games.core.chance import Chance
from games.core.commands import Begin, Command, Resign, Timeout
from games.core.visibility import redact, seat_viewer
from tests.conformance.playouts import playout
from tests.games.boulder_bluff.table import act, animal, begun, boulder, climbing, holding, plain, table

G, O, P = Colour.GREEN, Colour.ORANGE, Colour.PURPLE  # noqa: E741 - the colours' initials


def climb_alone_ready(seats: int = 2, **options):
    """The active player holds a 5 green and a 3 green; the others hold plain cards."""
    state = begun(seats, **options)
    me = state.active
    state = holding(state, me, plain(5, (G,), P), plain(3, (G,), G), plain(2, (G,), G))
    return replace(state, table=replace(state.table, row=(boulder(4, G), *state.row[1:]))), me


def test_setup_deals_five_reveals_three_and_draws_the_chalk_bag_holder():
    """Rulings 1 and 19."""
    for kingdom in (False, True):
        state = begun(3, animalKingdom=kingdom)
        assert [len(p.hand) for p in state.players] == [5, 5, 5] and len(state.row) == 3
        assert len(state.deck) + 15 == 39 and len(state.boulders) == 12
        animals = [c for c in (*state.deck, *(c for p in state.players for c in p.hand)) if c.animal]
        assert len(animals) == 6
    decision = SPEC.decide(SPEC.initial_state({}, 2), Command(Begin(), None, 0), Chance("t", 0))
    assert any(isinstance(e, StartPlayerDrawn) for e in decision.events)


def test_a_solo_climb_claims_without_a_reveal_or_an_injury():
    """Ruling 2: nobody joins; the face-down card is never shown to the other player."""
    state, me = climb_alone_ready()
    other = 1 - me
    target = state.row[0]
    state, _ = act(state, me, ClimbBoulder(target.number))
    secret = plain(3, (G,), G)
    state, told = act(state, me, PlayCard(secret.number, True))
    assert all(secret.number != getattr(redact(e, seat_viewer(other)), "card", None) for e in told)
    state, _ = act(state, me, PlayCard(plain(5, (G,), P).number, False))
    state, _ = act(state, me, ChalkUp())
    state, told = act(state, other, StayOff())
    assert BoulderClaimed(me, target, True) in told
    assert not any(isinstance(e, CardsRevealed | InjuryTaken) for e in told)


def test_a_player_who_cannot_climb_is_not_asked():
    """Ruling 3: a hand of Snakes only."""
    state, me = climb_alone_ready(animalKingdom=True)
    snakes = [c for c in KINGDOM_CARDS if c.animal is Animal.SNEAKY_SNAKE]
    state = holding(state, 1 - me, *snakes)
    state, _ = act(state, me, ClimbBoulder(state.row[0].number))
    state, _ = act(state, me, PlayCard(plain(5, (G,), P).number, False))
    state, told = act(state, me, ChalkUp())
    assert JoinAnswered(1 - me, False) in told and not any(isinstance(e, JoinAsked) for e in told)


def test_an_empty_chalk_bag_gives_nothing():
    """Ruling 4."""
    story = new_story(replace(begun(), bag=()), 0)
    chalk_up(story, 0, Chance("t", 0))
    assert story.events == []


def test_an_empty_deck_is_refilled_from_the_discards():
    """Ruling 6."""
    state = begun()
    state = replace(state, deck=(), discards=state.deck)
    story = new_story(state, 0)
    draw(story, 0, 2, Chance("t", 0))
    assert isinstance(story.events[0], DeckShuffled) and isinstance(story.events[1], CardsDrawn)
    assert len(story.state.players[0].hand) == 7


def test_after_a_climb_every_hand_is_refilled_to_five_clockwise_from_the_active_player():
    """Ruling 6: given hands of 2, 6 (a prep's extra card) and 4, when the climb is cleared, then each
    short hand draws up to five, the active player first, and the hand of six keeps its six."""
    state = begun(3)
    me, left, right = state.active, (state.active + 1) % 3, (state.active + 2) % 3
    hands = {me: state.players[me].hand[:2], left: (*state.players[left].hand, state.deck[0])}
    hands[right] = state.players[right].hand[:4]
    gone = (*state.players[me].hand[2:], *state.players[right].hand[4:])
    players = tuple(replace(p, hand=hands[p.seat]) for p in state.players)
    state = replace(state, players=players, deck=state.deck[1:], discards=gone)
    story = new_story(state, 0)
    top_up(story, Chance("t", 0))
    drawn = [(e.seat, e.count) for e in story.events if isinstance(e, CardsDrawn)]
    assert drawn == [(me, 3), (right, 1)]
    assert [len(story.state.players[seat].hand) for seat in (me, left, right)] == [5, 6, 5]
    assert not SPEC.invariants(story.state)


def test_a_refill_reshuffles_the_discards_into_a_new_deck_when_the_deck_runs_out():
    """Ruling 6: given a deck of one card, when a hand of two refills, then it takes that card, the
    face-down discards are shuffled into a new deck, and it draws the other two from it."""
    state = begun(2)
    me = state.active
    last, rest = state.deck[0], state.deck[1:]
    players = tuple(replace(p, hand=p.hand[:2]) if p.seat == me else p for p in state.players)
    state = replace(state, players=players, deck=(last,), discards=(*rest, *state.players[me].hand[2:]))
    story = new_story(state, 0)
    top_up(story, Chance("t", 0))
    kinds = [(type(e).__name__, getattr(e, "count", getattr(e, "size", None))) for e in story.events]
    assert kinds == [("CardsDrawn", 1), ("DeckShuffled", len(rest) + 3), ("CardsDrawn", 2)]
    assert story.state.players[me].hand[2] == last and len(story.state.players[me].hand) == 5
    assert story.state.discards == () and not SPEC.invariants(story.state)


def test_a_solo_climb_ends_with_the_climbers_hand_back_at_five():
    """Ruling 6 through a whole climb: the card played is discarded and the hand refilled."""
    state = begun(2)
    me = state.active
    card = next(c for c in state.players[me].hand if c.animal is None)
    state, _ = act(state, me, ClimbBoulder(state.row[0].number))
    state, _ = act(state, me, PlayCard(card.number, False))
    state, _ = act(state, me, ChalkUp())
    state, _ = act(state, 1 - me, StayOff())
    assert len(state.players[me].hand) == 5 and card in state.discards


def test_injury_placement_and_replacement():
    """Ruling 7: the earliest free boulder; when none is free only a shoulder stays, on a finger's place."""
    a, b = boulder(4, G), boulder(5, G)
    assert placement((Claim(a, FINGER), Claim(b)), FINGER) == b.number
    assert placement((Claim(a, FINGER), Claim(b, SHOULDER)), FINGER) is None
    assert placement((Claim(a, SHOULDER), Claim(b, FINGER)), SHOULDER) == b.number
    assert placement((Claim(a, SHOULDER),), SHOULDER) is None


def test_matches_end_after_the_last_climb_or_the_turn_limit():
    """Rulings 8 and 11."""
    reasons = {playout(SPEC, seed).game.state.reason for seed in range(6)}
    assert reasons <= {"last climb", "turn limit"} and "last climb" in reasons
    state = begun(2, turnLimit=1)
    state, _ = act(state, state.active, Prep())
    state, _ = act(state, state.active, Prep())
    assert state.over and state.reason == "turn limit"


def test_score_counts_injuries_and_ties_go_to_the_last_claim():
    """Ruling 9."""
    state = begun()
    players = (
        replace(state.players[0], claims=(Claim(boulder(9, G), FINGER),), last_claim=1),
        replace(
            state.players[1], claims=(Claim(boulder(6, G), SHOULDER), Claim(boulder(4, O))), last_claim=2
        ),
    )
    state = replace(state, players=players, table=replace(state.table, over=True, reason="last climb"))
    assert [score(state, 0), score(state, 1)] == [8, 8]
    assert SPEC.outcome(state).ranks == (2, 1)


def test_the_variant_moves_injuries_from_score_to_fatigue():
    """Ruling 10."""
    state = table(injuriesAffectClimbing=True)
    claims = (Claim(boulder(5, G), FINGER), Claim(boulder(9, G), SHOULDER), Claim(boulder(6, G)))
    state = climbing(state, boulder(4, G), Climber(0), Climber(1), claims={0: claims})
    assert strengths(state, state.climb)[0].fatigue == -6
    assert score(state, 0) == 20


def test_timeouts_per_deadline_kind_and_stale_ones():
    """Ruling 12: a turn preps; a join question stays off; a stale id changes nothing."""
    state = begun(2, turnSeconds=10, joinSeconds=5)
    (turn,) = SPEC.deadlines(state)
    assert turn.kind == "turn"
    assert act(state, None, Timeout("turn-99"))[1] == ()
    after, told = act(state, None, Timeout(turn.id), at=turn.at)
    assert any(isinstance(e, CardsDrawn) for e in told) and after.active != state.active
    state, me = climb_alone_ready(turnSeconds=10, joinSeconds=5)
    state, _ = act(state, me, ClimbBoulder(state.row[0].number))
    state, _ = act(state, me, PlayCard(plain(5, (G,), P).number, False))
    state, _ = act(state, me, ChalkUp())
    (join,) = SPEC.deadlines(state)
    assert join.kind == "join"
    state, told = act(state, None, Timeout(join.id), at=join.at)
    assert JoinAnswered(1 - me, False) in told


def test_boar_assault_cancels_a_value():
    """Ruling 13."""
    state, me = climb_alone_ready()
    boar = animal(Animal.BOAR_ASSAULT)
    mine = (plain(5, (G,), P), boar)
    theirs = (plain(4, (G,), G), plain(2, (O,), G))
    state = holding(holding(state, me, *mine), 1 - me, *theirs)
    state, _ = act(state, me, ClimbBoulder(state.row[0].number))
    state, _ = act(state, me, PlayCard(mine[0].number, False))
    state, _ = act(state, me, PlayCard(boar.number, True))
    state, _ = act(state, me, ChalkUp())
    state, _ = act(state, 1 - me, Join())
    state, _ = act(state, 1 - me, PlayCard(theirs[0].number, False))
    state, _ = act(state, 1 - me, ChalkUp())
    assert state.boar is not None and state.boar.default == theirs[0].number
    state, told = act(state, me, CancelValue(theirs[0].number))
    assert ValueCancelled(me, theirs[0].number) in told


def test_sneaky_snake_withdrawal_leaves_a_solo_claim():
    """Ruling 15: one withdraws, the other claims unrevealed, once the countdown ends."""
    state, me = climb_alone_ready(animalKingdom=True, snakeSeconds=3)
    snake = next(c for c in KINGDOM_CARDS if c.animal is Animal.SNEAKY_SNAKE)
    state = holding(state, me, plain(5, (G,), P), snake)
    state = holding(state, 1 - me, plain(4, (G,), G), plain(2, (O,), G))
    state, _ = act(state, me, ClimbBoulder(state.row[0].number))
    state, _ = act(state, me, PlayCard(plain(5, (G,), P).number, False))
    state, _ = act(state, me, PlayCard(snake.number, True))
    state, _ = act(state, me, ChalkUp())
    state, _ = act(state, 1 - me, Join())
    state, _ = act(state, 1 - me, PlayCard(plain(4, (G,), G).number, False))
    state, _ = act(state, 1 - me, PlayCard(plain(2, (O,), G).number, True))
    state, _ = act(state, 1 - me, ChalkUp())
    assert state.snake is not None
    state, _ = act(state, me, Stay())
    state, _ = act(state, 1 - me, Withdraw())
    (countdown,) = SPEC.deadlines(state)
    state, told = act(state, None, Timeout(countdown.id), at=countdown.at)
    assert Withdrew(1 - me) in told and any(isinstance(e, BoulderClaimed) and e.solo for e in told)
    assert not any(isinstance(e, CardsRevealed) for e in told)


def test_with_three_players_a_resigner_is_out_and_the_others_play_on():
    """Ruling 20: its hand is discarded face down, its turns and join questions are skipped."""
    state, me = climb_alone_ready(3)
    quitter = (me + 1) % 3
    discards = len(state.discards)
    state, told = act(state, quitter, Resign())
    assert not state.over and state.out == (quitter,) and state.players[quitter].hand == ()
    assert len(state.discards) == discards + 5
    discarded = next(e for e in told if isinstance(e, HandDiscarded))
    assert redact(discarded, seat_viewer(me)).cards is None  # face down: nobody sees it
    state, _ = act(state, me, ClimbBoulder(state.row[0].number))
    state, _ = act(state, me, PlayCard(plain(5, (G,), P).number, False))
    state, told = act(state, me, ChalkUp())
    asked = [e.seat for e in told if isinstance(e, JoinAsked)]
    assert quitter not in asked and asked == [(me + 2) % 3]
    state, _ = act(state, (me + 2) % 3, StayOff())
    assert state.active == (me + 2) % 3  # the chalk bag skips the player who is out


def test_a_resigner_asked_to_join_is_answered_as_silence():
    """Ruling 20: the pending join question is answered as silence (stays off); the next is asked."""
    state, me = climb_alone_ready(3)
    state, _ = act(state, me, ClimbBoulder(state.row[0].number))
    state, _ = act(state, me, PlayCard(plain(5, (G,), P).number, False))
    state, _ = act(state, me, ChalkUp())
    asked = state.question.seat
    state, told = act(state, asked, Resign())
    assert JoinAnswered(asked, False) in told and state.question.seat == (asked + 1) % 3
    assert not state.over


def test_resigners_rank_last_keep_their_boulders_and_the_last_one_left_wins():
    """Ruling 20: the match ends when one player is left; the first to resign ranks last."""
    state = begun(3)
    claimed = state.row[0]
    players = tuple(replace(p, claims=(Claim(claimed),)) if p.seat == 0 else p for p in state.players)
    state = replace(state, players=players, table=replace(state.table, row=state.row[1:]))
    state, _ = act(state, 0, Resign())
    assert not state.over and len(state.players[0].claims) == 1 and state.players[0].hand == ()
    assert state.active != 0 and not SPEC.invariants(state)
    state, _ = act(state, 2, Resign())
    outcome = SPEC.outcome(state)
    assert state.over and state.reason == "resigned" and outcome.ranks == (3, 1, 2)
    assert outcome.scores[0] == claimed.points


def test_with_two_players_resigning_ends_the_match():
    """Ruling 20: one player is left, and wins."""
    state = begun(2)
    state, _ = act(state, 1, Resign())
    assert state.over and SPEC.outcome(state).ranks == (1, 2)


def solo_climb(state, seat):
    """``seat`` climbs the row's first boulder with one card face up, and nobody joins."""
    card = next(c for c in state.players[seat].hand if c.animal is None)
    state, started = act(state, seat, ClimbBoulder(state.row[0].number))
    state, _ = act(state, seat, PlayCard(card.number, False))
    state, _ = act(state, seat, ChalkUp())
    for other in range(state.seats):
        if state.question is not None and state.question.seat == other:
            state, _ = act(state, other, StayOff())
    return state, started


def test_the_next_climb_after_the_boulder_deck_runs_out_is_the_last():
    """Ruling 8 (# audit W1, U1): given one boulder left in the boulder deck, the climb that reveals
    it is not the last; the next climb is, the view says so while it runs, and the match ends after it."""
    state = begun(2)
    me, other = state.active, 1 - state.active
    state = replace(state, table=replace(state.table, boulders=state.boulders[-1:]))
    state, started = solo_climb(state, me)
    assert not started[0].final and not state.over and state.boulders == () and len(state.row) == 3
    state, started = act(state, other, ClimbBoulder(state.row[0].number))
    assert started[0].final
    assert all(SPEC.player_view(state, seat_viewer(seat)).climb.final for seat in (me, other))
    card = next(c for c in state.players[other].hand if c.animal is None)
    state, _ = act(state, other, PlayCard(card.number, False))
    state, _ = act(state, other, ChalkUp())
    state, _ = act(state, me, StayOff())
    assert state.over and state.reason == "last climb" and len(state.row) == 2


def test_a_whole_match_ends_after_a_final_climb_with_the_deck_empty():
    """Ruling 8 (# audit W1): 12 boulders in the deck and 3 in the row; the match's last climb is
    started with the boulder deck empty, so 13 boulders are claimed (12 when the Snakes empty it)."""
    for seed in range(4):
        match = playout(SPEC, seed, seats=2 + seed % 3)
        last = max(i for i, event in enumerate(match.log) if isinstance(event, ClimbStarted))
        state = match.game.state
        assert state.reason == "last climb" and match.log[last].final and state.boulders == ()
        claimed = sum(len(player.claims) for player in state.players)
        assert claimed == 12 + any(isinstance(event, BoulderClaimed) for event in match.log[last:])


def test_a_draw_that_empties_the_deck_shuffles_the_discards_into_a_new_deck_at_once():
    """Ruling 6 (# audit W2, U2): "whenever the climb cards deck depletes": given a deck of one card and
    discards waiting, a prep that takes it turns the discards into the new deck there and then, so
    the card the next climb plays waits in the new discard pile instead of joining that deck."""
    state = begun(2)
    me, other = state.active, 1 - state.active
    state = replace(state, deck=state.deck[:1], discards=state.deck[1:])
    waiting = len(state.discards)
    state, told = act(state, me, Prep())
    assert [type(e).__name__ for e in told][:2] == ["CardsDrawn", "DeckShuffled"]
    assert (len(state.deck), state.discards) == (waiting, ())
    card = next(c for c in state.players[other].hand if c.animal is None)
    state, _ = act(state, other, ClimbBoulder(state.row[0].number))
    state, _ = act(state, other, PlayCard(card.number, False))
    state, _ = act(state, other, ChalkUp())
    state, _ = act(state, me, StayOff())
    assert state.discards == (card,) and card not in state.deck and not SPEC.invariants(state)
