"""A Disco Zoo board whose grass the capture shifted under the reader's grass hue (45th
session).

The grass hue the reader takes (``ground_hue`` in ``templates/disco-zoo/screen.json``) is the
game's grass seen through a capture's colour shift, which moves a pale grass's hue far. The
picture's own board sets the bound: the lawn of the lattice with the strongest lines lowers
its low end to its hue (:func:`gridsight.games.disco_zoo.screen._picture_hue`), down to
:data:`~gridsight.games.disco_zoo.screen.HUE_LEAST`. The screen is drawn again as the
screens test draws it and read with OCR off.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import screen as disco_screen
from gridsight.vision.lattice import Lattice
from kit.disco_reads import pinned_given
from kit.disco_reads import read_plain, stated_wrong
from kit.disco_screens import real_screen


@pytest.fixture(scope="module")
def tan_lawn():
    """Widest 1203107 (Jurassic, its tan-olive grass drawn at hue 33, 19 after the capture's
    shift): (its truth, its picture, the screen located, its reading with --animals)."""
    _, text, image, _ = real_screen(7, 1_203_100, wider=True, widest="all")
    screen, given = pinned_given(image, text)
    return text, image, screen, given


def test_a_lawn_shifted_under_the_grass_hue_is_read_on_the_boards_own_lattice(tan_lawn):
    # at 1.56x: the board's own lattice (lines 0.69, pitch 101 px) read nothing for its
    # lawn's hue 19 under the bound 20; a lattice 1.1x its pitch (lines 0.30) over the olive
    # ground round the cards and the board's top rows was read, and with --animals the
    # tapped tile at row 2, column 4 was stated untapped and the untapped one at row 5,
    # column 4 tapped
    text, _, screen, given = tan_lawn
    assert screen.lattice.pitch_x == pytest.approx(101, abs=2)
    assert 50 <= screen.lattice.x <= 56 and 410 <= screen.lattice.y <= 416
    assert stated_wrong(text, given.text, given.warnings, given.unread) == []
    assert given.text.splitlines()[3:] == text.splitlines()[3:]


def test_the_tan_lawn_is_read_with_no_options_too(tan_lawn):
    text, image, screen, _ = tan_lawn
    plain, warnings, asked, refused, unread = read_plain(
        screen, screen.board_read("disco-zoo/structure"), image)
    assert not refused, refused
    assert asked or stated_wrong(text, plain, warnings, unread) == []


def test_the_pictures_strongest_lawn_sets_the_low_end_of_the_grass_hue(tan_lawn):
    _, image, screen, _ = tan_lawn
    facts = disco_screen.screen_facts()
    weaker = Lattice(x=9.0, y=59.0, pitch_x=112.9, pitch_y=112.6, rows=5, cols=5, score=0.3)
    assert disco_screen._picture_hue(image, [weaker, screen.lattice], facts) == \
        [19.0, float(facts["ground_hue"][1])]
    # the olive ground's lattice alone: its lawn is green, the bound as the facts say
    assert disco_screen._picture_hue(image, [weaker], facts) == \
        [float(v) for v in facts["ground_hue"]]
    # outside a locate, the facts' bound
    assert disco_screen._ground_hue(facts) == facts["ground_hue"]


def test_a_lawn_under_the_least_hue_leaves_the_bound():
    # a 5x5 lawn of orange tiles (hue 8) parted by dark lines: the strongest lattice's lawn,
    # saturated, but under HUE_LEAST, so the bound stays the facts'
    pitch, line = 40, 4
    image = np.zeros((5 * pitch + line, 5 * pitch + line, 3), np.uint8)
    image[:] = (20, 30, 60)
    for r in range(5):
        for c in range(5):
            y, x = line + r * pitch, line + c * pitch
            image[y : y + pitch - line, x : x + pitch - line] = (30, 80, 220)  # BGR, hue 8
    lattice = Lattice(x=line / 2, y=line / 2, pitch_x=pitch, pitch_y=pitch, rows=5, cols=5,
                      score=0.9)
    facts = disco_screen.screen_facts()
    hue, saturation = disco_screen._hue_of(disco_screen._lawn_of(
        disco_screen._tile_patches(image, lattice), 5)[1])
    assert hue < disco_screen.HUE_LEAST and saturation >= disco_screen.GRASS_SATURATION
    assert disco_screen._picture_hue(image, [lattice], facts) == \
        [float(v) for v in facts["ground_hue"]]
