"""Reads: matches, games, and what each viewer may see of them."""

import pytest
from django.db import connection

from api.common.errors import ServiceError
from api.matches import eventlog, seating, selectors, services
from api.matches.models import MatchStatus
from games.core.visibility import OMNISCIENT, SPECTATOR, seat_viewer
from tests.api.conftest import T0, count
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db


def draw(match, player, at=T0 + 1):
    return services.submit_move(match_id=match.id, player=player, move={"action": "DRAW"}, now_ms=at)


def test_get_match_loads_seats_and_players_up_front(active, round_trips):
    seating.clear()  # a process that has not read this match yet
    with round_trips() as sent:
        match = selectors.get_match(match_id=str(active.id))
        assert match.host.name == "Alice"
        assert [seat.player.name for seat in match.seats.all()] == ["Alice", "Bob"]
    assert len(sent) == 2, sent
    with round_trips() as sent:  # seats are fixed after the deal: read once per process
        match = selectors.get_match(match_id=str(active.id))
        assert [seat.player.name for seat in match.seats.all()] == ["Alice", "Bob"]
    assert len(sent) == 1, sent


def test_a_lobbys_seats_are_read_fresh_every_time(lobby, make_player, round_trips):
    assert len(selectors.get_match(match_id=lobby.id).seats.all()) == 2
    services.join_match(match_id=lobby.id, player=make_player("Cleo"))
    with round_trips() as sent:
        assert len(selectors.get_match(match_id=lobby.id).seats.all()) == 3
    assert len(sent) == 2, sent
    assert selectors.get_match(match_id=999) is None
    assert selectors.get_match(match_id="abc") is None


def test_a_match_and_its_new_events_are_read_in_one_round_trip(active, alice, bob, round_trips):
    count(active, alice, 1)
    count(active, bob, 2)
    version = selectors.get_match(match_id=active.id).version
    trips = 1 if connection.vendor == "postgresql" else 2
    with round_trips() as sent:  # the seats are attached already, the host among them
        match, rows = selectors.get_match_and_events(match_id=active.id, after=version - 2)
        assert match.host.name == "Alice" and [s.player.name for s in match.seats.all()] == ["Alice", "Bob"]
    assert len(sent) == trips, sent
    assert match.version == version
    between = eventlog.between(active.id, version - 2, version)
    fields = [(row.pk, row.seq, row.type, row.seat, row.at, row.data) for row in rows]
    assert fields == [(row.pk, row.seq, row.type, row.seat, row.at, row.data) for row in between]
    assert len(rows) == 2
    assert selectors.get_match_and_events(match_id=active.id, after=version) == (match, [])
    assert selectors.get_match_and_events(match_id=999, after=0) == (None, [])


def test_matches_are_listed_newest_first_a_page_at_a_time(alice, bob):
    ids = [services.create_match(player=alice, game=count_to_n.KEY).id for _ in range(5)]
    page = selectors.list_matches(first=2)
    assert [m.id for m in page.items] == ids[:-3:-1]
    assert page.has_next
    page = selectors.list_matches(first=2, after=page.end_cursor)
    assert [m.id for m in page.items] == [ids[2], ids[1]]
    page = selectors.list_matches(first=2, after=page.end_cursor)
    assert ([m.id for m in page.items], page.has_next) == ([ids[0]], False)
    with pytest.raises(ServiceError) as error:
        selectors.list_matches(first=2, after="garbage!")
    assert error.value.code == "INVALID_CURSOR"


def test_matches_filter_by_game_status_and_player(active, alice, bob, make_player):
    carol = make_player("Carol")
    lonely = services.create_match(player=carol, game=count_to_n.KEY)
    assert [m.id for m in selectors.list_matches(status=MatchStatus.ACTIVE).items] == [active.id]
    assert [m.id for m in selectors.list_matches(player_id=bob.id).items] == [active.id]
    assert [m.id for m in selectors.list_matches(player_id=str(carol.id)).items] == [lonely.id]
    assert selectors.list_matches(player_id="nobody").items == []
    assert selectors.list_matches(game="daredevil-rock").items == []
    assert len(selectors.list_matches(game=count_to_n.KEY).items) == 2


def test_a_seated_player_sees_their_seat_and_others_spectate(active, alice, bob, make_player):
    assert selectors.seat_of(match=active, player=bob) == 1
    assert selectors.viewer_for(match=active, player=alice) == seat_viewer(0)
    assert selectors.viewer_for(match=active, player=make_player("Eve")) == SPECTATOR
    assert selectors.viewer_for(match=active, player=None) == SPECTATOR


def test_after_the_end_everyone_sees_everything_unless_the_options_say_no(active, alice, bob):
    finished = services.resign(match_id=active.id, player=bob)
    assert selectors.viewer_for(match=finished, player=None) == OMNISCIENT
    match = services.create_match(player=alice, game=count_to_n.KEY, options={"revealAfterEnd": False})
    services.join_match(match_id=match.id, player=bob)
    services.start_match(match_id=match.id, player=alice)
    finished = services.resign(match_id=match.id, player=bob)
    assert selectors.viewer_for(match=finished, player=bob) == seat_viewer(1)


def test_events_are_redacted_for_each_viewer(active, alice):
    draw(active, alice)
    match = selectors.get_match(match_id=active.id)
    own = selectors.events_for(match=match, viewer=seat_viewer(0))
    other = selectors.events_for(match=match, viewer=seat_viewer(1))
    spectator = selectors.events_for(match=match, viewer=SPECTATOR)
    everyone = selectors.events_for(match=match, viewer=OMNISCIENT)
    card = everyone[2].data["card"]
    deck = everyone[0].data["deck"]
    assert [e.type for e in everyone] == ["DeckShuffled", "Started", "CardDrawn"]
    assert [(e.type, e.data) for e in own] == [
        ("DeckReady", {"size": 20}),
        ("Started", {"first": 0, "deadline": T0 + 30_000}),
        ("CardDrawn", {"seat": 0, "card": card}),
    ]
    assert [(e.seq, e.type, e.seat, e.data) for e in other] == [
        (1, "DeckReady", None, {"size": 20}),
        (2, "Started", None, {"first": 0, "deadline": T0 + 30_000}),
        (3, "CardTaken", 0, {"seat": 0}),
    ]
    assert spectator == other
    assert len(deck) == 20


def test_events_page_by_seq_up_to_the_version_read(active, alice, bob):
    count(active, alice)
    assert [e.seq for e in selectors.events_for(match=active, viewer=SPECTATOR)] == [1, 2]  # at version 2
    active = count(active, bob).match
    events = selectors.events_for(match=active, viewer=SPECTATOR, after=1, first=2)
    assert [e.seq for e in events] == [2, 3]
    assert selectors.events_for(match=active, viewer=SPECTATOR, first=0) == []
    assert [e.seq for e in selectors.events_for(match=active, viewer=SPECTATOR, after=3)] == [4]


def test_legal_moves_are_for_the_seat_to_act_only(active, alice, bob, make_player):
    moves = selectors.legal_moves_for(match=active, player=alice)
    assert moves == [
        {"action": "COUNT", "amount": 1},
        {"action": "COUNT", "amount": 2},
        {"action": "COUNT", "amount": 3},
        {"action": "DRAW"},
    ]
    assert selectors.legal_moves_for(match=active, player=bob) == []
    assert selectors.legal_moves_for(match=active, player=make_player("Eve")) == []
    assert selectors.legal_moves_for(match=active, player=None) == []


def test_no_legal_moves_outside_an_active_match(lobby, alice):
    assert selectors.legal_moves_for(match=lobby, player=alice) == []


def test_an_active_match_waits_on_the_seat_to_act_and_a_lobby_on_nobody(active, lobby):
    assert selectors.waiting_on(match=active) == [0]
    assert selectors.waiting_on(match=lobby) == []


def test_the_current_deadline_ignores_bot_thinking_time(active, alice):
    deadline = selectors.current_deadline(match=active)
    assert (deadline.id, deadline.kind, deadline.at.timestamp() * 1000) == ("turn-0", "turn", T0 + 30_000)
    services.abort_match(match_id=active.id)
    assert selectors.current_deadline(match=active) is None


def test_game_at_an_earlier_version_replays_the_prefix(active, alice, bob):
    count(active, alice, 3)
    count(active, bob, 2)
    match = selectors.get_match(match_id=active.id)
    assert selectors.game_at(match=match, version=3).state.total == 3
    assert selectors.game_at(match=match, version=4).state.total == 5
    assert selectors.game_at(match=match, version=99).version == 4
    assert selectors.game_at(match=match, version=0).state.started is False
    assert selectors.load_game(match=match).state.total == 5


def test_load_game_folds_the_rows_in_hand_instead_of_reading_them_again(active, alice, bob, round_trips):
    from api.matches import cache
    from api.matches.models import MatchEvent

    count(active, alice, 1)
    behind = selectors.game_at(match=selectors.get_match(match_id=active.id), version=3)
    count(active, bob, 2, at=T0 + 2000)
    match = selectors.get_match(match_id=active.id)
    rows = list(MatchEvent.objects.filter(match=active, seq__gt=3).order_by("seq"))
    cache.games.clear()
    cache.games.put(active.id, behind)  # this process last saw version 3, like a worker that only watched
    with round_trips() as sent:
        game = selectors.load_game(match=match, rows=(3, rows))
    assert len(sent) == 0, sent
    cache.games.clear()
    assert game == selectors.load_game(match=match)
    cache.games.put(active.id, behind)
    with round_trips() as sent:  # rows that do not follow the cached game are not used
        selectors.load_game(match=match, rows=(2, rows))
    assert len(sent) == 1, sent


def test_rows_in_hand_that_reach_back_before_the_cached_game_are_folded_from_it(
    active, alice, bob, round_trips
):
    from api.matches import cache
    from api.matches.models import MatchEvent

    count(active, alice, 1)
    behind = selectors.game_at(match=selectors.get_match(match_id=active.id), version=3)
    count(active, bob, 2, at=T0 + 2000)
    match = selectors.get_match(match_id=active.id)
    rows = list(MatchEvent.objects.filter(match=active, seq__gt=2).order_by("seq"))  # read at version 2
    cache.games.clear()
    cache.games.put(active.id, behind)  # meanwhile another thread of this process folded version 3
    with round_trips() as sent:
        game = selectors.load_game(match=match, rows=(2, rows))
    assert len(sent) == 0, sent
    cache.games.clear()
    assert game == selectors.load_game(match=match)  # version 3's event folded once, not twice
