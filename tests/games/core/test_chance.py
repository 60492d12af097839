import hashlib
from collections import Counter

from games.core.chance import Chance


def test_the_same_seed_and_seq_give_the_same_stream():
    assert Chance("seed", 7).shuffle(range(54)) == Chance("seed", 7).shuffle(range(54))


def test_another_seq_gives_another_stream():
    assert Chance("seed", 7).shuffle(range(54)) != Chance("seed", 8).shuffle(range(54))


def test_the_published_algorithm_reproduces_a_draw_by_hand():
    word = int.from_bytes(hashlib.sha256(b"s:3:0").digest()[:8], "big")
    assert Chance("s", 3).below(1000) == word % 1000  # 2**64 mod 1000 rejects almost nothing


def test_a_shuffle_is_a_permutation():
    assert sorted(Chance("x", 1).shuffle(range(100))) == list(range(100))


def test_below_is_roughly_uniform():
    counts = Counter(Chance("u", seq).below(6) for seq in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < n < 1200 for n in counts.values())


def test_a_coin_lands_both_ways():
    assert {Chance("c", seq).coin() for seq in range(50)} == {True, False}


def test_best_breaks_a_tie_from_the_stream_not_by_position():
    picks = {Chance("tie", seq).best([0, 1, 2, 3], key=lambda seat: seat % 2) for seq in range(40)}
    assert picks == {1, 3}


def test_best_takes_the_single_highest():
    assert Chance("tie", 0).best(["a", "bbb", "cc"], key=len) == "bbb"


def test_best_weighs_each_item_once():
    weighed = Counter()

    def weight(item):
        weighed[item] += 1
        return item % 3

    assert Chance("b", 1).best(range(10), key=weight) in (2, 5, 8)
    assert set(weighed.values()) == {1}
