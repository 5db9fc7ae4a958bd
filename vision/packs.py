"""Template packs: what a game's cells and board frame look like in one skin.

A pack is a folder ``<game>/<skin>/`` holding ``manifest.json`` and PNG images:

- one image per **template**, each the size of one cell (``cell_size``); several templates may
  share a **label** (a plain ground tile and the same tile carrying a bush are both
  ``ground``): the label is what the reader gets, the template's ``variant`` names the image;
- an optional **mask** per template (white = compare, black = ignore): a found animal's tile is
  matched on its rarity-coloured rim only, whatever sprite sits on it;
- the **anchor**: the board drawn at the pack's cell size with ``margin`` cells of its
  surroundings on every side, and a mask of the pixels that look the same on every screenshot
  (the frame around the board). :mod:`vision.locate` finds boards by it;
- per-label metadata (``labels``), free-form JSON the game readers use (an animal tile's
  rarity, where its sprite sits);
- the screen ``layout`` around the board (optional), free-form JSON the game readers use:
  where the skin draws what is not a cell (the pentomino tray), in pixels of the pack's own
  scale relative to the board, so a reader follows the pack, not a renderer;
- the board layout (``rows`` x ``cols``) and the classifier's thresholds.

Packs are looked up first in the player's data directory
(``platformdirs.user_data_dir("gridsight")/templates/<game>/<skin>``), then among the packs
shipped in :mod:`templates`, so a player's own pack takes precedence. A ``--pack`` value is a
skin name or a folder by one rule (:func:`names_a_folder`): a path is a path, a name a name.

>>> import numpy as np, tempfile
>>> cell = np.zeros((8, 8, 3), np.uint8)
>>> anchor = Anchor(np.zeros((24, 24, 3), np.uint8), np.full((24, 24), 255, np.uint8), 0.5)
>>> pack = TemplatePack("demo", "demo", (8, 8), 2, 2, (Template("empty", "empty", cell),), anchor)
>>> folder = pack.save(tempfile.mkdtemp())
>>> load_pack_dir(folder).labels
('empty',)
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, Sequence

import numpy as np

from vision.errors import PackError

#: The largest template or anchor image a pack may hold (read from the PNG header first).
MAX_PACK_IMAGE_PIXELS = 4_000_000

MANIFEST = "manifest.json"
FORMAT_VERSION = 1

# Defaults of the classifier's acceptance thresholds (see vision.classify).
DEFAULT_MIN_SCORE = 0.38
DEFAULT_MIN_MARGIN = 0.04


@dataclass(frozen=True, eq=False)
class Template:
    """One picture of a cell carrying ``label``; ``variant`` names it within the pack."""

    label: str
    variant: str
    image: np.ndarray = field(repr=False)
    mask: np.ndarray | None = field(default=None, repr=False)


@dataclass(frozen=True, eq=False)
class Anchor:
    """The board and ``margin`` cells around it at the pack's cell size, and what to match.

    ``mask`` is 255 where the pixel is the same on every screenshot (the frame), 0 elsewhere
    (the cells, whose content changes).
    """

    image: np.ndarray = field(repr=False)
    mask: np.ndarray = field(repr=False)
    margin: float

    def margin_px(self, cell_size: tuple[int, int]) -> tuple[int, int]:
        return round(self.margin * cell_size[0]), round(self.margin * cell_size[1])


#: A box (x, y, width, height) in board units: the board spans (0, 0) to (cols, rows).
Box = tuple[float, float, float, float]


@dataclass(frozen=True, eq=False)
class TemplatePack:
    """Everything needed to find and read one game's board in one skin.

    ``furniture`` names the boxes of what the game shows around the board that a reader
    needs and the player marked while calibrating (Disco Zoo's ``cards`` and ``counter``), in
    board units so they follow the board at any scale; ``references`` are pictures of cells
    the player named that the classifier does not use (a found tile the player said is the
    Panda: the reader compares tiles with it).
    """

    game: str
    skin: str
    cell_size: tuple[int, int]  # (width, height) in pixels
    rows: int
    cols: int
    templates: tuple[Template, ...]
    anchor: Anchor
    label_info: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    min_score: float = DEFAULT_MIN_SCORE
    min_margin: float = DEFAULT_MIN_MARGIN
    source: Path | None = None
    furniture: Mapping[str, tuple[Box, ...]] = field(default_factory=dict)
    references: tuple[Template, ...] = ()
    layout: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        info = {k: MappingProxyType(dict(v)) for k, v in dict(self.label_info).items()}
        object.__setattr__(self, "label_info", MappingProxyType(info))
        object.__setattr__(self, "layout", MappingProxyType(dict(self.layout)))
        object.__setattr__(self, "cell_size", (int(self.cell_size[0]), int(self.cell_size[1])))
        boxes = {k: tuple(tuple(float(v) for v in box) for box in value)
                 for k, value in dict(self.furniture).items()}
        object.__setattr__(self, "furniture", MappingProxyType(boxes))

    def references_of(self, label: str) -> tuple[Template, ...]:
        return tuple(t for t in self.references if t.label == label)

    @property
    def name(self) -> str:
        return f"{self.game}/{self.skin}"

    @property
    def labels(self) -> tuple[str, ...]:
        """The distinct labels, in the order of their first template."""
        return tuple(dict.fromkeys(t.label for t in self.templates))

    def templates_of(self, label: str) -> tuple[Template, ...]:
        return tuple(t for t in self.templates if t.label == label)

    # -- saving ----------------------------------------------------------------------------

    def save(self, folder: str | Path) -> Path:
        """Write the manifest and images into ``folder`` (created); returns the folder."""
        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("*.png"):
            old.unlink()
        entries = []
        used: set[str] = set()
        for template in self.templates:
            stem = _file_stem(template.variant, used)
            entry: dict[str, Any] = {
                "label": template.label,
                "variant": template.variant,
                "image": f"{stem}.png",
            }
            _write_png(out / entry["image"], template.image)
            if template.mask is not None:
                entry["mask"] = f"{stem}.mask.png"
                _write_png(out / entry["mask"], template.mask)
            entries.append(entry)
        references = []
        for template in self.references:
            stem = "ref-" + _file_stem(template.variant, used)
            _write_png(out / f"{stem}.png", template.image)
            references.append({"label": template.label, "variant": template.variant,
                               "image": f"{stem}.png"})
        _write_png(out / "anchor.png", self.anchor.image)
        _write_png(out / "anchor.mask.png", self.anchor.mask)
        manifest = {
            "format": FORMAT_VERSION,
            "game": self.game,
            "skin": self.skin,
            "cell_size": list(self.cell_size),
            "rows": self.rows,
            "cols": self.cols,
            "thresholds": {"min_score": self.min_score, "min_margin": self.min_margin},
            "anchor": {"image": "anchor.png", "mask": "anchor.mask.png",
                       "margin": self.anchor.margin},
            "labels": {k: dict(v) for k, v in self.label_info.items()},
            **({"layout": dict(self.layout)} if self.layout else {}),
            "templates": entries,
        }
        if self.furniture:
            manifest["furniture"] = {k: [list(box) for box in v] for k, v in self.furniture.items()}
        if references:
            manifest["references"] = references
        (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        return out


# -- lookup ---------------------------------------------------------------------------------


def user_data_root() -> Path:
    """gridsight's per-user data directory (packs, pit calibrations, session logs).

    ``platformdirs.user_data_dir("gridsight")`` (``~/.local/share/gridsight`` on Linux);
    ``GRIDSIGHT_DATA_DIR`` overrides it (tests, portable installs).
    """
    override = os.environ.get("GRIDSIGHT_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("gridsight"))


def user_packs_root() -> Path:
    """Where the player's own packs live: ``<user data dir>/templates``."""
    return user_data_root() / "templates"


def shipped_packs_root() -> Path:
    from templates import packs_root

    return packs_root()


def pack_search_path() -> tuple[Path, ...]:
    """The folders searched for ``<game>/<skin>``, first match wins."""
    return (user_packs_root(), shipped_packs_root())


def find_pack(game: str, skin: str = "default") -> Path:
    """The folder of pack ``game``/``skin``; :class:`PackError` if no folder has it."""
    _check_name(game, "game")
    _check_name(skin, "skin")
    tried = []
    for root in pack_search_path():
        folder = root / game / skin
        if (folder / MANIFEST).is_file():
            return folder
        tried.append(str(folder))
    raise PackError(f"{game}/{skin}", "not found (tried " + " and ".join(tried) + ")")


def load_pack(game: str, skin: str = "default") -> TemplatePack:
    """Load pack ``game``/``skin`` from the player's data directory or the shipped packs."""
    return load_pack_dir(find_pack(game, skin))


def names_a_folder(spec: str) -> bool:
    """Whether a ``--pack`` value is a folder path rather than a skin name.

    The rule: a value holding a path separator, or starting with ``.`` or ``~``, is a folder
    (``./mine``, ``packs/mine``, ``~/mine``, ``C:\\packs\\mine``); anything else is a skin
    name, looked up in the player's packs and then the shipped ones, even when a folder of
    that name happens to be in the current folder (``--pack ./mine`` uses that one).

    >>> names_a_folder("mine"), names_a_folder("./mine"), names_a_folder("packs/mine")
    (False, True, True)
    """
    return "/" in spec or "\\" in spec or os.sep in spec or spec.startswith((".", "~"))


def load_game_pack(game: str, spec: str | None) -> TemplatePack:
    """The pack a ``--pack`` value names for ``game`` (:func:`names_a_folder` tells a folder
    from a skin name; ``None`` is the default skin). Refuses a folder holding another game's
    pack; a skin name not found lists the folders tried."""
    if spec is None:
        return load_pack(game, "default")
    if names_a_folder(spec):
        folder = Path(spec).expanduser()
        loaded = load_pack_dir(folder)
        if loaded.game != game:
            raise PackError(folder, f"is a pack for {loaded.game}, not {game}")
        return loaded
    try:
        return load_pack(game, spec)
    except PackError as error:
        if Path(spec).is_dir():
            raise PackError(error.path, f"{error.problem}; a folder '{spec}' is in the current "
                            f"folder: write --pack ./{spec} to use it") from None
        raise


def load_pack_dir(folder: str | Path) -> TemplatePack:
    """Load the pack stored in ``folder``; :class:`PackError` names what is wrong."""
    folder = Path(folder)
    path = folder / MANIFEST
    if not folder.is_dir():
        raise PackError(folder, "no such folder")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PackError(folder, f"no {MANIFEST}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise PackError(path, f"cannot read ({error})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PackError(path, f"not valid JSON (line {error.lineno}: {error.msg})") from None
    return _parse_manifest(data, folder, path)


def _parse_manifest(data: Any, folder: Path, path: Path) -> TemplatePack:
    def need(obj: Any, key: str, kind: type | tuple[type, ...], where: str = "") -> Any:
        if not isinstance(obj, dict) or key not in obj:
            raise PackError(path, f"missing '{where}{key}'")
        value = obj[key]
        if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
            raise PackError(path, f"'{where}{key}' has the wrong type ({type(value).__name__})")
        return value

    if not isinstance(data, dict):
        raise PackError(path, "the manifest must be a JSON object")
    version = need(data, "format", int)
    if version != FORMAT_VERSION:
        raise PackError(path, f"unsupported format {version} (this gridsight reads {FORMAT_VERSION})")
    game = need(data, "game", str)
    skin = need(data, "skin", str)
    size = need(data, "cell_size", list)
    if len(size) != 2 or not all(isinstance(v, int) and 4 <= v <= 1024 for v in size):
        raise PackError(path, f"'cell_size' must be [width, height] in pixels, got {size}")
    cell_w, cell_h = size
    rows, cols = need(data, "rows", int), need(data, "cols", int)
    if not (1 <= rows <= 200 and 1 <= cols <= 200):
        raise PackError(path, f"bad board size {rows}x{cols}")
    thresholds = data.get("thresholds", {})
    if not isinstance(thresholds, dict):
        raise PackError(path, "'thresholds' must be an object")
    min_score = float(thresholds.get("min_score", DEFAULT_MIN_SCORE))
    min_margin = float(thresholds.get("min_margin", DEFAULT_MIN_MARGIN))
    labels = data.get("labels", {})
    if not isinstance(labels, dict) or not all(isinstance(v, dict) for v in labels.values()):
        raise PackError(path, "'labels' must map each label to an object")
    layout = data.get("layout", {})
    if not isinstance(layout, dict):
        raise PackError(path, "'layout' must be an object")

    entries = need(data, "templates", list)
    if not entries:
        raise PackError(path, "no templates")
    templates = []
    for i, entry in enumerate(entries):
        where = f"templates[{i}]."
        label = need(entry, "label", str, where)
        variant = entry.get("variant", label)
        image = _read_png(folder, need(entry, "image", str, where), path, color=True)
        if image.shape[:2] != (cell_h, cell_w):
            raise PackError(
                path, f"template '{variant}' is {image.shape[1]}x{image.shape[0]} pixels, "
                f"the cell size is {cell_w}x{cell_h}")
        mask = None
        if entry.get("mask"):
            mask = _read_png(folder, entry["mask"], path, color=False)
            if mask.shape != (cell_h, cell_w):
                raise PackError(path, f"mask of template '{variant}' is not the cell size")
        templates.append(Template(label, str(variant), image, mask))

    anchor_data = need(data, "anchor", dict)
    margin = float(need(anchor_data, "margin", (int, float), "anchor."))
    anchor_image = _read_png(folder, need(anchor_data, "image", str, "anchor."), path, color=True)
    anchor_mask = _read_png(folder, need(anchor_data, "mask", str, "anchor."), path, color=False)
    expect = (round((rows + 2 * margin) * cell_h), round((cols + 2 * margin) * cell_w))
    if anchor_image.shape[:2] != expect or anchor_mask.shape != expect:
        raise PackError(path, f"anchor images must be {expect[1]}x{expect[0]} pixels "
                        f"(the board plus {margin} cells around it)")
    if not anchor_mask.any():
        raise PackError(path, "the anchor mask is empty: nothing to find the board by")
    furniture = data.get("furniture", {})
    if not isinstance(furniture, dict) or not all(
            isinstance(v, list) and all(isinstance(b, list) and len(b) == 4 and all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in b) for b in v)
            for v in furniture.values()):
        raise PackError(path, "'furniture' must map each name to a list of [x, y, w, h] boxes")
    references = []
    for i, entry in enumerate(data.get("references", [])):
        where = f"references[{i}]."
        label = need(entry, "label", str, where)
        image = _read_png(folder, need(entry, "image", str, where), path, color=True)
        references.append(Template(label, str(entry.get("variant", label)), image))
    return TemplatePack(
        game=game, skin=skin, cell_size=(cell_w, cell_h), rows=rows, cols=cols,
        templates=tuple(templates), anchor=Anchor(anchor_image, anchor_mask, margin),
        label_info=labels, min_score=min_score, min_margin=min_margin, source=folder,
        furniture={k: tuple(tuple(b) for b in v) for k, v in furniture.items()},
        references=tuple(references),
        layout=layout,
    )


# -- helpers --------------------------------------------------------------------------------


def _read_png(folder: Path, name: str, manifest: Path, *, color: bool) -> np.ndarray:
    if "/" in name or "\\" in name or name.startswith("."):
        raise PackError(manifest, f"image name '{name}' must be a plain file name")
    file = folder / name
    if not file.is_file():
        raise PackError(manifest, f"image '{name}' is missing")
    import cv2

    from vision.images import image_size

    try:
        data = file.read_bytes()
    except OSError as error:
        raise PackError(manifest, f"image '{name}' cannot be read ({error.strerror})") from None
    size = image_size(data)
    if size is not None and size[1] * size[2] > MAX_PACK_IMAGE_PIXELS:
        raise PackError(manifest, f"image '{name}' claims {size[1]} x {size[2]} pixels, more "
                        f"than a pack image may have ({MAX_PACK_IMAGE_PIXELS:,})")
    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8),
                             cv2.IMREAD_COLOR if color else cv2.IMREAD_GRAYSCALE)
    except cv2.error:
        image = None
    if image is None:
        raise PackError(manifest, f"image '{name}' is not a readable PNG")
    return image


def _write_png(file: Path, image: np.ndarray) -> None:
    import cv2

    if not cv2.imwrite(str(file), image):
        raise PackError(file.parent, f"cannot write {file.name}")


_SPELLED = {".": "dot", "#": "hash", "?": "query", "*": "star", "~": "-v"}


def _file_stem(variant: str, used: set[str]) -> str:
    """A file-system-safe, readable name for a template (``#`` -> ``hash``, ``.`` -> ``dot``)."""
    if variant in _SPELLED:
        base = _SPELLED[variant]
    else:
        base = "".join(ch if ch.isalnum() or ch in "-_" else _SPELLED.get(ch, "-")
                       for ch in variant) or "t"
    if base.lower() in {u.lower() for u in used}:  # case-insensitive file systems
        base = f"{base}-{len(used)}"
    used.add(base)
    return base


def _check_name(name: str, what: str) -> None:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise PackError(name or "''", f"bad {what} name")


def make_pack(
    game: str,
    skin: str,
    cell_size: tuple[int, int],
    rows: int,
    cols: int,
    templates: Sequence[Template],
    anchor: Anchor,
    label_info: Mapping[str, Mapping[str, Any]] | None = None,
    *,
    furniture: Mapping[str, Sequence[Box]] | None = None,
    references: Sequence[Template] = (),
    **thresholds: float,
) -> TemplatePack:
    """Build a pack in memory, checking the image sizes the way loading does."""
    cw, ch = cell_size
    for t in templates:
        if t.image.shape[:2] != (ch, cw) or (t.mask is not None and t.mask.shape != (ch, cw)):
            raise PackError(f"{game}/{skin}", f"template '{t.variant}' is not {cw}x{ch} pixels")
    return TemplatePack(game, skin, (cw, ch), rows, cols, tuple(templates), anchor,
                        dict(label_info or {}), furniture={k: tuple(v) for k, v in
                                                           (furniture or {}).items()},
                        references=tuple(references), **thresholds)


def user_folder(pack: TemplatePack) -> Path:
    """Where the player's copy of ``pack`` lives (and a grown pack is saved): its own folder
    when it is one of the player's packs or a folder given by path, else
    ``<user packs>/<game>/<skin>``, which then takes precedence over the shipped pack."""
    if pack.source is not None and shipped_packs_root() not in Path(pack.source).parents:
        return Path(pack.source)
    return user_packs_root() / pack.game / pack.skin
