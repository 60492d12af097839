"""Bots (games.boulder_bluff.bots) play whole matches for 2 to 4 seats, with and without the expansion."""

from __future__ import annotations

from games.boulder_bluff import SPEC
from games.boulder_bluff.bots import HeuristicBot
from games.boulder_bluff.cards import Colour
from games.boulder_bluff.moves import CancelNothing, CancelValue, ChalkUp, ClimbBoulder, Join, PlayCard
from games.core import engine
from games.core.chance import Chance
from games.core.commands import Begin, Command, Timeout
from games.core.deadlines import overdue
from games.core.visibility import seat_viewer
from tests.games.boulder_bluff.table import act, begun, boar_against_a_bear, boulder, holding, plain

G, O, P = Colour.GREEN, Colour.ORANGE, Colour.PURPLE  # noqa: E741 - the colours' initials


def play_match(seats: int, bot: str, kingdom: bool, seed: int) -> engine.Game:
    options = {**SPEC.options.defaults(), "animalKingdom": kingdom}
    game = engine.new_game(SPEC, options, seats, f"bots-{seed}")
    chance, now = Chance(f"bots-{seed}", 0), 1_000
    game = engine.step(game, Command(Begin(), None, now)).game
    while not game.over:
        now += 500
        waiting = sorted(engine.waiting_on(game))
        if not waiting:  # a Snake countdown everyone answered runs to its end
            now = max(now, min(deadline.at for deadline in SPEC.deadlines(game.state)))
        due = overdue(SPEC.deadlines(game.state), now)
        if due:
            game = engine.step(game, Command(Timeout(due[0].id), None, due[0].at)).game
            continue
        seat = chance.pick(waiting)
        legal = engine.legal_moves(game, seat)
        move = SPEC.bots[bot].choose(SPEC.player_view(game.state, seat_viewer(seat)), legal, chance)
        assert move in legal
        game = engine.step(game, Command(move, seat, now)).game
    return game


def test_both_bots_finish_matches_for_two_to_four_seats():
    for seats in (2, 3, 4):
        for bot in ("random", "heuristic"):
            for kingdom in (False, True):
                game = play_match(seats, bot, kingdom, seats)
                assert SPEC.outcome(game.state) is not None and SPEC.invariants(game.state) == ()


def test_the_heuristic_climbs_what_it_can_win_and_bluffs_with_a_face_down_card():
    from dataclasses import replace

    state = begun(2)
    me = state.active
    hand = (plain(5, (G,), P), plain(4, (G,), G), plain(3, (G,), G), plain(3, (P,), G))
    state = holding(state, me, *hand)
    state = replace(state, table=replace(state.table, row=(boulder(9, G), *state.row[1:])))
    bot, chance = HeuristicBot(), Chance("h", 0)

    def choose(state):
        return bot.choose(SPEC.player_view(state, seat_viewer(me)), SPEC.legal_moves(state, me), chance)

    assert choose(state) == ClimbBoulder(boulder(9, G).number)
    state, _ = act(state, me, choose(state))
    plays = []
    while (move := choose(state)) != ChalkUp():
        plays.append(move)
        state, _ = act(state, me, move)
    assert isinstance(plays[0], PlayCard) and not plays[0].face_down
    assert any(isinstance(p, PlayCard) and p.face_down for p in plays)


def test_the_heuristic_joins_a_climb_it_can_win():
    from dataclasses import replace

    state = begun(2)
    me, other = state.active, 1 - state.active
    state = holding(state, me, plain(2, (P,), P), plain(3, (P,), P))
    state = holding(state, other, plain(5, (G,), P), plain(4, (G,), G), plain(3, (G,), G))
    state = replace(state, table=replace(state.table, row=(boulder(4, G), *state.row[1:])))
    state, _ = act(state, me, ClimbBoulder(boulder(4, G).number))
    state, _ = act(state, me, PlayCard(plain(2, (P,), P).number, False))
    state, _ = act(state, me, ChalkUp())
    view = SPEC.player_view(state, seat_viewer(other))
    assert HeuristicBot().choose(view, SPEC.legal_moves(state, other), Chance("j", 0)) == Join()


def test_the_heuristic_boar_never_cancels_its_own_card():
    """Ruling 13: with no rival card that has a value, the heuristic's Boar Assault cancels nothing."""
    state = begun(2)
    me, other = state.active, 1 - state.active
    state = boar_against_a_bear(state, me, other)
    legal = SPEC.legal_moves(state, me)
    assert CancelValue(plain(5, (Colour.GREEN,), Colour.PURPLE).number) in legal
    view = SPEC.player_view(state, seat_viewer(me))
    assert HeuristicBot().choose(view, legal, Chance("b", 0)) == CancelNothing()
