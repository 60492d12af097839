"""Every registered game keeps the engine contract over many random playouts."""

import dataclasses
import json
import typing

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import engine
from games.core.chance import Chance
from games.core.codec import encode, field_hints
from games.core.commands import Command
from games.core.decisions import Accepted, Rejected
from games.core.sealed import ChoiceSealed, ChoicesRevealed
from games.core.visibility import OMNISCIENT, SPECTATOR, seat_viewer
from tests.conformance import fuzz
from tests.conformance.playouts import options_for, playout, steps

# legal => accepted is checked for every legal move at every step of this many playouts (it is the
# costly check); all playouts check that the moves they play are accepted.
EXHAUSTIVE = 60


def test_random_playouts_end_conserve_cards_and_replay_exactly(spec, playouts_per_game):
    for seed in range(playouts_per_game):
        result = playout(spec, seed)
        assert result.game.over, f"seed {seed} did not end"
        assert spec.invariants(result.game.state) == (), f"seed {seed}"
        replayed = engine.replay(spec, result.options, result.seats, result.seed, result.log)
        assert replayed == result.game, f"seed {seed}: replay differs from the live state"
        outcome = result.game.outcome()
        assert outcome is not None and len(outcome.ranks) == result.seats
        assert min(outcome.ranks) == 1


def test_invariants_hold_after_every_event(spec):
    for seed in range(EXHAUSTIVE):
        options = options_for(spec, seed)
        seats = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        for _, after, _ in steps(spec, seats, str(seed), options):
            assert spec.invariants(after.state) == (), f"seed {seed} at version {after.version}"


def test_every_legal_move_is_accepted(spec):
    for seed in range(EXHAUSTIVE):
        options = options_for(spec, seed)
        seats = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        for _, after, _ in steps(spec, seats, str(seed), options):
            for seat in range(seats):
                for move in engine.legal_moves(after, seat):
                    decision = engine.decide(after, Command(move, seat, 0))
                    assert isinstance(decision, Accepted), (seed, seat, move, decision)


def test_the_seats_waited_on_may_act_and_a_match_never_waits_on_nothing(spec):
    """``waiting_on`` is within ``may_act``; ``may_act`` is exactly the seats with a legal move; a
    running match waits on a seat or on a deadline, else nobody could move it on."""
    for seed in range(20):
        options = options_for(spec, seed)
        seats = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        for _, after, _ in steps(spec, seats, str(seed), options):
            waiting, may = engine.waiting_on(after), engine.may_act(after)
            assert waiting <= may, (seed, after.version)
            assert waiting <= engine.shown_waiting_on(after), (seed, after.version)  # hides, never drops
            assert may == {seat for seat in range(seats) if engine.legal_moves(after, seat)}, (
                seed,
                after.version,
            )
            assert after.over or waiting or spec.deadlines(after.state), (seed, after.version)


def test_moves_that_are_not_legal_are_rejected_and_change_nothing(spec):
    chance = Chance("fuzz", 0)
    for seed in range(EXHAUSTIVE):
        options = options_for(spec, seed)
        seats = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        for _, after, _ in steps(spec, seats, str(seed), options):
            seat = chance.below(seats)
            raw = fuzz.typed_move(spec.moves, chance)
            move = spec.moves.load(raw)
            assert not isinstance(move, Rejected), (raw, move)  # every field has its own type
            assert isinstance(engine.decide(after, Command(fuzz.NotAMove(), seat, 0)), Rejected)
            if move in engine.legal_moves(after, seat):
                continue
            decision = engine.decide(after, Command(move, seat, 0))
            assert isinstance(decision, Rejected), (seed, seat, move, decision)
            assert decision.code and decision.message


def test_malformed_moves_are_refused_before_they_reach_the_rules(spec):
    for problem, raw in fuzz.malformed_moves(spec.moves):
        assert isinstance(spec.moves.load(raw), Rejected), (problem, raw)


def test_the_same_seed_plays_the_same_match(spec):
    for seed in range(20):
        assert playout(spec, seed).log == playout(spec, seed).log


def test_every_event_and_move_survives_the_codec(spec):
    for seed in range(EXHAUSTIVE):
        result = playout(spec, seed)
        for event in result.log:
            name, data = spec.events.dump(event)
            assert spec.events.load(name, json.loads(json.dumps(data))) == event
        game = engine.new_game(spec, result.options, result.seats, result.seed)
        game = engine.advance(game, result.log[: len(result.log) // 2])
        for seat in range(result.seats):
            for move in engine.legal_moves(game, seat):
                assert spec.moves.load(json.loads(json.dumps(spec.moves.dump(move)))) == move


def test_every_sealed_choice_type_survives_the_codec(spec):
    """Each game's sealed-round events (``ChoiceSealed[X]``, ``ChoicesRevealed[X]``), with choices of
    every shape its type ``X`` allows, come back from the log equal: a replay equals live play."""
    for cls in spec.events.types:
        if issubclass(cls, ChoiceSealed | ChoicesRevealed):
            _round_trips(spec, cls)


def _round_trips(spec, cls):
    if issubclass(cls, ChoiceSealed):
        values, build = st.from_type(field_hints(cls)["choice"]), lambda value: cls("round-1", 0, value)
    else:
        _, choice = typing.get_args(field_hints(cls)["choices"])
        values = st.dictionaries(st.integers(0, 5), st.from_type(choice))
        build = lambda value: cls("round-1", value)  # noqa: E731

    @settings(max_examples=50, deadline=None)
    @given(value=values)
    def round_trips(value):
        event = build(value)
        name, data = spec.events.dump(event)
        assert spec.events.load(name, json.loads(json.dumps(data))) == event, cls

    round_trips()


def test_views_are_json_ready_for_every_viewer(spec):
    result = playout(spec, 1)
    game = engine.new_game(spec, result.options, result.seats, result.seed)
    for event in result.log:
        game = engine.evolve(game, event)
        for viewer in (SPECTATOR, OMNISCIENT, *(seat_viewer(s) for s in range(result.seats))):
            view = engine.view(game, viewer)
            assert dataclasses.is_dataclass(view)
            assert spec.view_type is None or type(view) is spec.view_type  # what the API mirrors
            json.dumps(encode(view))
