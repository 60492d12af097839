"""The engine contract, exercised through a toy game built only from games.core (Odds and Evens)."""

import dataclasses

from games.core import engine
from games.core.codec import encode
from games.core.commands import Begin, Command, Timeout
from games.core.decisions import Accepted, Rejected
from games.core.sealed import ChoicesRevealed, SeatReady
from games.core.visibility import OMNISCIENT, SPECTATOR, redact, seat_viewer
from tests.toys import odds_and_evens as toy

T0 = 1_700_000_000_000


def started(seed="seed", round_seconds=10):
    game = engine.new_game(toy.SPEC, {"roundSeconds": round_seconds, "revealAfterEnd": True}, 2, seed)
    step = engine.step(game, Command(Begin(), None, T0))
    assert isinstance(step.decision, Accepted)
    return step.game


def test_the_deal_is_chance_recorded_in_an_event_and_the_same_seed_deals_the_same():
    assert started("a").state.omen == started("a").state.omen
    assert {started(str(s)).state.omen for s in range(30)} == set(range(1, 7))


def test_a_rejected_command_appends_nothing():
    game = started()
    step = engine.step(game, Command(toy.Choose(9), 0, T0 + 1))
    assert isinstance(step.decision, Rejected)
    assert step.decision.code == "OUT_OF_RANGE"
    assert step.events == () and step.game == game


def test_a_sealed_choice_reaches_the_others_only_as_ready():
    step = engine.step(started(), Command(toy.Choose(4), 0, T0 + 1))
    (sealed,) = step.events
    assert redact(sealed, seat_viewer(1)) == SeatReady("round-1", 0)
    assert engine.view(step.game, seat_viewer(0)).my_choice == 4
    assert engine.view(step.game, seat_viewer(1)).my_choice is None


def test_choices_are_revealed_together_when_everyone_has_chosen():
    game = engine.step(started(), Command(toy.Choose(4), 0, T0 + 1)).game
    step = engine.step(game, Command(toy.Choose(1), 1, T0 + 2))
    revealed = next(e for e in step.events if isinstance(e, ChoicesRevealed))
    assert revealed.choices == {0: toy.Choose(4), 1: toy.Choose(1)}
    assert step.game.state.points == (0, 1)


def test_a_late_command_first_applies_the_overdue_timeout():
    game = engine.step(started(), Command(toy.Choose(2), 0, T0 + 1)).game
    late = engine.step(game, Command(toy.Choose(3), 1, T0 + 10_001))
    revealed = next(e for e in late.events if isinstance(e, ChoicesRevealed))
    assert revealed.choices == {0: toy.Choose(2)}  # seat 1 was silent when the round closed
    assert late.game.state.points == (1, 0)
    assert late.game.state.round.key == "round-2"
    assert late.game.state.round.choices == {1: toy.Choose(3)}  # the late choice counts for the next round


def test_a_rejected_late_command_changes_nothing_not_even_the_overdue_timeout():
    game = started()
    late = engine.step(game, Command(toy.Choose(99), 1, T0 + 10_001))
    assert isinstance(late.decision, Rejected)
    assert late.events == () and late.game == game  # the timer worker applies the timeout


def test_a_stale_timeout_is_ignored():
    game = started()
    decision = engine.decide(game, Command(Timeout("round-0"), None, T0 + 99))
    assert decision == Accepted(())


def test_a_timeout_fired_by_a_worker_is_applied_once():
    game = started()
    first = engine.step(game, Command(Timeout("round-1"), None, T0 + 10_000))
    again = engine.step(first.game, Command(Timeout("round-1"), None, T0 + 10_050))
    assert sum(isinstance(e, ChoicesRevealed) for e in first.events) == 1
    assert again.events == ()


def test_replaying_the_log_gives_the_live_state():
    game, log = started(), []
    game0 = engine.new_game(toy.SPEC, {"roundSeconds": 10, "revealAfterEnd": True}, 2, "seed")
    log.extend(engine.step(game0, Command(Begin(), None, T0)).events)
    now = T0
    while not game.over:
        now += 5
        for seat in sorted(toy.waiting_on(game.state)):
            step = engine.step(game, Command(toy.Choose((now + seat) % 6), seat, now))
            log.extend(step.events)
            game = step.game
    assert engine.replay(toy.SPEC, {"roundSeconds": 10, "revealAfterEnd": True}, 2, "seed", log) == game
    assert game.version == len(log)


def test_every_event_survives_the_codec():
    game = engine.step(started(), Command(toy.Choose(4), 0, T0 + 1)).game
    step = engine.step(game, Command(toy.Choose(1), 1, T0 + 2))
    for event in step.events:
        name, data = toy.SPEC.events.dump(event)
        assert toy.SPEC.events.load(name, data) == event
        assert encode(redact(event, SPECTATOR)) is not None


def test_the_omniscient_view_shows_what_no_seat_sees():
    game = started()
    assert engine.view(game, OMNISCIENT).omen == game.state.omen
    assert engine.view(game, seat_viewer(0)).omen is None


def test_a_finished_match_has_no_legal_moves_and_an_outcome():
    game = started()
    now = T0
    while not game.over:
        now += 1
        for seat in (0, 1):
            game = engine.step(game, Command(toy.Choose(0), seat, now)).game
    assert engine.legal_moves(game, 0) == ()
    assert game.outcome().winners == (0,)  # 0 + 0 is even, every time


def test_a_timeout_after_the_end_is_stale_not_refused():
    game = engine.new_game(toy.SPEC, toy.SPEC.options.defaults(), 2, "seed")
    game = engine.step(game, Command(Begin(), None, 0)).game
    over = dataclasses.replace(game, state=dataclasses.replace(game.state, points=(3, 0)))
    assert over.over
    assert engine.step(over, Command(Timeout("round-1"), None, 99_000)).decision == Accepted(())


def test_a_games_legal_moves_are_worked_out_once_per_seat():
    asked = []

    def legal(state, seat):
        asked.append(seat)
        return toy.SPEC.legal_moves(state, seat)

    game = dataclasses.replace(started(), spec=dataclasses.replace(toy.SPEC, legal_moves=legal))
    first = engine.legal_moves(game, 0)
    assert engine.legal_moves(game, 0) == first and engine.legal_moves(game, 1) == legal(game.state, 1)
    assert engine.legal_moves(dataclasses.replace(game), 0) == first  # an equal game, but another
    assert asked == [0, 1, 1, 0]


def test_legal_moves_kept_for_a_game_are_never_another_games(monkeypatch):
    monkeypatch.setattr(engine, "_known", engine._Known(2))
    games = [started(str(seed)) for seed in range(6)]
    for game in games * 2:  # each pair pushes out the pair before last; none answers for another
        assert engine.legal_moves(game, 0) == toy.SPEC.legal_moves(game.state, 0)
    assert len(engine._known) <= 4
    played = engine.step(games[0], Command(toy.Choose(4), 0, T0 + 1)).game
    assert engine.legal_moves(played, 0) == ()  # chosen already: not the game before's answer
