"""A board found in one window-like region of a desktop, held by a larger lattice found before
it in another (issue 18, item 2: a phone screen found anywhere in a desktop capture).

Fresh harder desktop 450025 of ``bench/bench_desktop.py --share 0.15 0.2``: a region cutting
the phone's left side read a 5x5 lattice of 66 px over the board's right half and a dark
window beside it (the cards only); the phone's own board of 40 px, read whole with its cards
and counter in a later region, was skipped as "a part of a board found already" and the
capture refused. A find that shows more of a screen and lies at a finer pitch off the
holder's lines is another board (:func:`gridsight.readers.desktop._other_board`); a part of
a board read between two of its lines lies on them and is still skipped.
"""

from __future__ import annotations

import pytest
from kit.desktop import real_look_rescue, sample

from gridsight.readers.base import ReadHints
from gridsight.readers.desktop import FURNITURE, _other_board
from gridsight.readers.find import find_in, load_game_pack, read_found
from gridsight.vision.classify import BoardRead, CellRead
from gridsight.vision.geometry import BoardGeometry

SCREEN = ("cards", "counter")


@pytest.fixture(scope="module")
def desktop_450025():
    _, capture, truth = sample(real_look_rescue, 450025, fraction=(0.15, 0.2), harder=True)
    return capture, truth


def test_the_phones_board_held_by_a_coarser_lattice_is_found_and_read(desktop_450025):
    capture, truth = desktop_450025
    found = find_in(capture.image, {"disco-zoo": load_game_pack("disco-zoo", None)})
    cell = min(capture.geometry.cell_size(0, 0))
    assert abs(found.read.geometry.outline() - capture.geometry.outline()).max() < 0.5 * cell
    names = tuple(truth.splitlines()[1].split(": ")[1].split(", "))
    assert read_found(capture.image, found, ReadHints(animals=names)).text == truth


def _board(x: float, y: float, pitch: float, furniture: tuple[str, ...]) -> BoardRead:
    cells = tuple(tuple(CellRead(r, c, "ground", 1.0, 1.0) for c in range(5)) for r in range(5))
    return BoardRead(BoardGeometry.from_rect(x, y, pitch, pitch, 5, 5), cells,
                     extras={FURNITURE: furniture})


def test_a_part_of_a_board_on_its_lines_is_no_other_board():
    holder = _board(100, 100, 60, ("cards",))
    # A lattice at half the pitch between the holder's lines (its sides on lines and
    # half-lines), even reading more furniture: a part of the holder's board.
    part = _board(160, 160, 30, SCREEN)
    assert not _other_board(part, holder, SCREEN)
    # Off its lines, showing more of a screen: another board (450025's phone).
    other = _board(113, 121, 37, SCREEN)
    assert _other_board(other, holder, SCREEN)
    # ... but not when it shows no more of a screen than the holder.
    assert not _other_board(_board(113, 121, 37, ("cards",)), holder, SCREEN)
