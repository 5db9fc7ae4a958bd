"""Confident WRONGs of the board and tiles on the widest looks (33rd session), each pinned.

The issue's bar: a screen is read exactly or the player is asked, never read wrong with no
warning. The widest family of looks (:mod:`kit.skins.disco_zoo_widest`) drew these; each
screen here is drawn at a small fixed scale at which the read before the fix was WRONG:

- a bush's berry (one art pixel) over a bush covering its tile read as a found tile's
  animal (widest 860008 with the decorations alone; 850003 with every property: a found
  Toucan with ``--animals``, in ``bench/screen_corpus.py`` since session 43);
- a bush drawn bigger still (1.4-1.8x), over all of its tile but the corners, read as a
  found tile of the common rarity's colour (850043 at 2.63x: with no options, a second
  animal named for it) or of a colour not known (850023);
- a lattice a row off the board, its edge row over the ground past it read as nothing,
  kept because the board's own lattice read its dull tapped tiles as nothing too (860049 at
  1.3x: two found tiles and tapped ones stated untapped); now the board's place is unsure.
"""

from __future__ import annotations

import pytest

from test_disco_zoo_hunt31 import pinned_or_refused_reads
from kit.disco_reads import stated_wrong
from kit.disco_screens import real_screen


def _widest(k: int, base: int, scale: float, widest: str = "all"):
    """Widest-look screen ``base + k`` at ``scale``: (truth, image)."""
    shot, text, image, _ = real_screen(k, base, (scale, scale), wider=True, widest=widest)
    return text, image


SCREENS = {"berry on a bush": lambda: _widest(8, 860_000, 0.8, "decorations"),
           "bush over all but the corners": lambda: _widest(43, 850_000, 0.8),
           "bush over all but the corners, no berry": lambda: _widest(23, 850_000, 1.0),
           "a row off, dull dirt": lambda: _widest(49, 860_000, 1.3)}


@pytest.fixture(scope="module")
def reads():
    """Each pinned screen located and read with no options and with ``--animals``: name:
    (truth, *:func:`test_disco_zoo_hunt31.both_reads`), or (truth, the refusal's words)."""
    return pinned_or_refused_reads(SCREENS)


@pytest.mark.parametrize("name", SCREENS)
def test_read_right_asked_or_refused(reads, name):
    """With no options and with ``--animals``: nothing false stated without a warning."""
    if len(reads[name]) == 2:
        return  # refused: said in words
    text, plain, warnings, asked, unread, named, _ = reads[name]
    assert plain or "--animals" in asked
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []
    assert not isinstance(named, str), named
    assert stated_wrong(text, named.text, named.warnings, named.unread) == []


def test_a_berry_is_no_animal(reads):
    """860008 (decorations widened alone, 0.8x): the tile under the big bush (row 2,
    column 2), its berry the only ink, is read as grass or listed unread, never found;
    the screen is read exactly."""
    text, plain, _, _, _, _, screen = reads["berry on a bush"]
    assert screen.tiles[1][1].kind != "found"
    assert plain == text


def test_a_lattice_a_row_off_over_dull_dirt_is_refused(reads):
    """860049 at 1.3x: the lattice a row above the board, its top row over what lies above
    read as nothing; the one a row down reads the board's dull tapped tiles as nothing and
    falls below plausible, but its bottom row is grass: refused in words."""
    assert len(reads["a row off, dull dirt"]) == 2
    assert "the board's place is unsure" in reads["a row off, dull dirt"][1]


@pytest.mark.parametrize(("name", "cell"), [("bush over all but the corners", (4, 2)),
                                            ("bush over all but the corners, no berry", (4, 3))])
def test_a_bush_with_the_lawn_in_its_corners_is_listed_unread(reads, name, cell):
    """The tile under the bush is listed unread (its lawn corners, :func:`_lawn_cornered`),
    and still counts for the lattice's fit: the board's own lattice is kept."""
    text, _, _, _, _, named, screen = reads[name]
    tile = screen.tiles[cell[0]][cell[1]]
    assert tile.kind == "unknown" and tile.decorated
    assert cell in {tuple(c) for c in named.unread}
