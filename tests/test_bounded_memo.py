"""The bounded memo (:mod:`gridsight.vision.bounded`) and the module memos made of it: however
many keys pass through, no memo holds more than its size, the least recently used dropped first."""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import names
from gridsight.vision import sprites, tiling
from gridsight.vision.bounded import BoundedMemo


def test_the_bound_holds_and_the_least_recently_used_goes_first():
    memo: BoundedMemo[int, int] = BoundedMemo(3)
    made: list[int] = []
    for key in range(10):
        assert memo.remember(key, lambda key=key: made.append(key) or key * key) == key * key
        assert len(memo) <= 3
    assert list(memo) == [7, 8, 9] and made == list(range(10))
    assert memo.remember(7, lambda: -1) == 49 and made == list(range(10))  # kept: not made
    memo[10] = 100  # (set directly, bounded all the same) 8, now the oldest, goes
    assert list(memo) == [9, 7, 10]
    memo[9] = 81  # set again: the newest
    memo[11] = 121
    assert list(memo) == [10, 9, 11]


def test_a_memo_of_size_zero_keeps_nothing_and_a_negative_size_is_refused():
    off: BoundedMemo[str, int] = BoundedMemo(0)
    assert off.remember("a", lambda: 1) == 1 and len(off) == 0
    with pytest.raises(ValueError, match="0 entries or more"):
        BoundedMemo(-1)


def test_the_module_memos_are_bounded_by_their_sizes():
    assert (sprites._DISTANCES.size, sprites._SEEN.size) == (sprites.DISTANCES, sprites.SEEN)
    assert (names._MADE.size, names._RECENT.size, names._LINES.size) == (
        names.MADE, names.RECENT, names.RECENT)
    assert tiling._PICTURES.size == tiling.PICTURES_KEPT
    for memo in (sprites._DISTANCES, sprites._SEEN, names._MADE, names._RECENT, names._LINES,
                 tiling._PICTURES):
        assert isinstance(memo, BoundedMemo) and len(memo) <= memo.size


def test_sprite_distances_stay_within_a_small_bound(monkeypatch):
    monkeypatch.setattr(sprites, "_DISTANCES", BoundedMemo(2))
    monkeypatch.setattr(sprites, "_SEEN", BoundedMemo(3))
    rng = np.random.default_rng(5)
    made = []
    for _ in range(4):
        picture = np.full((24, 24, 3), 40, np.uint8)
        picture[4:20, 4:20] = rng.integers(0, 256, (16, 16, 3)) * (rng.random((16, 16, 1)) < .6)
        made.append(sprites.sprite_of(picture, np.float32((40, 40, 40))))
    first = [sprites.sprite_distance(a, b) for a in made for b in made]
    assert len(sprites._DISTANCES) == 2 and len(sprites._SEEN) == 3
    assert [sprites.sprite_distance(a, b) for a in made for b in made] == first
