"""Finding a regular lattice of square tiles by its structure: thin darker lines between them.

A frameless board (tiles separated by thin lines a little darker than the tiles, nothing drawn
around it) has no frame to match a template against, but its structure is unmistakable: two
sets of long, evenly spaced, straight dark lines, crossing at right angles, ``cols + 1`` of one
and ``rows + 1`` of the other, all the same length. This module finds such a lattice at any
position and scale, without knowing the tiles' colours, the lines' colour or thickness, or
what surrounds the board.

**Method.** The picture is shrunk to a working width and turned grey. Two *line maps* say,
for every pixel, how much darker it is than the pixels a little to either side
(vertical lines) or above and below (horizontal lines), after smoothing along the line: a
valley, which a stroke of text or the edge of a shape does not make over a long run. Edges
(one side brighter than the other) make a second pair of maps, used only for the lattice's
outline: a board whose outer lines are not drawn still ends where its tiles end.

Every lattice ``(x, y, pitch)`` on the working grid is then scored with column and row sums
(cumulative sums make each line's mean an O(1) lookup): the mean line response along its inner
lines (its outline lines: the larger of line and edge response), minus the mean along the lines
half a tile off (which a lattice has not, but a textured area has as much as anywhere), minus
the line response continuing past the lattice's ends (a lattice found inside a bigger grid
continues). The best few lattices are refined on the full picture: each line is placed
where its response peaks, to a fraction of a pixel, and a least-squares fit gives the pitch
and offset.

The score is a difference of mean responses in 0..1: about 0.3 or more on a board of thin
dark lines, near 0 on a photo, text or a smooth gradient.

>>> import numpy as np
>>> img = np.full((300, 260, 3), 200, np.uint8)
>>> for i in range(6):  # lines two pixels thick, centred on 40 + 36 i and 30 + 36 i
...     img[39 + 36 * i : 41 + 36 * i, 30:210] = 120; img[40:220, 29 + 36 * i : 31 + 36 * i] = 120
>>> found = find_lattice(img, 5, 5)
>>> abs(found.x - 30) < 1, abs(found.y - 40) < 1, abs(found.pitch_x - 36) < 0.5
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

import cv2
import numpy as np

from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.geometry import BoardGeometry

WORK_WIDTH = 160  # the coarse search runs on the picture shrunk (or grown) to this width
SOFT = 6.0  # a valley this many grey levels deep counts half (responses saturate to 1)
PITCH_STEP = 0.5  # coarse pitch step on the working grid, pixels
MIN_SCORE = 0.12
PAD = WORK_WIDTH // 8  # padding of the cumulative sums: half the largest pitch, and more
SHIFTS = True  # a lattice scoring less is not a board


@dataclass(frozen=True)
class Lattice:
    """A ``rows`` x ``cols`` lattice: top-left line crossing at ``(x, y)`` (picture pixels),
    spacing ``pitch_x`` by ``pitch_y``; ``score`` as in the module docstring."""

    x: float
    y: float
    pitch_x: float
    pitch_y: float
    rows: int
    cols: int
    score: float

    def geometry(self) -> BoardGeometry:
        return BoardGeometry.from_rect(self.x, self.y, self.pitch_x, self.pitch_y,
                                       self.rows, self.cols)


@dataclass(frozen=True, eq=False)
class _Maps:
    """Line and edge response maps of one grey picture, with their cumulative sums."""

    line_v: np.ndarray  # vertical lines
    line_h: np.ndarray
    edge_v: np.ndarray
    edge_h: np.ndarray

    @cached_property
    def cum(self):
        """Cumulative sums down the columns (vertical maps) and along the rows (horizontal
        maps), padded by :data:`PAD` on every side so a lattice near the border reads zeros."""
        out = []
        for m in (self.line_v, self.edge_v):
            c = np.vstack([np.zeros((1, m.shape[1]), np.float32), np.cumsum(m, axis=0)])
            out.append(np.pad(c, PAD, mode="edge"))
        for m in (self.line_h, self.edge_h):
            c = np.hstack([np.zeros((m.shape[0], 1), np.float32), np.cumsum(m, axis=1)])
            out.append(np.pad(c, PAD, mode="edge"))
        return out


def line_maps(grey: np.ndarray, reach: int = 2, smooth: float = 1.5) -> _Maps:
    """Valley (line) and step (edge) responses in 0..1 for vertical and horizontal lines.

    The first and last ``reach`` pixels across the lines say nothing (nothing on one side to
    compare with): they are 0, and the rest is worked on the inner part alone (slices, not
    rolled copies of the whole picture: the same values, a third less work)."""
    g = grey.astype(np.float32)
    maps = []
    for axis in (1, 0):  # axis 1: across vertical lines
        # Smooth along the line (down a column for vertical lines), not across it.
        along = cv2.GaussianBlur(g, (0, 0), sigmaX=smooth if axis == 0 else 0.01,
                                 sigmaY=smooth if axis == 1 else 0.01)
        valley = np.zeros_like(g)
        edge = np.zeros_like(g)
        n = g.shape[axis]
        if n > 2 * reach:
            inner = _across(along, axis, reach, n - reach)
            deep = np.zeros_like(inner)
            step = np.zeros_like(inner)
            for d in range(1, reach + 1):
                before = _across(along, axis, reach - d, n - reach - d)
                after = _across(along, axis, reach + d, n - reach + d)
                deep = np.maximum(deep, np.minimum(before, after) - inner)
                step = np.maximum(step, np.abs(after - before))
            _across(valley, axis, reach, n - reach)[...] = deep / (deep + SOFT)
            _across(edge, axis, reach, n - reach)[...] = step / (step + 3 * SOFT)
        maps.append((valley, edge))
    (lv, ev), (lh, eh) = maps
    return _Maps(lv, lh, ev, eh)


def _across(array: np.ndarray, axis: int, start: int, stop: int) -> np.ndarray:
    """The view of ``array`` from ``start`` to ``stop`` along ``axis`` (1: columns)."""
    return array[:, start:stop] if axis == 1 else array[start:stop]


def find_lattice(image: np.ndarray, rows: int, cols: int, *, min_width: float = 0.3,
                 max_width: float = 1.0, what: str = "tile lattice") -> Lattice:
    """The best ``rows`` x ``cols`` lattice of square tiles in ``image`` whose width is
    ``min_width``..``max_width`` of the picture's; :class:`BoardNotFoundError` when nothing
    scores :data:`MIN_SCORE`."""
    found = lattice_candidates(image, rows, cols, min_width=min_width, max_width=max_width,
                               keep=1)
    if not found or found[0].score < MIN_SCORE:
        best = f"best lattice score {found[0].score:.2f}" if found else "picture too small"
        raise BoardNotFoundError(what, best)
    return found[0]


def lattice_candidates(image: np.ndarray, rows: int, cols: int, *, min_width: float = 0.3,
                       max_width: float = 1.0, keep: int = 3, shifts: int = 0) -> list[Lattice]:
    """The ``keep`` best distinct lattices, refined, best first; with ``shifts``, each also
    moved by up to that many tiles in every direction (same pitch), scored the same way.

    Lines alone cannot always tell where a lattice ends: when the outermost lines are not
    drawn and a row of tiles shows no line (dark tiles darker than the lines), the lattice
    one tile up fits as well. A caller that knows what the tiles look like picks among the
    shifted candidates (the one whose every tile looks like a tile)."""
    return LatticeSearch(image).candidates(rows, cols, min_width=min_width,
                                           max_width=max_width, keep=keep, shifts=shifts)


class LatticeSearch:
    """:func:`lattice_candidates` of one picture asked more than once (a search, then a wider
    one when its best did not do): the picture's working maps, each pitch's scores and each
    refined lattice are made once and kept. Each answer is the one
    :func:`lattice_candidates` gives for the same arguments (the same arrays, picked the
    same way): a wider search of the same least width keeping more scores no pitch again
    and refines again none of the first's lattices."""

    def __init__(self, image: np.ndarray) -> None:
        self.grey = _grey(image)
        self._image = image
        self._colour: LatticeSearch | None = None  # the search of :func:`colour_edges`
        self._work: tuple[float, _Maps] | None = None
        self._scores: dict[tuple, np.ndarray] = {}
        self._refined: dict[tuple, Lattice | None] = {}

    def candidates(self, rows: int, cols: int, *, min_width: float = 0.3,
                   max_width: float = 1.0, keep: int = 3, shifts: int = 0,
                   by_colour: bool = False) -> list[Lattice]:
        """:func:`lattice_candidates` of the picture; ``by_colour``: of its colour edges
        instead (:meth:`by_colour`, no shifts)."""
        if by_colour:
            return self.by_colour(rows, cols, min_width=min_width, max_width=max_width,
                                  keep=keep)
        grey = self.grey
        h, w = grey.shape
        if min(h, w) < 20:
            return []
        factor, loose = self._maps()
        coarse = _coarse(loose, rows, cols, min_width * WORK_WIDTH / cols,
                         max_width * WORK_WIDTH / cols, keep * 2, scores=self._scores)[:keep]
        out: list[Lattice] = []
        for score, x, y, p in coarse:
            key = (rows, cols, x, y, p, score)
            if key not in self._refined:
                self._refined[key] = _refine(grey, rows, cols, x / factor, y / factor,
                                             p / factor, score)
            refined = self._refined[key]
            if refined is None:
                continue
            if any(abs(refined.x - o.x) < o.pitch_x / 3 and abs(refined.y - o.y) < o.pitch_y / 3
                   for o in out):
                continue
            out.append(refined)
        shifted = []
        for lattice in out:
            for dx in range(-shifts, shifts + 1):
                for dy in range(-shifts, shifts + 1):
                    if not (dx or dy):
                        continue
                    x = lattice.x + dx * lattice.pitch_x
                    y = lattice.y + dy * lattice.pitch_y
                    if x < 0 or y < 0 or x + cols * lattice.pitch_x > w \
                            or y + rows * lattice.pitch_y > h:
                        continue
                    one = _coarse_one(loose, rows, cols, round(x * factor), round(y * factor),
                                      lattice.pitch_x * factor)
                    shifted.append(Lattice(x, y, lattice.pitch_x, lattice.pitch_y, rows, cols,
                                           one))
        shifted.sort(key=lambda lat: -lat.score)
        return out + shifted

    def by_colour(self, rows: int, cols: int, *, min_width: float = 0.3,
                  max_width: float = 1.0, keep: int = 3) -> list[Lattice]:
        """The ``keep`` best lattices of the picture's colour edges (:func:`colour_edges`:
        where one tile's colour meets another's, as well as its lines), each scored by the
        picture's own lines as :meth:`candidates` scores its shifted ones, those scoring
        above 0, best by their colour edges first.

        A lawn with no line between its tiles (a checker of two greens, dark tapped tiles)
        shows its lattice by its tiles' edges alone; a board's thin lines over a speckled
        background score below the speckle's and a title bar's lines by their darkness
        (a valley: the speckle's dots are valleys too, past the board's ends as well as
        between its lines). By its colour edges each is the best lattice of its picture
        (widest 1262208, variants 1272003 and 1272004). A lattice of a picture's grey is
        found in its colour edges too (the lines' two sides): the caller adds these to its
        own, not for them."""
        if self._colour is None:
            colour = self._image if self._image.ndim == 3 else \
                cv2.cvtColor(self._image.astype(np.uint8), cv2.COLOR_GRAY2BGR)
            self._colour = LatticeSearch(colour_edges(colour))
        factor, loose = self._maps()
        out = []
        for lattice in self._colour.candidates(rows, cols, min_width=min_width,
                                               max_width=max_width, keep=keep):
            score = _coarse_one(loose, rows, cols, round(lattice.x * factor),
                                round(lattice.y * factor), lattice.pitch_x * factor)
            if score > 0:
                out.append(replace(lattice, score=score))
        return out

    def _maps(self) -> tuple[float, _Maps]:
        if self._work is None:
            self._work = _working_maps(self.grey)
        return self._work


EDGE_GAIN = 0.5  # grey levels of :func:`colour_edges` a Lab level of step darkens


def colour_edges(image: np.ndarray) -> np.ndarray:
    """A grey picture dark where ``image``'s colour changes (the largest Lab channel step,
    Sobel, across either way, times :data:`EDGE_GAIN`), white where it is even: a tile
    edge, a colour line's sides, become dark lines :class:`LatticeSearch` finds."""
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float32)
    step = np.zeros(lab.shape[:2], np.float32)
    for c in range(3):
        for dx, dy in ((1, 0), (0, 1)):
            step = np.maximum(step, np.abs(cv2.Sobel(lab[:, :, c], cv2.CV_32F, dx, dy,
                                                     ksize=3)))
    return 255 - np.minimum(255, step * EDGE_GAIN)


def lattices_at(image: np.ndarray, rows: int, cols: int,
                guesses: Sequence[tuple[float, float, float]]) -> list[Lattice | None]:
    """For each guess ``(x, y, pitch)`` made by the caller (not by its lines: another
    lattice's corner and a pitch in proportion to its), the lattice near it, refined as
    :func:`lattice_candidates` refines its own and scored as it scores its shifted ones;
    ``None`` when off the picture or no lines near the guess. A board whose lines are faint
    can lose to a lattice of another pitch whose lines are not the board's; the caller that
    can tell proposes the board's."""
    grey = _grey(image)
    h, w = grey.shape
    if min(h, w) < 20:
        return [None] * len(guesses)
    factor, loose = _working_maps(grey)
    out: list[Lattice | None] = []
    for x, y, pitch in guesses:
        refined = None if x < 0 or y < 0 or x + cols * pitch > w or y + rows * pitch > h \
            else _refine(grey, rows, cols, x, y, pitch, 0.0)
        if refined is None:
            out.append(None)
            continue
        score = _coarse_one(loose, rows, cols, round(refined.x * factor),
                            round(refined.y * factor), refined.pitch_x * factor)
        out.append(Lattice(refined.x, refined.y, refined.pitch_x, refined.pitch_y, rows, cols,
                           score))
    return out


def lattices_moved(image: np.ndarray, lattice: Lattice,
                   moves: Sequence[tuple[int, int]]) -> list[Lattice | None]:
    """``lattice`` moved by each ``(dx, dy)`` tiles (same pitch, not refined), scored as
    :func:`lattice_candidates` scores its shifted ones; ``None`` when off the picture."""
    grey = _grey(image)
    h, w = grey.shape
    if min(h, w) < 20:
        return [None] * len(moves)
    factor, loose = _working_maps(grey)
    rows, cols = lattice.rows, lattice.cols
    out: list[Lattice | None] = []
    for dx, dy in moves:
        x = lattice.x + dx * lattice.pitch_x
        y = lattice.y + dy * lattice.pitch_y
        if x < 0 or y < 0 or x + cols * lattice.pitch_x > w or y + rows * lattice.pitch_y > h:
            out.append(None)
            continue
        score = _coarse_one(loose, rows, cols, round(x * factor), round(y * factor),
                            lattice.pitch_x * factor)
        out.append(Lattice(x, y, lattice.pitch_x, lattice.pitch_y, rows, cols, score))
    return out


def _working_maps(grey: np.ndarray) -> tuple[float, _Maps]:
    """The factor from ``grey`` to the working width (:data:`WORK_WIDTH`) and the line maps
    there, each line widened a pixel (a line a pixel off still counts)."""
    h, w = grey.shape
    factor = WORK_WIDTH / w
    small = cv2.resize(grey, (WORK_WIDTH, max(20, round(h * factor))),
                       interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR)
    return factor, _widened(line_maps(small, reach=2, smooth=1.2))


def _widened(maps: _Maps) -> _Maps:
    """The maps with each line one pixel wider on either side (max filter across it)."""
    across_v, across_h = np.ones((1, 3), np.uint8), np.ones((3, 1), np.uint8)
    return _Maps(cv2.dilate(maps.line_v, across_v), cv2.dilate(maps.line_h, across_h),
                 cv2.dilate(maps.edge_v, across_v), cv2.dilate(maps.edge_h, across_h))


def _coarse_one(maps: _Maps, rows: int, cols: int, x0: int, y0: int, p: float) -> float:
    """:func:`_lattice_score` of the single lattice at ``(x0, y0)`` (-1 if off the picture)."""
    h, w = maps.line_v.shape
    if x0 < 0 or y0 < 0 or x0 + cols * p + 3 > w or y0 + rows * p + 3 > h:
        return -1.0
    return float(_lattice_score(*maps.cum, rows, cols, p, 1, 1, x0, y0)[0, 0])


def _grey(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return image.astype(np.float32)
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)


def _coarse(maps: _Maps, rows: int, cols: int, low: float, high: float, keep: int, *,
            scores: dict[tuple, np.ndarray] | None = None,
            ) -> list[tuple[float, float, float, float]]:
    """``(score, x, y, pitch)`` of the best lattices on the working grid: pitches from
    ``low`` up to ``high`` by :data:`PITCH_STEP`. ``scores``: each pitch's scores, kept from
    an earlier call on the same maps (and added to)."""
    cum = maps.cum
    h, w = maps.line_v.shape
    best: list[tuple[float, float, float, float]] = []
    pitches = []
    pitch = max(low, 4.0)
    while pitch <= high:
        pitches.append(pitch)
        pitch += PITCH_STEP
    for pitch in pitches:
        width, height = cols * pitch, rows * pitch
        ny, nx = int(h - height - 2), int(w - width - 2)
        if ny < 1 or nx < 1:
            continue
        key = (rows, cols, nx, ny, _rounded(rows, cols, pitch))
        score = None if scores is None else scores.get(key)
        if score is None:
            score = _lattice_score(*cum, rows, cols, pitch, nx, ny)
            if scores is not None:
                scores[key] = score
        # A picture barely larger than the lattice has fewer places than ``keep``.
        flat = np.argpartition(score.ravel(), -min(keep, score.size))[-keep:]
        for idx in flat:
            y, x = divmod(int(idx), nx)
            best.append((float(score[y, x]), float(x), float(y), pitch))
    best.sort(reverse=True)
    chosen: list[tuple[float, float, float, float]] = []
    for cand in best:
        if all(abs(cand[1] - c[1]) > c[3] / 2 or abs(cand[2] - c[2]) > c[3] / 2 for c in chosen):
            chosen.append(cand)
        if len(chosen) >= keep:
            break
    return chosen


@lru_cache(maxsize=4096)
def _rounded(rows: int, cols: int, pitch: float) -> tuple:
    """What :func:`_lattice_score` takes of ``pitch``: the lattice's sides' lengths, its
    lines' and half-lines' offsets and the stretch past its ends looked at, each in whole
    working pixels. Two pitches rounding alike score alike (the same array): a wider search,
    whose pitches step from another least width, reuses the first's scores where they do.
    Kept a pitch (a function of its arguments): each region's search asks the same pitches
    of the working grid again, some 6,500 times a desktop's 6 first frames."""
    return (round(rows * pitch), round(cols * pitch),
            tuple(round(i * pitch) for i in range(cols + 1)),
            tuple(round((i + 0.5) * pitch) for i in range(cols)),
            tuple(round(j * pitch) for j in range(rows + 1)),
            tuple(round((j + 0.5) * pitch) for j in range(rows)),
            max(1, min(PAD - 1, round(pitch / 2))))


def _lattice_score(cv_line, cv_edge, ch_line, ch_edge, rows, cols, pitch, nx, ny, ox=0, oy=0):
    """Score of every lattice of this pitch with its corner at ``(ox + x, oy + y)`` for
    ``x < nx``, ``y < ny`` (the arrays are the cumulative sums of :meth:`_Maps.cum`)."""
    length_v, length_h, lines_x, halves_x, lines_y, halves_y, ext = _rounded(rows, cols, pitch)
    ox, oy = ox + PAD, oy + PAD

    # Each segment's mean response at every place, over the whole width (or height) at once:
    # a line's term is a slice of it (the same values as the slice's own difference; a fifth
    # of the work in the desktop search's calls). Four segments each way: the lattice's
    # lines (line and edge maps), and the stretch of a pitch's half past either end.
    def down(cum, y_from, length):  # mean response down a column segment, every column
        y = oy + y_from
        return (cum[y + length : y + length + ny] - cum[y : y + ny]) / max(length, 1)

    def along(cum, x_from, length):  # mean response along a row segment, every row
        x = ox + x_from
        return (cum[:, x + length : x + length + nx] - cum[:, x : x + nx]) / max(length, 1)

    v_line, v_edge = down(cv_line, 0, length_v), down(cv_edge, 0, length_v)
    h_line, h_edge = along(ch_line, 0, length_h), along(ch_edge, 0, length_h)
    xs = [ox + x for x in lines_x]
    ys = [oy + y for y in lines_y]
    # (the same sums in the same order as adding each line's term in turn)
    inner = [v_line[:, x : x + nx] for x in xs[1:-1]] + [h_line[y : y + ny] for y in ys[1:-1]]
    outer = [np.maximum(v_line[:, x : x + nx], v_edge[:, x : x + nx]) for x in (xs[0], xs[-1])] \
        + [np.maximum(h_line[y : y + ny], h_edge[y : y + ny]) for y in (ys[0], ys[-1])]
    off = np.zeros((ny, nx), np.float32)
    for x in halves_x:
        off += v_line[:, ox + x : ox + x + nx]
    for y in halves_y:
        off += h_line[oy + y : oy + y + ny]
    on = _mean_of(inner)
    score = 0.8 * on + 0.2 * _mean_of(outer) - off / (rows + cols)
    # Inner lines continuing past the lattice's ends: the lattice is part of a bigger one.
    before, after = down(cv_line, -ext, ext), down(cv_line, length_v, ext)
    beyond = np.zeros((ny, nx), np.float32)
    for x in xs[1:-1]:
        beyond += before[:, x : x + nx] + after[:, x : x + nx]
    before, after = along(ch_line, -ext, ext), along(ch_line, length_h, ext)
    for y in ys[1:-1]:
        beyond += before[y : y + ny] + after[y : y + ny]
    beyond /= 2
    return score - 0.5 * beyond / (rows + cols - 2)


def _mean_of(arrays: list[np.ndarray]) -> np.ndarray:
    """``np.stack(arrays).mean(axis=0)`` without the stack: float32 arrays added in their
    order, then divided by their count (as the mean adds along its first axis: the same
    values to the bit). Arrays of one value are the stack's mean itself (with nothing
    else to run along, the mean adds them pairwise)."""
    if arrays[0].size <= 1:
        return np.stack(arrays).mean(axis=0)
    total = arrays[0].copy()
    for a in arrays[1:]:
        total += a
    return np.true_divide(total, np.intp(len(arrays)), out=total, casting="unsafe")


def _refine(grey: np.ndarray, rows: int, cols: int, x: float, y: float,
            pitch: float, score: float) -> Lattice | None:
    """The lattice near the coarse guess placed to a fraction of a pixel on the picture
    itself: for each direction, the offset and pitch whose inner lines collect the most line
    response along the lattice (a matched filter on the response profile across the lines)."""
    h, w = grey.shape
    margin = pitch * 0.6
    xa, ya = max(0, int(x - margin)), max(0, int(y - margin))
    xb, yb = min(w, int(x + cols * pitch + margin)), min(h, int(y + rows * pitch + margin))
    crop = grey[ya:yb, xa:xb]
    shrink = min(1.0, 48.0 / pitch)  # 48 pixels a tile place a line to a 100th of a tile
    if shrink < 1.0:
        crop = cv2.resize(crop, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    maps = line_maps(crop, reach=2, smooth=1.2)
    x, y, pitch = (x - xa) * shrink, (y - ya) * shrink, pitch * shrink
    # Profiles across the lines, over the middle of the lattice's span.
    ys0, ys1 = int(max(0, y)), int(min(maps.line_v.shape[0], y + rows * pitch))
    xs0, xs1 = int(max(0, x)), int(min(maps.line_h.shape[1], x + cols * pitch))
    if ys1 - ys0 < pitch or xs1 - xs0 < pitch:
        return None
    across_v = maps.line_v[ys0:ys1].mean(axis=0)
    across_h = maps.line_h[:, xs0:xs1].mean(axis=1)
    # The outline: a line, or the board's edge against its surroundings (inner lines may be
    # faint where the outline is not).
    outline_v = np.maximum(maps.line_v, maps.edge_v)[ys0:ys1].mean(axis=0)
    outline_h = np.maximum(maps.line_h, maps.edge_h)[:, xs0:xs1].mean(axis=1)
    fit_x = _matched(across_v, cols, x, pitch, outline_v)
    fit_y = _matched(across_h, rows, y, pitch, outline_h)
    if fit_x is None or fit_y is None:
        return None
    (x0, px), (y0, py) = fit_x, fit_y
    if not 0.85 < px / py < 1.18:  # square tiles
        return None
    return Lattice(x0 / shrink + xa, y0 / shrink + ya, px / shrink, py / shrink, rows, cols,
                   score)


def _matched(profile: np.ndarray, count: int, start: float, pitch: float,
             outline: np.ndarray | None = None) -> tuple[float, float] | None:
    """Offset and pitch (pixel edges: a line on pixel k is at k + 0.5) maximising the
    profile summed at the ``count - 1`` inner lines, plus ``outline`` at the two outer ones
    at half weight, within a sixth of a tile of the guess and 4% of its pitch."""
    sigma = max(0.6, pitch / 60)
    smooth = cv2.GaussianBlur(profile.reshape(1, -1).astype(np.float32), (0, 0), sigma).ravel()
    if outline is not None:
        rim = cv2.GaussianBlur(outline.reshape(1, -1).astype(np.float32), (0, 0), sigma).ravel()
    n = len(smooth)
    grid = np.arange(n, dtype=np.float64)
    offsets = start - 0.5 + np.arange(-pitch / 6, pitch / 6 + 0.01, 0.25)
    pitches = pitch * np.linspace(0.96, 1.04, 33)
    inner = np.arange(1, count)
    # Every pitch at once (pitches, offsets, lines): each sum the one a pitch's own row gives.
    pos = offsets[None, :, None] + inner[None, None, :] * pitches[:, None, None]
    values = np.interp(pos, grid, smooth, left=0.0, right=0.0).sum(axis=2)
    if outline is not None:
        ends = offsets[None, :, None] + np.array([0, count])[None, None, :] \
            * pitches[:, None, None]
        values = values + 0.5 * np.interp(ends, grid, rim, left=0.0, right=0.0).sum(axis=2)
    best, best_v = None, -1.0
    for p, row, k in zip(pitches, values, np.argmax(values, axis=1)):
        if row[k] > best_v:
            best_v, best = float(row[k]), (float(offsets[k]) + 0.5, float(p))
    if best is None or best_v <= 0.0:
        return None
    return best
