"""Template packs: what a game's cells and board frame look like in one skin.

A pack is a folder ``<game>/<skin>/`` holding ``manifest.json`` and PNG images:

- one image per **template**, each the size of one cell (``cell_size``); several templates may
  share a **label** (a plain ground tile and the same tile carrying a bush are both
  ``ground``): the label is what the reader gets, the template's ``variant`` names the image;
- an optional **mask** per template (white = compare, black = ignore): a found animal's tile is
  matched on its rarity-coloured rim only, whatever sprite sits on it;
- the **anchor**: the board drawn at the pack's cell size with ``margin`` cells of its
  surroundings on every side, and a mask of the pixels that look the same on every screenshot
  (the frame around the board). :mod:`gridsight.vision.locate` finds boards by it;
- per-label metadata (``labels``), free-form JSON the game readers use (an animal tile's
  rarity, where its sprite sits);
- the screen ``layout`` around the board (optional), free-form JSON the game readers use:
  where the skin draws what is not a cell (the pentomino tray), in pixels of the pack's own
  scale relative to the board, so a reader follows the pack, not a renderer;
- the board layout (``rows`` x ``cols``) and the classifier's thresholds.

Packs are looked up first in the player's data directory
(``platformdirs.user_data_dir("gridsight")/templates/<game>/<skin>``), then among the packs
shipped in :mod:`gridsight.templates`, so a player's own pack takes precedence; a broken one of the
player's is skipped with a :class:`~gridsight.vision.errors.PackSkipped` warning when a shipped pack
can stand in. A ``--pack`` value is a skin name or a folder by one rule
(:func:`names_a_folder`): a path is a path, a name a name.

Nothing in a pack folder is trusted: the manifest is checked whole against the schema
(:mod:`gridsight.vision.pack_schema`) before any image is read; each image is a regular file of the
folder itself (never a link, a FIFO or a device), sized before it is read, its width and
height read from its header before it is decoded. A save writes the whole pack beside the
folder and swaps it in by one rename (:func:`gridsight.safefiles.replace_folder`), replacing only the
pack's own files.

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
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, Sequence

import numpy as np

from gridsight.safefiles import FileTooLarge, NotRegularFile, SaveError, read_regular, replace_folder
from gridsight.safefiles.folders import plain_name
from gridsight.vision.errors import PackError, PackSkipped, PackTimeLimit
from gridsight.vision.pack_schema import (
    DEFAULT_MIN_MARGIN,
    DEFAULT_MIN_SCORE,
    FORMAT_VERSION,
    MANIFEST,
    MAX_IMAGE_BYTES,
    MAX_IMAGE_PIXELS,
    MAX_MANIFEST_BYTES,
    Manifest,
    parse_manifest,
)
from gridsight.vision.schema import NAME, SchemaError, loads_json

#: The largest template or anchor image a pack may hold (read from the PNG header first).
MAX_PACK_IMAGE_PIXELS = MAX_IMAGE_PIXELS


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
        """Write the pack into ``folder`` (created) at once: a temporary folder beside it,
        flushed to the disk, swapped in by a rename (:func:`gridsight.safefiles.replace_folder`), so a
        crash or a full disk leaves the old pack whole. Only the pack's own files (its
        manifest and the images that manifest names) are replaced; anything else in the
        folder is kept, and a symbolic link in it stops the save. What is written is checked
        against the schema the loader uses first. Returns the folder; :class:`PackError`
        (the old pack intact) when it cannot be saved."""
        out = Path(folder)
        try:
            taken = _foreign_names(out)
            files = self._files(out, taken)
            return replace_folder(out, files, own=pack_files)
        except SaveError as error:
            raise PackError(out, f"not saved: {error}") from None

    def _files(self, out: Path, taken: set[str]) -> dict[str, bytes]:
        """The manifest (first) and every image, as bytes, named clear of ``taken``."""
        cw, ch = self.cell_size
        images: dict[str, bytes] = {}
        used = {name.lower() for name in taken}

        def add(stem: str, image: np.ndarray, shape: tuple[int, ...], what: str) -> str:
            if not isinstance(image, np.ndarray) or tuple(image.shape[:2]) != shape:
                raise PackError(out, f"not saved: {what} is {image.shape[1]}x{image.shape[0]} "
                                f"pixels, not {shape[1]}x{shape[0]}")
            name = _free_name(stem, used)
            images[name] = _png_bytes(image, out)
            return name

        entries = []
        stems: set[str] = set()
        for template in self.templates:
            stem = _file_stem(template.variant, stems)
            entry: dict[str, Any] = {"label": template.label, "variant": template.variant}
            entry["image"] = add(stem, template.image, (ch, cw), f"template '{template.variant}'")
            if template.mask is not None:
                entry["mask"] = add(f"{stem}.mask", template.mask, (ch, cw),
                                    f"the mask of '{template.variant}'")
            entries.append(entry)
        references = []
        for template in self.references:
            stem = "ref-" + _file_stem(template.variant, stems)
            references.append({"label": template.label, "variant": template.variant,
                               "image": add(stem, template.image, (ch, cw),
                                            f"reference '{template.variant}'")})
        aw = round((self.cols + 2 * self.anchor.margin) * cw)
        ah = round((self.rows + 2 * self.anchor.margin) * ch)
        anchor = {"image": add("anchor", self.anchor.image, (ah, aw), "the anchor"),
                  "mask": add("anchor.mask", self.anchor.mask, (ah, aw), "the anchor mask"),
                  "margin": self.anchor.margin}
        manifest = {
            "format": FORMAT_VERSION,
            "game": self.game,
            "skin": self.skin,
            "cell_size": list(self.cell_size),
            "rows": self.rows,
            "cols": self.cols,
            "thresholds": {"min_score": self.min_score, "min_margin": self.min_margin},
            "anchor": anchor,
            "labels": _plain(self.label_info),
            **({"layout": _plain(self.layout)} if self.layout else {}),
            "templates": entries,
        }
        if self.furniture:
            manifest["furniture"] = {k: [list(box) for box in v] for k, v in self.furniture.items()}
        if references:
            manifest["references"] = references
        try:
            parse_manifest(json.loads(json.dumps(manifest)))
        except (SchemaError, ValueError, TypeError) as error:
            raise PackError(out, f"not saved: it would not load again ({error})") from None
        text = json.dumps(manifest, indent=1, allow_nan=False) + "\n"
        return {MANIFEST: text.encode("utf-8"), **images}


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
    from gridsight.templates import packs_root

    return packs_root()


def pack_search_path() -> tuple[Path, ...]:
    """The folders searched for ``<game>/<skin>``, first match wins."""
    return (user_packs_root(), shipped_packs_root())


def find_pack(game: str, skin: str = "default") -> Path:
    """The first folder of pack ``game``/``skin`` along :func:`pack_search_path` (it may not
    load: :func:`load_pack` skips a broken one of the player's); :class:`PackError` if none
    has it."""
    _check_name(game, "game")
    _check_name(skin, "skin")
    found = _candidates(game, skin)
    if not found:
        raise _not_found(game, skin)
    return found[0]


def _candidates(game: str, skin: str) -> list[Path]:
    return [root / game / skin for root in pack_search_path()
            if os.path.lexists(root / game / skin / MANIFEST)]


def _not_found(game: str, skin: str) -> PackError:
    tried = [str(root / game / skin) for root in pack_search_path()]
    return PackError(f"{game}/{skin}", "not found (tried " + " and ".join(tried) + ")")


def load_pack(game: str, skin: str = "default", *, deadline: float | None = None) -> TemplatePack:
    """Load pack ``game``/``skin`` from the player's data directory or the shipped packs.

    A broken pack of the player's is skipped with one :class:`~gridsight.vision.errors.PackSkipped`
    warning naming it and what is wrong, when a shipped pack of the same name can stand in;
    otherwise its :class:`PackError` is raised. ``deadline`` (a :func:`time.monotonic`
    instant) bounds the reading (:class:`~gridsight.vision.errors.PackTimeLimit` past it)."""
    _check_name(game, "game")
    _check_name(skin, "skin")
    found = _candidates(game, skin)
    if not found:
        raise _not_found(game, skin)
    for k, folder in enumerate(found):
        try:
            return _of_game(load_pack_dir(folder, deadline=deadline), game, folder)
        except PackTimeLimit:
            raise
        except PackError as error:
            if k + 1 == len(found):
                raise
            warnings.warn(PackSkipped(f"{error}; skipped: the pack at {found[k + 1]} is used "
                                      "instead"), stacklevel=2)
    raise _not_found(game, skin)  # pragma: no cover - the loop returns or raises


def _of_game(loaded: TemplatePack, game: str, folder: Path) -> TemplatePack:
    """``loaded`` when its manifest is ``game``'s; else a :class:`PackError`: a pack of
    another game found under this game's name (a folder copied or renamed by hand) would
    read every screen with the wrong game's templates."""
    if loaded.game != game:
        raise PackError(folder, f"is a pack for {loaded.game}, not {game}")
    return loaded


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


def load_game_pack(game: str, spec: str | None, *,
                   deadline: float | None = None) -> TemplatePack:
    """The pack a ``--pack`` value names for ``game`` (:func:`names_a_folder` tells a folder
    from a skin name; ``None`` is the default skin). Refuses a folder holding another game's
    pack; a skin name not found lists the folders tried. ``deadline``: see :func:`load_pack`."""
    if spec is None:
        return load_pack(game, "default", deadline=deadline)
    if names_a_folder(spec):
        folder = Path(spec).expanduser()
        return _of_game(load_pack_dir(folder, deadline=deadline), game, folder)
    try:
        return load_pack(game, spec, deadline=deadline)
    except PackError as error:
        if Path(spec).is_dir():
            raise PackError(error.path, f"{error.problem}; a folder '{spec}' is in the current "
                            f"folder: write --pack ./{spec} to use it") from None
        raise


def load_pack_dir(folder: str | Path, *, deadline: float | None = None) -> TemplatePack:
    """Load the pack stored in ``folder``; :class:`PackError` names what is wrong.

    The manifest is checked whole against the schema (:mod:`gridsight.vision.pack_schema`) before any
    image is read; then each image, a regular file in the folder itself (never a link, a
    FIFO or a device), its size checked before it is read, its width and height read from
    its header and compared with what the manifest makes them before it is decoded.
    ``deadline`` (a :func:`time.monotonic` instant) is checked before each image:
    :class:`~gridsight.vision.errors.PackTimeLimit` past it."""
    folder = Path(folder)
    if not folder.is_dir():
        if folder.is_symlink() and not folder.exists():
            raise PackError(folder, "a symbolic link to a missing folder (or a loop of links)")
        raise PackError(folder, "is a file, not a pack folder" if folder.exists()
                        else "no such folder")
    manifest, path = read_manifest(folder)
    cw, ch = manifest.cell_size
    aw, ah = manifest.anchor_size
    total = len(manifest.files())
    read = [0]

    def image(name: str, shape: tuple[int, int], color: bool, what: str,
              why: str) -> np.ndarray:
        if deadline is not None and time.monotonic() > deadline:
            raise PackTimeLimit(folder, f"reading it took longer than the time limit "
                                f"({read[0]} of {total} images read); allow more time with "
                                "--time-limit SECONDS")
        read[0] += 1
        return _read_image(folder, name, path, shape, color=color, what=what, why=why)

    cell = f"the cell size is {cw}x{ch}"
    templates = []
    for entry in manifest.templates:
        what = f"template '{entry.variant}'"
        picture = image(entry.image, (ch, cw), True, what, cell)
        mask = None if entry.mask is None else image(
            entry.mask, (ch, cw), False, f"the mask of {what}", cell)
        templates.append(Template(entry.label, entry.variant, picture, mask))
    references = [Template(entry.label, entry.variant,
                           image(entry.image, (ch, cw), True, f"reference '{entry.variant}'",
                                 cell))
                  for entry in manifest.references]
    around = (f"anchor images must be {aw}x{ah} pixels (the board plus {manifest.margin:g} "
              "cells around it)")
    anchor_image = image(manifest.anchor_image, (ah, aw), True, "the anchor", around)
    anchor_mask = image(manifest.anchor_mask, (ah, aw), False, "the anchor mask", around)
    if not anchor_mask.any():
        raise PackError(path, "the anchor mask is empty: nothing to find the board by")
    return TemplatePack(
        game=manifest.game, skin=manifest.skin, cell_size=manifest.cell_size,
        rows=manifest.rows, cols=manifest.cols, templates=tuple(templates),
        anchor=Anchor(anchor_image, anchor_mask, manifest.margin),
        label_info=manifest.labels, min_score=manifest.min_score,
        min_margin=manifest.min_margin, source=folder, furniture=manifest.furniture,
        references=tuple(references), layout=manifest.layout,
    )


def read_manifest(folder: Path) -> tuple[Manifest, Path]:
    """The checked manifest of the pack in ``folder``, and its path; :class:`PackError`
    naming the file and the field when it is missing, not a regular file, too large, not
    JSON, or does not fit the schema."""
    path = folder / MANIFEST
    try:
        data = read_regular(path, limit=MAX_MANIFEST_BYTES, follow=False)
    except FileNotFoundError:
        raise PackError(folder, f"no {MANIFEST}") from None
    except NotRegularFile as error:
        raise PackError(path, f"is {error.kind}: a pack holds plain files only") from None
    except FileTooLarge:
        raise PackError(path, f"is larger than {MAX_MANIFEST_BYTES:,} bytes") from None
    except OSError as error:
        raise PackError(path, f"cannot read ({error.strerror or error})") from None
    try:
        return parse_manifest(loads_json(data)), path
    except SchemaError as error:
        raise PackError(path, str(error)) from None


def pack_files(folder: Path) -> set[str]:
    """The names in ``folder`` that belong to the pack there: its manifest and every plain
    file name its manifest names (read leniently: a manifest that no longer loads still
    names its images). What else the folder holds is not the pack's, and a save keeps it."""
    own = {MANIFEST}
    try:
        data = loads_json(read_regular(folder / MANIFEST, limit=MAX_MANIFEST_BYTES,
                                       follow=False), max_depth=64)
    except (OSError, SchemaError):
        return own
    if not isinstance(data, dict):
        return own
    groups = [data.get("templates"), data.get("references"), [data.get("anchor")]]
    for group in groups:
        for entry in group if isinstance(group, list) else ():
            if isinstance(entry, dict):
                own |= {v for k, v in entry.items() if k in ("image", "mask")
                        and isinstance(v, str) and plain_name(v)}
    return own


def _foreign_names(folder: Path) -> set[str]:
    """The entries of ``folder`` that are not the pack's own (kept by a save)."""
    try:
        names = set(os.listdir(folder))
    except OSError:
        return set()
    return names - pack_files(folder)


# -- helpers --------------------------------------------------------------------------------


def _read_image(folder: Path, name: str, manifest: Path, shape: tuple[int, int], *,
                color: bool, what: str, why: str) -> np.ndarray:
    """One image of the pack: a regular file (not a link) in ``folder``, at most
    :data:`~gridsight.vision.pack_schema.MAX_IMAGE_BYTES`, whose header says ``shape`` (height,
    width) before it is decoded."""
    import cv2

    from gridsight.vision.images import cut_short, image_size, pillow_problem

    try:
        data = read_regular(folder / name, limit=MAX_IMAGE_BYTES, follow=False)
    except FileNotFoundError:
        raise PackError(manifest, f"image '{name}' is missing ({what})") from None
    except NotRegularFile as error:
        raise PackError(manifest, f"image '{name}' is {error.kind}: a pack holds plain files "
                        "only") from None
    except FileTooLarge:
        raise PackError(manifest, f"image '{name}' is larger than {MAX_IMAGE_BYTES:,} bytes") \
            from None
    except OSError as error:
        raise PackError(manifest, f"image '{name}' cannot be read ({error.strerror})") from None
    size = image_size(data)
    if size is None:
        raise PackError(manifest, f"image '{name}' is not a readable PNG")
    if (size[2], size[1]) != shape:
        raise PackError(manifest, f"{what} ({name}) is {size[1]}x{size[2]} pixels; {why}")
    if cut_short(data):
        raise PackError(manifest, f"image '{name}' is not a readable PNG (truncated)")
    problem = pillow_problem(data, size[1] * size[2])
    if problem:  # decoded by Pillow first, so libpng has nothing to print on the terminal
        raise PackError(manifest, f"image '{name}' is not a readable PNG ({problem})")
    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8),
                                 cv2.IMREAD_COLOR if color else cv2.IMREAD_GRAYSCALE)
    except cv2.error:
        image = None
    if image is None or image.shape[:2] != shape:
        raise PackError(manifest, f"image '{name}' is not a readable PNG")
    return image


def _png_bytes(image: np.ndarray, folder: Path) -> bytes:
    import cv2

    try:
        ok, png = cv2.imencode(".png", np.ascontiguousarray(image))
    except cv2.error:
        ok = False
    if not ok:
        raise PackError(folder, "not saved: an image could not be encoded as PNG")
    return png.tobytes()


def _plain(value: Any) -> Any:
    """Mappings (read-only views included) and tuples as plain JSON dicts and lists."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _free_name(stem: str, used: set[str]) -> str:
    """``<stem>.png``, or ``<stem>-<n>.png``, whichever is not in ``used`` (lower case: some
    file systems ignore case); the name is added to ``used``."""
    name, n = f"{stem}.png", 1
    while name.lower() in used:
        n += 1
        name = f"{stem}-{n}.png"
    used.add(name.lower())
    return name


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
    """A game's or skin's name is a folder name: :data:`gridsight.vision.schema.NAME` says which."""
    try:
        NAME.check(name, what)
    except SchemaError as error:
        raise PackError(shown_name(name), f"bad {what} name: {error.problem}") from None


def shown_name(name: str) -> str:
    """A name as quoted in a message: control characters escaped, at most 40 characters."""
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in name[:40])
    return (text + "...") if len(name) > 40 else (text or "''")


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
