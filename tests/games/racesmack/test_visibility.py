"""What each viewer gets, in ``player_view`` and in redacted events: every private fact hidden from
every other seat and from spectators; what the reveal shows, shown to all."""

import json

import pytest

from games.core import engine
from games.core.codec import encode
from games.core.commands import Begin
from games.core.sealed import SeatReady
from games.core.visibility import SPECTATOR, Viewer, redact, seat_viewer
from games.racesmack import SPEC
from games.racesmack.events import CardDrawn, CardPlayed, DeckShuffled, HandDealt
from games.racesmack.moves import PlayCard
from games.racesmack.spec import initial_state
from games.racesmack.views import player_view
from tests.conformance.playouts import steps
from tests.games.kit import of_type
from tests.games.racesmack.table import by_id, moves, play, table, tap


def text(value: object) -> str:
    return json.dumps(encode(value), separators=(",", ":"), sort_keys=True)


def others(seat: int, seats: int) -> tuple[Viewer, ...]:
    """Every viewer but ``seat``: the other seats and a spectator."""
    return (SPECTATOR, *(seat_viewer(other) for other in range(seats) if other != seat))


def test_a_hand_is_seen_by_its_seat_only():
    state = table([[1, 5], [2, 6], [3, 7]])
    assert player_view(state, seat_viewer(0)).hand == (by_id(1), by_id(5))
    for viewer in others(0, 3):
        view = player_view(state, viewer)
        assert view.players[0].hand is None and view.players[0].hand_size == 2
        assert text(by_id(1)) not in text(view) and text(by_id(5)) not in text(view)


def test_dealt_and_drawn_cards_reach_only_their_seat():
    state, events = play(initial_state({}, 3), None, Begin())
    (shuffled,) = of_type(events, DeckShuffled)
    for viewer in (SPECTATOR, *map(seat_viewer, range(3))):
        assert redact(shuffled, viewer) == DeckShuffled(None, shuffled.size)  # nobody sees the order
        assert player_view(state, viewer).draw_pile_size == len(state.draw_pile)
    for dealt in of_type(events, HandDealt):
        assert redact(dealt, seat_viewer(dealt.seat)) == dealt
        assert all(redact(dealt, viewer).cards is None for viewer in others(dealt.seat, 3))
    drawn = CardDrawn(1, by_id(9))
    assert all(redact(drawn, viewer).card is None for viewer in others(1, 3))


def test_a_sealed_card_shows_others_only_that_its_seat_is_ready():
    state = table([[1, 5], [2, 6], [3, 7]])
    state, events = moves(state, (0, PlayCard(5)))
    (sealed,) = of_type(events, CardPlayed)
    assert player_view(state, seat_viewer(0)).played == by_id(5)
    for viewer in others(0, 3):
        assert isinstance(redact(sealed, viewer), SeatReady)
        view = player_view(state, viewer)
        assert view.played is None and view.row == () and view.players[0].ready
        assert text(by_id(5)) not in text(view) + text(redact(sealed, viewer))


def test_after_the_reveal_the_played_row_is_public():
    state, _ = moves(table([[1, 5], [2, 6], [9, 7]]), (0, PlayCard(5)), (1, PlayCard(2)), (2, PlayCard(9)))
    rows = {text(player_view(state, viewer).row) for viewer in (SPECTATOR, *map(seat_viewer, range(3)))}
    (row,) = rows
    assert all(text(by_id(card)) in row for card in (5, 2, 9))


def test_after_you_a_blind_pile_is_hidden_from_its_owner_too():
    """Ruling 21."""
    state, events = play(initial_state({"afterYou": True}, 3), None, Begin())
    for dealt in of_type(events, HandDealt):
        assert redact(dealt, seat_viewer(dealt.seat)).cards is None
        assert player_view(state, seat_viewer(dealt.seat)).hand == ()


def test_a_questions_options_go_to_the_asked_seat_only():
    state, _ = moves(table([[1, 3], [2, 4], [5, 7]]), (0, PlayCard(1)), (1, PlayCard(2)), (2, PlayCard(5)))
    state, _ = moves(state, (2, tap(1)), (0, tap(2)), (1, tap(5)))
    for ask in player_view(state, seat_viewer(2)).asks:
        assert (ask.options is not None) == (ask.seat == 2)
    for viewer in others(2, 3):
        assert all(ask.options is None for ask in player_view(state, viewer).asks if ask.seat == 2)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"racingRules": True, "timePenalty": True},
        {"afterYou": True},
        {"afterYou": True, "tiebreaker": True},
        {"afterYou": True, "timePenalty": True},  # audit U4: the blind pile's hand-card penalty
    ],
)
def test_no_secret_reaches_any_viewer_in_views_or_redacted_events(options):
    """``secrets()`` of every viewer, at every version of random matches, never in its view or events."""
    checked = 0
    for seed in range(6):
        seats = 2 + seed % 5
        for _, after, step in steps(SPEC, seats, f"seen-{seed}", {**SPEC.options.defaults(), **options}):
            for viewer in (SPECTATOR, *map(seat_viewer, range(seats))):
                secrets = [text(secret) for secret in SPEC.secrets(after.state, viewer)]
                seen = text(engine.view(after, viewer)) + "".join(
                    text(redact(event, viewer)) for event in step.events
                )
                assert not [secret for secret in secrets if secret in seen], (seed, viewer)
                checked += len(secrets)
                if viewer.seat is not None:  # audit U4: an id alone names a card too
                    ids = {card.id for card in SPEC.secrets(after.state, viewer)}
                    named = {getattr(move, "card", None) for move in engine.legal_moves(after, viewer.seat)}
                    assert not ids & named, (seed, viewer, ids & named)
    assert checked
