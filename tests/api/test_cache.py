"""The in-process game cache: a move never re-folds the whole log, and costs a bounded number of queries."""

from dataclasses import replace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from api.matches import cache, selectors, services
from api.matches.cache import GameCache
from games import registry
from games.core import engine
from tests.api.conftest import T0, count
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db

# Measured on SQLite and PostgreSQL: match, seats, insert events, update match, delete + insert deadlines.
QUERIES_PER_MOVE = 6


@pytest.fixture
def evolves(monkeypatch):
    """The toy game with a counter on ``evolve``."""
    calls = []

    def counting_evolve(state, event):
        calls.append(type(event).__name__)
        return count_to_n.evolve(state, event)

    monkeypatch.setitem(registry.REGISTRY, count_to_n.KEY, count_to_n.make_spec(evolve=counting_evolve))
    return calls


@pytest.fixture
def played(evolves, alice, bob, django_capture_on_commit_callbacks):
    """A free-for-all match at version 12 (start + 10 counts), committed, cache warm."""
    with django_capture_on_commit_callbacks(execute=True):
        options = {"freeForAll": True, "target": 1000}
        match = services.create_match(player=alice, game=count_to_n.KEY, options=options)
        services.join_match(match_id=match.id, player=bob)
        services.start_match(match_id=match.id, player=alice, now_ms=T0)
    for turn in range(10):
        with django_capture_on_commit_callbacks(execute=True):
            count(match, (alice, bob)[turn % 2], 1)
    return selectors.get_match(match_id=match.id)


def test_a_warm_cache_serves_the_game_without_folding(played, evolves):
    evolves.clear()
    game = selectors.load_game(match=played)
    assert (game.version, game.state.total, evolves) == (12, 10, [])


def test_a_cold_cache_folds_the_log_once(played, evolves, django_capture_on_commit_callbacks):
    cache.games.clear()
    evolves.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert selectors.load_game(match=played).version == 12
    assert len(evolves) == 12
    evolves.clear()
    selectors.load_game(match=played)
    assert evolves == []


def test_each_move_folds_only_its_own_events(played, alice, evolves, django_capture_on_commit_callbacks):
    evolves.clear()
    for _ in range(5):
        with django_capture_on_commit_callbacks(execute=True):  # each move commits on its own
            count(played, alice, 1)
    assert evolves == ["Counted"] * 5


def test_events_appended_elsewhere_are_folded_on_top_of_the_cached_game(played, alice, bob, evolves):
    # These commits' callbacks never run here, as if another process had appended them.
    count(played, alice, 1)
    count(played, bob, 1)
    evolves.clear()
    match = selectors.get_match(match_id=played.id)
    assert selectors.load_game(match=match).state.total == 12
    assert evolves == ["Counted", "Counted"]


def test_the_cache_agrees_with_a_fresh_replay(played, toy):
    match = selectors.get_match(match_id=played.id)
    cached = selectors.load_game(match=match)
    cache.games.clear()
    assert selectors.load_game(match=match) == cached


def test_a_cached_game_of_another_match_with_the_same_id_is_ignored(played):
    stranger = engine.new_game(registry.REGISTRY[count_to_n.KEY], played.options, 2, "another seed")
    cache.games.put(played.id, replace(stranger, version=12))
    assert selectors.load_game(match=played).state.total == 10


def statements_of_a_warm_move(match, alice, bob, capture_on_commit):
    """The SQL of bob's move, once alice's move has left the match's current version in the cache."""
    with capture_on_commit(execute=True):
        count(match, alice, 1)
    with CaptureQueriesContext(connection) as queries, capture_on_commit(execute=True):
        count(match, bob, 1)
    return [
        q["sql"]
        for q in queries.captured_queries
        if not q["sql"].upper().startswith(("SAVEPOINT", "RELEASE", "PREPARE", "DEALLOCATE"))
    ]


def test_a_move_costs_a_bounded_number_of_queries(played, alice, bob, django_capture_on_commit_callbacks):
    statements = statements_of_a_warm_move(played, alice, bob, django_capture_on_commit_callbacks)
    assert len(statements) <= QUERIES_PER_MOVE, "\n".join(statements)


def test_a_move_on_a_turn_game_costs_the_same(active, alice, bob, django_capture_on_commit_callbacks):
    statements = statements_of_a_warm_move(active, alice, bob, django_capture_on_commit_callbacks)
    assert len(statements) <= QUERIES_PER_MOVE, "\n".join(statements)


def test_the_lru_keeps_the_most_recently_used_games(toy):
    games = GameCache(size=2)
    a, b, c = (engine.new_game(toy, count_to_n.OPTIONS.defaults(), 2, seed) for seed in "abc")
    games.put(1, a)
    games.put(2, b)
    assert games.get(1) is a
    games.put(3, c)
    assert (games.get(1), games.get(2), games.get(3)) == (a, None, c)


def test_the_cache_never_goes_back_to_an_older_version(toy):
    games = GameCache()
    old = engine.new_game(toy, count_to_n.OPTIONS.defaults(), 2, "s")
    new = replace(old, version=5)
    games.put(1, new)
    games.put(1, old)
    assert games.get(1) is new
    games.invalidate(1)
    assert games.get(1) is None
