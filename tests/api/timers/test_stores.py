"""The store contract, run against the memory store and real Redis alike."""

import threading
from collections import Counter

import pytest

from api.matches.timers.store import Claim, TimerStore, clock_ms
from tests.api.timers.conftest import new_redis_store, wait_for

T = 1_000_000  # an arbitrary "now": these tests pass the clock explicitly
LEASE = 30_000


def claim_ids(store: TimerStore, now: int, limit: int = 100) -> list[tuple[int, str]]:
    return [(c.match_id, c.deadline_id) for c in store.claim(limit=limit, lease_ms=LEASE, now_ms=now)]


def test_claims_only_due_entries_earliest_first(store):
    store.mirror(1, [("late", T + 10, "turn"), ("b", T, "turn"), ("a", T - 5, "turn")])
    assert claim_ids(store, T) == [(1, "a"), (1, "b")]
    assert claim_ids(store, T + 9) == []  # a and b are leased; late is not due yet


def test_claim_respects_the_limit(store):
    store.mirror(1, [(f"d{i}", T - i, "turn") for i in range(5)])
    assert len(claim_ids(store, T, limit=2)) == 2
    assert len(claim_ids(store, T, limit=10)) == 3


def test_an_unacked_claim_comes_back_when_its_lease_runs_out(store):
    store.mirror(7, [("turn-1", T, "turn")])
    (first,) = store.claim(limit=10, lease_ms=LEASE, now_ms=T)
    assert first == Claim(7, "turn-1", T + LEASE, T)
    assert claim_ids(store, T + LEASE - 1) == []
    assert claim_ids(store, T + LEASE) == [(7, "turn-1")]  # the first worker died: re-delivered


def test_ack_removes_the_claimed_entry(store):
    store.mirror(7, [("turn-1", T, "turn"), ("turn-2", T + 99, "turn")])
    (claim,) = store.claim(limit=10, lease_ms=LEASE, now_ms=T)
    assert store.ack(claim) is True
    assert store.scheduled(7) == {"turn-2": T + 99}
    assert claim_ids(store, T + 10 * LEASE) == [(7, "turn-2")]


def test_ack_does_not_remove_an_entry_re_armed_meanwhile(store):
    store.mirror(7, [("round-1", T, "round")])
    (claim,) = store.claim(limit=10, lease_ms=LEASE, now_ms=T)
    store.mirror(7, [("round-1", T + 500, "round")])  # the game moved the same deadline
    assert store.ack(claim) is False
    assert store.scheduled(7) == {"round-1": T + 500}
    assert claim_ids(store, T + 500) == [(7, "round-1")]


def test_re_mirroring_an_unchanged_deadline_keeps_its_lease(store):
    store.mirror(7, [("round-1", T, "round")])
    (claim,) = store.claim(limit=10, lease_ms=LEASE, now_ms=T)
    store.mirror(7, [("round-1", T, "round"), ("bot-2-9", T, "bot")])  # another seat moved
    assert claim_ids(store, T + 1) == [(7, "bot-2-9")]  # round-1 is not handed out twice
    assert store.ack(claim) is True


def test_mirror_replaces_only_that_match(store):
    store.mirror(1, [("a", T, "turn"), ("b", T, "turn")])
    store.mirror(2, [("a", T, "turn")])
    store.mirror(1, [("c", T + 1, "turn")])
    assert store.scheduled(1) == {"c": T + 1}
    assert store.scheduled(2) == {"a": T}
    store.mirror(1, [])
    assert store.scheduled(1) == {}
    assert sorted(claim_ids(store, T + 5)) == [(2, "a")]


def test_arm_adds_what_is_missing_and_moves_nothing(store):
    store.mirror(1, [("a", T, "turn")])
    (claim,) = store.claim(limit=10, lease_ms=LEASE, now_ms=T)
    store.arm({1: [("a", T, "turn"), ("b", T + 3, "turn")], 2: [("x", T + 4, "turn")], 3: []})
    assert store.scheduled(1) == {"a": claim.lease_ms, "b": T + 3}
    assert store.scheduled(2) == {"x": T + 4}


def test_renew_extends_only_the_leases_still_held(store):
    store.mirror(7, [("kept", T, "turn"), ("moved", T, "turn"), ("acked", T, "turn")])
    claims = store.claim(limit=10, lease_ms=LEASE, now_ms=T)
    store.mirror(7, [("kept", T, "turn"), ("moved", T + 5, "turn"), ("acked", T, "turn")])
    assert store.ack(next(claim for claim in claims if claim.deadline_id == "acked"))
    assert store.renew(claims, lease_ms=LEASE, now_ms=T + 1_000) == [
        Claim(7, "kept", T + 1_000 + LEASE, T)  # the time it was found due stays the claim's
    ]
    assert store.scheduled(7) == {"kept": T + 1_000 + LEASE, "moved": T + 5}
    assert claim_ids(store, T + LEASE) == [(7, "moved")]  # the old lease is over, the new one is not


def test_a_store_is_armed_by_arm_and_found_unarmed_once_emptied(store):
    store.arm({})  # a re-arm with no open deadline still arms it
    store.claim(limit=1, lease_ms=LEASE, now_ms=T)
    assert store.armed
    store.clear()  # a FLUSH of our keys, or Redis restarted empty
    store.claim(limit=1, lease_ms=LEASE, now_ms=T)  # Redis finds out in claim: no extra round trip
    assert not store.armed


def test_clear_forgets_everything(store):
    store.mirror(1, [("a", T, "turn")])
    store.clear()
    assert store.scheduled(1) == {}
    assert claim_ids(store, T + 1) == []


def test_deadline_ids_may_contain_the_separator(store):
    store.mirror(12, [("odd|id", T, "turn")])
    assert claim_ids(store, T) == [(12, "odd|id")]


def test_without_an_explicit_time_the_store_uses_its_own_clock(store):
    now = clock_ms()
    store.mirror(1, [("past", now - 1_000, "turn"), ("future", now + 60_000, "turn")])
    (claim,) = store.claim(limit=10, lease_ms=LEASE)
    assert claim.deadline_id == "past"
    assert abs(claim.now_ms - now) < 5_000  # Redis's TIME, or the process clock
    assert claim.lease_ms == claim.now_ms + LEASE


def race(stores: list[TimerStore], entries: int) -> Counter[tuple[int, str]]:
    """Competing workers claim until everything is claimed; returns how often each entry was taken."""
    taken: Counter[tuple[int, str]] = Counter()
    lock, start = threading.Lock(), threading.Barrier(len(stores))

    def work(store: TimerStore) -> None:
        start.wait()
        while sum(taken.values()) < entries:
            got = claim_ids(store, T, limit=7)
            with lock:
                taken.update(got)

    threads = [threading.Thread(target=work, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    return taken


def test_competing_memory_claims_take_each_entry_once():
    from api.matches.timers.memory_store import MemoryStore

    store = MemoryStore()
    store.arm({m: [(f"d{i}", T - i, "turn") for i in range(50)] for m in range(40)})
    taken = race([store, store, store], 2_000)
    assert len(taken) == 2_000 and set(taken.values()) == {1}


@pytest.mark.redis
def test_two_redis_workers_take_each_entry_exactly_once(redis_store):
    redis_store.arm({m: [(f"d{i}", T - i, "turn") for i in range(50)] for m in range(40)})
    workers = [new_redis_store(), new_redis_store()]
    taken = race(workers, 2_000)
    assert len(taken) == 2_000 and set(taken.values()) == {1}
    for worker in workers:
        worker.client.close()


def test_a_claim_tells_when_the_earliest_entry_left_comes_due(store):
    store.mirror(1, [("a", T + 500, "turn")])
    store.mirror(2, [("b", T - 10, "turn")])
    assert claim_ids(store, T) == [(2, "b")]
    assert store.due_in_ms == 500
    assert claim_ids(store, T + 500) == [(1, "a")]
    assert store.due_in_ms == LEASE - 500  # b's lease runs out first now
    store.clear()
    claim_ids(store, T)
    assert store.due_in_ms is None


class Wakes:
    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()

    def __call__(self) -> None:
        with self.lock:
            self.count += 1


def test_every_listener_hears_of_an_entry_that_becomes_the_earliest(store):
    wakes = Wakes()
    listening = store.listen_for_sooner(wakes)
    try:
        assert wait_for(listening.live)
        heard = wakes.count  # Redis: once on subscribing, as what was published before went unheard
        store.mirror(1, [("first", T + 1_000, "turn")])  # the earliest, being the only one
        store.mirror(2, [("later", T + 2_000, "turn")])
        store.mirror(3, [("sooner", T + 500, "turn")])
        # Messages arrive in the order they were published: had "later" been, it came before "sooner".
        assert wait_for(lambda: wakes.count >= heard + 2)
        assert wakes.count == heard + 2
    finally:
        listening.close()


def test_a_listener_closed_hears_no_more(store):
    wakes = Wakes()
    listening = store.listen_for_sooner(wakes)
    assert wait_for(listening.live)
    listening.close()  # Redis: its thread is gone once this returns
    heard = wakes.count
    store.mirror(1, [("first", T, "turn")])
    store.arm({2: [("sooner", T - 1, "turn")]})
    assert wakes.count == heard and not listening.live()
