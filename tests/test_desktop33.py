"""The lattice search's work cut for the desktop search's first frame (session 33), its answers
the same: a wider search reuses each pitch of the first that rounds alike on the working grid;
the line maps and the refinement's pitches, worked out otherwise, give the same numbers as
the plain definitions below."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import gridsight.vision.lattice as lattice
from gridsight.vision.lattice import LatticeSearch, lattice_candidates
from test_lattice_search import _board as lattice_board


def _board(width: int, height: int, x: int, y: int, pitch: int) -> np.ndarray:
    """test_lattice_search's board on a little noise."""
    return lattice_board(width, height, x, y, pitch, noise=True)


@pytest.fixture(scope="module")
def narrow():
    """A board 45% of the picture's width: under the first search's least (55%)."""
    return _board(400, 300, 60, 50, 36)


def test_a_wider_search_scores_again_only_the_pitches_rounding_otherwise(narrow, monkeypatch):
    """The wider search of a read whose first fitted nothing steps its pitches from 0.8 of
    the first's least width: most of them fall within a fiftieth of a working pixel of one the
    first scored, and every line and length rounds the same. Those are not scored again (the
    first frame of 410000: 2516 pitches' scores made, 2120 now), and the answer is a fresh
    search's, to the bit."""
    made = []
    score = lattice._lattice_score

    def counted(*args, **options):
        made.append(args[6])
        return score(*args, **options)

    monkeypatch.setattr(lattice, "_lattice_score", counted)
    search = LatticeSearch(narrow)
    search.candidates(5, 5, min_width=0.55, keep=2, shifts=2)
    first = len(made)
    wider = search.candidates(5, 5, min_width=0.44, keep=5)
    again = len(made) - first
    fresh = lattice_candidates(narrow, 5, 5, min_width=0.44, keep=5)
    stepped = len(made) - first - again  # a fresh search scores every pitch it steps to
    assert wider == fresh
    assert 0 < again < stepped * 0.7
    best = wider[0]
    assert abs(best.x - 60) < 1 and abs(best.y - 50) < 1 and abs(best.pitch_x - 36) < 0.5


def _line_maps_plain(grey: np.ndarray, reach: int = 2, smooth: float = 1.5):
    """The line maps as first written: whole rolled copies, the wrapped borders zeroed."""
    g = grey.astype(np.float32)
    out = []
    for axis in (1, 0):
        along = cv2.GaussianBlur(g, (0, 0), sigmaX=smooth if axis == 0 else 0.01,
                                 sigmaY=smooth if axis == 1 else 0.01)
        valley, edge = np.zeros_like(g), np.zeros_like(g)
        for d in range(1, reach + 1):
            before, after = np.roll(along, d, axis=axis), np.roll(along, -d, axis=axis)
            valley = np.maximum(valley, np.minimum(before, after) - along)
            edge = np.maximum(edge, np.abs(after - before))
        valley, edge = valley / (valley + lattice.SOFT), edge / (edge + 3 * lattice.SOFT)
        for m in (valley, edge):
            if axis == 1:
                m[:, :reach], m[:, -reach:] = 0, 0
            else:
                m[:reach], m[-reach:] = 0, 0
        out += [valley, edge]
    return out


@pytest.mark.parametrize("shape", [(90, 70), (4, 40), (40, 3), (5, 5)])
def test_the_line_maps_are_those_of_rolled_copies(narrow, shape):
    """Slices instead of rolled copies: the same maps to the bit, pictures too thin for a
    line (no inner part) all 0."""
    grey = cv2.cvtColor(narrow, cv2.COLOR_BGR2GRAY)[100 : 100 + shape[0], 50 : 50 + shape[1]]
    maps = lattice.line_maps(grey, reach=2, smooth=1.2)
    lv, ev, lh, eh = _line_maps_plain(grey, reach=2, smooth=1.2)
    for got, want in ((maps.line_v, lv), (maps.edge_v, ev), (maps.line_h, lh), (maps.edge_h, eh)):
        assert np.array_equal(got, want)


def test_the_refinement_weighs_every_pitch_as_one_at_a_time():
    """``_matched`` scores its 33 pitches at once: the offset and pitch it picks are those
    the pitches tried in turn pick (the first best kept on a tie)."""
    rng = np.random.default_rng(5)
    for _ in range(40):
        n = int(rng.integers(40, 300))
        profile, rim = rng.random(n).astype(np.float32), rng.random(n).astype(np.float32)
        start, pitch = float(rng.uniform(0, 20)), float(rng.uniform(6, 50))
        for outline in (None, rim):
            assert lattice._matched(profile, 5, start, pitch, outline) == \
                _matched_plain(profile, 5, start, pitch, outline)


def _matched_plain(profile, count, start, pitch, outline=None):
    """``_matched`` as first written: one pitch at a time."""
    sigma = max(0.6, pitch / 60)
    smooth = cv2.GaussianBlur(profile.reshape(1, -1).astype(np.float32), (0, 0), sigma).ravel()
    if outline is not None:
        rim = cv2.GaussianBlur(outline.reshape(1, -1).astype(np.float32), (0, 0), sigma).ravel()
    grid = np.arange(len(smooth), dtype=np.float64)
    offsets = start - 0.5 + np.arange(-pitch / 6, pitch / 6 + 0.01, 0.25)
    best, best_v = None, -1.0
    inner = np.arange(1, count)
    for p in pitch * np.linspace(0.96, 1.04, 33):
        values = np.interp(offsets[:, None] + inner[None, :] * p, grid, smooth, left=0.0,
                           right=0.0).sum(axis=1)
        if outline is not None:
            ends = offsets[:, None] + np.array([0, count])[None, :] * p
            values = values + 0.5 * np.interp(ends, grid, rim, left=0.0, right=0.0).sum(axis=1)
        k = int(np.argmax(values))
        if values[k] > best_v:
            best_v, best = float(values[k]), (float(offsets[k]) + 0.5, float(p))
    return None if best is None or best_v <= 0.0 else best
