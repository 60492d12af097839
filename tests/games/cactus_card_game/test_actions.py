"""Every action card (rulebook: ACTION CARDS) and when it can no longer be STOPPED: Rulings 4 to 15."""

import pytest

from games.cactus_card_game.cards import Kind
from games.cactus_card_game.checks import Code
from games.cactus_card_game.events import (
    ActionPlayed,
    CardsDrawn,
    CardStolen,
    CardTaken,
    HandShown,
    HandShuffled,
    HandsSwapped,
    PointsEarned,
    PointStolen,
    RequestAnswered,
)
from games.cactus_card_game.moves import (
    DrawCard,
    LetItStand,
    PickCard,
    PlayDrawThree,
    PlayFreePoint,
    PlayRequestACard,
    PlaySeeAndSteal,
    PlayStealACard,
    PlayStealAPoint,
    PlaySwapHands,
    Stop,
    TakeCard,
)
from games.cactus_card_game.rules import deadlines, legal_moves, waiting_on
from games.core.commands import Timeout
from games.core.turns import TurnEnded
from tests.games.cactus_card_game.table import hand, play, rejection, table, time_out
from tests.games.kit import T0, of_type

# --- Free Point ---


def test_a_free_point_earns_a_point_from_the_pile_and_ends_the_turn():
    state, _ = play(table(["free-point charlie", "charlie"]), 0, PlayFreePoint())
    state, events = play(state, 1, LetItStand())
    assert of_type(events, PointsEarned) == [PointsEarned(0, 1, "free point")]
    assert state.point_pile == 29 and of_type(events, TurnEnded) == [TurnEnded(0, "point")]


def test_a_stopped_free_point_earns_nothing_and_keeps_the_turn():
    state, _ = play(table(["free-point charlie", "stop"]), 0, PlayFreePoint())
    state, _ = play(state, 1, Stop(0))
    state, events = play(state, 0, LetItStand())
    assert not of_type(events, PointsEarned) and state.active == 0 and state.players[0].points == 0


def test_a_free_point_from_an_empty_point_pile_earns_nothing_and_the_turn_goes_on():
    """Ruling 14."""
    state, _ = play(table(["free-point", "charlie"], point_pile=0), 0, PlayFreePoint())
    state, events = play(state, 1, LetItStand())
    assert not of_type(events, PointsEarned) and state.active == 0


# --- Steal a Point ---


def test_steal_a_point_moves_a_point_from_the_victim_to_the_thief_and_ends_the_turn():
    state = table(["steal-a-point", "charlie", "charlie"], points={2: 3})
    state, _ = play(state, 0, PlayStealAPoint(2))
    state, _ = play(state, 1, LetItStand())
    state, events = play(state, 2, LetItStand())
    assert of_type(events, PointStolen) == [PointStolen(0, 2)]
    assert [player.points for player in state.players] == [1, 0, 2]
    assert of_type(events, TurnEnded) == [TurnEnded(0, "point")] and state.point_pile == 27


def test_steal_a_point_needs_a_victim_with_a_point():
    """Ruling 14."""
    state = table(["steal-a-point", "charlie", "charlie"], points={2: 1})
    assert rejection(state, 0, PlayStealAPoint(1)) == Code.NO_POINTS_TO_STEAL
    assert {move.victim for move in legal_moves(state, 0) if isinstance(move, PlayStealAPoint)} == {2}


@pytest.mark.parametrize("victim", [0, 3, -1])
def test_a_victim_is_another_player_still_in_the_match(victim):
    """Ruling 7."""
    state = table(["steal-a-point see-and-steal", "charlie", "charlie", ""], points={0: 1, 3: 1}, out=[3])
    assert rejection(state, 0, PlayStealAPoint(victim)) == Code.NOT_A_TARGET
    assert rejection(state, 0, PlaySeeAndSteal(victim)) == Code.NOT_A_TARGET


# --- Swap Hands ---


@pytest.mark.parametrize(("first", "second"), [(0, 2), (1, 2), (2, 0)])
def test_swap_hands_swaps_any_two_players_hands_the_actor_included_and_the_turn_goes_on(first, second):
    state, _ = play(table(["swap-hands charlie", "spike", "walter wild"]), 0, PlaySwapHands(first, second))
    before = [player.hand for player in state.players]
    state, events = play(state, 1, LetItStand())
    state, events = play(state, 2, LetItStand())
    assert of_type(events, HandsSwapped) == [HandsSwapped(first, second)]
    assert state.players[first].hand == before[second] and state.players[second].hand == before[first]
    assert state.active == 0


def test_swap_hands_needs_two_different_players_still_in_the_match():
    state = table(["swap-hands", "charlie", ""], out=[2])
    assert rejection(state, 0, PlaySwapHands(1, 1)) == Code.NOT_A_TARGET
    assert rejection(state, 0, PlaySwapHands(0, 2)) == Code.NOT_A_TARGET
    assert {(m.first, m.second) for m in legal_moves(state, 0) if isinstance(m, PlaySwapHands)} == {
        (0, 1),
        (1, 0),
    }


def test_swap_hands_can_not_be_stopped_after_the_hands_have_been_swapped():
    """Ruling 4: the hands swap only once the window has closed, when no STOP can come any more."""
    state = table(["swap-hands", "charlie", "stop"])
    state, _ = play(state, 0, PlaySwapHands(1, 2))
    assert hand(state, 1) == ["charlie"] and hand(state, 2) == ["stop"]
    state, _ = play(state, 1, LetItStand())
    state, _ = play(state, 2, LetItStand())
    assert hand(state, 1) == ["stop"] and state.window is None
    assert rejection(state, 1, Stop(0)) == Code.WINDOW_CLOSED


def test_a_stopped_swap_hands_swaps_nothing():
    state, _ = play(table(["swap-hands", "charlie", "stop"]), 0, PlaySwapHands(0, 1))
    state, _ = play(state, 2, Stop(0))
    state, events = play(state, 0, LetItStand())
    state, events = play(state, 1, LetItStand())
    assert not of_type(events, HandsSwapped) and hand(state, 1) == ["charlie"]


# --- See and Steal ---


def test_see_and_steal_shows_the_victims_hand_to_the_actor_who_takes_the_card_of_its_choice():
    state = table(["see-and-steal", "charlie walter stop", "spike"])
    state, _ = play(state, 0, PlaySeeAndSteal(1))
    state, _ = play(state, 1, LetItStand())
    state, events = play(state, 2, LetItStand(), at=T0 + 100)
    (shown,) = of_type(events, HandShown)
    assert set(shown.cards) == set(state.players[1].hand) and shown.deadline == T0 + 100 + 15_000
    assert waiting_on(state) == frozenset({0})
    walter = state.players[1].hand[1]
    assert legal_moves(state, 0) == (TakeCard("CHARLIE"), TakeCard("WALTER"), TakeCard("STOP"))
    state, events = play(state, 0, TakeCard("WALTER"))
    assert of_type(events, CardTaken) == [CardTaken(0, 1, walter)]
    assert hand(state, 0) == ["walter"] and hand(state, 1) == ["charlie", "stop"]
    assert state.active == 0 and state.choice is None


def test_see_and_steal_can_not_be_stopped_after_the_hand_has_been_looked_at():
    """Ruling 4: the hand is shown only once the window has closed."""
    state, events = play(table(["see-and-steal", "charlie stop"]), 0, PlaySeeAndSteal(1))
    assert not of_type(events, HandShown)
    state, events = play(state, 1, LetItStand())
    assert of_type(events, HandShown) and rejection(state, 1, Stop(0)) == Code.WINDOW_CLOSED


def test_a_see_and_steal_pick_not_made_in_time_takes_a_card_drawn_by_chance_not_the_first_shown():
    """Ruling 11 (owner ruling "Default targets carry no seat bias"): silence favours no card."""
    state, _ = play(table(["see-and-steal", "walter charlie"]), 0, PlaySeeAndSteal(1))
    state, _ = play(state, 1, LetItStand())
    assert [deadline.id for deadline in deadlines(state)] == ["choice-1"]
    _, stale = time_out(state, "play-1/0")
    assert stale == ()
    taken = set()
    for seed in range(12):
        _, events = play(state, None, Timeout("choice-1"), at=T0 + 15_000, seed=f"s{seed}")
        (card,) = of_type(events, CardTaken)
        taken.add(card.card.kind)
    assert taken == {Kind.WALTER, Kind.CHARLIE}


def test_a_choice_timeout_after_the_pick_changes_nothing():
    """Ruling 19."""
    state, _ = play(table(["see-and-steal", "walter charlie"]), 0, PlaySeeAndSteal(1))
    state, _ = play(state, 1, LetItStand())
    state, _ = play(state, 0, TakeCard("CHARLIE"))
    after, events = time_out(state, "choice-1", at=T0 + 15_000)
    assert events == () and after == state


def test_see_and_steal_on_a_player_left_with_no_cards_does_nothing():
    """The victim played its only card, a STOP, which was stopped: there is no hand to look at."""
    state, _ = play(table(["see-and-steal", "stop", "stop"]), 0, PlaySeeAndSteal(1))
    state, _ = play(state, 1, Stop(0))
    state, _ = play(state, 2, Stop(1))
    state, events = play(state, 0, LetItStand())
    state, events = play(state, 1, LetItStand())
    assert not of_type(events, HandShown) and state.choice is None and state.active == 0


def test_only_the_actor_may_pick_and_only_a_card_it_was_shown():
    state, _ = play(table(["see-and-steal", "walter charlie", "spike"]), 0, PlaySeeAndSteal(1))
    state, _ = play(state, 1, LetItStand())
    state, _ = play(state, 2, LetItStand())
    assert rejection(state, 1, TakeCard(state.players[1].hand[0].number)) == Code.NOT_WAITING_FOR_YOU
    assert rejection(state, 0, TakeCard(state.players[2].hand[0].number)) == Code.NOT_AN_OPTION
    assert rejection(state, 0, PickCard(0)) == Code.NO_CHOICE
    assert rejection(state, 0, DrawCard()) == Code.CHOICE_OPEN


# --- Steal a Card ---


def test_steal_a_card_shuffles_the_victims_hand_and_the_actor_takes_a_card_blind():
    state = table(["steal-a-card", "charlie walter stop spike", "spike"])
    state, _ = play(state, 0, PlayStealACard(1))
    state, _ = play(state, 1, LetItStand())
    state, events = play(state, 2, LetItStand())
    (shuffled,) = of_type(events, HandShuffled)
    assert sorted(shuffled.order, key=lambda card: card.number) == sorted(
        state.players[1].hand, key=lambda card: card.number
    )
    assert legal_moves(state, 0) == tuple(PickCard(position) for position in range(4))
    state, events = play(state, 0, PickCard(2))
    assert of_type(events, CardStolen) == [CardStolen(0, 1, 2, shuffled.order[2])]
    assert state.players[0].hand == (shuffled.order[2],) and len(state.players[1].hand) == 3


def test_a_steal_a_card_pick_not_made_in_time_takes_the_first_position():
    """Ruling 12."""
    state, _ = play(table(["steal-a-card", "charlie walter"]), 0, PlayStealACard(1))
    state, events = play(state, 1, LetItStand())
    order = of_type(events, HandShuffled)[0].order
    state, events = time_out(state, "choice-1")
    assert of_type(events, CardStolen) == [CardStolen(0, 1, 0, order[0])]


def test_steal_a_card_can_only_be_stopped_before_any_card_has_been_taken():
    state, events = play(table(["steal-a-card", "charlie stop"]), 0, PlayStealACard(1))
    assert not of_type(events, HandShuffled)
    state, _ = play(state, 1, LetItStand())
    assert rejection(state, 1, Stop(0)) == Code.WINDOW_CLOSED
    assert rejection(state, 0, PickCard(2)) == Code.NOT_AN_OPTION


# --- Request a Card ---


def test_request_a_card_hands_over_a_card_of_the_kind_asked_for_in_front_of_everyone():
    """Ruling 13: the server plays the honour system with the victim's first card of that kind."""
    state = table(["request-a-card", "charlie walter walter", "spike"])
    walter = state.players[1].hand[1]
    state, events = play(state, 0, PlayRequestACard(1, "WALTER"))
    assert of_type(events, ActionPlayed)[0].requested is Kind.WALTER
    state, _ = play(state, 1, LetItStand())
    state, events = play(state, 2, LetItStand())
    assert of_type(events, RequestAnswered) == [RequestAnswered(0, 1, Kind.WALTER, walter)]
    assert hand(state, 0) == ["walter"] and hand(state, 1) == ["charlie", "walter"]
    assert walter.number in state.revealed and state.active == 0


def test_a_request_for_a_card_the_victim_does_not_hold_is_over_with_nothing_given():
    state, _ = play(table(["request-a-card", "charlie"]), 0, PlayRequestACard(1, "STOP"))
    state, events = play(state, 1, LetItStand())
    assert of_type(events, RequestAnswered) == [RequestAnswered(0, 1, Kind.STOP, None)]
    assert hand(state, 1) == ["charlie"] and state.active == 0


def test_any_card_kind_may_be_requested_and_nothing_else():
    state = table(["request-a-card", "charlie"])
    assert {move.kind for move in legal_moves(state, 0) if isinstance(move, PlayRequestACard)} == set(Kind)
    assert rejection(state, 0, PlayRequestACard(1, "CACTUS")) == Code.NOT_A_KIND


def test_request_a_card_can_not_be_stopped_after_the_card_has_been_given():
    state, _ = play(table(["request-a-card", "walter stop"]), 0, PlayRequestACard(1, "WALTER"))
    assert hand(state, 1) == ["stop", "walter"]
    state, _ = play(state, 1, LetItStand())
    assert hand(state, 0) == ["walter"] and rejection(state, 1, Stop(0)) == Code.WINDOW_CLOSED


# --- Draw 3 ---


def test_draw_3_draws_three_cards_and_ends_the_turn():
    state = table(["draw-3", "charlie"], draw="walter spike wild")
    state, _ = play(state, 0, PlayDrawThree())
    state, events = play(state, 1, LetItStand())
    assert hand(state, 0) == ["spike", "walter", "wild"]
    assert of_type(events, TurnEnded) == [TurnEnded(0, "draw 3")] and state.active == 1


def test_draw_3_can_only_be_stopped_before_any_cards_have_been_drawn():
    state, events = play(table(["draw-3", "stop"]), 0, PlayDrawThree())
    assert not of_type(events, CardsDrawn)
    state, _ = play(state, 1, LetItStand())
    assert len(state.players[0].hand) == 3 and state.window is None


def test_a_stopped_draw_3_draws_nothing_and_keeps_the_turn():
    """Ruling 6: "your turn ends once you have drawn all three cards"; a stopped Draw 3 draws none."""
    state, _ = play(table(["draw-3 charlie", "stop"]), 0, PlayDrawThree())
    state, _ = play(state, 1, Stop(0))
    state, events = play(state, 0, LetItStand())
    assert not of_type(events, CardsDrawn) and state.active == 0 and hand(state, 0) == ["charlie"]


@pytest.mark.parametrize(
    "move",
    [
        PlayFreePoint(),
        PlayStealAPoint(1),
        PlaySwapHands(0, 1),
        PlaySeeAndSteal(1),
        PlayStealACard(1),
        PlayRequestACard(1, "STOP"),
        PlayDrawThree(),
    ],
)
def test_an_action_card_is_played_only_from_hand_and_only_in_your_own_turn(move):
    state = table(
        ["charlie", "free-point steal-a-point swap-hands see-and-steal steal-a-card request-a-card draw-3"],
        points={1: 1},
    )
    assert rejection(state, 0, move) == Code.NO_SUCH_CARD
    assert rejection(state, 1, move) == Code.NOT_YOUR_TURN
