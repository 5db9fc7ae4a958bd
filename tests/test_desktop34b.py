"""The desktop search's second-screen asks (session 34): the locator is told only a sure find
counts there (:func:`gridsight.readers.desktop.only_sure`), and the Disco Zoo reader leaves
out its wider search when its best lattice shows no lawn at all; a rescue's screen is read
the same whether told or not."""

from __future__ import annotations

import numpy as np
import pytest
from kit.desktop import real_look_rescue

import gridsight.games.disco_zoo.screen as screen
from gridsight.readers import desktop
from gridsight.readers.desktop import _OneSearch, _second_screen, asking_for_a_second_screen, \
    only_sure
from gridsight.vision.classify import BoardRead, CellRead
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.regions import Region


def _read(x: float, y: float, pitch: float = 10.0) -> BoardRead:
    cells = tuple(tuple(CellRead(r, c, "ground", 1.0, 1.0) for c in range(5)) for r in range(5))
    return BoardRead(BoardGeometry.from_rect(x, y, pitch, pitch, 5, 5), cells)


def test_only_the_second_screens_asks_are_told_only_a_sure_find_counts():
    """Each ask of a region apart from the board found runs told (and the flag is down again
    after it, a refusal too); the region over the board is not asked."""
    told = []

    def locate(pixels: np.ndarray) -> BoardRead:
        told.append(only_sure())
        raise BoardNotFoundError("disco-zoo", "no lattice of tiles")

    image = np.zeros((200, 300, 3), np.uint8)
    best = _read(20, 20)
    regions = [Region(0, 0, 100, 100), Region(150, 0, 100, 180)]
    assert not only_sure()
    assert _second_screen(image, best, [best], regions, locate, ("cards",)) is None
    assert told == [True] and not only_sure()


def test_a_search_keeps_the_told_and_untold_answers_apart():
    """The search's cache of answers (:class:`_OneSearch`) never hands a told ask's answer to an
    untold read of the same pixels; an untold read's serves a told ask."""
    asked = []

    def locate(pixels: np.ndarray) -> BoardRead:
        asked.append(only_sure())
        return _read(0, 0)

    search = _OneSearch(locate)
    pixels = np.zeros((50, 50, 3), np.uint8)
    with asking_for_a_second_screen():
        search(pixels)
        search(pixels)
    search(pixels)
    assert asked == [True, False]
    other = np.ones((50, 50, 3), np.uint8)  # a full read's answer serves a told ask
    search(other)
    with asking_for_a_second_screen():
        search(other)
    assert asked == [True, False, False]


@pytest.fixture(scope="module")
def no_lawn() -> np.ndarray:
    """A 5x5 lattice of blue squares on grey: lines for the lattice search, no lawn."""
    image = np.full((420, 240, 3), 120, np.uint8)
    for r in range(5):
        for c in range(5):
            x, y = 20 + 40 * c, 150 + 40 * r
            image[y + 3 : y + 37, x + 3 : x + 37] = (200, 90, 40)
    return image


def test_told_the_reader_leaves_out_the_wider_search_after_a_lawnless_best(no_lawn,
                                                                            monkeypatch):
    """Untold, a best lattice reading none of its tiles as a rescue's runs the wider search (a
    second list of lattices read); told, it does not, and the refusal is the same."""
    searches = []
    best_lattice = screen._best_lattice

    def counted(image, candidates, best):
        searches.append(len(candidates))
        return best_lattice(image, candidates, best)

    monkeypatch.setattr(screen, "_best_lattice", counted)
    with pytest.raises(BoardNotFoundError) as untold:
        screen.locate_rescue(no_lawn)
    untold_searches = len(searches)
    with asking_for_a_second_screen(), pytest.raises(BoardNotFoundError) as told:
        screen.locate_rescue(no_lawn)
    assert "0% of its tiles" in untold.value.detail
    assert told.value.detail == untold.value.detail
    assert untold_searches == 2 and len(searches) - untold_searches == 1


def test_a_rescue_is_read_the_same_told_or_not():
    """A real-look rescue's screen (its board, cards and counter) reads the same when told."""
    shot, _ = real_look_rescue(7003)
    plain = screen.locate(shot.image)
    with asking_for_a_second_screen():
        told = screen.locate(shot.image)
    assert told.labels() == plain.labels()
    assert np.allclose(told.geometry.outline(), plain.geometry.outline())
    for key in (desktop.FURNITURE, desktop.DOUBTFUL, desktop.TALLY):
        assert told.extras[key] == plain.extras[key]
    assert desktop._sure(plain, ("cards", "counter"))
