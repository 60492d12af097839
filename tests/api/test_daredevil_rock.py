"""Daredevil Rock through the services: moves, a bot opponent, redaction and the cache."""

import pytest

from api.matches import cache, selectors, services
from api.matches.models import Match, MatchDeadline, MatchStatus
from api.matches.results import MoveAccepted
from games.core.visibility import OMNISCIENT, SPECTATOR, seat_viewer
from tests.api.conftest import T0

pytestmark = pytest.mark.django_db

GAME = "daredevil-rock"


def seat_to_act(match):
    game = selectors.load_game(match=match)
    (seat,) = game.spec.waiting_on(game.state)
    return seat


def test_two_climbers_play_legal_moves_and_the_cache_matches_a_replay(alice, bob):
    match = services.create_match(player=alice, game=GAME, options={"turnSeconds": 0})
    services.join_match(match_id=match.id, player=bob)
    match = services.start_match(match_id=match.id, player=alice, now_ms=T0)
    players = {0: alice, 1: bob}
    for step in range(30):
        match = selectors.get_match(match_id=match.id)
        if match.status != MatchStatus.ACTIVE:
            break
        player = players[seat_to_act(match)]
        move = selectors.legal_moves_for(match=match, player=player)[0]
        result = services.submit_move(match_id=match.id, player=player, move=move, now_ms=T0 + step + 1)
        assert isinstance(result, MoveAccepted), (move, result)
    match = selectors.get_match(match_id=match.id)
    assert match.version > 10
    cached = selectors.load_game(match=match)
    cache.games.clear()
    assert selectors.load_game(match=match) == cached


def test_nobody_sees_the_deal_until_the_match_is_over(alice, bob):
    match = services.create_match(player=alice, game=GAME)
    services.join_match(match_id=match.id, player=bob)
    match = services.start_match(match_id=match.id, player=alice, now_ms=T0)
    dealt = {
        viewer: selectors.events_for(match=match, viewer=viewer)[0] for viewer in (seat_viewer(0), SPECTATOR)
    }
    for event in dealt.values():
        assert event.type == "CliffDealt"
        assert event.data["tableau"] is None and event.data["deck"] is None
    full = selectors.events_for(match=match, viewer=OMNISCIENT)[0]
    assert full.data["tableau"] and full.data["deck"]
    assert MatchDeadline.objects.get(match=match).kind == "turn"  # 120 s turns with two climbers


def test_a_climber_against_the_heuristic_bot_to_the_end(alice):
    match = services.create_match(player=alice, game=GAME, options={"turnSeconds": 0, "turnLimit": 3})
    services.add_bot(match_id=match.id, player=alice)
    match = services.start_match(match_id=match.id, player=alice, now_ms=T0)
    now = T0
    for _ in range(300):
        match = Match.objects.get(pk=match.pk)
        if match.status != MatchStatus.ACTIVE:
            break
        now += 1
        bot_rows = MatchDeadline.objects.filter(match=match, kind="bot")
        if bot_rows:
            assert services.fire_deadline(match_id=match.id, deadline_id=bot_rows[0].deadline_id, now_ms=now)
        else:
            move = selectors.legal_moves_for(match=match, player=alice)[-1]
            assert isinstance(
                services.submit_move(match_id=match.id, player=alice, move=move, now_ms=now), MoveAccepted
            )
    assert match.status == MatchStatus.FINISHED
    assert sorted(match.outcome["ranks"]) in ([1, 1], [1, 2])
    assert not MatchDeadline.objects.filter(match=match).exists()
