"""``BoardGeometry``: where a board's cells are in an image.

A homography maps board coordinates to image pixels. Pixel coordinates use the edge
convention: pixel ``(i, j)`` covers ``[i, i + 1] x [j, j + 1]``, so a board whose top-left pixel
is ``(100, 50)`` starts at ``x = 100``. (OpenCV puts pixel centres on integers; the warps below
shift by half a pixel to match.) In board coordinates ``x`` runs along the
columns and ``y`` along the rows, in cell units: cell ``(row, col)`` is the unit square
``[col, col + 1] x [row, row + 1]`` and the whole board is ``[0, cols] x [0, rows]``. A flat 2D
board seen straight on is a scale-and-shift homography; a 3D board seen in perspective is a
general one. Everything downstream (cutting cells out, drawing advice) goes through this one
mapping, so it does not care which it is.

>>> g = BoardGeometry.from_rect(x=100, y=50, cell_width=20, cell_height=10, rows=2, cols=3)
>>> g.cell_center(1, 2)
(150.0, 65.0)
>>> g.board_to_image([(0, 0), (3, 2)]).tolist()
[[100.0, 50.0], [160.0, 70.0]]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import cv2
import numpy as np


# From edge-convention pixel coordinates to OpenCV's centre-on-integer ones.
_EDGE_TO_CENTRE = np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1]], dtype=np.float64)


@dataclass(frozen=True, eq=False)
class BoardGeometry:
    """A ``rows`` x ``cols`` board placed in an image by ``homography`` (3x3, board -> pixels).

    ``view`` is, for a board bigger than the screen (a room seen through a scrolling view),
    the part of it the picture shows: ``(x0, y0, x1, y1)`` in board units (``None``: the whole
    board is on screen). What lies outside it may fall on other things of the picture (a
    status bar): a painter draws nothing there.
    """

    rows: int
    cols: int
    homography: np.ndarray = field(repr=False)
    view: tuple[float, float, float, float] | None = None

    def __post_init__(self) -> None:
        h = np.asarray(self.homography, dtype=np.float64)
        if h.shape != (3, 3) or not np.all(np.isfinite(h)) or abs(np.linalg.det(h)) < 1e-12:
            raise ValueError("a board geometry needs a finite, invertible 3x3 homography")
        h = h / h[2, 2]
        h.setflags(write=False)
        object.__setattr__(self, "homography", h)
        if self.view is not None:
            x0, y0, x1, y1 = (float(v) for v in self.view)
            if not (x0 < x1 and y0 < y1) or not all(np.isfinite([x0, y0, x1, y1])):
                raise ValueError(f"a board's view must be a box x0 < x1, y0 < y1, not {self.view}")
            object.__setattr__(self, "view", (x0, y0, x1, y1))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, BoardGeometry)
            and (self.rows, self.cols) == (other.rows, other.cols)
            and bool(np.allclose(self.homography, other.homography))
            and self.view == other.view
        )

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def from_rect(
        cls, x: float, y: float, cell_width: float, cell_height: float, rows: int, cols: int
    ) -> "BoardGeometry":
        """An axis-aligned board whose top-left corner is at pixel ``(x, y)``."""
        h = np.array([[cell_width, 0, x], [0, cell_height, y], [0, 0, 1]], dtype=np.float64)
        return cls(rows, cols, h)

    @classmethod
    def from_corners(
        cls, corners: Sequence[Sequence[float]], rows: int, cols: int
    ) -> "BoardGeometry":
        """A board from the pixel positions of its outer corners.

        ``corners`` are top-left, top-right, bottom-right, bottom-left, each ``(x, y)``.
        """
        dst = np.asarray(corners, dtype=np.float64).reshape(4, 2)
        src = np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], dtype=np.float64)
        return cls(rows, cols, cv2.getPerspectiveTransform(src.astype(np.float32),
                                                          dst.astype(np.float32)))

    @classmethod
    def from_cell_centers(
        cls, centers: Sequence[Sequence[float]], rows: int, cols: int
    ) -> "BoardGeometry":
        """A board from the pixel centres of its four corner cells.

        ``centers`` are the top-left, top-right, bottom-right and bottom-left cells' centres,
        as a player marks them on a screenshot (the corner holes of a pit, say).
        """
        dst = np.asarray(centers, dtype=np.float64).reshape(4, 2)
        src = np.array(
            [[0.5, 0.5], [cols - 0.5, 0.5], [cols - 0.5, rows - 0.5], [0.5, rows - 0.5]],
            dtype=np.float64,
        )
        return cls(rows, cols, cv2.getPerspectiveTransform(src.astype(np.float32),
                                                          dst.astype(np.float32)))

    # -- mapping --------------------------------------------------------------------------

    def board_to_image(self, points: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
        """Map board points ``(x, y)`` (x along columns) to pixel points, shape (N, 2)."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)

    def image_to_board(self, points: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
        """Map pixel points back to board coordinates, shape (N, 2)."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, np.linalg.inv(self.homography)).reshape(-1, 2)

    def cell_center(self, row: int, col: int) -> tuple[float, float]:
        x, y = self.board_to_image([(col + 0.5, row + 0.5)])[0]
        return float(x), float(y)

    def cell_quad(self, row: int, col: int) -> np.ndarray:
        """The cell's corners in pixels: top-left, top-right, bottom-right, bottom-left."""
        return self.board_to_image(
            [(col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1)]
        )

    def outline(self) -> np.ndarray:
        """The board's outer corners in pixels: top-left, top-right, bottom-right, bottom-left."""
        return self.board_to_image(
            [(0, 0), (self.cols, 0), (self.cols, self.rows), (0, self.rows)]
        )

    def cell_size(self, row: int, col: int) -> tuple[float, float]:
        """Approximate pixel width and height of a cell (mean of opposite edges)."""
        q = self.cell_quad(row, col)
        width = (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
        height = (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
        return float(width), float(height)

    def translated(self, dx: float, dy: float) -> "BoardGeometry":
        """The same board moved by ``(dx, dy)`` pixels."""
        shift = np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], dtype=np.float64)
        return BoardGeometry(self.rows, self.cols, shift @ self.homography, self.view)

    def scaled(self, factor: float) -> "BoardGeometry":
        """The same board in an image scaled by ``factor``."""
        scale = np.diag([factor, factor, 1.0])
        return BoardGeometry(self.rows, self.cols, scale @ self.homography, self.view)

    def with_view(self, box: tuple[float, float, float, float] | None) -> "BoardGeometry":
        """The same board with ``box`` (board units) the part of it on screen."""
        return BoardGeometry(self.rows, self.cols, self.homography, box)

    def in_view(self, row: int, col: int) -> bool:
        """Whether cell ``(row, col)`` is wholly on screen (always, without a ``view``)."""
        if self.view is None:
            return True
        x0, y0, x1, y1 = self.view
        eps = 1e-6
        return x0 - eps <= col and col + 1 <= x1 + eps and y0 - eps <= row and row + 1 <= y1 + eps

    # -- cutting cells out ----------------------------------------------------------------

    def warp_cell(
        self,
        image: np.ndarray,
        row: int,
        col: int,
        size: tuple[int, int],
        *,
        margin: float = 0.0,
        interpolation: int = cv2.INTER_LINEAR,
    ) -> np.ndarray:
        """Cut cell ``(row, col)`` out of ``image`` and warp it to ``size`` = (width, height).

        ``margin`` trims that fraction of the cell from every side first (0.1 keeps the middle
        80%), so grid lines and neighbours do not leak in. Bilinear sampling: when the cell is
        much larger than ``size``, blur or downscale the image first to avoid aliasing.
        """
        width, height = size
        x0, y0 = col + margin, row + margin
        span = 1.0 - 2 * margin
        # Output pixel index i has its centre at board x0 + span * (i + 0.5) / width.
        to_board = np.array(
            [
                [span / width, 0, x0 + 0.5 * span / width],
                [0, span / height, y0 + 0.5 * span / height],
                [0, 0, 1],
            ],
            dtype=np.float64,
        )
        m = _EDGE_TO_CENTRE @ self.homography @ to_board
        return cv2.warpPerspective(
            image,
            m,
            (width, height),
            flags=interpolation | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_REPLICATE,
        )

    def warp_board(
        self, image: np.ndarray, cell_size: tuple[int, int], *, interpolation: int = cv2.INTER_LINEAR
    ) -> np.ndarray:
        """The whole board warped to an upright image of ``cell_size`` pixels per cell."""
        width, height = cell_size
        to_board = np.array(
            [[1 / width, 0, 0.5 / width], [0, 1 / height, 0.5 / height], [0, 0, 1]],
            dtype=np.float64,
        )
        m = _EDGE_TO_CENTRE @ self.homography @ to_board
        return cv2.warpPerspective(
            image,
            m,
            (width * self.cols, height * self.rows),
            flags=interpolation | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_REPLICATE,
        )

    # -- serialisation --------------------------------------------------------------------

    def to_dict(self) -> dict:
        data = {"rows": self.rows, "cols": self.cols, "homography": self.homography.tolist()}
        if self.view is not None:
            data["view"] = list(self.view)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "BoardGeometry":
        view = data.get("view")
        return cls(int(data["rows"]), int(data["cols"]), np.array(data["homography"]),
                   None if view is None else tuple(float(v) for v in view))


def shrunk_for(image: np.ndarray, geometry: BoardGeometry,
               cell: float) -> tuple[np.ndarray, BoardGeometry]:
    """``image`` area-shrunk and ``geometry`` scaled with it when the board's cells are much
    wider than ``cell`` pixels (a warp to cells of ``cell`` pixels would alias thin text and
    lines): to ``cell`` pixels a cell, or both as they are when that is 0.8 of a cell or more.
    The geometry so scaled keeps no ``view``."""
    w, _ = geometry.cell_size(0, 0)
    factor = cell / max(w, 1e-6)
    if factor >= 0.8:
        return image, geometry
    small = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    fx, fy = small.shape[1] / image.shape[1], small.shape[0] / image.shape[0]
    return small, BoardGeometry(geometry.rows, geometry.cols,
                                np.diag([fx, fy, 1.0]) @ geometry.homography)


def warp_region(
    image: np.ndarray,
    geometry: BoardGeometry,
    box: tuple[float, float, float, float],
    size: tuple[int, int],
    *,
    interpolation: int = cv2.INTER_LINEAR,
    border_value: float | None = None,
) -> np.ndarray:
    """Warp the board-coordinate rectangle ``box`` = (x0, y0, x1, y1) to ``size`` = (w, h).

    Unlike :meth:`BoardGeometry.warp_board` the box may reach outside the board (a frame
    around it). Outside the image the edge is replicated, or filled with ``border_value``.
    """
    x0, y0, x1, y1 = box
    width, height = size
    sx, sy = (x1 - x0) / width, (y1 - y0) / height
    to_board = np.array(
        [[sx, 0, x0 + 0.5 * sx], [0, sy, y0 + 0.5 * sy], [0, 0, 1]], dtype=np.float64
    )
    m = _EDGE_TO_CENTRE @ geometry.homography @ to_board
    if border_value is None:
        return cv2.warpPerspective(image, m, (width, height),
                                   flags=interpolation | cv2.WARP_INVERSE_MAP,
                                   borderMode=cv2.BORDER_REPLICATE)
    return cv2.warpPerspective(image, m, (width, height),
                               flags=interpolation | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=border_value)
