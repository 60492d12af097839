"""Many writers on one match at once (PostgreSQL): the log stays gapless and every accepted move is in it once."""

from collections import Counter

import pytest

from api.matches import cache, selectors, services
from api.matches.models import MatchEvent, Seat
from api.matches.results import MoveAccepted
from api.players.services import register_player
from tests.api.threads import run_together
from tests.toys import count_to_n

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 8
MOVES = 20


@pytest.fixture
def crowd():
    """Eight players seated in a free-for-all match (everyone may count at any time), started."""
    players = [register_player(name=f"P{index}")[0] for index in range(THREADS)]
    options = {"freeForAll": True, "target": 100_000}
    match = services.create_match(player=players[0], game=count_to_n.KEY, options=options)
    for player in players[1:]:
        services.join_match(match_id=match.id, player=player)
    match = services.start_match(match_id=match.id, player=players[0])
    return match, players


def test_concurrent_moves_keep_the_log_gapless_and_complete(crowd):
    match, players = crowd

    def moves_of(player):
        def play():
            return [
                services.submit_move(match_id=match.id, player=player, move={"action": "COUNT", "amount": 1})
                for _ in range(MOVES)
            ]

        return play

    outcomes = run_together([moves_of(player) for player in players])
    results = [result for outcome in outcomes for result in outcome]  # a thread's exception fails here
    accepted = [result for result in results if isinstance(result, MoveAccepted)]
    # Writers queue on the match row in arrival order, so none of them runs out of retries.
    assert len(accepted) == THREADS * MOVES, {getattr(r, "code", None) for r in results}

    match = selectors.get_match(match_id=match.id)
    log = list(MatchEvent.objects.filter(match=match).order_by("seq"))
    assert [event.seq for event in log] == list(range(1, match.version + 1))
    assert match.version == 2 + len(accepted)
    # An event is identified by its seq within the match; each accepted move reports its own.
    in_log = {event.seq: event for event in log}
    reported = [event for result in accepted for event in result.events]
    assert len({event.seq for event in reported}) == len(reported) == len(accepted)
    assert all(
        (in_log[event.seq].type, in_log[event.seq].data) == (event.type, event.data) for event in reported
    )
    totals = sorted(event.data["total"] for event in log if event.type == "Counted")
    assert totals == list(range(1, len(accepted) + 1))

    cached = selectors.load_game(match=match)
    cache.games.clear()
    fresh = selectors.load_game(match=match)
    assert cached == fresh
    assert fresh.state.total == len(accepted)


def test_the_same_idempotency_key_from_many_threads_appends_once(crowd):
    match, players = crowd
    move = {"action": "COUNT", "amount": 2}

    def submit():
        return services.submit_move(match_id=match.id, player=players[3], move=move, idempotency_key="once")

    results = run_together([submit] * THREADS)
    assert all(isinstance(result, MoveAccepted) for result in results), results
    assert {result.version for result in results} == {3}
    assert MatchEvent.objects.filter(match=match).count() == 3


def test_concurrent_joins_never_share_a_seat(db):
    host, _ = register_player(name="Host")
    match = services.create_match(player=host, game=count_to_n.KEY)
    guests = [register_player(name=f"G{index}")[0] for index in range(10)]

    def join(player):
        def run():
            try:
                return services.join_match(match_id=match.id, player=player)
            except services.ServiceError as error:
                return error.code

        return run

    results = run_together([join(guest) for guest in guests])
    assert Counter(result for result in results if isinstance(result, str)) == {"MATCH_FULL": 3}
    indexes = sorted(Seat.objects.filter(match=match).values_list("index", flat=True))
    assert indexes == list(range(8))
