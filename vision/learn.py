"""Building a template pack from one labelled screenshot.

This is how gridsight learns a skin it has never seen (the real game): the player gives one
screenshot, the board's corners and the label of every cell. Every cell is cut out at the
pack's cell size; cells are grouped by label and, within a label, by look (a plain ground tile
and one carrying a bush become two templates of ``ground``); each group's template is the
per-pixel median of its cells (so a coin or a speck on one of them does not stick). The
anchor, by which :mod:`gridsight.vision.locate` finds the board, is the band of ``margin`` cells around
the board as this screenshot shows it: the frame that every screenshot of this skin shares.

A 2 x 2 board of white, red and black 40-pixel cells in a grey frame, labelled by hand:

>>> import numpy as np
>>> from gridsight.vision.geometry import BoardGeometry
>>> image = np.full((120, 120, 3), 40, np.uint8)
>>> image[20:60, 20:60] = image[60:100, 60:100] = 255
>>> image[20:60, 60:100] = (0, 0, 200)
>>> image[60:100, 20:60] = 0
>>> geometry = BoardGeometry.from_rect(20, 20, 40, 40, 2, 2)
>>> pack = learn_pack(image, geometry, [["w", "r"], ["b", "w"]], "demo", "mine")
>>> pack.labels, pack.cell_size
(('b', 'r', 'w'), (40, 40))

``gridsight calibrate`` then saves it with ``pack.save(user_packs_root() / game / skin)``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

import cv2
import numpy as np

from gridsight.vision.classify import RMS_SCALE, board_thumbnails
from gridsight.vision.errors import VisionInputError
from gridsight.vision.geometry import BoardGeometry, shrunk_for, warp_region
from gridsight.vision.packs import (
    DEFAULT_MIN_MARGIN, DEFAULT_MIN_SCORE, Anchor, Template, TemplatePack, make_pack,
)

MIN_CELL, MAX_CELL = 16, 96

# Cells of one label whose thumbnails differ by more than this rms (0..255 levels) become
# separate templates (decorated variants); below it they are one template.
CLUSTER_RMS = 14.0


def learn_pack(
    image: np.ndarray,
    geometry: BoardGeometry,
    labels: Sequence[Sequence[str]],
    game: str,
    skin: str,
    *,
    cell_size: tuple[int, int] | None = None,
    variants: Sequence[Sequence[str]] | None = None,
    masks: Mapping[str, np.ndarray] | None = None,
    label_info: Mapping[str, Mapping[str, Any]] | None = None,
    like: TemplatePack | None = None,
    margin: float = 0.5,
    ignore: Sequence[str] = ("unknown", "?"),
    min_score: float = DEFAULT_MIN_SCORE,
    min_margin: float = DEFAULT_MIN_MARGIN,
    layout: Mapping[str, Any] | None = None,
) -> TemplatePack:
    """A pack learned from ``image``, whose board is at ``geometry`` and shows ``labels``.

    ``labels`` is a grid of cell labels (``ignore``'d labels are skipped: cells the player
    could not name). ``cell_size`` defaults to the board's cell size in the image, kept within
    16..96 pixels. ``variants`` names each cell's template explicitly (the shipped packs'
    generator uses it) instead of grouping cells by look. ``masks`` (label -> image of any
    size, white = compare), ``label_info`` and ``layout`` (the screen around the board, see
    :mod:`gridsight.vision.packs`) carry over what the game reader needs; ``like`` takes them from
    another pack of the same game (the shipped one) where not given.
    """
    grid = [list(row) for row in labels]
    if len(grid) != geometry.rows or any(len(row) != geometry.cols for row in grid):
        raise VisionInputError(
            f"the labels are {len(grid)}x{len(grid[0]) if grid else 0} cells, the board "
            f"{geometry.rows}x{geometry.cols}")
    if image is None or image.ndim != 3 or image.shape[2] != 3:
        raise VisionInputError("learning a pack needs a BGR colour image")
    if cell_size is None:
        w, h = geometry.cell_size(geometry.rows // 2, geometry.cols // 2)
        cell_size = (int(np.clip(round(w), MIN_CELL, MAX_CELL)),
                     int(np.clip(round(h), MIN_CELL, MAX_CELL)))
    cw, ch = cell_size
    cells = _cut_cells(image, geometry, (cw, ch))
    thumbs = board_thumbnails(image, geometry)

    groups: dict[tuple[str, str], list[int]] = {}
    reps: dict[str, list[tuple[str, np.ndarray]]] = {}
    for i in range(geometry.rows * geometry.cols):
        r, c = divmod(i, geometry.cols)
        label = grid[r][c]
        if label in ignore:
            continue
        if variants is not None:
            key = (label, variants[r][c])
        else:
            key = (label, _nearest_group(label, thumbs[i], reps))
        groups.setdefault(key, []).append(i)
    if not groups:
        raise VisionInputError("no labelled cells to learn from")

    masks = dict(masks or {})
    info = {k: dict(v) for k, v in (label_info or {}).items()}
    if like is not None:
        for template in like.templates:
            if template.mask is not None and template.label not in masks:
                masks[template.label] = template.mask
        for key, value in like.label_info.items():
            info.setdefault(key, dict(value))

    templates = []
    for (label, variant), members in groups.items():
        stack = np.stack([cells[i] for i in members])
        template = np.median(stack, axis=0).round().astype(np.uint8)
        mask = masks.get(label)
        if mask is not None:
            mask = cv2.resize(np.asarray(mask, np.uint8), (cw, ch), interpolation=cv2.INTER_AREA)
        templates.append(Template(label, variant, template, mask))
    templates.sort(key=lambda t: (t.label, t.variant))

    anchor = learn_anchor(image, geometry, (cw, ch), margin)
    pack = make_pack(game, skin, (cw, ch), geometry.rows, geometry.cols, templates, anchor,
                     {k: v for k, v in info.items() if any(t.label == k for t in templates)},
                     min_score=min_score, min_margin=min_margin)
    layout = layout if layout is not None else (like.layout if like is not None else {})
    return replace(pack, layout=layout) if layout else pack


def learn_anchor(
    image: np.ndarray, geometry: BoardGeometry, cell_size: tuple[int, int], margin: float
) -> Anchor:
    """The board and ``margin`` cells around it, with the band around the board as the mask.

    Parts of the band outside the image are left out of the mask.
    """
    cw, ch = cell_size
    rows, cols = geometry.rows, geometry.cols
    size = (round((cols + 2 * margin) * cw), round((rows + 2 * margin) * ch))
    box = (-margin, -margin, cols + margin, rows + margin)
    shrunk, g = shrunk_for(image, geometry, 1.25 * cw)
    picture = warp_region(shrunk, g, box, size, interpolation=cv2.INTER_LINEAR)
    inside = warp_region(np.full(shrunk.shape[:2], 255, np.uint8), g, box, size,
                         interpolation=cv2.INTER_NEAREST, border_value=0)
    mask = np.where(inside > 0, 255, 0).astype(np.uint8)
    mx, my = round(margin * cw), round(margin * ch)
    mask[my : size[1] - my, mx : size[0] - mx] = 0
    if not mask.any():
        raise VisionInputError("the board touches the image's edges: nothing around it to "
                               "find it by (take a screenshot showing its frame)")
    return Anchor(picture, mask, margin)


def _cut_cells(image: np.ndarray, geometry: BoardGeometry, size: tuple[int, int]) -> list:
    shrunk, g = shrunk_for(image, geometry, 1.25 * size[0])
    board = g.warp_board(shrunk, size)
    cw, ch = size
    return [board[r * ch : (r + 1) * ch, c * cw : (c + 1) * cw].copy()
            for r in range(g.rows) for c in range(g.cols)]


def _nearest_group(label: str, thumb: np.ndarray, reps: dict) -> str:
    """The variant of ``label`` whose first cell looks like ``thumb``, or a new variant."""
    known = reps.setdefault(label, [])
    best, best_rms = None, CLUSTER_RMS
    for name, rep in known:
        rms = float(np.sqrt(np.mean((rep - thumb) ** 2)))
        if rms < best_rms:
            best, best_rms = name, rms
    if best is None:
        best = label if not known else f"{label}~{len(known) + 1}"
        known.append((best, thumb))
    return best


def grow_pack(pack: TemplatePack, image: np.ndarray, geometry: BoardGeometry,
              cells: Mapping[tuple[int, int], str]) -> TemplatePack:
    """``pack`` grown by the cells the player named in ``image`` (whose board is at
    ``geometry``): a cell of one of the classifier's labels becomes a new template of it
    (unless a template of that label already looks the same, within :data:`CLUSTER_RMS`
    over its mask), so the next read of such a cell is right; a cell named by a label the
    classifier does not use (Disco Zoo's ``animal:Panda``: which animal a found tile shows)
    becomes a reference picture, which the game's reader compares cells with.

    >>> import numpy as np
    >>> from gridsight.vision.geometry import BoardGeometry
    >>> from gridsight.vision.packs import Anchor, Template, TemplatePack
    >>> blank = np.zeros((8, 8, 3), np.uint8)
    >>> anchor = Anchor(np.zeros((16, 16, 3), np.uint8), np.full((16, 16), 255, np.uint8), 0.5)
    >>> pack = TemplatePack("demo", "demo", (8, 8), 1, 1, (Template("a", "a", blank),), anchor)
    >>> shot = np.full((8, 8, 3), 200, np.uint8)
    >>> grown = grow_pack(pack, shot, BoardGeometry.from_rect(0, 0, 8, 8, 1, 1), {(0, 0): "a"})
    >>> [t.variant for t in grown.templates], grown.references
    (['a', 'a~learned1'], ())
    >>> grow_pack(grown, shot, BoardGeometry.from_rect(0, 0, 8, 8, 1, 1), {(0, 0): "b"}).references[0].label
    'b'
    """
    from dataclasses import replace

    cw, ch = pack.cell_size
    cut = _cut_cells(image, geometry, (cw, ch))
    templates, references = list(pack.templates), list(pack.references)
    for (r, c), label in sorted(cells.items()):
        picture = cut[r * geometry.cols + c]
        same = [t for t in templates if t.label == label]
        if same or label in pack.labels:
            mask = same[0].mask if same else None
            if any(_rms(t.image, picture, mask) < CLUSTER_RMS for t in same):
                continue  # the pack already has this look
            n = sum(t.variant.startswith(f"{label}~learned") for t in templates) + 1
            templates.append(Template(label, f"{label}~learned{n}", picture, mask))
        else:
            n = sum(t.label == label for t in references) + 1
            references.append(Template(label, f"{label}~{n}", picture))
    return replace(pack, templates=tuple(templates), references=tuple(references))


def _rms(a: np.ndarray, b: np.ndarray, mask: np.ndarray | None) -> float:
    diff = (a.astype(np.float32) - b.astype(np.float32)) ** 2
    if mask is not None:
        on = mask > 127
        return float(np.sqrt(diff[on].mean())) if on.any() else 0.0
    return float(np.sqrt(diff.mean()))


__all__ = ["learn_pack", "learn_anchor", "grow_pack", "RMS_SCALE"]
