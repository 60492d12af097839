"""A round from start to end, told as events: open the card choice, reveal, open the taps, judge them,
ask the players what follows, then draw and open the next round (or end the match).

Each step reads the table as the earlier events left it (``games.core.turns.Story``).
"""

from __future__ import annotations

from games.core import sealed
from games.core.chance import Chance
from games.core.deadlines import seconds_after
from games.core.sealed import RoundOpened
from games.core.turns import Story, storyteller
from games.core.visibility import Event
from games.racesmack.after_you import next_turn, smash_rule
from games.racesmack.cards import Card
from games.racesmack.events import (
    CardDrawn,
    CardsRevealed,
    LeftoversDiscarded,
    LossAsked,
    MatchEnded,
    PenaltyAsked,
    PlacementAsked,
    RacingDeckShuffled,
    RacingRuleRevealed,
    SeatTapsOpened,
    SilentCardPlayed,
    TapsJudged,
)
from games.racesmack.evolve import evolve
from games.racesmack.judge import correct_cards, judged_row, longest_races, rule_in_effect, winners
from games.racesmack.rules_cards import RULES
from games.racesmack.state import Player, State

new_story = storyteller(evolve)


def open_round(story: Story[State], chance: Chance) -> None:
    """The next round's card choice, open to every player with a card in hand; when nobody has one, the
    longest Races win (Ruling 14). Racing Rules first reveals this round's default rule; once all ten
    are used the deck is shuffled anew (Ruling 18)."""
    state = story.state
    seats = frozenset(player.seat for player in state.players if player.playing and player.hand)
    if not seats:
        story.tell(MatchEnded(longest_races(state), "no one can play"))
        return
    if state.racing:
        if state.round and state.round % len(state.racing) == 0:
            story.tell(RacingDeckShuffled(chance.shuffle(story.state.racing), len(state.racing)))
        racing = story.state.racing
        story.tell(RacingRuleRevealed(racing[state.round % len(racing)]))
    deadline = seconds_after(story.at, state.options.play_seconds)
    story.tell(RoundOpened(f"round-{state.round + 1}", seats, deadline))


def reveal(story: Story[State], chance: Chance) -> None:
    """The choice is closed: every card face up, a silent player's first card with them (Ruling 6), then
    the taps open to everyone with a card on the table, each card a target."""
    choosing = story.state.choosing
    assert choosing is not None and choosing.closed
    story.tell(sealed.reveal(choosing, CardsRevealed))
    for seat in sorted(choosing.waiting_on - choosing.choices.keys()):
        hand = story.state.players[seat].hand
        if hand:
            story.tell(SilentCardPlayed(seat, hand[0]))
    row = story.state.row
    if not row:
        end_round(story, chance)
        return
    deadline = seconds_after(story.at, story.state.options.tap_seconds)
    key = f"taps-{story.state.round}"
    # Ruling 10 (audit Q5): a player with no card in hand, so none on the table, still taps. A card is
    # tapped by the seat that played it: copies are told apart only by where they lie.
    story.tell(
        SeatTapsOpened(key, frozenset(story.state.playing()), frozenset(seat for seat, _ in row), deadline)
    )


def judge(story: Story[State], chance: Chance) -> None:
    """The taps are over. Correct tappers win their own card, the fastest also every card nobody else
    won; incorrect (or silent) tappers lose a Race card. Then each of them is asked what follows.
    After You: the revealed Rules Card rules, and a correct tapper wins its own pile (Ruling 23)."""
    state = story.state
    after_you = state.options.after_you
    number, rule = smash_rule(state) if after_you else rule_in_effect(state)
    row = tuple(card for _, card in state.row)
    if not after_you:
        row = judged_row(row, state.options.noise_canceling)
    correct = correct_cards(row, rule, state.options.tiebreaker)
    right = winners(state, correct)
    story.tell(TapsJudged(number, tuple(card.id for card in correct), right))
    deadline = seconds_after(story.at, state.options.choice_seconds)
    own = dict(state.row)
    for seat in right:
        won = state.players[seat].pile if after_you else _won(state, seat, right)
        story.tell(PlacementAsked(seat, won, deadline, _keep(state.players[seat], won, chance)))
    if not right and not after_you:
        story.tell(LeftoversDiscarded(tuple(own.values())))
    tappers = state.taps.seats if state.taps is not None else frozenset(own)
    for seat in sorted(tappers - set(right)):
        player = state.players[seat]
        if not player.playing:
            continue
        if state.options.time_penalty:
            story.tell(PenaltyAsked(seat, deadline))
        elif player.race:
            story.tell(LossAsked(seat, 1, False, deadline))
    if not story.state.asks:
        end_round(story, chance)


def _won(state: State, seat: int, right: tuple[int, ...]) -> tuple[Card, ...]:
    """A correct tapper's own card; the fastest's also every card no other correct tapper won."""
    return tuple(
        card for owner, card in state.row if owner == seat or (seat == right[0] and owner not in right)
    )


def _keep(player: Player, won: tuple[Card, ...], chance: Chance) -> int | None:
    """The won Rules Card silence keeps in a Race that holds none: one of them, at random."""
    rules = [card.id for card in won if card.rules is not None]
    return chance.pick(rules) if rules and player.rules_card is None else None


def ask_loss(story: Story[State], seat: int, count: int, hand: bool) -> None:
    """Ask ``seat`` for ``count`` more cards of its Race (or hand), while it has any."""
    player = story.state.players[seat]
    if count > 0 and (player.hand if hand else player.race):
        deadline = seconds_after(story.at, story.state.options.choice_seconds)
        story.tell(LossAsked(seat, count, hand, deadline))


def end_round(story: Story[State], chance: Chance) -> None:
    """The round is over once nobody is asked anything more. Races that meet their Rules Card's finish
    requirement win (together, Ruling 15); otherwise everyone draws a card while the pile lasts, the
    first to draw one seat further on each round (Ruling 16, audit Q5), and the next round opens."""
    if story.state.asks:
        return
    finished = tuple(
        player.seat for player in story.state.players if player.playing and finished_race(player.race)
    )
    if finished:
        story.tell(MatchEnded(finished, "finish"))
        return
    if story.state.options.after_you:
        next_turn(story, "smashed")  # Ruling 24: the turn after the smash passes on; no draw
        return
    playing = story.state.playing()
    first = (story.state.round - 1) % len(playing)
    for seat in playing[first:] + playing[:first]:
        pile = story.state.draw_pile
        if pile:
            story.tell(CardDrawn(seat, pile[0]))
    open_round(story, chance)


def finished_race(race: tuple[Card, ...]) -> bool:
    rules = next((card.rules for card in race if card.rules is not None), None)
    return rules is not None and RULES[rules].finish.met(race)


def close_taps(story: Story[State], events: tuple[Event, ...], chance: Chance) -> None:
    """Tell a tap round's events; when they close it, the taps are judged."""
    story.tell(*events)
    if story.state.taps is not None and story.state.taps.closed:
        judge(story, chance)
