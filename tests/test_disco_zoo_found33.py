"""Found tiles' rarity against the colours the screen itself shows (33rd session).

The issue's bar: a screen is read exactly or the player is asked, never read wrong with no
warning. The widest family of looks (:mod:`kit.skins.disco_zoo_widest`) jitters each rarity's
colour so far that two rarities may be drawn alike, each far from its reference colour: a
found tile's colour then fits the wrong rarity. The cards' filled boxes are drawn in the same
colours; a fill of a rarity the board, every tile read, shows no found tile of, says a tile's
rarity (or the fill's) was read wrong: the found tiles are left unsure between the two
(:func:`gridsight.games.disco_zoo.screen.found_against_the_fills`).

- widest 850045 at 0.52x (City): the common Pigeon's and the rare Squirrel's tiles 11 Lab
  apart, 15 and 18 from common's colour; the Squirrel's card's one fill read rare. Both tiles
  were read common, and the read with ``--animals`` refused ("no placement of Pigeon covers
  the Pigeon tiles"); now each tile is common or rare, and the read names them right. (Since
  session 40 the Pigeon's rim, the lawn darkened, gives no rarity; since session 41 the fills'
  check passes over such a tile and still holds the Squirrel's against the rare fill.)
- widest 850029 at 1.1x (Outback): two common tiles and a rare one 34-41 Lab from rare's
  colour, 59-68 from common's, all read rare, a card's fills read mythical; the read with
  ``--animals`` refused. The rarities as near again as the one read are left open too
  (:data:`gridsight.games.disco_zoo.screen.FAR_AS_ITS_OWN`): now read, nothing false.

Found tiles of the lawn's green told by their corners (:func:`~.screen.cornered`): a tile told
leaves the grass's scatter the others are measured against. Harder desktop 580002 (the phone
beside a tool strip; ``bench/bench_desktop.py --games disco-zoo --harder --share 0.15 0.2``),
its view 503 px wide: two found Gorillas' corners 11.4 and 12.3 off the lawn's, the other grass
tiles' 2.9 at most; each raised the other's bound, one only was told, and every pictured grass
tile was left unread (the capture refused, 16 tiles the screen alone reads).
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from test_disco_zoo_hunt31 import both_reads
from kit.disco_reads import stated_wrong
from kit.disco_screens import real_screen


@pytest.fixture(scope="module")
def reads():
    """Widest 850045 (0.52x) and 850029 (1.1x), each located and read with no options and
    with ``--animals``: name: (truth, *:func:`both_reads`); ``desktop``: 580002's view located.
    (Real-look 7001, whose fills leave its tiles alone, is the screens test's own read:
    ``test_disco_zoo_screens.test_fills_the_board_shows_leave_the_tiles_alone``.)"""
    from kit.desktop import real_look_rescue, sample

    _, capture, _ = sample(real_look_rescue, 580_002, fraction=(0.15, 0.2), harder=True)
    out = {"desktop": locate_rescue(capture.image[203 : 203 + 962, 843 : 843 + 503].copy())}
    for name, (k, base, widest) in {"alike": (45, 850_000, "all"),
                                    "alike, far": (29, 850_000, "all")}.items():
        # (drawn as the measurement draws them: the scale from 0.5-3x: 0.52x and 2.44x)
        _, text, image, _ = real_screen(k, base, wider=bool(widest), widest=widest)
        out[name] = (text, *both_reads(locate_rescue(image), image, text))
    return out


def test_two_rarities_drawn_alike_leave_the_found_tiles_unsure(reads):
    """850045: the two found tiles (row 2, columns 2 and 3) read common or rare, not common
    alone; the card's rare fill no longer contradicts the board."""
    screen = reads["alike"][-1]
    # Each tile whose rarity is read is common or rare, not common alone. Since session 40
    # one tile's rim, within 3 Lab of the lawn darkened, is taken for the cell round an inset
    # tile and gives no rarity (:func:`_darkened_lawn`: every rarity open); the fills' check
    # holds the other tile against the rare fill all the same (since session 41).
    rarities = [set(screen.tiles[1][c].rarities) for c in (1, 2)]
    assert all(r in ({"common", "rare"}, set()) for r in rarities), rarities
    assert any(rarities), rarities


def test_colours_far_from_their_references_leave_every_near_rarity_open(reads):
    """850029: each found tile (rows 1, 2 and 4) may be common or rare (and mythical, the
    fills' rarity)."""
    screen = reads["alike, far"][-1]
    rarities = [set(screen.tiles[r][c].rarities) for r, c in ((0, 2), (1, 0), (3, 3))]
    # (since session 40 one of them of no rarity, every one open, as above; the others are
    # held against the fills all the same)
    assert all({"common", "rare"} <= r or r == set() for r in rarities), rarities
    assert sum(r == set() for r in rarities) <= 1, rarities


@pytest.mark.parametrize("name", ["alike", "alike, far"])
def test_two_rarities_drawn_alike_are_read_right_with_the_names(reads, name):
    """With ``--animals``: read, nothing stated false (both were refused); with no options
    the read asks or is right."""
    text, plain, warnings, asked, unread, named, _ = reads[name]
    assert not isinstance(named, str), named
    assert stated_wrong(text, named.text, named.warnings, named.unread) == []
    assert plain or "--animals" in asked
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_two_found_tiles_of_the_lawns_green_are_both_told_by_their_corners(reads):
    """580002's 503 px view: the Gorillas' tiles (row 2 and row 3, column 3) read found."""
    tiles = reads["desktop"].tiles
    assert tiles[1][2].kind == "found" and tiles[2][2].kind == "found"
    assert sum(tile.kind == "unknown" for row in tiles for tile in row) == 0
