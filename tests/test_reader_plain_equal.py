"""The Disco Zoo reader's inner steps sped up in the 47th session give the values of their
plain versions (:mod:`kit.plain_reader`, the steps as they were) to the last bit: a sprite
comparison's nine shifts worked out together, and the settling's choices made without those
that name an animal twice or hold two pets, its board checks remembered by the board once."""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import settle as settling
from gridsight.games.disco_zoo.settle import CardClue, settle
from gridsight.vision.sprites import _shape_distance
from kit import plain_reader
from kit.plain_reader import plain_settle, plain_shape_distance


def test_a_sprite_comparisons_shifts_together_give_the_plain_values_to_the_last_bit():
    rng = np.random.default_rng(1_264_000)
    seen = set()
    for k in range(100):
        ma = (rng.random((12, 12)) * (rng.random((12, 12)) < 0.5)).astype(np.float32)
        mb = (rng.random((12, 12)) * (rng.random((12, 12)) < rng.random())).astype(np.float32)
        if k % 10 == 0:  # no ink at all on either: 1.0 by both ways
            ma[:], mb[:] = 0, 0
        la, lb = ((rng.random((12, 12, 3)) * 100).astype(np.float32) for _ in range(2))
        got = _shape_distance(ma, la, mb, lb)
        assert got == plain_shape_distance(ma, la, mb, lb)
        seen.add(got == 1.0)
    assert seen == {True, False}


BOARDS = [  # (clues, found tiles with their rarities, empty tiles, names, region, the bound)
    ([CardClue("common", 4, 1), CardClue("rare", 3, 0), CardClue("", None, None)],
     [((2, 3), ("common",))], [(0, 0), (1, 1)], (), "Jungle", 4096),
    ([CardClue("common", None, 2), CardClue("", 3, None), CardClue("", 5, 1)],
     [((1, 1), ("common",)), ((1, 2), ("common",)), ((4, 4), ())], [(0, 4)], (), "Farm",
     4096),
    ([CardClue("", 4, None), CardClue("rare", None, None), CardClue("", None, 1)],
     [((3, 3), ("rare", "mythical"))], [], [None, ["Horse", "Cow"], None], "Farm", 4096),
    ([CardClue(), CardClue(), CardClue(), CardClue()], [], [(2, 2)], (), "Jungle", 5),
    ([CardClue(), CardClue(), CardClue("", 5, None)], [((0, 0), ())], [], (), None, 7),
    ([], [], [], (), None, 4096),
]


@pytest.mark.parametrize("clues, found, empty, names, region, most", BOARDS)
def test_the_settling_passes_over_impossible_choices_and_settles_as_the_plain_one(
        monkeypatch, clues, found, empty, names, region, most):
    monkeypatch.setattr(settling, "MAX_CHOICES", most)
    monkeypatch.setattr(plain_reader, "MAX_CHOICES", most)
    settling._WEIGHED.clear()
    for _ in range(2):  # afresh, then with the board checks remembered
        got = settle(clues, found, empty, region=region, names=names, unread=1)
        want = plain_settle(clues, found, empty, region=region, names=names, unread=1)
        assert repr(got) == repr(want)
    if most < 10:
        assert got is not None and got.choices == most  # (the bound is met as before)
