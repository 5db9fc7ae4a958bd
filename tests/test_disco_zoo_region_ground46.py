"""Disco Zoo: a region told by the title's length alone, belied by the ground's colour
(session 46's ``s46w1252``), pinned on the screen that showed it, drawn as
``bench/disco_zoo_variants.py`` draws it (widest look), OCR off.

- :func:`~gridsight.games.disco_zoo.lengths.ground_belies`: fresh variants 1252002 under
  ``sj`` (0.6x then JPEG 60, 216 px wide): Jungle, one Monkey card. Its title ``JUNGLE``
  (about 6 px) was counted as ``POLAR``'s length (:func:`.lengths.region_by_title`) and the
  card's ``MONKEY`` then as ``MUSKOX``'s (six letters, the same initial): stated Polar,
  Muskox with no warning, on a plainly dark-green ground where the Polar's is snow. The
  ground now belies the snow region and the read asks.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo import lengths, names
from kit.disco_reads import located, read_plain, stated_wrong

JUNGLE = 1_252_002


@pytest.fixture(scope="module")
def jungle():
    shot, text = drawn(JUNGLE, False, "all")
    image = variant("sj", shot, JUNGLE)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        screen = located(image)
    return image, text, screen


def test_jungle_at_sj_is_not_stated_polar(monkeypatch, jungle):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    image, text, screen = jungle
    names._RECENT.clear()
    names._LINES.clear()
    plain, warnings, asked, _, unread = read_plain(
        screen, screen.board_read("disco-zoo/structure"), image)
    assert plain or asked
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []
    else:
        assert "--animals" in asked


def test_the_ground_seen_is_dark_green(jungle):
    image, _, screen = jungle
    ground = lengths.ground_lab(image, [card.panel.box for card in screen.cards],
                                screen.lattice.y)
    assert ground is not None
    assert ground[0] < lengths.SNOW_BELIED_LIGHT and ground[1] < lengths.SNOW_BELIED_GREEN


def test_only_a_snow_region_on_a_dark_green_ground_is_belied():
    green, snow = (28.0, -28.0, 30.0), (92.0, -2.0, -5.0)
    assert lengths.ground_belies("Polar", green)
    assert not lengths.ground_belies("Polar", snow)
    assert not lengths.ground_belies("Polar", None)
    assert not lengths.ground_belies("Jungle", green)  # other regions' grounds not checked
    assert not lengths.ground_belies("Polar", (60.0, -20.0, 10.0))  # a light tint: maybe snow
