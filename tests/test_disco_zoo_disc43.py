"""The JPEG 60 variant of fresh widest 1190009 (``s43wrongB``): a found tile is rounded,
coloured by its rarity (issue 18); a tile whose rim band (the cell round a blurred disc) is
read unsurely as one rarity, the colour just inside its rounded edge another's, may be either,
never stated the rim's animal alone. The screen is drawn as the variant sweeps draw it and
located with OCR off.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo.screen import locate_rescue
from kit.disco_reads import read_given
from test_disco_zoo_screens import stated_wrong

SEED = 1_190_009


@pytest.fixture(scope="module")
def blurred():
    """(the JPEG 60 variant, its board text)."""
    shot, text = drawn(SEED, True, "all")
    return variant("j60", shot, SEED), text


def test_a_rim_read_unsurely_keeps_the_discs_rarity(blurred, monkeypatch):
    # Jurassic: Triceratops (rare), Ankylosaurus (timeless), Raptor (common). The
    # Ankylosaurus's gold disc at (4,3) sits in a cell of the lawn darkened; its rim band
    # read common (0.75) and the tile was stated Raptor with --animals.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    image, text = blurred
    assert text.splitlines()[6].split()[2] == "2"  # the Ankylosaurus at (4,3)
    screen = locate_rescue(image)
    tile = screen.tiles[3][2]
    assert tile.kind == "found"
    assert "timeless" in tile.rarities and "common" in tile.rarities
    named = read_given(screen, text)  # (the read with no options asks: its cards unread)
    assert not stated_wrong(text, named.text, named.warnings, named.unread)
    assert named.text.splitlines()[6].split()[2] in ("2", "2/3")
