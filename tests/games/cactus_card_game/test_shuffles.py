"""Every shuffle shuffles (audit U1): the deal ("Shuffle the PLAYING CARDS"), Steal a Card ("Choose a
random card") and the refill ("shuffle the discard pile") each come out in orders that vary with the
match's seed, and none keeps the order the cards were in. Rulings 2, 8 and 12."""

from __future__ import annotations

from games.cactus_card_game.cards import DECK
from games.cactus_card_game.events import CardsShuffled, DrawPileRefilled, HandShuffled
from games.cactus_card_game.moves import DrawCard, LetItStand, PlayStealACard
from games.cactus_card_game.spec import initial_state
from games.core.commands import Begin
from tests.games.cactus_card_game.table import play, table
from tests.games.kit import of_type

SEEDS = [f"u1-{seed}" for seed in range(8)]


def test_the_deal_shuffles_the_playing_cards():
    # audit U1: with no shuffle the deck would come out in its printed order.
    piles = set()
    for seed in SEEDS:
        _, events = play(initial_state({}, 3), None, Begin(), seed=seed)
        (shuffled,) = of_type(events, CardsShuffled)
        assert shuffled.pile != DECK
        piles.add(shuffled.pile)
    assert len(piles) == len(SEEDS)


def test_steal_a_card_shuffles_the_victims_fan_so_no_position_is_a_known_card():
    # audit U1: unshuffled, position 0 would always be the victim's oldest card.
    state, _ = play(table(["steal-a-card", "charlie walter stop spike wild", "spike"]), 0, PlayStealACard(1))
    state, _ = play(state, 1, LetItStand())
    held = state.players[1].hand
    orders = []
    for seed in SEEDS:
        _, events = play(state, 2, LetItStand(), seed=seed)
        (shuffled,) = of_type(events, HandShuffled)
        assert set(shuffled.order) == set(held) and len(shuffled.order) == len(held)
        orders.append(shuffled.order)
    assert len({order[0] for order in orders}) > 1 and held not in orders


def test_the_refill_shuffles_the_discard_pile():
    # audit U1: the discards, top first, are not the new draw pile's order.
    state = table(["charlie", "charlie"], discards="walter spike stop wild draw-3 swap-hands", rest=None)
    piles = set()
    for seed in SEEDS:
        _, events = play(state, 0, DrawCard(), seed=seed)
        (refilled,) = of_type(events, DrawPileRefilled)
        piles.add(refilled.pile)
    assert len(piles) > 1 and state.discards not in piles
