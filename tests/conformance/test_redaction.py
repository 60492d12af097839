"""No viewer ever gets what its seat may not know: not in views, not in events, at any point."""

import json

from games.core import engine
from games.core.codec import encode
from games.core.visibility import PUBLIC, SPECTATOR, redact, seat_viewer
from tests.conformance.playouts import playout

MATCHES = 40
# Every viewer's view and events at every version is the suite's costliest check (about 20 s a game for
# every 10 matches): half as many matches as the cheaper checks below.
SEARCHED_MATCHES = 20


def _json(value):
    return json.dumps(encode(value), separators=(",", ":"), sort_keys=True)


def _viewers(seats):
    return (SPECTATOR, *(seat_viewer(seat) for seat in range(seats)))


def test_no_secret_reaches_any_viewer_in_views_or_events(spec):
    checked = 0
    for seed in range(SEARCHED_MATCHES):
        result = playout(spec, seed)
        game = engine.new_game(spec, result.options, result.seats, result.seed)
        for event in result.log:
            game = engine.evolve(game, event)
            for viewer in _viewers(result.seats):
                secrets = [_json(secret) for secret in spec.secrets(game.state, viewer)]
                if not secrets:
                    continue
                seen = _json(engine.view(game, viewer)) + _json(redact(event, viewer))
                checked += len(secrets)
                leaked = [secret for secret in secrets if secret in seen]
                assert not leaked, f"seed {seed} v{game.version} {viewer}: {leaked[0]} leaked"
    assert checked or spec.key == "odds-and-evens", "a game with hidden cards must declare its secrets"


def test_a_public_form_is_public(spec):
    for seed in range(MATCHES):
        for event in playout(spec, seed).log:
            shadow = event.public_form()
            if shadow is not None:
                assert shadow.audience() == PUBLIC, type(event).__name__


def test_what_a_viewer_sees_of_an_event_depends_only_on_its_audience(spec):
    for seed in range(MATCHES):
        result = playout(spec, seed)
        for event in result.log:
            for viewer in _viewers(result.seats):
                shown = event if viewer.sees(event.audience()) else event.public_form()
                assert redact(event, viewer) == (None if shown is None else shown.table_form())
