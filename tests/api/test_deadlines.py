"""fire_deadline, bot turns, and what is armed and published after each commit."""

import pytest

from api.common.errors import ServiceError
from api.matches import services
from api.matches.models import Match, MatchDeadline, MatchEvent, MatchStatus, Seat
from api.matches.results import MoveAccepted
from api.matches.store import deadlines_for
from games import registry
from games.core.commands import Begin, Command
from games.core.engine import new_game, step
from tests.api.conftest import T0, count
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db


def deadline_rows(match):
    return sorted(MatchDeadline.objects.filter(match=match).values_list("deadline_id", "at_ms", "kind"))


@pytest.fixture
def against_bot(alice):
    """Alice (seat 0) against the heuristic bot (seat 1), turn by turn, started at T0."""
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 10})
    services.add_bot(match_id=match.id, player=alice)
    return services.start_match(match_id=match.id, player=alice, now_ms=T0)


def test_a_passed_turn_deadline_times_the_turn_out(active):
    assert services.fire_deadline(match_id=active.id, deadline_id="turn-0", now_ms=T0 + 30_000) is True
    event = MatchEvent.objects.get(match=active, seq=3)
    assert (event.type, event.seat, event.data["seat"], event.data["next"]) == ("TurnTimedOut", None, 0, 1)
    assert deadline_rows(active) == [("turn-1", T0 + 60_000, "turn")]


def test_stale_and_unknown_deadlines_are_harmless(active):
    assert services.fire_deadline(match_id=active.id, deadline_id="turn-0", now_ms=T0 + 30_000)
    assert services.fire_deadline(match_id=active.id, deadline_id="turn-0", now_ms=T0 + 30_001) is False
    assert services.fire_deadline(match_id=active.id, deadline_id="nope") is False
    assert services.fire_deadline(match_id=999_999, deadline_id="turn-1") is False
    assert services.fire_deadline(match_id="x", deadline_id="turn-1") is False
    assert Match.objects.get(pk=active.pk).version == 3


def test_a_deadline_of_a_finished_or_aborted_match_does_nothing(active):
    services.abort_match(match_id=active.id)
    MatchDeadline.objects.create(match=active, deadline_id="turn-0", at_ms=T0, kind="turn")  # a leftover
    assert services.fire_deadline(match_id=active.id, deadline_id="turn-0", now_ms=T0 + 40_000) is False


def test_a_bot_to_act_gets_a_thinking_deadline(against_bot, alice):
    assert deadline_rows(against_bot) == [("turn-0", T0 + 30_000, "turn")]
    count(against_bot, alice, 2, at=T0 + 100)
    assert deadline_rows(against_bot) == [("bot-1-3", T0 + 100, "bot"), ("turn-1", T0 + 30_100, "turn")]


def test_the_bot_thinking_delay_comes_from_settings(against_bot, alice, settings):
    settings.BOT_DELAY_MS = 250
    count(against_bot, alice, 2, at=T0 + 100)
    assert ("bot-1-3", T0 + 350, "bot") in deadline_rows(against_bot)


def test_a_game_may_give_its_bots_a_human_like_delay_of_its_own(against_bot, alice, monkeypatch):
    wish = count_to_n.make_spec(bot_delay_ms=lambda state, seat: 1_500 + state.total)
    monkeypatch.setitem(registry.REGISTRY, count_to_n.KEY, wish)
    count(against_bot, alice, 2, at=T0 + 100)
    assert ("bot-1-3", T0 + 100 + 1_502, "bot") in deadline_rows(against_bot)


def test_a_bot_moves_from_its_own_view_when_its_deadline_fires(against_bot, alice, toy):
    count(against_bot, alice, 2, at=T0 + 100)
    assert services.fire_deadline(match_id=against_bot.id, deadline_id="bot-1-3", now_ms=T0 + 200)
    event = MatchEvent.objects.get(match=against_bot, seq=4)
    assert (event.type, event.seat, event.data["amount"], event.data["total"]) == ("Counted", 1, 3, 5)
    bot = toy.bots["heuristic"]
    assert bot.seen == [
        {"total": 2, "target": 10, "turn": 1, "deckSize": 20, "handSizes": [0, 0], "hand": []}
    ]
    assert deadline_rows(against_bot) == [("turn-2", T0 + 30_200, "turn")]


def test_a_bot_deadline_for_an_older_version_is_stale(against_bot, alice):
    count(against_bot, alice, 2, at=T0 + 100)
    MatchDeadline.objects.create(match=against_bot, deadline_id="bot-1-2", at_ms=T0, kind="bot")
    assert services.fire_deadline(match_id=against_bot.id, deadline_id="bot-1-2", now_ms=T0 + 200) is False
    assert Match.objects.get(pk=against_bot.pk).version == 3


def test_bots_play_a_match_to_its_end(alice):
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"target": 30})
    services.add_bot(match_id=match.id, player=alice, level="random")
    services.add_bot(match_id=match.id, player=alice)
    match = services.start_match(match_id=match.id, player=alice, now_ms=T0)
    now = T0
    for _ in range(200):
        match.refresh_from_db()
        if match.status != MatchStatus.ACTIVE:
            break
        now += 10
        row = MatchDeadline.objects.filter(match=match).order_by("at_ms", "deadline_id").first()
        if row.kind == "bot":
            assert services.fire_deadline(match_id=match.id, deadline_id=row.deadline_id, now_ms=now)
        else:
            count(match, alice, 3, at=now)
    assert match.status == MatchStatus.FINISHED
    assert not MatchDeadline.objects.filter(match=match).exists()


def test_after_commit_the_timers_are_mirrored_and_subscribers_nudged(
    active, alice, bob, mirrored, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        count(active, alice, 1, at=T0 + 100)
    assert mirrored == [(active.id, [("turn-1", T0 + 30_100, "turn")])]
    assert published == [(active.id, 3)]


def test_timers_are_not_mirrored_again_when_they_did_not_change(
    active, alice, mirrored, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_move(match_id=active.id, player=alice, move={"action": "DRAW"}, now_ms=T0 + 1)
    assert mirrored == []
    assert published == [(active.id, 3)]


def test_nothing_is_published_for_a_rejected_move(
    active, bob, mirrored, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(ServiceError):
        count(active, bob)
    assert (mirrored, published) == ([], [])


def test_finishing_and_aborting_clear_the_mirrored_timers(
    active, alice, bob, mirrored, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(match_id=active.id, player=bob, now_ms=T0 + 5)
    assert mirrored == [(active.id, [])]
    other = services.create_match(player=alice, game=count_to_n.KEY)
    services.join_match(match_id=other.id, player=bob)
    services.start_match(match_id=other.id, player=alice, now_ms=T0)
    with django_capture_on_commit_callbacks(execute=True):
        services.abort_match(match_id=other.id)
    assert mirrored[-1] == (other.id, [])
    assert published[-1] == (other.id, 2)


def test_the_published_message_names_only_the_match_and_its_version(active, alice, settings):
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    from api.matches.notify import publish_match_advanced

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(f"match.{active.id}", channel)
    publish_match_advanced(active.id, 7)
    message = async_to_sync(layer.receive)(channel)
    assert message == {"type": "match.advanced", "match_id": active.id, "version": 7}
    assert isinstance(count(active, alice), MoveAccepted)


def test_bots_due_at_the_same_moment_act_in_an_order_drawn_from_the_seed_not_by_seat():
    """Racesmack bots all wish to tap ``botTapMs`` after the reveal; the timer store breaks a tie of
    times by id, so without an order of its own seat 0's bot would always tap first."""
    spec = registry.REGISTRY["racesmack"]
    seats = [Seat(index=index, is_bot=True) for index in range(4)]
    first = []
    for seed in range(24):
        game = step(
            new_game(spec, spec.options.defaults(), 4, f"bias-{seed}"), Command(Begin(), None, T0)
        ).game
        rows = [row for row in deadlines_for(game, seats, MatchStatus.ACTIVE, T0) if row[2] == "bot"]
        assert len(rows) == 4 and len({at for _, at, _ in rows}) == 4
        first.append(min(rows, key=lambda row: (row[1], row[0]))[0].split("-")[1])
    assert set(first) == {"0", "1", "2", "3"}
