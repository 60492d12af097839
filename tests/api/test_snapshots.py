"""Reads at older versions are bounded: once a match has been folded, ``game_at`` folds at most
``GAME_SNAPSHOT_EVERY`` events from the nearest in-process snapshot, and still equals a fresh fold."""

from contextlib import nullcontext
from dataclasses import replace

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from api.common.specs import require_spec
from api.matches import cache, eventlog, selectors, services
from api.matches.cache import GameCache
from api.matches.models import Match, MatchStatus
from api.matches.results import MoveAccepted
from games import registry
from games.core import engine
from tests.api.conftest import T0, count
from tests.toys import count_to_n

pytestmark = pytest.mark.django_db

EVERY = 10  # GAME_SNAPSHOT_EVERY in these tests
COUNTS = 98  # a toy match of 2 + 98 = 100 events
SEED = "0123456789abcdef0123456789abcdef"


@pytest.fixture(autouse=True)
def _snapshot_every(settings):
    settings.GAME_SNAPSHOT_EVERY = EVERY


@pytest.fixture
def folded(monkeypatch):
    """Every event ``evolve`` applies and every stored row decoded, by name, for the toy game."""
    seen = {"evolved": 0, "decoded": 0}

    def counting_evolve(state, event):
        seen["evolved"] += 1
        return count_to_n.evolve(state, event)

    def counting_decode(spec, rows):
        events = real_decode(spec, rows)
        seen["decoded"] += len(events)
        return events

    real_decode = eventlog.decode
    monkeypatch.setitem(registry.REGISTRY, count_to_n.KEY, count_to_n.make_spec(evolve=counting_evolve))
    monkeypatch.setattr(eventlog, "decode", counting_decode)
    return seen


def counted_match(alice, bob, counts=COUNTS, commit=nullcontext):
    """A free-for-all toy match of ``2 + counts`` events, appended by the services; each move inside
    ``commit()`` (by default its on-commit work never runs: nothing is cached)."""
    match = services.create_match(
        player=alice, game=count_to_n.KEY, options={"freeForAll": True, "target": 100_000}
    )
    services.join_match(match_id=match.id, player=bob)
    with commit():
        services.start_match(match_id=match.id, player=alice, now_ms=T0)
    for turn in range(counts):
        with commit():
            assert isinstance(count(match, (alice, bob)[turn % 2], 1, at=T0 + turn), MoveAccepted)
    return selectors.get_match(match_id=match.id)


def fresh_fold(match, version):
    """The game after events ``1..version``, folded from nothing, without the cache."""
    events = eventlog.decode(require_spec(match.game), eventlog.stored(match.id, upto=version))
    return engine.replay(require_spec(match.game), match.options, len(match.seats.all()), match.seed, events)


def test_once_folded_a_read_at_any_version_folds_at_most_the_snapshot_interval(
    alice, bob, folded, django_capture_on_commit_callbacks
):
    match = counted_match(alice, bob)
    cache.games.clear()
    with django_capture_on_commit_callbacks(execute=True):
        selectors.load_game(match=match)  # the first read folds the whole log, once
    for version in [match.version - 1, *range(match.version, -1, -1)]:
        folded.update(evolved=0, decoded=0)
        game = selectors.game_at(match=match, version=version)
        assert game.version == version
        assert folded["evolved"] < EVERY and folded["decoded"] < EVERY, (version, folded)


def test_repeated_reads_of_the_previous_version_fold_little_each(
    alice, bob, folded, django_capture_on_commit_callbacks
):
    match = counted_match(alice, bob)
    cache.games.clear()
    with django_capture_on_commit_callbacks(execute=True):
        selectors.game_at(match=match, version=match.version - 1)
    folded.update(evolved=0, decoded=0)
    for _ in range(15):  # the fifteen aliases of view(atVersion: V-1)
        selectors.game_at(match=match, version=match.version - 1)
    assert folded["evolved"] <= 15 * EVERY and folded["decoded"] <= 15 * EVERY


def test_moves_keep_the_snapshots_they_pass(alice, bob, folded, django_capture_on_commit_callbacks):
    def commit():
        return django_capture_on_commit_callbacks(execute=True)

    match = counted_match(alice, bob, counts=38, commit=commit)  # 40 events: 10, 20, 30 and 40
    assert folded["decoded"] == 0  # every move found the game in the cache: nothing was re-folded
    assert cache.games.snapshot_count(match.id) == 4
    expected = fresh_fold(match, 19)  # older than the games the cache held last (they need no fold)
    folded.update(evolved=0, decoded=0)
    assert selectors.game_at(match=match, version=19) == expected
    assert folded["decoded"] == 9  # from the snapshot at 10, without any full fold first


def test_the_versions_a_process_just_held_are_read_again_without_folding(
    alice, bob, folded, django_capture_on_commit_callbacks
):
    # Where everyone acts at once, moves arrive chosen at a version the match has just left.
    def commit():
        return django_capture_on_commit_callbacks(execute=True)

    match = counted_match(alice, bob, counts=38, commit=commit)  # 40 events, one move at a time
    held = range(match.version - cache.recent_versions(), match.version)
    expected = {version: fresh_fold(match, version) for version in held}
    folded.update(evolved=0, decoded=0)
    assert {version: selectors.game_at(match=match, version=version) for version in held} == expected
    assert folded == {"evolved": 0, "decoded": 0}
    older = held[0] - 1
    assert selectors.game_at(match=match, version=older).version == older
    assert folded["decoded"] > 0  # beyond them, the snapshots serve as before


def test_a_read_keeps_no_snapshot_of_a_transaction_that_rolls_back(
    alice, bob, django_capture_on_commit_callbacks
):
    match = counted_match(alice, bob, counts=8)  # 10 events
    cache.games.clear()
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        for turn in range(12):  # 22 events, never committed
            count(match, (alice, bob)[turn % 2], 1, at=T0 + 100 + turn)
        selectors.game_at(match=selectors.get_match(match_id=match.id), version=21)
        raise RuntimeError("roll back")
    assert cache.games.snapshot(match.id, 21) is None


@hypothesis_settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(reads=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=12))
def test_a_read_at_any_version_equals_a_fresh_fold_of_daredevil_rock(
    reads, daredevil_rock_match, django_capture_on_commit_callbacks
):
    match, expected = daredevil_rock_match
    for read in reads:  # in any order, whatever the earlier reads left in the cache
        version = read % (match.version + 1)
        with django_capture_on_commit_callbacks(execute=True):
            game = selectors.game_at(match=match, version=version)
        assert game == expected[version]


@pytest.fixture
def daredevil_rock_match(alice, bob, settings):
    """A Daredevil Rock match played by its legal moves through the services, and a fresh fold of
    each of its versions. Snapshots every 7 events, so the reads cross many of them."""
    settings.GAME_SNAPSHOT_EVERY = 7
    match = services.create_match(player=alice, game="daredevil-rock", options={"turnSeconds": 0})
    # A seed of our own: with a random one, one match in a few dozen ended before version 30.
    Match.objects.filter(pk=match.id).update(seed=SEED)
    services.join_match(match_id=match.id, player=bob)
    match = services.start_match(match_id=match.id, player=alice, now_ms=T0)
    players = {0: alice, 1: bob}
    for step in range(40):
        match = selectors.get_match(match_id=match.id)
        if match.status != MatchStatus.ACTIVE:
            break
        game = selectors.load_game(match=match)
        (seat,) = game.spec.waiting_on(game.state)
        moves = selectors.legal_moves_for(match=match, player=players[seat])
        move = moves[(step * 7) % len(moves)]
        result = services.submit_move(match_id=match.id, player=players[seat], move=move, now_ms=T0 + step)
        assert isinstance(result, MoveAccepted), (move, result)
    match = selectors.get_match(match_id=match.id)
    assert match.version > 30
    cache.games.clear()
    return match, [fresh_fold(match, version) for version in range(match.version + 1)]


# --- the snapshot store itself ----------------------------------------------------------------------


def games_of(spec, seed, versions):
    start = engine.new_game(spec, count_to_n.OPTIONS.defaults(), 2, seed)
    return [replace(start, version=version) for version in versions]


def test_the_nearest_snapshot_at_or_below_a_version_is_served(toy):
    games = GameCache()
    for game in games_of(toy, "s", (10, 20, 30)):
        games.keep_snapshot(1, game)
    assert [games.snapshot(1, v) and games.snapshot(1, v).version for v in (9, 10, 29, 30, 99)] == [
        None,
        10,
        20,
        30,
        30,
    ]
    assert games.snapshot(2, 30) is None


def test_snapshots_are_bounded_per_match_and_in_matches(toy, settings):
    settings.GAME_SNAPSHOTS_PER_MATCH = 3
    settings.GAME_SNAPSHOT_MATCHES = 2
    games = GameCache()
    for game in games_of(toy, "s", (10, 20, 30, 40)):
        games.keep_snapshot(1, game)
    assert games.snapshot_count(1) == 3
    assert games.snapshot(1, 15) is None  # the least recently used went first
    games.keep_snapshot(2, games_of(toy, "t", (10,))[0])
    games.snapshot(1, 40)  # match 1 was used more recently than match 2
    games.keep_snapshot(3, games_of(toy, "u", (10,))[0])
    assert (games.snapshot_count(1), games.snapshot_count(2), games.snapshot_count(3)) == (3, 0, 1)


def test_a_new_match_under_a_reused_id_starts_its_snapshots_afresh(toy):
    games = GameCache()
    old, new = games_of(toy, "old", (10, 20)), games_of(toy, "new", (10,))
    for game in old:
        games.keep_snapshot(1, game)
    games.keep_snapshot(1, new[0])
    assert games.snapshot_count(1) == 1
    assert games.snapshot(1, 20) is new[0]


def test_a_snapshot_of_another_match_with_the_same_id_is_ignored(alice, bob, toy):
    match = counted_match(alice, bob, counts=8)
    stranger = engine.new_game(toy, match.options, 2, "another seed")
    cache.games.keep_snapshot(match.id, replace(stranger, version=5))
    assert selectors.game_at(match=match, version=7) == fresh_fold(match, 7)


def test_clearing_or_invalidating_the_cache_drops_the_snapshots(toy):
    games = GameCache()
    games.keep_snapshot(1, games_of(toy, "s", (10,))[0])
    games.keep_snapshot(2, games_of(toy, "t", (10,))[0])
    games.invalidate(1)
    assert (games.snapshot_count(1), games.snapshot_count(2)) == (0, 1)
    games.clear()
    assert games.snapshot_count(2) == 0
