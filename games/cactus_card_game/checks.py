"""Whether a move is allowed now: one predicate per move, shared by ``decide`` and ``legal_moves``.

Each check returns None when the move is allowed, or the ``Rejected`` saying why not, with a stable
code and a sentence for the player. ``legal_moves`` is exactly the candidates these accept.
"""

from __future__ import annotations

from games.cactus_card_game.cards import CHARACTERS, SET_SIZE, Card, Kind
from games.cactus_card_game.moves import (
    MOVE_TYPES,
    DrawCard,
    LetItStand,
    Move,
    PickCard,
    PlayDrawThree,
    PlayFreePoint,
    PlayRequestACard,
    PlaySeeAndSteal,
    PlaySet,
    PlayStealACard,
    PlayStealAPoint,
    PlaySwapHands,
    Stop,
    TakeCard,
)
from games.cactus_card_game.state import SEE_AND_STEAL, STEAL_A_CARD, Player, State
from games.core.decisions import Codes, Rejected
from games.core.seats import player_at


class Code(Codes):
    """Rejection codes: the ones every game shares, and the Cactus Card Game's own."""

    NO_SUCH_CARD = "NO_SUCH_CARD"
    NOT_A_TARGET = "NOT_A_TARGET"
    NO_POINTS_TO_STEAL = "NO_POINTS_TO_STEAL"
    NOT_A_KIND = "NOT_A_KIND"
    NOT_A_SET = "NOT_A_SET"
    WINDOW_OPEN = "WINDOW_OPEN"
    CHOICE_OPEN = "CHOICE_OPEN"
    NO_CHOICE = "NO_CHOICE"


def gate(state: State, seat: int | None) -> Player | Rejected:
    """The player of ``seat`` if it may move at all now, else why not."""
    return player_at(state, seat)


def check(state: State, player: Player, move: Move) -> Rejected | None:
    """Why ``player`` may not make ``move`` now, or None when it may."""
    if not isinstance(move, MOVE_TYPES):
        return Rejected(Code.UNKNOWN_MOVE, "That is not a Cactus Card Game move.")
    match move:
        case Stop(answers=answers):
            return check_stop(state, player, answers)
        case LetItStand():
            return check_let_it_stand(state, player)
        case TakeCard(kind=kind):
            return check_choice(state, player, SEE_AND_STEAL, kind)
        case PickCard(position=position):
            return check_choice(state, player, STEAL_A_CARD, position)
    return check_turn(state, player) or check_turn_move(state, player, move)


def check_turn_move(state: State, player: Player, move: Move) -> Rejected | None:
    """Ruling 7: a victim is any other player still in the match; Swap Hands takes any two of them."""
    match move:
        case PlayFreePoint():
            return holds(player, Kind.FREE_POINT)
        case PlayStealAPoint(victim=victim):
            return (
                holds(player, Kind.STEAL_A_POINT)
                or check_victim(state, player, victim)
                or has_points(state, victim)
            )
        case PlaySwapHands(first=first, second=second):
            return holds(player, Kind.SWAP_HANDS) or check_pair(state, first, second)
        case PlaySeeAndSteal(victim=victim):
            return holds(player, Kind.SEE_AND_STEAL) or check_victim(state, player, victim)
        case PlayStealACard(victim=victim):
            return holds(player, Kind.STEAL_A_CARD) or check_victim(state, player, victim)
        case PlayRequestACard(victim=victim, kind=kind):
            return (
                holds(player, Kind.REQUEST_A_CARD) or check_victim(state, player, victim) or check_kind(kind)
            )
        case PlayDrawThree():
            return holds(player, Kind.DRAW_3)
        case PlaySet(character=character, wilds=wilds):
            cards = set_cards(player, character, wilds)
            return cards if isinstance(cards, Rejected) else None
        case DrawCard():
            return None
    return Rejected(Code.UNKNOWN_MOVE, "That is not a Cactus Card Game move.")


def check_turn(state: State, player: Player) -> Rejected | None:
    """Cards are played, and the card that ends a turn drawn, only in your own turn with nothing open."""
    if player.seat != state.active:
        return Rejected(Code.NOT_YOUR_TURN, "It is not your turn.")
    if state.window is not None:
        return Rejected(
            Code.WINDOW_OPEN, "The last action card can still be STOPPED: wait for its window to close."
        )
    if state.choice is not None:
        return Rejected(Code.CHOICE_OPEN, "Finish taking your card first.")
    return None


def check_stop(state: State, player: Player, answers: int) -> Rejected | None:
    """Ruling 4: a STOP answers a link of an open window's chain, from a player holding a STOP card."""
    if state.window is None:
        return Rejected(Code.WINDOW_CLOSED, "There is no action card to STOP now.")
    return state.window.check(player.seat, answers) or holds(player, Kind.STOP)


def check_let_it_stand(state: State, player: Player) -> Rejected | None:
    if state.window is None:
        return Rejected(Code.WINDOW_CLOSED, "There is no action card waiting on your answer.")
    return state.window.check(player.seat)


def check_choice(state: State, player: Player, kind: str, answer: int | str) -> Rejected | None:
    """Rulings 11 and 12: only the actor answers its own choice, with one of the options offered."""
    choice = state.choice
    if choice is None or choice.kind != kind:
        name = "See and Steal" if kind == SEE_AND_STEAL else "Steal a Card"
        return Rejected(Code.NO_CHOICE, f"No {name} is waiting for your pick.")
    return choice.prompt.check(player.seat, answer)


def holds(player: Player, kind: Kind) -> Rejected | None:
    if player.holds(kind):
        return None
    return Rejected(Code.NO_SUCH_CARD, f"You hold no {kind.value.replace('_', ' ').title()} card.")


def check_victim(state: State, player: Player, victim: int) -> Rejected | None:
    if victim == player.seat or not _playing(state, victim):
        return Rejected(Code.NOT_A_TARGET, "Pick another player still in the match.")
    return None


def has_points(state: State, victim: int) -> Rejected | None:
    """Ruling 14: Steal a Point needs a victim with at least one point."""
    if state.players[victim].points:
        return None
    return Rejected(Code.NO_POINTS_TO_STEAL, "That player has no point to steal.")


def check_pair(state: State, first: int, second: int) -> Rejected | None:
    """Ruling 7: any two different players still in the match, the actor included."""
    if first == second or not (_playing(state, first) and _playing(state, second)):
        return Rejected(Code.NOT_A_TARGET, "Pick two different players still in the match.")
    return None


def check_kind(kind: str) -> Rejected | None:
    """Ruling 13: any card kind may be requested."""
    if kind in Kind.__members__:
        return None
    return Rejected(Code.NOT_A_KIND, f"{kind!r} is not a card kind; name one of {', '.join(Kind)}.")


def set_cards(player: Player, character: str, wilds: int) -> tuple[Card, ...] | Rejected:
    """Ruling 10: the cards of the set ``player`` names, first ones in hand order, or why it cannot.

    Three of a character, ``wilds`` of them replaced by Wilds (0 to 2); or three Wilds (WILD, 3).
    """
    kind = Kind.__members__.get(character)
    if kind not in CHARACTERS or not (wilds == SET_SIZE if kind is Kind.WILD else 0 <= wilds < SET_SIZE):
        return Rejected(
            Code.NOT_A_SET, "A set is three CHARLIE, SPIKE or WALTER with 0 to 2 Wilds, or three Wilds."
        )
    # Three Wilds take no character card: the first slice is then empty.
    characters = [card for card in player.hand if card.kind is kind][: SET_SIZE - wilds]
    replacements = [card for card in player.hand if card.kind is Kind.WILD][:wilds]
    if len(characters) + len(replacements) < SET_SIZE:
        return Rejected(Code.NOT_A_SET, "You do not hold the cards for that set.")
    return (*characters, *replacements)


def _playing(state: State, seat: int) -> bool:
    return 0 <= seat < state.seats and state.players[seat].playing


def candidates(state: State, player: Player) -> tuple[Move, ...]:
    """Every move worth asking ``check`` about; the legal moves are the ones it accepts."""
    if state.choice is not None:
        options = state.choice.prompt.options
        if state.choice.kind == SEE_AND_STEAL:
            return tuple(TakeCard(str(kind)) for kind in options)
        return tuple(PickCard(int(position)) for position in options)
    if state.window is not None:
        return (Stop(state.window.chain), LetItStand())
    return _turn_moves(state, player) if player.seat == state.active else ()


def _turn_moves(state: State, player: Player) -> tuple[Move, ...]:
    kinds = {card.kind for card in player.hand}
    playing = state.playing()
    victims = [seat for seat in playing if seat != player.seat]
    moves: list[Move] = []
    if Kind.FREE_POINT in kinds:
        moves.append(PlayFreePoint())
    if Kind.STEAL_A_POINT in kinds:
        moves += [PlayStealAPoint(victim) for victim in victims]
    if Kind.SWAP_HANDS in kinds:
        moves += [PlaySwapHands(first, second) for first in playing for second in playing]
    if Kind.SEE_AND_STEAL in kinds:
        moves += [PlaySeeAndSteal(victim) for victim in victims]
    if Kind.STEAL_A_CARD in kinds:
        moves += [PlayStealACard(victim) for victim in victims]
    if Kind.REQUEST_A_CARD in kinds:
        moves += [PlayRequestACard(victim, kind.value) for victim in victims for kind in Kind]
    if Kind.DRAW_3 in kinds:
        moves.append(PlayDrawThree())
    for character in CHARACTERS:
        wilds = range(SET_SIZE, SET_SIZE + 1) if character is Kind.WILD else range(SET_SIZE)
        moves += [PlaySet(character.value, count) for count in wilds]
    moves.append(DrawCard())
    return tuple(moves)
