"""BoardGeometry: the board-to-pixel mapping and cutting cells out of an image."""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.vision.geometry import BoardGeometry


def test_rect_maps_corners_and_centres():
    g = BoardGeometry.from_rect(10, 20, 8, 6, rows=3, cols=4)
    assert g.outline().tolist() == [[10, 20], [42, 20], [42, 38], [10, 38]]
    assert g.cell_center(2, 3) == (38.0, 35.0)
    assert np.allclose(g.image_to_board([[38, 35]]), [[3.5, 2.5]])


def test_corners_round_trip_and_serialise():
    corners = [(100, 40), (300, 60), (320, 260), (90, 240)]
    g = BoardGeometry.from_corners(corners, rows=5, cols=8)
    assert np.allclose(g.outline(), corners, atol=1e-6)
    assert BoardGeometry.from_dict(g.to_dict()) == g


def test_cell_centres_calibration_matches_corner_cells():
    g = BoardGeometry.from_rect(0, 0, 10, 10, rows=5, cols=8)
    centres = [g.cell_center(0, 0), g.cell_center(0, 7), g.cell_center(4, 7), g.cell_center(4, 0)]
    assert BoardGeometry.from_cell_centers(centres, rows=5, cols=8) == g


def test_warp_cell_cuts_exactly_the_cell():
    image = np.zeros((60, 80, 3), np.uint8)
    g = BoardGeometry.from_rect(0, 0, 20, 20, rows=3, cols=4)
    image[20:40, 40:60] = (0, 0, 255)  # cell (1, 2) red
    cell = g.warp_cell(image, 1, 2, (20, 20))
    assert (cell == (0, 0, 255)).all()
    neighbour = g.warp_cell(image, 1, 1, (20, 20))
    assert (neighbour == 0).all()
    scaled = g.scaled(2.0)
    big = np.kron(image, np.ones((2, 2, 1), np.uint8))
    assert (scaled.warp_cell(big, 1, 2, (20, 20)) == (0, 0, 255)).all()


def test_degenerate_homography_is_refused():
    with pytest.raises(ValueError):
        BoardGeometry(2, 2, np.zeros((3, 3)))
