"""What you may know, you see (owner ruling; Cliffs L1 and U4, Cactus L3, Racesmack U4): the oracle
follows each seat's knowledge through the match (``knowledge.Knowledge``) and checks both directions.

- Nothing unknown is shown: a card the table hides and the seat does not know is among the game's
  ``secrets`` for it (which the redaction suite and the service oracle search every response for),
  and no surface names such a card by its identity alone (a bare id in a legal move or a prompt).
- What a seat may know is shown: a card an event shows to some seats and not to the spectator (its
  own face-down play, a card taken from its hand, a hand shown to it) is in that seat's view after
  the event, so a client or a bot that sees only the view knows it too.
"""

import json

from games.core import engine
from games.core.visibility import SPECTATOR, redact, seat_viewer
from tests.conformance.knowledge import Knowledge, hidden_from_table
from tests.conformance.labels import cards_in, received, relabelled, renamed, shown_in, versions
from tests.conformance.playouts import playout

MATCHES = 6
RENAMED_EVENTS = 1_000  # events folded twice, every surface per viewer: matches until this many
OFFSET = 100_000  # past any identity a card has, so a renamed one is told from every other


def _viewers(seats):
    return (SPECTATOR, *(seat_viewer(seat) for seat in range(seats)))


def test_what_a_seat_cannot_know_is_among_its_secrets(spec):
    if spec.copies is None:
        return
    for seed in range(MATCHES):
        result = playout(spec, seed)
        models = [Knowledge(spec.copies, viewer) for viewer in _viewers(result.seats)]
        start = engine.new_game(spec, result.options, result.seats, result.seed)
        for version, (game, event) in enumerate(versions(start, result.log), start=1):
            hidden = hidden_from_table(game, spec.copies)
            for model in models:
                model.after(game, event)
                unguarded = hidden - model.known - set(spec.secrets(game.state, model.viewer))
                assert not unguarded, (
                    f"seed {seed} v{version}: {model.viewer} cannot know {sorted(map(str, unguarded))[0]}, "
                    "which the table hides, but the game's secrets leave it out"
                )


def test_no_surface_names_a_secret_card_by_its_identity(spec):
    """Every card renamed (its identity moved ``OFFSET`` on): wherever a surface changes by exactly
    that, it names the card, which must not be a secret of the viewer then."""
    if spec.copies is None:
        return
    for seed, result in _matches(spec, RENAMED_EVENTS):
        deck = set(cards_in(result.log, spec.copies))
        names = renamed(spec.copies, deck, OFFSET)
        by_identity = {}
        for card in deck:
            by_identity.setdefault(getattr(card, spec.copies.identity), []).append(card)
        start = engine.new_game(spec, result.options, result.seats, result.seed)
        twins = versions(start, relabelled(result.log, names, spec.copies))
        for version, ((game, event), (twin, twin_event)) in enumerate(
            zip(versions(start, result.log), twins, strict=True), start=1
        ):
            for viewer in _viewers(result.seats)[1:]:  # seats: the spectator's surfaces are all in theirs
                secret = set(spec.secrets(game.state, viewer))
                if not secret:
                    continue
                got, twin_got = received(game, event, viewer), received(twin, twin_event, viewer)
                for surface, shown in got.surfaces().items():
                    for identity in _identities(json.loads(shown), json.loads(twin_got.surfaces()[surface])):
                        cards = by_identity.get(identity, [])
                        assert not (len(cards) == 1 and cards[0] in secret), (
                            f"seed {seed} v{version}: {viewer}'s {surface} names its secret {cards[0]} by its "
                            f"identity {identity}"
                        )


def _matches(spec, events):
    """Seeded playouts until their logs hold ``events`` events: short matches let more option
    combinations in (Racesmack's After You with Time Penalty first comes with seed 9)."""
    seed = played = 0
    while played < events:
        result = playout(spec, seed)
        yield seed, result
        played += len(result.log)
        seed += 1


def _identities(shown, renamed_shown):
    """The values ``shown`` holds where ``renamed_shown`` holds them moved by ``OFFSET``."""
    stack = [(shown, renamed_shown)]
    while stack:
        a, b = stack.pop()
        if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
            stack.extend((a[key], b[key]) for key in a)
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            stack.extend(zip(a, b, strict=True))
        elif isinstance(a, int) and isinstance(b, int) and b - a == OFFSET:
            yield a
        elif (
            isinstance(a, str)
            and isinstance(b, str)
            and a.isdigit()
            and b.isdigit()
            and int(b) - int(a) == OFFSET
        ):
            yield int(a)


def test_a_seat_is_shown_what_an_event_showed_it_alone(spec):
    if spec.copies is None:
        return
    for seed in range(MATCHES):
        result = playout(spec, seed)
        start = engine.new_game(spec, result.options, result.seats, result.seed)
        for version, (game, event) in enumerate(versions(start, result.log), start=1):
            public = set(cards_in(redact(event, SPECTATOR), spec.copies))
            for viewer in _viewers(result.seats)[1:]:
                private = set(cards_in(redact(event, viewer), spec.copies)) - public
                view = engine.view(game, viewer)
                missing = {card for card in private if not shown_in(card, view, spec.copies)}
                assert not missing, (
                    f"seed {seed} v{version}: {type(event).__name__} showed {viewer} {sorted(map(str, missing))[0]}, "
                    "which its view then hides"
                )
