"""Disco Zoo: a region told by the title's length alone, belied by the ground's colour
(session 46's ``s46w1252``), pinned on the screen that showed it, drawn as
``bench/disco_zoo_variants.py`` draws it (widest look), OCR off.

- :func:`~gridsight.games.disco_zoo.lengths.ground_belies`: fresh variants 1252002 under
  ``sj`` (0.6x then JPEG 60, 216 px wide): Jungle, one Monkey card. Its title ``JUNGLE``
  (about 6 px) was counted as ``POLAR``'s length (:func:`.lengths.region_by_title`) and the
  card's ``MONKEY`` then as ``MUSKOX``'s (six letters, the same initial): stated Polar,
  Muskox with no warning, on a plainly dark-green ground where the Polar's is snow. The
  ground now belies the snow region and the read asks.
- ``s46w1245``: fresh widest 1245007 at 0.84x (screens test, ``--seed 1245000``, no options):
  Nocturnal, one Kakapo card. Its ``KAKAPO`` read by its shapes alone as ``WALRUS``
  (:func:`~gridsight.games.disco_zoo.lengths.by_shape`), the title's count saying Polar:
  stated Polar, Walrus with no warning, on a dark purple ground (L 13, a* 38). Any ground
  darker than L 45 now belies the snow region, for every path that settles it
  (``screen_text._ground_belies``), and the read asks.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo import lengths, names
from kit.disco_reads import located, read_plain_afresh, seed_read, stated_wrong

JUNGLE = 1_252_002
NOCTURNAL, NOCTURNAL_BASE = 1_245_007, 1_245_000


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
    plain, warnings, asked, _, unread = read_plain_afresh(screen, image)
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
    assert ground[0] < lengths.SNOW_BELIED_LIGHT and ground[1] < -8.0


def test_only_a_snow_region_on_a_dark_ground_is_belied():
    green, snow = (28.0, -28.0, 30.0), (92.0, -2.0, -5.0)
    assert lengths.ground_belies("Polar", green)
    assert not lengths.ground_belies("Polar", snow)
    assert not lengths.ground_belies("Polar", None)
    assert not lengths.ground_belies("Jungle", green)  # other regions' grounds not checked
    assert not lengths.ground_belies("Polar", (60.0, -20.0, 10.0))  # a light tint: maybe snow
    assert lengths.ground_belies("Polar", (13.0, 38.0, -35.0))  # dark purple: no snow either


@pytest.fixture(scope="module")
def nocturnal():
    names._RECENT.clear()
    names._LINES.clear()
    return seed_read(NOCTURNAL, base=NOCTURNAL_BASE)


def test_nocturnal_kakapo_is_not_stated_polar_walrus(nocturnal):
    plain, warnings, asked, _, unread = nocturnal.plain
    assert plain or asked
    if plain:
        assert stated_wrong(nocturnal.text, plain, warnings, unread) == []
    else:
        # (asked since s47names without the ground's word: the card's name read by its
        # shapes alone no longer settles with a 4-px title's count, tests/test_disco_zoo_names47.py)
        assert "--animals" in asked


def test_the_nocturnal_ground_seen_is_dark_purple(nocturnal):
    screen = nocturnal.screen
    ground = lengths.ground_lab(nocturnal.image, [card.panel.box for card in screen.cards],
                                screen.lattice.y)
    assert ground is not None
    assert ground[0] < lengths.SNOW_BELIED_LIGHT and ground[1] > 20.0
    assert lengths.ground_belies("Polar", ground)
