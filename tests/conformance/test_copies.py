"""Copies are interchangeable (owner ruling; Cactus L1, Racesmack U4): for each viewer, relabelling two
copies of one kind that the viewer could not follow leaves everything it receives unchanged.

What "could not follow" means here. A relabelling swaps two cards of one kind (``GameSpec.copies``:
equal in every field but the identity) throughout a match's log, from the shuffle that dealt them to
the end. A viewer *could follow* a card when, at some version, it was shown that card and the
spectator was not: it held it, played it face down, or was shown it in private (a hand shown to it).
At a table such a card never left its sight or its hand, so its name may differ between the two
matches. Any other card reached the viewer only face up, out of a hand or a shuffled deck, or never
at all: at a table it could be any copy of its kind. Swapping two such cards must leave identical
every view at every version, every redacted event, and (for a seat) every legal move and its label:
a card in public carries its kind and its place, never which copy it is.

The swapped pair is drawn from the seeded stream, one per viewer and match, the first card among
those seen in public when there are some (a card never shown cannot give a copy away).
"""

from collections import defaultdict

from games.core import engine
from games.core.chance import Chance
from games.core.visibility import SPECTATOR, seat_viewer
from tests.conformance.labels import cards_in, difference, received, relabelled, shown_cards, swap, versions
from tests.conformance.playouts import playout

MATCHES = 6


def test_a_viewer_cannot_tell_two_copies_it_could_not_follow_apart(spec):
    if spec.copies is None:
        return
    for seed in range(MATCHES):
        result = playout(spec, seed)
        start = engine.new_game(spec, result.options, result.seats, result.seed)
        viewers = (SPECTATOR, *(seat_viewer(seat) for seat in range(result.seats)))
        followed, public = _followed(spec, start, result.log, viewers)
        deck = set(cards_in(result.log, spec.copies))
        for viewer in viewers:
            pair = _pair(spec.copies, deck - followed[viewer], public, Chance(f"copies:{seed}:{viewer}", 0))
            if pair is not None:
                _same_for(viewer, start, result.log, relabelled(result.log, swap(*pair), spec.copies), pair)


def _same_for(viewer, start, log, other, pair):
    """``viewer`` receives the same from both logs at every version."""
    matches = zip(versions(start, log), versions(start, other), strict=True)
    for version, ((game, event), (twin, twin_event)) in enumerate(matches, start=1):
        expected, got = received(game, event, viewer), received(twin, twin_event, viewer)
        for surface, shown in got.surfaces().items():
            assert shown == expected.surfaces()[surface], (
                f"seed {start.seed}, {viewer} tells {pair[0]} from {pair[1]} apart by the {surface} at "
                f"v{version}: {difference(expected.surfaces()[surface], shown)}"
            )


def _followed(spec, start, log, viewers):
    """The cards each viewer was shown while the spectator was not, and every card seen in public."""
    followed = {viewer: set() for viewer in viewers}
    public = set()
    for game, event in versions(start, log):
        shown = {viewer: shown_cards(game, event, viewer) for viewer in viewers}
        public |= shown[SPECTATOR]
        for viewer in viewers:
            followed[viewer] |= shown[viewer] - shown[SPECTATOR]
    return followed, public


def _pair(copies, cards, public, chance):
    """Two copies of one kind among ``cards``, the first seen in public if any such pair was."""
    kinds = defaultdict(list)
    for card in sorted(cards, key=lambda card: getattr(card, copies.identity)):
        kinds[copies.kind(card)].append(card)
    alike = [copies_ for copies_ in kinds.values() if len(copies_) > 1]
    if not alike:
        return None
    shown = [card for copies_ in alike for card in copies_ if card in public]
    first = chance.pick(shown) if shown else chance.pick(chance.pick(alike))
    second = chance.pick([card for card in kinds[copies.kind(first)] if card != first])
    return first, second
