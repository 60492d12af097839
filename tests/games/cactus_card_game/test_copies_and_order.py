"""Ruling 1 and the owner rulings "Copies are interchangeable", "Order is a secret too" and "What you
may know, you see": a viewer at the table sees a card's kind, never which copy it is; a hand shown to
someone else comes in kind order; the victim of Steal a Card sees its own fan."""

from __future__ import annotations

import dataclasses

from games.cactus_card_game.cards import Card, Kind
from games.cactus_card_game.events import HandShown, HandShuffled, StopPlayed
from games.cactus_card_game.labels import describe_move
from games.cactus_card_game.moves import (
    MOVES,
    DrawCard,
    LetItStand,
    PickCard,
    PlayFreePoint,
    PlayRequestACard,
    PlaySeeAndSteal,
    PlayStealACard,
    Stop,
    TakeCard,
)
from games.cactus_card_game.rules import legal_moves
from games.cactus_card_game.state import State
from games.cactus_card_game.views import CardView, TakenView, player_view
from games.core.codec import encode
from games.core.visibility import SPECTATOR, Event, redact, seat_viewer
from tests.games.cactus_card_game.table import answer_all, play, table
from tests.games.kit import of_type


def kinds(cards: tuple[CardView, ...]) -> tuple[Kind, ...]:
    return tuple(card.kind for card in cards)


def relabelled(state: State, one: int, other: int) -> State:
    """The same table with cards ``one`` and ``other`` (two copies of one kind) trading numbers."""

    def swap(card: Card) -> Card:
        number = {one: other, other: one}.get(card.number or 0, card.number)
        return Card(number, card.kind)

    players = tuple(
        dataclasses.replace(player, hand=tuple(map(swap, player.hand))) for player in state.players
    )
    return dataclasses.replace(
        state,
        players=players,
        draw_pile=tuple(map(swap, state.draw_pile)),
        discards=tuple(map(swap, state.discards)),
    )


def stop_handed_over_then_played(state: State) -> tuple[Event, ...]:
    """Seat 0, dealt a STOP in secret, is handed a second one in public, then STOPs seat 1's point."""
    state, events = play(state, 0, PlayRequestACard(1, "STOP"))
    state, told = answer_all(state, (1, LetItStand()), (2, LetItStand()))
    events += told
    state, told = play(state, 0, DrawCard())
    state, more = play(state, 1, PlayFreePoint())
    state, last = play(state, 0, Stop(0))
    return events + told + more + last


def test_a_stop_played_face_up_shows_its_kind_not_which_copy_it_is():
    # audit L1: the number told seat 2 and the spectators that seat 0 still held the public STOP.
    state = table(["request-a-card stop", "free-point stop", "charlie"])
    events = stop_handed_over_then_played(state)
    (played,) = of_type(events, StopPlayed)
    for viewer in (seat_viewer(2), SPECTATOR, seat_viewer(0)):
        assert redact(played, viewer) == StopPlayed(0, Card(None, Kind.STOP))


def test_two_copies_a_viewer_could_not_follow_can_trade_places_and_it_sees_nothing_change():
    # audit L1: the ruling's own test: relabel two copies, fold, compare all a viewer receives.
    state = table(["request-a-card stop", "free-point stop", "charlie"])
    ours, theirs = (player.hand[1].number for player in state.players[:2])
    events = stop_handed_over_then_played(state)
    swapped = stop_handed_over_then_played(relabelled(state, ours, theirs))
    assert events != swapped  # the log itself still follows each copy
    for viewer in (seat_viewer(2), SPECTATOR):
        assert [redact(event, viewer) for event in events] == [redact(event, viewer) for event in swapped]


def test_views_and_legal_moves_name_cards_by_kind_only():
    # audit L1: the discards, every hand and every move carry no card number.
    state = table(["see-and-steal stop", "walter charlie", "spike"], discards="stop wild", rest=None)
    state, _ = play(state, 0, PlaySeeAndSteal(1))
    state, _ = answer_all(state, (1, LetItStand()), (2, LetItStand()))
    view = player_view(state, seat_viewer(0))
    assert kinds(view.discards) == (Kind.SEE_AND_STEAL, Kind.STOP, Kind.WILD) and kinds(view.hand) == (
        Kind.STOP,
    )
    assert "number" not in str(encode(view))
    assert legal_moves(state, 0) == (TakeCard("CHARLIE"), TakeCard("WALTER"))
    assert describe_move(MOVES.dump(TakeCard("WALTER"))) == "Take a Walter"


def test_see_and_steal_shows_the_hand_in_kind_order_and_offers_the_kinds_in_that_order():
    # audit L2: the last card shown was the one the victim drew in private.
    state = table(["see-and-steal", "spike spike charlie", "stop"], draw="stop walter stop")
    state, _ = play(state, 0, DrawCard())
    state, _ = play(state, 1, DrawCard())  # seat 1 draws the Walter in private
    state, _ = play(state, 2, DrawCard())
    state, _ = play(state, 0, PlaySeeAndSteal(1))
    state, events = answer_all(state, (1, LetItStand()), (2, LetItStand()))
    assert [card.kind for card in state.players[1].hand][-1] is Kind.WALTER
    (shown,) = of_type(events, HandShown)
    order = (Kind.CHARLIE, Kind.SPIKE, Kind.SPIKE, Kind.WALTER)
    assert tuple(card.kind for card in redact(shown, seat_viewer(0)).cards) == order
    view = player_view(state, seat_viewer(0))
    assert kinds(view.seen.cards) == order and view.choice.kinds == (Kind.CHARLIE, Kind.SPIKE, Kind.WALTER)
    assert legal_moves(state, 0) == (TakeCard("CHARLIE"), TakeCard("SPIKE"), TakeCard("WALTER"))


def test_the_victim_of_steal_a_card_sees_its_own_fan_and_nobody_else_does():
    # audit L3: the victim holds the fan facing itself.
    state, _ = play(table(["steal-a-card", "walter spike charlie", "stop"]), 0, PlayStealACard(1))
    state, events = answer_all(state, (1, LetItStand()), (2, LetItStand()))
    (shuffled,) = of_type(events, HandShuffled)
    fan = tuple(card.kind for card in shuffled.order)
    assert tuple(card.kind for card in redact(shuffled, seat_viewer(1)).order) == fan
    assert redact(shuffled, seat_viewer(0)).order is None and redact(shuffled, SPECTATOR).order is None
    assert player_view(state, seat_viewer(1)).choice.fan == fan
    assert player_view(state, seat_viewer(0)).choice.fan is None
    assert player_view(state, seat_viewer(2)).choice.fan is None


def test_the_victim_of_steal_a_card_sees_which_card_was_taken_and_by_whom():
    # Ruling 20, owner ruling "What you may know, you see": the victim watched the card leave its hand.
    state, _ = play(table(["steal-a-card", "walter", "stop"]), 0, PlayStealACard(1))
    state, _ = answer_all(state, (1, LetItStand()), (2, LetItStand()))
    state, _ = play(state, 0, PickCard(0))
    assert player_view(state, seat_viewer(1)).taken == TakenView(0, Kind.WALTER)
    assert player_view(state, seat_viewer(2)).taken is None
    assert player_view(state, SPECTATOR).taken is None
