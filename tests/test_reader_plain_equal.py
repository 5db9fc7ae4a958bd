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
from kit.plain_reader import plain_settle, plain_shape_distance, weighed_settle


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
    # (48th session: cards of one rarity and count, their animals' choices in every order
    # asked once; a rare tile read unsure, a pet's grey)
    ([CardClue("rare", None, 1), CardClue("rare", None, 1), CardClue("", None, 0)],
     [((2, 2), ("rare",)), ((4, 1), ("rare", "common"))], [(0, 0)], (), "Savanna", 4096),
    ([CardClue("common", None, 0), CardClue("common", None, 0), CardClue("common", None, None),
      CardClue("", 5, 1)], [((3, 3), ())], [(1, 1), (1, 2)], (), None, 4096),
]


@pytest.mark.parametrize("clues, found, empty, names, region, most", BOARDS)
def test_the_settling_passes_over_impossible_choices_and_settles_as_the_plain_one(
        monkeypatch, clues, found, empty, names, region, most):
    monkeypatch.setattr(settling, "MAX_CHOICES", most)
    monkeypatch.setattr(plain_reader, "MAX_CHOICES", most)
    settling._WEIGHED.clear()
    plain_reader.WEIGHED_47.clear()
    for _ in range(2):  # afresh, then with the board checks remembered
        got = settle(clues, found, empty, region=region, names=names, unread=1)
        want = plain_settle(clues, found, empty, region=region, names=names, unread=1)
        assert repr(got) == repr(want)
        assert repr(weighed_settle(clues, found, empty, region=region, names=names,
                                   unread=1)) == repr(want)
    if most < 10:
        assert got is not None and got.choices == most  # (the bound is met as before)


def test_a_choice_of_the_same_animals_in_another_order_with_the_same_counts_is_weighed_once(
        monkeypatch):
    asked = []  # (the animals by name and rarity: the Farm's Rabbit is not the pet)
    stands = settling._stands

    def counted(choice, clues, *board):
        asked.append(sorted((a.name, a.rarity, clue.found) for a, clue in zip(choice, clues)))
        return stands(choice, clues, *board)

    monkeypatch.setattr(settling, "_stands", counted)
    settling._WEIGHED.clear()
    clues = [CardClue("common", None, 0), CardClue("common", None, 0), CardClue("rare", None, 1)]
    found = [((2, 2), ("rare",))]
    got = settle(clues, found, [(0, 0)], region="Farm")
    assert repr(got) == repr(plain_settle(clues, found, [(0, 0)], region="Farm"))
    assert got is not None and got.choices > len(asked)  # (each pair of commons: two orders)
    assert len(asked) == len({repr(a) for a in asked})  # ... each asked once
    # the same board with other clues but the same counts: every check remembered
    again = settle([CardClue("", 4, 0), CardClue("", None, 0), CardClue("", None, 1)], found,
                   [(0, 0)], region="Farm")
    assert again is not None and again.choices >= got.choices
    assert len(asked) == len({repr(a) for a in asked})
