"""The JPEG 60 variant of fresh widest 1190009 (``s43wrongB``): a found tile is rounded,
coloured by its rarity (issue 18); a tile whose rim band (the cell round a blurred disc) is
read unsurely as one rarity, the colour just inside its rounded edge another's, may be either,
never stated the rim's animal alone. The screen is drawn as the variant sweeps draw it and
located with OCR off.
"""

from __future__ import annotations

from kit.disco_reads import assert_nothing_stated_wrong, seed_read

SEED = 1_190_009


def test_a_rim_read_unsurely_keeps_the_discs_rarity():
    # Jurassic: Triceratops (rare), Ankylosaurus (timeless), Raptor (common). The
    # Ankylosaurus's gold disc at (4,3) sits in a cell of the lawn darkened; its rim band
    # read common (0.75) and the tile was stated Raptor with --animals.
    seen = seed_read(SEED, variant="j60")
    text, screen = seen.text, seen.found
    assert text.splitlines()[6].split()[2] == "2"  # the Ankylosaurus at (4,3)
    assert not isinstance(screen, str), screen
    tile = screen.tiles[3][2]
    assert tile.kind == "found"
    assert "timeless" in tile.rarities and "common" in tile.rarities
    named = seen.given  # (the read with no options asks: its cards unread)
    assert_nothing_stated_wrong(text, named)
    assert named.text.splitlines()[6].split()[2] in ("2", "2/3")
