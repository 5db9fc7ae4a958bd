"""Session 48's desktop fix (s48desk904): fresh harder desktop 904008 (``bench/bench_desktop.py
--games disco-zoo --harder --share 0.15 0.2``, a 253 px Constellation screen at 0.70x in an
emulator's window), three common found tiles of about the lawn's green, a beetle drawn on each,
stated untapped with ``--animals`` on the desktop and on the screen alone.

- Alone: those tiles read ``drawn`` (unread, :func:`_animal_on_a_tile` / :func:`_rarity_disc`)
  on the board's own lattice, 22 of 25 read, under ``MIN_PLAUSIBLE``; a lattice 4% narrower
  and 5 px off read them as grass. ``drawn`` tiles now count as rescue tiles for the fit
  (``screen._plausibility``, ``screen._share_read``).
- On the desktop: the phone's region read the board so, the emulator window's (the board
  0.41 of its width, under the narrower search's least) on a lattice 3% too wide that read
  the Chamaeleon's tile as grass, and the fuller read was taken: a tile two regions' reads of
  one board read otherwise is now left unread (``desktop.locate_inside`` through
  :func:`~gridsight.readers.desktop.agreed`).
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.readers import desktop
from gridsight.readers.desktop import DOUBTFUL, FURNITURE, locate_inside
from gridsight.vision.classify import UNKNOWN, BoardRead, CellRead
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.regions import Region

DRAWN = ((0, 1), (2, 0), (4, 0))  # 904008's common found tiles of about the lawn's green


@pytest.fixture(scope="module")
def alone():
    """904008's phone screen cut from the capture, and the board's true outline in it."""
    from kit.desktop import real_look_rescue, sample

    _, capture, _ = sample(real_look_rescue, 904_008, harder=True, fraction=(0.15, 0.2))
    x, y, w, h = capture.extras["screen_box"]
    outline = capture.geometry.outline() - np.array([x, y])
    return capture.image[y : y + h, x : x + w].copy(), outline


def test_found_tiles_of_the_lawns_green_keep_the_boards_own_lattice(alone):
    from gridsight.games.disco_zoo.screen import locate_rescue
    from gridsight.games.disco_zoo.screen_text import _why_unread

    image, outline = alone
    screen = locate_rescue(image)
    lattice = screen.lattice
    pitch = float(np.ptp(outline[:, 0])) / 5
    # the board's own lattice (before: x 46.4 y 136.8 pitch 34.6, the board's 38.0 126.4 37.2)
    assert abs(lattice.x - outline[:, 0].min()) < 0.1 * pitch, lattice
    assert abs(lattice.y - outline[:, 1].min()) < 0.1 * pitch, lattice
    assert abs(lattice.pitch_x - pitch) < 0.02 * pitch, lattice
    for r, c in DRAWN:  # unread, never stated untapped
        tile = screen.tiles[r][c]
        assert tile.kind == "unknown" and tile.drawn, (r, c, tile)
        assert "animal drawn on it" in _why_unread(tile)


def _read(cells: dict[tuple[int, int], str], at: float) -> BoardRead:
    """A 5x5 board of 20 px tiles at (``at``, ``at``) in a region's pixels: grass but for
    ``cells``; the cards and the counter found with it."""
    rows = tuple(tuple(CellRead(r, c, cells.get((r, c), "ground"), 1.0, 1.0)
                       for c in range(5)) for r in range(5))
    return BoardRead(BoardGeometry.from_rect(at, at, 20.0, 20.0, 5, 5), rows,
                     extras={FURNITURE: ("cards", "counter"), DOUBTFUL: ()})


def test_a_tile_two_regions_read_otherwise_is_left_unread(monkeypatch):
    """904008's shape: one region (the phone's) reads a tile unread, another (the emulator's
    window) reads the same board whole, that tile as grass; the whole read is taken, the tile
    left unread in it."""
    phone, window = Region(110, 60, 280, 480, 1.0), Region(100, 50, 300, 500, 1.0)
    # the board at (200, 200) of the frame in both
    reads = {(phone.height, phone.width): _read({(0, 0): "empty", (4, 0): UNKNOWN}, 90.0),
             (window.height, window.width): _read({(0, 0): "empty"}, 100.0)}

    def locate(pixels: np.ndarray) -> BoardRead:
        if pixels.shape[:2] not in reads:
            raise BoardNotFoundError("disco-zoo", "no board here")
        return reads[pixels.shape[:2]]

    monkeypatch.setattr(desktop, "propose_regions", lambda *a, **k: [phone, window])
    image = np.zeros((700, 900, 3), np.uint8)
    got = locate_inside(image, locate, ("cards", "counter"))
    assert got.cells[0][0].label == "empty"
    assert got.cells[4][0].label == UNKNOWN  # (before: "ground", the window's read)
    assert got.cells[2][2].label == "ground"
