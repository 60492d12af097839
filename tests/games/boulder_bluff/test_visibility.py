"""What each viewer sees (games.boulder_bluff.views): hands, face-down cards, chalk, and secrets()
scanned in every viewer's view and redacted events, as tests/conformance/test_redaction.py does."""

from __future__ import annotations

import json

from games.boulder_bluff import SPEC
from games.boulder_bluff.cards import A_SNAKE, SNAKES, Colour
from games.boulder_bluff.events import SnakeShown, StaysRevealed, TroutAdded, Withdrew
from games.boulder_bluff.moves import ChalkUp, ClimbBoulder, Join, PlayCard, Stay, StayOff, Withdraw
from games.core import engine
from games.core.codec import encode
from games.core.commands import Timeout
from games.core.visibility import OMNISCIENT, SPECTATOR, redact, seat_viewer
from tests.conformance.playouts import playout
from tests.games.boulder_bluff.table import act, begun, boulder, holding, plain

G, O, P = Colour.GREEN, Colour.ORANGE, Colour.PURPLE  # noqa: E741 - the colours' initials


def _json(value):
    return json.dumps(encode(value), separators=(",", ":"), sort_keys=True)


def started_climb():
    """The active player has played a 5 face up and a 3 face down, and chalked up."""
    from dataclasses import replace

    state = begun(2)
    me = state.active
    five, three = plain(5, (G,), P), plain(3, (G,), G)
    state = holding(state, me, five, three, plain(2, (G,), G))
    state = replace(state, table=replace(state.table, row=(boulder(4, G), *state.row[1:])))
    state, _ = act(state, me, ClimbBoulder(state.row[0].number))
    state, _ = act(state, me, PlayCard(five.number, False))
    state, told = act(state, me, PlayCard(three.number, True))
    state, chalked = act(state, me, ChalkUp())
    return state, me, three, told + chalked


def test_hands_are_private_and_sizes_public():
    state = begun(3)
    for seat in range(3):
        view = SPEC.player_view(state, seat_viewer(seat))
        assert view.hand == tuple(sorted(state.players[seat].hand, key=lambda c: c.number))
        assert all(p.hand is None and p.hand_size == 5 for p in view.players)
    assert SPEC.player_view(state, SPECTATOR).hand == ()
    assert SPEC.player_view(state, OMNISCIENT).players[0].hand is not None


def test_a_face_down_card_is_hidden_from_the_others_until_the_reveal():
    state, me, three, told = started_climb()
    mine = SPEC.player_view(state, seat_viewer(me)).climb.climbers[0]
    theirs = SPEC.player_view(state, seat_viewer(1 - me)).climb.climbers[0]
    assert mine.hidden == (three,) and theirs.hidden is None and theirs.face_down_count == 1
    assert all(_json(three) not in _json(redact(event, seat_viewer(1 - me))) for event in told)
    assert theirs.chalk == mine.chalk and len(theirs.chalk) == 1  # chalk is public once drawn


def test_the_reveal_shows_face_down_cards_to_everyone():
    state, me, three, _ = started_climb()
    other = 1 - me
    state = holding(state, other, plain(4, (G,), G), plain(2, (O,), G))
    state, _ = act(state, other, Join())
    state, _ = act(state, other, PlayCard(plain(4, (G,), G).number, False))
    state, told = act(state, other, ChalkUp())
    assert any(_json(three) in _json(redact(e, SPECTATOR)) for e in told)


def test_after_a_solo_climb_the_face_down_card_is_never_named_to_the_others():
    state, me, three, told = started_climb()
    state, after = act(state, 1 - me, StayOff())
    for event in told + after:
        for viewer in (SPECTATOR, seat_viewer(1 - me)):
            assert _json(three) not in _json(redact(event, viewer))


def test_no_secret_reaches_any_viewer_with_or_without_the_expansion():
    checked = 0
    for seed in range(12):
        result = playout(SPEC, seed)
        game = engine.new_game(SPEC, result.options, result.seats, result.seed)
        for event in result.log:
            game = engine.evolve(game, event)
            for viewer in (SPECTATOR, *(seat_viewer(s) for s in range(result.seats))):
                secrets = [_json(secret) for secret in SPEC.secrets(game.state, viewer)]
                seen = _json(engine.view(game, viewer)) + _json(redact(event, viewer))
                assert not [s for s in secrets if s in seen], (seed, game.version, viewer)
                checked += len(secrets)
    assert checked


def snake_countdown(snake=SNAKES[0]):
    """The active player climbs with a 5 face up and ``snake`` face down; the other joins."""
    from dataclasses import replace

    state = begun(2, animalKingdom=True, snakeSeconds=3)
    me, other = state.active, 1 - state.active
    state = holding(state, me, plain(5, (G,), P), snake)
    state = holding(state, other, plain(4, (G,), G))
    state = replace(state, table=replace(state.table, row=(boulder(9, G), *state.row[1:])))
    for seat, move in (
        (me, ClimbBoulder(boulder(9, G).number)),
        (me, PlayCard(plain(5, (G,), P).number, False)),
        (me, PlayCard(snake.number, True)),
        (me, ChalkUp()),
        (other, Join()),
        (other, PlayCard(plain(4, (G,), G).number, False)),
        (other, ChalkUp()),
    ):
        state, told = act(state, seat, move)
    return state, me, other, told


def test_the_snake_countdown_hides_who_has_already_chosen():
    """Ruling 15 (audit L1): silence stays, so an early choice is nobody else's to see: not in the
    events, not in whom the view says the match waits on; the round runs to its deadline."""
    state, me, other, _ = snake_countdown()
    before = SPEC.player_view(state, seat_viewer(other))
    state, told = act(state, me, Withdraw())
    assert [redact(event, seat_viewer(other)) for event in told] == [None]
    assert [redact(event, SPECTATOR) for event in told] == [None]
    after = SPEC.player_view(state, seat_viewer(other))
    assert after.waiting_on == before.waiting_on == tuple(sorted((me, other)))
    assert SPEC.player_view(state, SPECTATOR).waiting_on == after.waiting_on
    assert SPEC.shown_waiting_on is not None  # what the API's Match.waitingOn serves
    assert SPEC.shown_waiting_on(state) == {me, other} != SPEC.waiting_on(state)
    state, told = act(state, other, Stay())
    assert state.snake is not None and not state.snake.closed  # everyone chose: it still runs
    (countdown,) = SPEC.deadlines(state)
    state, told = act(state, None, Timeout(countdown.id), at=countdown.at)
    assert StaysRevealed(f"snake-{state.climbs}", {me: False, other: True}) in told and Withdrew(me) in told


def test_nobody_else_can_tell_which_sneaky_snake_was_shown():
    """Copies are interchangeable: the third Snake, shown, reads as a Snake (no copy's number) to the
    other climber and a spectator, in the event and the view; its player sees its own card."""
    state, me, other, told = snake_countdown(SNAKES[2])
    shown = next(event for event in told if isinstance(event, SnakeShown))
    assert redact(shown, seat_viewer(me)).card == SNAKES[2]
    assert redact(shown, seat_viewer(other)).card == redact(shown, SPECTATOR).card == A_SNAKE
    theirs = SPEC.player_view(state, seat_viewer(other)).climb.climbers[0]
    assert A_SNAKE in theirs.face_up and SNAKES[2] not in theirs.face_up
    assert SNAKES[2] in SPEC.player_view(state, seat_viewer(me)).climb.climbers[0].face_up
    added = TroutAdded(other, (SNAKES[1], plain(4, (G,), G)))
    assert redact(added, seat_viewer(other)) == TroutAdded(other, (A_SNAKE, plain(4, (G,), G)))


def test_which_sneaky_snake_was_shown_stays_a_secret_of_everyone_else():
    """Copies are interchangeable: the others saw only a Snake, so which one it is stays among their
    secrets on the table and after its player withdraws it into hand (the 5 shown with it does not)."""
    state, me, other, _ = snake_countdown(SNAKES[2])
    for viewer in (SPECTATOR, seat_viewer(other)):
        assert SNAKES[2] in SPEC.secrets(state, viewer)
    assert SNAKES[2] not in SPEC.secrets(state, seat_viewer(me))
    state, _ = act(state, me, Withdraw())
    state, _ = act(state, other, Stay())
    (countdown,) = SPEC.deadlines(state)
    state, _ = act(state, None, Timeout(countdown.id), at=countdown.at)
    assert SNAKES[2] in state.players[me].hand
    secret = SPEC.secrets(state, seat_viewer(other))
    assert SNAKES[2] in secret and plain(5, (G,), P) not in secret
