"""The schema of a template pack's ``manifest.json``: every field, its type and its range.

This is the one place that says what a pack may hold. :func:`parse_manifest` checks a parsed
manifest against it, field by field and then across fields (an anchor the size the board and
its margin make, a tray inside the screen it is read from), and returns a typed
:class:`Manifest`; it runs before any image of the pack is read, so a crafted pack is refused
in one line naming the file and the field, whatever it holds. :meth:`TemplatePack.save
<vision.packs.TemplatePack.save>` checks what it is about to write against the same schema,
so a pack is never saved that could not be loaded.

The bounds (docs/limits.md lists them with the others):

- a board of 1 to :data:`MAX_SIDE` cells a side, cells of 4 to 1024 pixels a side;
- at most :data:`MAX_TEMPLATES` templates and :data:`MAX_REFERENCES` reference pictures;
- every image at most :data:`MAX_IMAGE_PIXELS` pixels, and all the pack's images together at
  most :data:`MAX_TOTAL_PIXELS` (known from the manifest before any is read: every template,
  mask and reference is one cell, the anchor the board and its margin);
- an image file at most :data:`MAX_IMAGE_BYTES` bytes, the manifest :data:`MAX_MANIFEST_BYTES`.

``labels`` (per-label data for the game readers) and ``layout`` (the screen around the
board, in the pack's own pixels) hold the fields the shipped readers use, each typed here
(a reader that uses a new field declares it here); fields this version does not know are kept
as bounded free-form JSON, so a pack written by a newer gridsight still loads.

>>> from gridsight.vision.schema import SchemaError
>>> manifest = {"format": 1, "game": "tile-path", "skin": "x", "cell_size": [8, 8],
...             "rows": 2, "cols": 2, "templates": [{"label": ".", "image": "dot.png"}],
...             "anchor": {"image": "anchor.png", "mask": "anchor.mask.png", "margin": 1}}
>>> parse_manifest(manifest).anchor_size
(32, 32)
>>> try:
...     parse_manifest({**manifest, "thresholds": {"min_score": "high"}})
... except SchemaError as error:
...     print(error)
'thresholds.min_score' must be a number from 0 to 1, not "high"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from gridsight.vision.schema import (
    ANY,
    FILE_NAME,
    NAME,
    Bool,
    Int,
    ListOf,
    MapOf,
    Number,
    Object,
    SchemaError,
    Text,
    Tuple,
    _brief,
    check,
)

FORMAT_VERSION = 1
MANIFEST = "manifest.json"

#: The largest board side (as for a log record's board).
MAX_SIDE = 200
#: Templates and reference pictures a pack may hold (a player's pack grows by one per cell
#: taught in ``live``; the shipped packs hold 6 to 14 templates).
MAX_TEMPLATES = 1000
MAX_REFERENCES = 1000
#: Pixels of one pack image (read from its header too, before decoding).
MAX_IMAGE_PIXELS = 4_000_000
#: Pixels of all a pack's images together: 60 MB decoded at most.
MAX_TOTAL_PIXELS = 20_000_000
#: Bytes of one image file (a PNG of MAX_IMAGE_PIXELS is far smaller) and of the manifest.
MAX_IMAGE_BYTES = 5 * MAX_IMAGE_PIXELS + 1_000_000
MAX_MANIFEST_BYTES = 2_000_000
#: The screen a layout describes, in the pack's own pixels.
MAX_SCREEN_SIDE = 4096
MAX_SCREEN_PIXELS = 4_000_000

_LABEL = Text(max_len=64)
_PIXELS = Int(0, MAX_SCREEN_SIDE)
_SIZE = Int(1, MAX_SCREEN_SIDE)
_FRACTION = Number(0.0, 1.0)
_RECT = Tuple((_PIXELS, _PIXELS, _SIZE, _SIZE), "[x, y, width, height] in pixels")
_SPRITE_BOX = Tuple((_FRACTION,) * 4, "[left, top, right, bottom] as fractions of the cell")
_BOARD_UNIT = Number(-1000.0, 1000.0)
_BOX = Tuple((_BOARD_UNIT, _BOARD_UNIT, Number(0.0, 1000.0, low_open=True),
              Number(0.0, 1000.0, low_open=True)), "[x, y, width, height] in board cells")

#: The pentomino tray (see :func:`gridsight.games.pentomino.reader.read_tray`).
TRAY = Object(required={
    "x": _PIXELS, "y": _PIXELS,
    "step": Tuple((_PIXELS, _PIXELS), "[x, y] in pixels"),
    "per_row": Int(1, 64), "slots": Int(1, 256),
    "tile": _RECT, "background": _RECT,
    "shade": Number(0.0, 4.0, low_open=True), "letter": Int(0, 255),
}, extra=True)

#: The screen around the board (see :mod:`gridsight.vision.packs`): where the skin draws what is not a
#: cell, in pixels of a screen whose cells are ``px`` wide.
LAYOUT = Object(optional={
    "px": Number(1.0, 1024.0),
    "board": Tuple((Number(-MAX_SCREEN_SIDE, MAX_SCREEN_SIDE),) * 2, "[x, y] in pixels"),
    "screen": Tuple((_SIZE, _SIZE), "[width, height] in pixels"),
    "card_top": _PIXELS,
    "sprite_box": _SPRITE_BOX,
    "sprites": MapOf(_LABEL, ListOf(Text(max_len=32, pattern="[01]+",
                                         pattern_words="a row of 0 and 1"), 1, 32), 1000),
    "tray": TRAY,
    # A room bigger than the screen (tile path): the whole room's rows of tokens, the pitch
    # of a tile in the calibration's pixels, and the tile screen the view is cut from.
    "room": ListOf(Text(max_len=MAX_SIDE * 2, pattern="[.#SE ]+",
                        pattern_words="tokens . # S E separated by spaces"), 1, MAX_SIDE),
    "pitch": Number(1.0, 1024.0),
    "pitch_y": Number(1.0, 1024.0),  # the pitch down, when the pixels are not square
    # Calibrated on a picture evened out at every console pixel (an LCD grid, CRT rows).
    "console_grid": Bool(),
    "tile_screen": Object(required={
        "tiles_wide": Int(1, 64), "tiles_high": Int(1, 64), "tile_px": Int(4, 64),
        "bar_top": _PIXELS, "bar_bottom": _PIXELS}),
}, extra=True)

#: What a game reader knows of one label (Disco Zoo's animal tiles: tapped, rarity, sprite).
LABEL_INFO = Object(optional={
    "tapped": Bool(),
    "rarity": Text(max_len=32),
    "sprite_box": _SPRITE_BOX,
}, extra=True)

TEMPLATE = Object(required={"label": _LABEL, "image": FILE_NAME},
                  optional={"variant": _LABEL, "mask": FILE_NAME})
REFERENCE = Object(required={"label": _LABEL, "image": FILE_NAME},
                   optional={"variant": _LABEL})

MANIFEST_SPEC = Object(
    required={
        "format": Int(FORMAT_VERSION, FORMAT_VERSION),
        "game": NAME,
        "skin": NAME,
        "cell_size": Tuple((Int(4, 1024), Int(4, 1024)), "[width, height] in pixels"),
        "rows": Int(1, MAX_SIDE),
        "cols": Int(1, MAX_SIDE),
        "anchor": Object(required={"image": FILE_NAME, "mask": FILE_NAME,
                                   "margin": Number(0.0, 10.0)}),
        "templates": ListOf(TEMPLATE, 1, MAX_TEMPLATES),
    },
    optional={
        "thresholds": Object(optional={"min_score": Number(0.0, 1.0),
                                       "min_margin": Number(0.0, 1.0)}),
        "labels": MapOf(_LABEL, LABEL_INFO, MAX_TEMPLATES),
        "layout": LAYOUT,
        "furniture": MapOf(Text(max_len=32), ListOf(_BOX, 0, 64), 32),
        "references": ListOf(REFERENCE, 0, MAX_REFERENCES),
    },
    extra=True,
)


@dataclass(frozen=True)
class ImageEntry:
    """A template or a reference picture: its label, its name in the pack, its files."""

    label: str
    variant: str
    image: str
    mask: str | None = None


@dataclass(frozen=True)
class Manifest:
    """A checked manifest: what :func:`parse_manifest` returns and the loader builds on."""

    game: str
    skin: str
    cell_size: tuple[int, int]  # (width, height)
    rows: int
    cols: int
    min_score: float
    min_margin: float
    anchor_image: str
    anchor_mask: str
    margin: float
    templates: tuple[ImageEntry, ...]
    references: tuple[ImageEntry, ...]
    labels: Mapping[str, Mapping[str, Any]]
    layout: Mapping[str, Any]
    furniture: Mapping[str, tuple[tuple[float, float, float, float], ...]]

    @property
    def anchor_size(self) -> tuple[int, int]:
        """(width, height) of the anchor images: the board and ``margin`` cells around it."""
        cw, ch = self.cell_size
        return (round((self.cols + 2 * self.margin) * cw), round((self.rows + 2 * self.margin) * ch))

    def files(self) -> tuple[str, ...]:
        """Every image file the manifest names, each once, in reading order."""
        names = [self.anchor_image, self.anchor_mask]
        for entry in (*self.templates, *self.references):
            names.append(entry.image)
            if entry.mask:
                names.append(entry.mask)
        return tuple(dict.fromkeys(names))

    def total_pixels(self) -> int:
        """The pixels of every image the pack holds, known before any is read."""
        cw, ch = self.cell_size
        aw, ah = self.anchor_size
        cells = len(self.templates) + sum(1 for t in self.templates if t.mask) \
            + len(self.references)
        return cells * cw * ch + 2 * aw * ah


def parse_manifest(data: Any) -> Manifest:
    """``data`` (a parsed ``manifest.json``) checked field by field and across fields into a
    :class:`Manifest`; :class:`~gridsight.vision.schema.SchemaError` names the first field wrong."""
    if isinstance(data, dict) and isinstance(data.get("format"), int) \
            and not isinstance(data["format"], bool) and data["format"] != FORMAT_VERSION:
        raise SchemaError("format", f"is {_brief(data['format'])}: this gridsight reads format "
                          f"{FORMAT_VERSION} only")
    if not isinstance(data, dict):
        raise SchemaError("", "the manifest must be a JSON object")
    fields = check(MANIFEST_SPEC, data)
    thresholds = fields.get("thresholds", {})
    anchor = fields["anchor"]
    templates = tuple(_entry(t) for t in fields["templates"])
    references = tuple(_entry(r) for r in fields.get("references", ()))
    manifest = Manifest(
        game=fields["game"], skin=fields["skin"], cell_size=fields["cell_size"],
        rows=fields["rows"], cols=fields["cols"],
        min_score=thresholds.get("min_score", DEFAULT_MIN_SCORE),
        min_margin=thresholds.get("min_margin", DEFAULT_MIN_MARGIN),
        anchor_image=anchor["image"], anchor_mask=anchor["mask"], margin=anchor["margin"],
        templates=templates, references=references,
        # The readers get labels and layout as the JSON holds them (lists stay lists), checked.
        labels=data.get("labels") or {}, layout=data.get("layout") or {},
        furniture=fields.get("furniture", {}),
    )
    _check_across(manifest)
    return manifest


# Defaults of the classifier's acceptance thresholds (see vision.classify).
DEFAULT_MIN_SCORE = 0.38
DEFAULT_MIN_MARGIN = 0.04


def _entry(fields: dict[str, Any]) -> ImageEntry:
    return ImageEntry(fields["label"], fields.get("variant", fields["label"]), fields["image"],
                      fields.get("mask"))


def _check_across(m: Manifest) -> None:
    aw, ah = m.anchor_size
    if aw * ah > MAX_IMAGE_PIXELS:
        raise SchemaError("anchor", f"would be {aw} x {ah} pixels (the board and its margin at "
                          f"the cell size), more than a pack image may have "
                          f"({MAX_IMAGE_PIXELS:,})")
    cw, ch = m.cell_size
    if cw * ch > MAX_IMAGE_PIXELS:  # pragma: no cover - 1024 x 1024 is within
        raise SchemaError("cell_size", "is larger than a pack image may be")
    if m.total_pixels() > MAX_TOTAL_PIXELS:
        raise SchemaError("templates", f"with the references and the anchor hold "
                          f"{m.total_pixels():,} pixels, more than a pack may "
                          f"({MAX_TOTAL_PIXELS:,})")
    _check_layout(m.layout)
    for label, info in m.labels.items():
        if "sprite_box" in info:
            _ordered_box(info["sprite_box"], f"labels.{label}.sprite_box")


def _ordered_box(box: tuple[float, ...], where: str) -> None:
    left, top, right, bottom = box
    if not (left < right and top < bottom):
        raise SchemaError(where, "must have left < right and top < bottom")


def _check_layout(layout: Mapping[str, Any]) -> None:
    """What a reader does with the layout's fields must stay inside the screen it reads."""
    reads = [key for key in ("card_top", "sprite_box", "sprites", "tray") if key in layout]
    if reads:
        missing = [key for key in ("px", "board", "screen") if key not in layout]
        if missing:
            raise SchemaError(f"layout.{missing[0]}", f"is missing (layout.{reads[0]} is "
                              "placed on the screen it describes)")
        width, height = layout["screen"]
        if width * height > MAX_SCREEN_PIXELS:
            raise SchemaError("layout.screen", f"is {width} x {height} pixels, more than "
                              f"{MAX_SCREEN_PIXELS:,}")
        if "card_top" in layout and layout["card_top"] >= height:
            raise SchemaError("layout.card_top", f"must be inside the screen (below {height})")
    if "sprite_box" in layout:
        _ordered_box(layout["sprite_box"], "layout.sprite_box")
    for name, rows in layout.get("sprites", {}).items():
        if len({len(row) for row in rows}) != 1:
            raise SchemaError(f"layout.sprites.{name}", "must have rows of one length")
    tray = layout.get("tray")
    if tray is not None:
        width, height = layout["screen"]
        step_x, step_y = tray["step"]
        per_row = tray["per_row"]
        last_col = min(per_row, tray["slots"]) - 1
        last_row = (tray["slots"] - 1) // per_row
        tx, ty, tw, th = tray["tile"]
        right = tray["x"] + last_col * step_x + tx + tw
        bottom = tray["y"] + last_row * step_y + ty + th
        if right > width or bottom > height:
            raise SchemaError("layout.tray", f"reaches ({right}, {bottom}), outside the "
                              f"{width} x {height} screen")
        bx, by, bw, bh = tray["background"]
        if bx + bw > width or by + bh > height:
            raise SchemaError("layout.tray.background", f"is outside the {width} x {height} "
                              "screen")


def manifest_problem(data: Any) -> SchemaError | None:
    """The first problem :func:`parse_manifest` finds in ``data``, or ``None``."""
    try:
        parse_manifest(data)
    except SchemaError as error:
        return error
    return None


__all__ = [
    "ANY",
    "FORMAT_VERSION",
    "MANIFEST",
    "MANIFEST_SPEC",
    "ImageEntry",
    "Manifest",
    "manifest_problem",
    "parse_manifest",
]
