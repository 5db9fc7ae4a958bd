"""Two lattice rules of the Disco Zoo reader pinned on the screens that made them (the 44th
session's ``s44toast``), each rule called itself as well as the whole read, so that a test
fails when its rule is removed. The screens are drawn as ``bench/disco_zoo_variants.py``
draws them (widest look), OCR off.

- :func:`~gridsight.games.disco_zoo.screen._weaker_across`: the ``toast`` variant of fresh
  widest 1194018 (Savanna, olive dirt as light as the grass, a dark toast across the board's
  bottom two rows). The board's own lattice (lines 0.36) reads 15 grass tiles and its
  tapped tiles hidden or unread, under plausible; a lattice of 3/4 its pitch (lines 0.11)
  over its top left read 19 of 25 tiles, and tiles were stated wrong both ways.
- :func:`~gridsight.games.disco_zoo.screen._lines_cut_through` (the 43rd session's
  ``s43crop``): the ``crop`` variant of fresh widest 1193001 (Constellation, 5 px of the
  board's first column cut off). A lattice of 0.63 the board's pitch inside it reads 19 of
  25 tiles, its lines down cutting through the board's tiles; the whole read now finds the
  board's own lattice first, so the rule is asked of that lattice directly.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo import screen
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.lattice import lattices_at
from kit.disco_reads import seed_read

TOAST = 1_194_018
CROP = 1_193_001


def _best(image, guess):
    """The lattice refined from ``guess`` (x, y, pitch) as :func:`locate_rescue` weighs it:
    (plausibility, fit, lattice, tiles, lineless, share read)."""
    lattice = lattices_at(image, 5, 5, [guess])[0]
    assert lattice is not None
    tiles, plausibility = screen.read_tiles(image, lattice)
    return (plausibility, lattice.score, lattice, tiles, False, screen._share_read(tiles))


@pytest.fixture(scope="module")
def toast_image():
    seen = seed_read(TOAST, variant="toast")
    (x0, y0), (x1, _) = seen.shot.geometry.board_to_image([(0.0, 0.0), (5.0, 5.0)])
    return seen.image, seen.text, (float(x0), float(y0), float(x1 - x0) / 5)


def test_toast_1194018_refused_or_read_with_nothing_stated_wrong():
    seen = seed_read(TOAST, variant="toast")
    if seen.refused is not None:
        assert "place is unsure" in seen.refused
        return
    seen.assert_read_right()


def test_a_weaker_lattice_of_3_4_the_boards_pitch_is_refused(monkeypatch, toast_image):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    image, _, (x, y, pitch) = toast_image
    board = _best(image, (x, y, pitch))
    # the board's own lattice: strong lines, under plausible (its tapped tiles unread)
    assert board[0] < screen.MIN_PLAUSIBLE
    # the lattice that won before: 3/4 the pitch, over the board's top left
    across = _best(image, (x, y - 0.24 * pitch, 0.75 * pitch))
    assert abs(across[2].pitch_x / board[2].pitch_x - 0.75) < 0.02
    assert across[5] < screen.SEEN_WHOLE
    assert board[2].score > screen.ACROSS_STRONGER * across[2].score
    with pytest.raises(BoardNotFoundError, match="one of 4/3 its pitch"):
        screen._weaker_across(image, across, [across[2], board[2]])
    # nothing proposed stronger over it, or the stronger one of the same pitch: not this rule
    screen._weaker_across(image, across, [across[2]])
    screen._weaker_across(image, board, [board[2], across[2]])


def test_a_lattice_cutting_through_the_boards_tiles_is_refused_by_the_rule(monkeypatch):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    shot, _ = drawn(CROP, True, "all")
    image = variant("crop", shot, CROP)
    pitch = shot.geometry.cell_size(0, 0)[0] * image.shape[1] / shot.image.shape[1]
    cut = _best(image, (114.5, 189.7, 37.1))
    assert 0.55 < cut[2].pitch_x / pitch < 0.7
    assert cut[0] >= screen.MIN_PLAUSIBLE and cut[5] < screen.SEEN_WHOLE
    shown, _ = screen._lines_shown(image, cut[2], cut[3], True)
    assert "h" in shown  # its lines across show through the grass, near two of the board's
    with pytest.raises(BoardNotFoundError, match="none of its lines down"):
        screen._lines_cut_through(image, cut)
    # the board's own lattice, clipped at the picture's left edge: not refused by the rule
    own = _best(image, (4.7, 200.4, 59.0))
    assert own[5] >= screen.SEEN_WHOLE
    screen._lines_cut_through(image, own)
