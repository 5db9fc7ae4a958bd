"""Finding a pack's board anywhere in a frame, at any scale from 0.5x to 4x, unaided.

**Method.** A board is found by its *anchor*: the frame around it, as the pack's
``anchor`` image and mask give it (the band of half a cell, or a wall's thickness, around the
cells; the cells themselves change from screenshot to screenshot and are masked out).

1. *Coarse search over scales.* For every scale in a geometric ladder (12% apart) from
   ``min_scale`` to ``max_scale``, the frame is shrunk so that a board cell is
   ``COARSE_CELL`` pixels wide, which makes the anchor template the same small size at every
   scale; one template match per scale scores every position. The match is a correlation of
   *locally normalised* grey images (each pixel minus the mean of its neighbourhood, divided by
   their spread), so a brighter or darker screenshot matches as well, and the template is zero
   outside the mask, so the cells do not count. (OpenCV's masked ``TM_CCOEFF_NORMED`` does
   the same job three to four times slower; the local normalisation makes one plain
   ``TM_CCORR`` enough.) The best few peaks over all scales are the candidates.
2. *Refinement.* Around each candidate the frame is cut out and matched again at
   ``FINE_CELL`` pixels per cell over a ladder of scales (a third of a coarse step apart) and
   a small window of positions, then polished at ``POLISH_CELL`` pixels per cell (1.5% apart,
   going on while the best scale is a whole step away); parabolas through the best score in
   x, y and scale give sub-pixel precision.
3. *Verification.* The candidate's cells are read with :func:`gridsight.vision.classify.read_cells`;
   the board is the candidate whose anchor matches best among those whose cells mostly look
   like the pack's templates. If none does, :class:`BoardNotFoundError`.
4. *Growing.* A verified candidate may be only a part of the board: where the lines between
   cells look like the frame (as with packs learned from some skins), a block of cells with
   the board's proportions, such as the 3 x 3 corner of a 5 x 5 board, passes for a board at
   a smaller scale and may beat the whole board in the coarse search. So every board that
   holds a verified candidate as such a block is scored at the coarse level, from the coarse
   search's shrunken frames; the best few are checked at ``FINE_CELL`` and, if they match
   better than the part, refined and verified too (:func:`_wholes`). The search stops early
   only on a candidate that is clearly a board after this check.

A board filling the frame is matched at the coarse scale just above its own too, the frame's
edge repeated around it.

``bench/bench_vision.py`` measures it on 1920x1080 frames.

:class:`Locator` keeps the last geometry and checks it first (one warp and one correlation,
well under a millisecond); it searches from scratch only when the anchor no longer matches
there (the window moved, the board scrolled, another screen is shown).

A shipped pack's anchor (its board and frame, as the skin draws them) pasted 1.5x larger into
a dark screen is found at 1.5 times the pack's 32-pixel cells:

>>> import cv2, numpy as np
>>> from gridsight.vision.packs import load_pack
>>> pack = load_pack("tile-path")
>>> screen = np.full((500, 640, 3), 30, np.uint8)
>>> board = cv2.resize(pack.anchor.image, None, fx=1.5, fy=1.5, interpolation=cv2.INTER_NEAREST)
>>> screen[40 : 40 + board.shape[0], 60 : 60 + board.shape[1]] = board
>>> [round(v) for v in locate_board(screen, pack).cell_size(0, 0)]
[48, 48]
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import cv2
import numpy as np

from gridsight.vision.classify import read_cells
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.geometry import BoardGeometry, warp_region
from gridsight.vision.packs import TemplatePack

COARSE_SIZE = 40.0  # the anchor's long side in the coarse search, pixels
COARSE_SLIP = 0.25  # most misalignment (cells) of the ring between two coarse scales
FINE_CELL = 10.0  # pixels per cell in the refinement
FINE_BLUR = 1.0  # blur in the refinement (fine pixels)
POLISH_CELL = 16.0  # pixels per cell in the final polish
POLISH_STEP = 1.015  # scales tried in the polish: this ratio either way
POLISH_ROUNDS = 3  # most polish rounds (another only while the best scale is a step away)
STRUCTURE_WINDOW = 2.0  # local normalisation window, in cells
CANDIDATES = 8  # coarse peaks refined (best first) and verified
COARSE_PEAKS = 4  # colour peaks per scale whose structure is scored
MIN_ANCHOR = 0.8  # a refined anchor score below this is not a board
# The most the polish may raise a fine search's score, with room: a candidate scoring under
# MIN_ANCHOR - POLISH_GAIN at the fine level is not polished (it cannot become a board).
# Measured over 1100 refinements (bench/bench_desktop.py seeds 97000: 12 captures each of
# tile-path, pentomino and minesweeper, 6 desktops with no game, every pack): the polish
# raised a score by 0.29 at most, and by 0.10 at most below 0.8; 9 of 10 candidates on the
# desktops with no game scored under 0.5 (a search's cost was mostly their polish).
POLISH_GAIN = 0.3
# The refinement's first pass screens every other scale of its ladder (4 of 7): a candidate
# scoring under MIN_ANCHOR - POLISH_GAIN - SCREEN_MARGIN at all of them is not tried at the
# others (it cannot be polished, let alone be a board). Measured over 686 refinements
# (bench/bench_desktop.py --harder, Disco Zoo 600000-002 and 3 no-game desktops, every pack;
# tile-path, pentomino, minesweeper at 610000-003 harder and 620000-003): the best of all 7
# scales reached 0.5 only where the screened 4 scored 0.51 or more; 3 of 4 candidates
# screened under 0.3. The scales between gained up to 0.39 elsewhere (a sharp peak in scale
# on a pentomino board): the margin leaves the screen's line 0.21 below the lowest seen.
SCREEN_MARGIN = 0.2
SCREEN_SCALES = 5  # ladders shorter than this are not screened
MIN_KNOWN = 0.6  # fraction of cells that must read as some label
CONFIDENT = 1.0  # a verified candidate scoring this (anchor x known fraction) is the board
EPS = 6.0  # grey levels added to the local spread: flat areas do not blow up


@dataclass(frozen=True, eq=False)
class _Level:
    """The anchor prepared for matching at ``cell`` pixels per board cell.

    A position's score is the ring's colour match (mean squared difference of the blurred
    colours at the best brightness gain within +-20%, as ``1 - rms / 64``) plus half its
    structure match (correlation of locally normalised grey). Colour tells the frame from
    look-alike lines inside the board or elsewhere; structure pins the frame's edges.
    """

    cell: float
    blur: float
    window: int
    color: np.ndarray = field(repr=False)  # blurred BGR float32, zero inside the ring
    color_energy: float
    ring: tuple[int, int, int]  # ring thickness x, y (pixels) and its size (x3 channels)
    structure: np.ndarray = field(repr=False)  # normalised grey, zero outside the mask
    structure_energy: float

    @property
    def size(self) -> tuple[int, int]:
        return self.color.shape[1], self.color.shape[0]

    @property
    def color_planes(self) -> tuple[np.ndarray, ...]:
        planes = self.__dict__.get("_planes")
        if planes is None:
            planes = tuple(np.ascontiguousarray(self.color[:, :, k]) for k in range(3))
            object.__setattr__(self, "_planes", planes)
        return planes

    def color_scores(self, image: np.ndarray) -> np.ndarray:
        """The ring's colour match at every position of the anchor's top-left in ``image``."""
        th, tw = self.color.shape[:2]
        mx, my, ring_n = self.ring
        color = image.astype(np.float32)
        if self.blur > 0:
            k = 2 * int(np.ceil(2 * self.blur)) + 1  # +-2 sigma is plenty, and cheaper
            color = cv2.GaussianBlur(color, (k, k), self.blur)
        # One single-channel match per colour: several times faster than a 3-channel one.
        cross = sum(cv2.matchTemplate(np.ascontiguousarray(color[:, :, k]),
                                      self.color_planes[k], cv2.TM_CCORR) for k in range(3))
        sq = cv2.integral(cv2.transform(color * color, np.ones((1, 3), np.float32)),
                          sdepth=cv2.CV_64F)
        rh, rw = cross.shape
        outer = (_box(sq, 0, 0, tw, th, rw, rh)
                 - _box(sq, mx, my, tw - mx, th - my, rw, rh)).astype(np.float32)
        gain = np.clip(cross / np.maximum(outer, 1e-6), 1 / 1.2, 1.2)
        mse = gain * (gain * outer - 2 * cross)
        mse += self.color_energy
        np.maximum(mse, 0, out=mse)
        return 1.0 - np.sqrt(mse * (1.0 / ring_n)) * (1.0 / 64.0)

    def structure_scores(self, image: np.ndarray) -> np.ndarray:
        """The frame's structure match at every position (about 1 at best)."""
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        res = cv2.matchTemplate(_normalise(grey, self.window), self.structure, cv2.TM_CCORR)
        return res / self.structure_energy

    def structure_at(self, image: np.ndarray, x: int, y: int) -> float:
        """:meth:`structure_scores` at one position only (a patch, not the whole image)."""
        th, tw = self.structure.shape
        pad = self.window // 2 + 1
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        padded = cv2.copyMakeBorder(grey, pad, pad, pad, pad, cv2.BORDER_REFLECT)
        patch = padded[y : y + th + 2 * pad, x : x + tw + 2 * pad]
        t = _normalise(patch, self.window)[pad : pad + th, pad : pad + tw]
        return float((t * self.structure).sum() / self.structure_energy)

    def scores(self, image: np.ndarray) -> np.ndarray:
        """Colour match plus half the structure match at every position in BGR ``image``."""
        return (self.color_scores(image) + 0.5 * self.structure_scores(image)).astype(np.float32)


@dataclass(frozen=True, eq=False)
class _Prepared:
    coarse: _Level
    fine: _Level
    polish: _Level


_PREPARED: "weakref.WeakKeyDictionary[TemplatePack, _Prepared]" = weakref.WeakKeyDictionary()


def _normalise(grey: np.ndarray, window: int) -> np.ndarray:
    """Each pixel minus its neighbourhood's mean, over the neighbourhood's spread."""
    g = grey.astype(np.float32)
    k = (window, window)
    mean = cv2.boxFilter(g, -1, k, borderType=cv2.BORDER_REFLECT)
    sq = cv2.boxFilter(g * g, -1, k, borderType=cv2.BORDER_REFLECT)
    spread = np.sqrt(np.maximum(sq - mean * mean, 0) + EPS * EPS)
    return (g - mean) / spread


def _box(ii: np.ndarray, x0: int, y0: int, x1: int, y1: int, w: int, h: int) -> np.ndarray:
    """Sums over the box ``[x0, x1) x [y0, y1)`` at every offset, from an integral image."""
    return (ii[y1 : y1 + h, x1 : x1 + w] - ii[y0 : y0 + h, x1 : x1 + w]
            - ii[y1 : y1 + h, x0 : x0 + w] + ii[y0 : y0 + h, x0 : x0 + w])


def _level(pack: TemplatePack, cell: float, blur: float, window_cells: float) -> _Level:
    """The anchor at ``cell`` pixels per cell, ready for :meth:`_Level.scores`.

    Pixels the anchor mask leaves out within the ring (parts of the frame that were outside
    the calibration screenshot) get the ring's mean colour and no structure.
    """
    cw, ch = pack.cell_size
    ah, aw = pack.anchor.image.shape[:2]
    size = (max(3, round(aw * cell / cw)), max(3, round(ah * cell / ch)))
    small = cv2.resize(pack.anchor.image, size, interpolation=cv2.INTER_AREA)
    mask = cv2.resize(pack.anchor.mask.astype(np.float32) / 255.0, size,
                      interpolation=cv2.INTER_AREA) > 0.5
    mx = max(1, round(pack.anchor.margin * cell))
    ring = np.ones(size[::-1], bool)
    ring[mx : size[1] - mx, mx : size[0] - mx] = False
    color = small.astype(np.float32)
    if blur > 0:
        color = cv2.GaussianBlur(color, (0, 0), blur)
    known = ring & mask
    if known.any():
        color[ring & ~mask] = color[known].mean(axis=0)
    color[~ring] = 0
    window = _window(cell * window_cells)
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    structure = _normalise(grey, window) * (mask & ring).astype(np.float32)
    return _Level(cell, blur, window, color, float((color * color).sum()),
                  (mx, mx, int(ring.sum()) * 3), structure,
                  max(float((structure * structure).sum()), 1e-6))


def _window(cell: float) -> int:
    return max(3, int(round(cell)) | 1)


def _prepare(pack: TemplatePack) -> _Prepared:
    prepared = _PREPARED.get(pack)
    if prepared is None:
        coarse = _coarse_cell(pack)
        prepared = _Prepared(_level(pack, coarse, _coarse_blur(pack, coarse), STRUCTURE_WINDOW),
                             _level(pack, FINE_CELL, FINE_BLUR, STRUCTURE_WINDOW),
                             _level(pack, POLISH_CELL, FINE_BLUR, STRUCTURE_WINDOW))
        _PREPARED[pack] = prepared
    return prepared


def _grey(frame: np.ndarray) -> np.ndarray:
    if frame.ndim == 2:
        return frame
    return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)


@dataclass(frozen=True)
class _Candidate:
    score: float
    x: float  # anchor top-left in frame pixels
    y: float
    scale: float  # board scale relative to the pack


@dataclass(frozen=True, eq=False)
class _CoarseMap:
    """The coarse colour match at one scale of the ladder, kept to score other guesses."""

    scale: float
    color: np.ndarray = field(repr=False)  # colour score per anchor top-left in ``small``
    small: np.ndarray = field(repr=False)  # the frame shrunk for this scale
    sx: float  # frame pixels per ``small`` pixel
    sy: float
    ox: int = 0  # where the frame's top-left is in ``small`` (its edge repeated around it)
    oy: int = 0


def _coarse(frame: np.ndarray, pack: TemplatePack, prep: _Prepared, min_scale: float,
            max_scale: float) -> tuple[list[_Candidate], list[_CoarseMap]]:
    """The best few (position, scale) of the anchor over the whole frame and scale range,
    and the colour match at every scale.

    Per scale the colour match is computed everywhere and the structure match only at the
    colour match's best few peaks (the structure match is the costlier one).
    """
    cw = pack.cell_size[0]
    level = prep.coarse
    tw, th = level.size
    step = _coarse_step(pack)
    # From half a step below the range to half a step above it.
    n = int(np.ceil(np.log(max_scale / min_scale) / np.log(step))) + 1
    scales = min_scale / step**0.5 * step ** np.arange(n + 1)
    # A pyramid of halvings; each scale is resized (bilinear: at most a halving, and the
    # colour match blurs anyway) from the smallest level still at least as big as it needs.
    pyramid = [frame]
    found: list[_Candidate] = []
    maps: list[_CoarseMap] = []
    for s in scales:
        f = level.cell / (cw * s)
        w, h = round(frame.shape[1] * f), round(frame.shape[0] * f)
        # A board filling the frame fits the scale below its own but not the one above: the
        # frame's edge is repeated (the refinement does the same) up to a step's worth.
        ox, oy = max(0, tw - w + 1), max(0, th - h + 1)
        if ox > (step - 1) * tw + 1 or oy > (step - 1) * th + 1:
            continue
        while pyramid[-1].shape[1] >= 2 * w and pyramid[-1].shape[1] > 32:
            pyramid.append(cv2.pyrDown(pyramid[-1]))
        src = next(p for p in reversed(pyramid) if p.shape[1] >= w)
        small = cv2.resize(src, (w, h), interpolation=cv2.INTER_LINEAR)
        sx, sy = frame.shape[1] / w, frame.shape[0] / h
        if ox or oy:
            small = cv2.copyMakeBorder(small, oy // 2, oy - oy // 2, ox // 2, ox - ox // 2,
                                       cv2.BORDER_REPLICATE)
        ox, oy = ox // 2, oy // 2  # where the frame's top-left is in ``small``
        color = level.color_scores(small)
        maps.append(_CoarseMap(float(s), color, small, sx, sy, ox, oy))
        for value, (px, py) in _peaks(color, COARSE_PEAKS, max(tw, th) // 3):
            value += 0.5 * level.structure_at(small, px, py)
            found.append(_Candidate(value, (px - ox) * sx, (py - oy) * sy, float(s)))
    found.sort(key=lambda c: -c.score)
    # Keep the best candidates that are not the same peak at the neighbouring scale.
    kept: list[_Candidate] = []
    for c in found:
        size = cw * c.scale
        if all(abs(c.x - k.x) > size or abs(c.y - k.y) > size or
               abs(np.log(c.scale / k.scale)) > 1.5 * np.log(step) for k in kept):
            kept.append(c)
        if len(kept) >= CANDIDATES:
            break
    return kept, maps


def _coarse_scores(maps: list[_CoarseMap], level: _Level, guesses: list[_Candidate],
                   radius: float) -> list[float]:
    """The coarse score of the best anchor within ``radius`` frame pixels of each guess's, at
    exactly their scale (all guesses share one); ``-inf`` where no scale of the ladder is
    near or the guess is out of the frame.

    The frame as shrunk for the nearest scale of the ladder is cut around the guesses and
    resized by the few percent between the two scales: one small match, no new pass over the
    frame. (The ladder's own score maps are not enough: a board whose scale falls between
    two steps scores poorly at both.)
    """
    out = [-np.inf] * len(guesses)
    if not maps or not guesses:
        return out
    scale = guesses[0].scale
    m = min(maps, key=lambda m: abs(np.log(m.scale / scale)))
    k = m.scale / scale  # ``m.small`` pixels to pixels at the guesses' scale
    if abs(np.log(k)) > np.log(1.15):
        return out
    tw, th = level.size
    r = radius / m.sx + 1
    xs = [g.x / m.sx + m.ox for g in guesses]
    ys = [g.y / m.sy + m.oy for g in guesses]
    x0, y0 = int(np.floor(min(xs) - r)), int(np.floor(min(ys) - r))
    x1, y1 = int(np.ceil(max(xs) + tw / k + r)), int(np.ceil(max(ys) + th / k + r))
    crop = _crop(m.small, x0, y0, x1, y1)
    if crop is None:
        return out
    w, h = round(crop.shape[1] * k), round(crop.shape[0] * k)
    if w < tw or h < th:
        return out
    res = level.scores(cv2.resize(crop, (w, h), interpolation=cv2.INTER_LINEAR))
    fx, fy = w / crop.shape[1], h / crop.shape[0]
    for n, (x, y) in enumerate(zip(xs, ys)):
        ax0 = max(0, int(np.floor((x - r - x0) * fx)))
        ay0 = max(0, int(np.floor((y - r - y0) * fy)))
        ax1 = min(res.shape[1], int(np.ceil((x + r - x0) * fx)) + 1)
        ay1 = min(res.shape[0], int(np.ceil((y + r - y0) * fy)) + 1)
        if ax1 > ax0 and ay1 > ay0:
            out[n] = float(res[ay0:ay1, ax0:ax1].max())
    return out


def _peaks(res: np.ndarray, count: int, radius: int):
    res = res.copy()
    out = []
    for _ in range(count):
        _, value, _, loc = cv2.minMaxLoc(res)
        if not np.isfinite(value):
            break
        out.append((float(value), loc))
        x, y = loc
        res[max(0, y - radius) : y + radius + 1, max(0, x - radius) : x + radius + 1] = -np.inf
    return out


def _coarse_cell(pack: TemplatePack) -> float:
    """Pixels per cell of the coarse search: the anchor's long side about 40 pixels, and its
    ring at least 3 pixels thick (a thinner ring blurs into one flat colour, which any flat
    area of the frame matches)."""
    cells = max(pack.rows, pack.cols) + 2 * pack.anchor.margin
    return float(np.clip(max(COARSE_SIZE / cells, 3.0 / pack.anchor.margin), 3.0, 6.0))


def _coarse_step(pack: TemplatePack) -> float:
    """Ratio between coarse scales: the ring slips by at most ``COARSE_SLIP`` cells.

    Between two scales of the ladder the anchor is up to ``(step - 1) / 2`` too big or too
    small; its ring is ``half_extent`` cells from the centre, so it slips by that much. Big
    boards need a finer ladder.
    """
    half_extent = 0.5 * max(pack.rows, pack.cols) + pack.anchor.margin
    return float(np.clip(1 + 2 * COARSE_SLIP / half_extent, 1.06, 1.12))


def _coarse_blur(pack: TemplatePack, cell: float) -> float:
    """Blur of the coarse search: about the ring's slip between two scales, at least 1 px."""
    half_extent = 0.5 * max(pack.rows, pack.cols) + pack.anchor.margin
    slip = half_extent * (_coarse_step(pack) - 1) / 2
    return max(1.0, slip * cell)


def _refine(frame: np.ndarray, pack: TemplatePack, prep: _Prepared, cand: _Candidate,
            ) -> _Candidate | None:
    """Position and scale of a coarse candidate to a fraction of a pixel, and its score.

    First at ``FINE_CELL`` pixels per cell over half a coarse step of scales either way, then
    polished at ``POLISH_CELL`` pixels per cell (a repeating texture in the frame, such as
    bricks, can fool the first by a texture period).
    """
    cw = pack.cell_size[0]
    step = _coarse_step(pack)
    # Half coarse steps up to a whole one either way (a neighbouring scale may be the one).
    radius = 1.5 * cw * cand.scale / prep.coarse.cell + 2  # frame pixels: coarse uncertainty
    found = _search(frame, pack, prep.fine, prep.coarse, cand, radius, step, step**(1 / 3),
                    screen=MIN_ANCHOR - POLISH_GAIN)
    if found is None or found.score < MIN_ANCHOR - POLISH_GAIN:
        return found  # no polish makes it a board: not worth its cost
    return _polish(frame, pack, prep, found)


def _polish(frame: np.ndarray, pack: TemplatePack, prep: _Prepared, found: _Candidate,
            ) -> _Candidate:
    """``found`` (from the ``FINE_CELL`` search) polished at ``POLISH_CELL`` pixels per cell.

    Each round tries a step of ``POLISH_STEP`` either way; while the best is that whole step
    away (the fine search was a little off in scale), another round goes on from there.
    """
    cw = pack.cell_size[0]
    previous, best = prep.fine, None
    for _ in range(POLISH_ROUNDS):
        radius = 1.5 * cw * found.scale / previous.cell + 1
        polished = _search(frame, pack, prep.polish, previous, found, radius, POLISH_STEP,
                           POLISH_STEP)
        if polished is None or (best is not None and polished.score <= best.score):
            break
        moved = abs(np.log(polished.scale / found.scale))
        best = found = polished
        previous = prep.polish
        if moved < 0.9 * np.log(POLISH_STEP):
            break
    return best or found


def _search(frame: np.ndarray, pack: TemplatePack, level: _Level, previous: _Level,
            cand: _Candidate, radius: float, span: float, step: float,
            screen: float | None = None) -> _Candidate | None:
    """The best anchor match at ``level`` within ``radius`` pixels and ``span`` of scale.

    With ``screen``, a ladder of :data:`SCREEN_SCALES` scales or more is screened first at
    every other scale: a candidate whose best there is under ``screen - SCREEN_MARGIN`` is
    returned with that score (a lower bound of the whole ladder's, and under ``screen``),
    the other scales not tried. Otherwise the result is the whole ladder's, as without it."""
    cw = pack.cell_size[0]
    tw, th = level.size
    n = int(np.ceil(np.log(span) / np.log(step) - 1e-9))
    scales = cand.scale * step ** np.arange(-n, n + 1)
    # The anchor's centre does not move with a wrong scale the way its corner does.
    fc = previous.cell / (cw * cand.scale)
    cx, cy = cand.x + 0.5 * previous.size[0] / fc, cand.y + 0.5 * previous.size[1] / fc

    def at(s: float) -> tuple[float, float, float, float] | None:
        """The best match at scale ``s``: score, anchor top-left (frame pixels), scale."""
        f = level.cell / (cw * s)
        x0 = int(np.floor(cx - 0.5 * tw / f - radius))
        y0 = int(np.floor(cy - 0.5 * th / f - radius))
        x1 = int(np.ceil(cx + 0.5 * tw / f + radius))
        y1 = int(np.ceil(cy + 0.5 * th / f + radius))
        crop = _crop(frame, x0, y0, x1, y1)
        if crop is None:
            return None
        w, h = round(crop.shape[1] * f), round(crop.shape[0] * f)
        if w < tw or h < th:
            return None
        img = cv2.resize(crop, (w, h), interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)
        res = level.scores(img)
        _, value, _, (px, py) = cv2.minMaxLoc(res)
        dx = _parabola(res, px, py, axis=1)
        dy = _parabola(res, px, py, axis=0)
        sx, sy = crop.shape[1] / w, crop.shape[0] / h
        return (float(value), x0 + (px + dx) * sx, y0 + (py + dy) * sy, float(s))

    each: list[tuple[float, float, float, float] | None] = [None] * len(scales)
    if screen is not None and len(scales) >= SCREEN_SCALES:
        # Every other scale first; a candidate scoring far below ``screen`` at all of them
        # is dropped with the best of those (the scales between add at most SCREEN_MARGIN).
        for i in range(0, len(scales), 2):
            each[i] = at(scales[i])
        screened = [r for r in each if r is not None]
        if not screened:
            return None
        best_screened = max(screened, key=lambda r: r[0])
        if best_screened[0] < screen - SCREEN_MARGIN:
            return _Candidate(*best_screened)
        for i in range(1, len(scales), 2):
            each[i] = at(scales[i])
    else:
        each = [at(s) for s in scales]
    results = [r for r in each if r is not None]
    if not results:
        return None
    best = max(range(len(results)), key=lambda i: results[i][0])
    value, x, y, s = results[best]
    if 0 < best < len(results) - 1:
        a, b, c = results[best - 1][0], value, results[best + 1][0]
        denom = a - 2 * b + c
        if denom < 0:
            t = float(np.clip(0.5 * (a - c) / denom, -0.5, 0.5))
            s = s * step**t
            # Position moves with the scale between the two neighbours: interpolate it too.
            other = results[best + 1] if t > 0 else results[best - 1]
            x += abs(t) * (other[1] - x)
            y += abs(t) * (other[2] - y)
    return _Candidate(value, x, y, s)


def _crop(frame: np.ndarray, x0: int, y0: int, x1: int, y1: int) -> np.ndarray | None:
    """``frame[y0:y1, x0:x1]``, the parts outside the frame filled by repeating its edge.

    A board at the edge of a screenshot may have part of its frame cut off.
    """
    h, w = frame.shape[:2]
    cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if cx1 - cx0 < 4 or cy1 - cy0 < 4:
        return None
    crop = frame[cy0:cy1, cx0:cx1]
    if (cx0, cy0, cx1, cy1) == (x0, y0, x1, y1):
        return crop
    return cv2.copyMakeBorder(crop, cy0 - y0, y1 - cy1, cx0 - x0, x1 - cx1, cv2.BORDER_REPLICATE)


def _parabola(res: np.ndarray, px: int, py: int, axis: int) -> float:
    if axis == 1:
        if not 0 < px < res.shape[1] - 1:
            return 0.0
        a, b, c = res[py, px - 1], res[py, px], res[py, px + 1]
    else:
        if not 0 < py < res.shape[0] - 1:
            return 0.0
        a, b, c = res[py - 1, px], res[py, px], res[py + 1, px]
    denom = a - 2 * b + c
    return float(np.clip(0.5 * (a - c) / denom, -0.5, 0.5)) if denom < 0 else 0.0


def _geometry(pack: TemplatePack, cand: _Candidate) -> BoardGeometry:
    cw, ch = pack.cell_size
    mx, my = pack.anchor.margin_px(pack.cell_size)
    s = cand.scale
    return BoardGeometry.from_rect(cand.x + mx * s, cand.y + my * s, cw * s, ch * s,
                                   pack.rows, pack.cols)


def anchor_score(frame: np.ndarray, geometry: BoardGeometry, pack: TemplatePack) -> float:
    """How well the pack's anchor matches the frame around ``geometry`` (about 1.5 at best).

    One warp and one match: the cheap check :class:`Locator` uses to keep a geometry.
    """
    level = _prepare(pack).fine
    m = pack.anchor.margin
    box = (-m, -m, pack.cols + m, pack.rows + m)
    image = frame if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    warped = warp_region(image, geometry, box, level.size)
    return float(level.scores(warped)[0, 0])


def locate_board(frame: np.ndarray, pack: TemplatePack, *, min_scale: float = 0.5,
                 max_scale: float = 4.0) -> BoardGeometry:
    """The geometry of ``pack``'s board in ``frame`` (BGR), or :class:`BoardNotFoundError`."""
    return _locate(frame, pack, min_scale, max_scale)[0]


def _locate(frame: np.ndarray, pack: TemplatePack, min_scale: float, max_scale: float):
    if frame is None or frame.size == 0 or frame.ndim not in (2, 3):
        raise BoardNotFoundError(pack.name, "empty frame")
    prep = _prepare(pack)
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    best = None
    tried: list[float] = []

    def verify(refined: _Candidate | None):
        """``(key, geometry, read, score)`` of a refined candidate, or ``None`` if no board."""
        if refined is None:
            return None
        tried.append(refined.score)
        if refined.score < MIN_ANCHOR:
            return None
        geometry = _geometry(pack, refined)
        if not _inside(geometry, frame.shape):
            return None
        read = read_cells(frame, geometry, pack)
        if read.known_fraction < MIN_KNOWN:
            return None
        return (refined.score * read.known_fraction, geometry, read, refined.score)

    grown: list[_Candidate] = []
    candidates, maps = _coarse(frame, pack, prep, min_scale, max_scale)
    for cand in candidates:
        if any(_same(cand, g, pack) for g in grown):
            continue  # already refined as the whole board around a part of it
        found = verify(_refine(frame, pack, prep, cand))
        if found is None:
            continue
        # A part of the board (its grid lines look like the frame) may have matched: the
        # whole board around it, if it matches better, is verified too and competes.
        here = anchor_score(frame, found[1], pack)
        for whole in _wholes(pack, found[1], maps, frame.shape, min_scale, max_scale):
            grown.append(whole)
            other = verify(_refine_whole(frame, pack, prep, whole, here))
            if other is not None and other[0] > found[0]:
                found = other
        if best is None or found[0] > best[0]:
            best = found
        if best[0] >= CONFIDENT:
            break  # candidates come best first: a clear match ends the search
    if best is None:
        detail = (f"best frame match {max(tried):.2f}" if tried else "nothing like its frame")
        raise BoardNotFoundError(pack.name, detail)
    return best[1], best[2], best[3]


GROW_CHECKS = 3  # larger boards around a verified candidate refined, best anchor first
GROW_MIN = 0.8  # coarse score a grown board needs to be looked at closer (whole boards
# grown from a part score 0.94 and up on the tests' screenshots, boards around a whole board 0.7
# and below)
GROW_SCREEN_STEP = 1.02  # scales screened around a grown board's ...
GROW_SCREEN_SPAN = 4  # ... this many steps either way for a part of one row, fewer for more
GROW_STEP = 1.03  # scales tried around a grown board's (a part's scale error grows with it)


def _refine_whole(frame: np.ndarray, pack: TemplatePack, prep: _Prepared, whole: _Candidate,
                  part: float) -> _Candidate | None:
    """A grown board (:func:`_wholes`) refined, if it matches better than the part it grew
    from (whose :func:`anchor_score` is ``part``); ``None`` if it does not.

    Cheaper than :func:`_refine`: the grown board is near where the part puts it, within a
    quarter of a cell and a few percent of scale, so three scales at ``FINE_CELL`` tell
    whether it is worth polishing.
    """
    cw = pack.cell_size[0]
    radius = 0.25 * cw * whole.scale + 1
    found = _search(frame, pack, prep.fine, prep.coarse, whole, radius, GROW_STEP, GROW_STEP)
    if found is None or found.score <= part:
        return None
    return _polish(frame, pack, prep, found)


def _wholes(pack: TemplatePack, geometry: BoardGeometry, maps: list[_CoarseMap],
            shape: tuple[int, ...], min_scale: float, max_scale: float) -> list[_Candidate]:
    """Whole boards that a located board may be a part of, best first, as coarse candidates.

    Where the lines between cells look like the board's frame (a learned pack's anchor is the
    band around the cells, often drawn like the lines between them), an ``r x c`` block of
    cells with the board's proportions (``r / rows == c / cols``, such as the 3 x 3 corner of
    a 5 x 5 board, or even one cell with a pattern on it) matches the anchor at a smaller
    scale, and may score better in the coarse search than the whole board (whose scale may
    fall between two steps of the ladder), pushing it out of the candidates. Every board that
    holds the located one as such a block at whole cells, within the scale range and the
    frame, is scored at the coarse level (:func:`_coarse_scores`: one small match per block
    size and scale, from the coarse search's shrunken frames) within a quarter of a cell and a
    few scales :data:`GROW_SCREEN_STEP` apart (more for a smaller part, whose scale error
    grows more); the :data:`GROW_CHECKS` best that score at least :data:`GROW_MIN` are
    returned, for :func:`_refine_whole`.
    """
    cw = pack.cell_size[0]
    rows, cols = pack.rows, pack.cols
    level = _prepare(pack).coarse
    step = _coarse_step(pack)
    x0, y0 = geometry.outline()[0]
    part_w, part_h = geometry.cell_size(0, 0)
    mx, my = pack.anchor.margin_px(pack.cell_size)
    scored = []
    for r in range(1, rows):
        if (cols * r) % rows:
            continue  # no block of r rows has the board's proportions
        c = cols * r // rows
        grow = rows / r
        scale = part_w * grow / cw
        if not min_scale / step <= scale <= max_scale * step:
            continue
        cell_w, cell_h = part_w * grow, part_h * grow
        # The part's own errors grow with it: look a quarter of a cell around.
        radius = 0.25 * cell_w
        guesses = []
        for i in range(rows - r + 1):
            for j in range(cols - c + 1):
                whole = BoardGeometry.from_rect(x0 - j * cell_w, y0 - i * cell_h, cell_w,
                                                cell_h, rows, cols)
                if _inside(whole, shape):
                    guesses.append(_Candidate(0.0, x0 - j * cell_w - mx * scale,
                                              y0 - i * cell_h - my * scale, scale))
        if not guesses:
            continue
        # A small part's scale error grows the most: more scales are tried for it.
        tries = int(np.ceil(GROW_SCREEN_SPAN / r))
        best = [(-np.inf, g) for g in guesses]
        for k in range(-tries, tries + 1):
            tried = [_rescaled(g, pack, GROW_SCREEN_STEP**k) for g in guesses]
            for n, value in enumerate(_coarse_scores(maps, level, tried, radius)):
                if value > best[n][0]:
                    best[n] = (value, tried[n])
        scored += [_Candidate(value, g.x, g.y, g.scale) for value, g in best
                   if value >= GROW_MIN]
    scored.sort(key=lambda c: -c.score)
    return scored[:GROW_CHECKS]


def _rescaled(cand: _Candidate, pack: TemplatePack, factor: float) -> _Candidate:
    """``cand`` at ``factor`` times its scale, about the same centre."""
    cw, ch = pack.cell_size
    m = pack.anchor.margin
    half_w, half_h = 0.5 * (pack.cols + 2 * m) * cw, 0.5 * (pack.rows + 2 * m) * ch
    scale = cand.scale * factor
    return _Candidate(cand.score, cand.x + (cand.scale - scale) * half_w,
                      cand.y + (cand.scale - scale) * half_h, scale)


def _same(a: _Candidate, b: _Candidate, pack: TemplatePack) -> bool:
    """Whether two candidates are the same board (within a cell and 8% of scale)."""
    size = pack.cell_size[0] * min(a.scale, b.scale)
    return (abs(a.x - b.x) < size and abs(a.y - b.y) < size
            and abs(np.log(a.scale / b.scale)) < np.log(1.08))


def _inside(geometry: BoardGeometry, shape: tuple[int, ...]) -> bool:
    pts = geometry.outline()
    h, w = shape[:2]
    slack = 0.25 * min(geometry.cell_size(0, 0))
    return bool((pts[:, 0] >= -slack).all() and (pts[:, 0] <= w + slack).all()
                and (pts[:, 1] >= -slack).all() and (pts[:, 1] <= h + slack).all())


class Locator:
    """Locates a pack's board frame after frame, reusing the geometry while it still fits.

    >>> import numpy as np
    >>> from gridsight.vision.packs import load_pack
    >>> pack = load_pack("tile-path")
    >>> frame = np.full((400, 500, 3), 30, np.uint8)
    >>> h, w = pack.anchor.image.shape[:2]
    >>> frame[50 : 50 + h, 70 : 70 + w] = pack.anchor.image
    >>> locator = Locator(pack)
    >>> first = locator.locate(frame)  # searches the whole frame
    >>> again = locator.locate(frame)  # one cheap check: nothing moved
    >>> bool(np.allclose(first.homography, again.homography))
    True
    """

    def __init__(self, pack: TemplatePack, *, min_scale: float = 0.5, max_scale: float = 4.0,
                 keep_ratio: float = 0.75):
        self.pack = pack
        self.min_scale, self.max_scale = min_scale, max_scale
        self.keep_ratio = keep_ratio
        self.geometry: BoardGeometry | None = None
        self.reference = 0.0
        self.searches = 0

    def reset(self) -> None:
        self.geometry = None

    def still_fits(self, frame: np.ndarray) -> bool:
        """Whether the last geometry's anchor still matches ``frame``."""
        if self.geometry is None:
            return False
        if not _inside(self.geometry, frame.shape):
            return False
        return anchor_score(frame, self.geometry, self.pack) >= self.keep_ratio * self.reference

    def locate(self, frame: np.ndarray) -> BoardGeometry:
        if self.still_fits(frame):
            assert self.geometry is not None
            return self.geometry
        self.searches += 1
        self.geometry = None
        geometry, _, _ = _locate(frame, self.pack, self.min_scale, self.max_scale)
        self.geometry = geometry
        self.reference = anchor_score(frame, geometry, self.pack)
        return geometry
